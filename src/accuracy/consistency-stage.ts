// The consistency stage: each built engine whose profile has a range is run four times (a batch of identical
// rows, a batch of different rows, one of those rows alone, the batch again) and judged by consistency.ts. It
// needs no ONNX Runtime, so plans a build command wrote are checked too; the model's ONNX names its I/O.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { BuildOutcome } from '../builds/outcome.js';
import { type JobKey, jobKey } from '../builds/jobs.js';
import type { StageContext } from '../builds/stage-context.js';
import { errorMessage } from '../common/errors.js';
import type { Consistency, ConsistencyCheck } from '../contract/consistency.js';
import type { ModelConfig } from '../contract/config.js';
import { readOnnxIo } from '../onnx/inputs.js';
import type { InputTensor } from '../onnx/seeded-inputs.js';
import { readingRequest } from '../runners/plan-runner.js';
import {
  batchPlan,
  consistencyInputs,
  hasRange,
  judgeAloneVsBatch,
  judgeIdenticalRows,
  judgeTwice,
  type Outputs,
} from './consistency.js';

/** Each checked engine's consistency, by its job; engines whose profile has no range are absent. */
export async function checkConsistency(
  outcomes: readonly BuildOutcome[],
  context: StageContext,
): Promise<Map<JobKey, Consistency>> {
  const results = new Map<JobKey, Consistency>();
  for (const outcome of outcomes) {
    const { job, plan } = outcome;
    if (!plan || (outcome.status !== 'built' && outcome.status !== 'cached') || !hasRange(job.profile)) continue;
    if (context.signal?.aborted) break;
    const { off, batchDim } = job.model.consistency;
    if (off !== null) {
      results.set(jobKey(job), { status: 'off', batch: null, checks: [], reason: off });
      continue;
    }
    const batch = batchPlan(job.profile, batchDim);
    if ('skip' in batch) {
      results.set(jobKey(job), { status: 'skipped', batch: null, checks: [], reason: batch.skip });
      continue;
    }
    const checked = await checkEngine(outcome, plan.path, batch, context).catch(
      (error: unknown): Consistency => ({ status: 'error', batch: null, checks: [], reason: errorMessage(error) }),
    );
    results.set(jobKey(job), checked);
  }
  return results;
}

async function checkEngine(
  outcome: BuildOutcome,
  plan: string,
  batch: Exclude<ReturnType<typeof batchPlan>, { skip: string }>,
  context: StageContext,
): Promise<Consistency> {
  const { job } = outcome;
  let io: ReturnType<typeof readOnnxIo>;
  try {
    io = readOnnxIo(job.model.onnx);
  } catch (error) {
    // Without the model's inputs and outputs there is nothing to name the runs' tensors by: said, not guessed.
    const reason = `the model's inputs and outputs could not be read (${errorMessage(error)})`;
    return { status: 'skipped', batch: null, checks: [], reason };
  }
  const types = new Map(io.inputs.map((v) => [v.name, v.type]));
  // The seeded values stay in the ranges the accuracy check gives its inputs (token ids in a vocabulary).
  const given = job.model.accuracy?.inputs;
  const ranges = given && typeof given === 'object' && 'ranges' in given ? given.ranges : {};
  const inputs = consistencyInputs(job.profile, batch, types, ranges);
  const run = runner(outcome, plan, io.outputs, context);
  const identical = await run('identical', inputs.identical);
  const mixed = await run('mixed', inputs.mixed);
  const again = await run('mixed-again', inputs.mixed);
  const alone = inputs.alone ? await run('alone', inputs.alone) : null;
  const tolerances = toleranceOf(job.model);
  const checks: ConsistencyCheck[] = [
    judgeIdenticalRows(identical, batch.size, tolerances),
    alone
      ? judgeAloneVsBatch(mixed, alone, batch.size, inputs.row, tolerances)
      : skipped('alone-vs-batch', `the profile's batch starts above 1: a sample cannot run alone`),
    judgeTwice(mixed, again, batch.size, tolerances),
  ];
  const status = checks.some((c) => c.status === 'failed') ? 'failed' : 'passed';
  return { status, batch: { dim: batch.dim, size: batch.size }, checks, reason: null };
}

const skipped = (id: ConsistencyCheck['id'], message: string): ConsistencyCheck => ({
  id,
  status: 'skipped',
  message,
  output: null,
  maxAbsDiff: null,
  outOfTolerance: null,
  bitwiseEqual: null,
});

/** The model's accuracy tolerances (its check's, else its precision's defaults, resolved with the config). */
const toleranceOf = (model: ModelConfig) => model.accuracy ?? model.consistency.tolerance;

/** One run of the engine on `inputs` in a folder of its own; its outputs, or the error that says why not. */
function runner(
  outcome: BuildOutcome,
  plan: string,
  outputs: readonly { name: string; type: string }[],
  context: StageContext,
) {
  const { job } = outcome;
  const folder = join(context.config.outputDir, 'consistency', `${job.model.name}.${job.profile.name}`);
  const where = {
    gpu: outcome.gpu?.index ?? null,
    timeoutMs: job.model.buildTimeoutMs,
    ...(context.signal && { signal: context.signal }),
  };
  return async (name: string, inputs: InputTensor[]): Promise<Outputs> => {
    const dir = join(folder, name);
    // Outputs left by an earlier run must never stand in for this run's.
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    const engine = {
      plan,
      shapes: inputs.map((t) => ({ input: t.name, dims: t.dims })),
      plugins: job.model.plugins,
      dynamicPlugins: job.model.dynamicPlugins,
    };
    // No reference: the outputs are read back and compared with each other, not with ONNX Runtime's.
    const ran = await context.runner.infer(engine, where, readingRequest(inputs, outputs, dir));
    if ('problem' in ran) throw new Error(`the ${name} run: ${ran.problem}`);
    return ran.outputs;
  };
}
