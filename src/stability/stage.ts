// The stability stage (`stability: { rebuilds: N }`): each engine that built (or came from the cache) is built N
// more times, afresh, with the run's timing cache, and each rebuild is compared with it: the plan's bytes, the
// tactic of every layer (detailed layer info), the outputs on the same seeded inputs at opt. The level every
// rebuild reached is certified; nothing is claimed that was not measured (levels.ts).
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { BuildOutcome } from '../builds/outcome.js';
import { type JobKey, jobKey, sideJob } from '../builds/jobs.js';
import type { StageContext } from '../builds/stage-context.js';
import { errorMessage } from '../common/errors.js';
import { absoluteTolerance } from '../common/tolerance.js';
import { runProfile } from '../contract/config.js';
import type { Stability } from '../contract/stability.js';
import { readOnnxIo } from '../onnx/inputs.js';
import { seededInputs } from '../onnx/seeded-inputs.js';
import { engineOf, readingRequest } from '../runners/plan-runner.js';
import { readEngineLayers } from '../tensorrt/layer-info.js';
import { abOfEngine, smallestChange } from '../latency/stage.js';
import { type BuildSample, certifiedLevel, judgeRebuild, type Rebuild } from './levels.js';

/** Each engine's stability, by its job; absent where `stability:` is off or the engine did not build. */
export async function checkStability(
  outcomes: readonly BuildOutcome[],
  context: StageContext,
): Promise<Map<JobKey, Stability>> {
  const results = new Map<JobKey, Stability>();
  const asked = context.config.stability?.rebuilds ?? 0;
  if (asked === 0) return results;
  for (const outcome of outcomes) {
    if (!outcome.plan || (outcome.status !== 'built' && outcome.status !== 'cached')) continue;
    if (context.signal?.aborted) break;
    const io = onnxIoOf(outcome.job.model.onnx);
    let first: BuildSample;
    try {
      first = await sampleOf(outcome, outcome.plan, io, context, 'first');
    } catch (error) {
      // The tested engine would not run on the inputs: nothing to compare a rebuild with, said.
      const problem = `the engine could not be run to compare its rebuilds with: ${errorMessage(error)}`;
      results.set(jobKey(outcome.job), { level: null, rebuilds: [], asked, problem });
      continue;
    }
    const rebuilds: Stability['rebuilds'] = [];
    // With the run's timing cache, as the fleet rebuilds; then, where they had one, once without it, to show what
    // the cache pins. Whether each had one is what its build says (none in the run, or one written by another
    // TensorRT or GPU model: build-plan.ts).
    const again = (n: number, withCache: boolean) => rebuildOnce(outcome, n, withCache, { first, io }, context);
    for (let n = 1; n <= asked && !context.signal?.aborted; n++) rebuilds.push(await again(n, true));
    if (rebuilds.some((r) => r.timingCache) && !context.signal?.aborted) rebuilds.push(await again(asked + 1, false));
    const compared = rebuilds.filter((r) => r.problem === null) as Rebuild[];
    results.set(jobKey(outcome.job), { level: certifiedLevel(compared), rebuilds, asked, problem: null });
  }
  return results;
}

type RebuildRecord = Stability['rebuilds'][number];

async function rebuildOnce(
  outcome: BuildOutcome,
  n: number,
  withCache: boolean,
  { first, io }: { first: BuildSample; io: OnnxIo | null },
  context: StageContext,
): Promise<RebuildRecord> {
  const { job } = outcome;
  const dir = join(context.config.outputDir, 'stability', `${job.model.name}.${job.profile.name}`);
  const workspaceBytes = outcome.attempts.at(-1)?.workspaceBytes ?? job.model.workspaceBytes;
  const name = withCache ? `rebuild-${n}` : `rebuild-${n}-no-timing-cache`;
  const again = sideJob(job, dir, name, { workspaceBytes, fresh: true, withoutTimingCache: !withCache });
  const none = { level: 'none' as const, bytesEqual: false, changedLayers: null, outputs: null, latency: null };
  const built = await context.buildPlan(again, outcome.gpu?.index ?? null);
  // What the build started from, as it says: asked for the run's timing cache, it may have had none.
  const timingCache = built.timingCache !== null;
  if (!built.plan)
    return {
      ...none,
      timingCache,
      plan: null,
      problem: `rebuild ${n} did not build: ${built.failure?.message ?? 'no plan'}`,
    };
  try {
    const sample = await sampleOf(outcome, built.plan, io, context, name);
    // Other bytes: the two engines are timed against each other, interleaved on the engine's GPU.
    const latency =
      sample.sha256 === first.sha256 ? null : await latencyAgainst(outcome, built.plan.path, name, context);
    const same =
      latency === null ? null : latency.verdict === 'same' ? true : SIDES.has(latency.verdict) ? false : null;
    const judged = judgeRebuild(first, sample, toleranceOf(outcome, first), same);
    const outputs = judged.outputs && {
      ...judged.outputs,
      maxAbsDiff: Number.isFinite(judged.outputs.maxAbsDiff) ? judged.outputs.maxAbsDiff : null,
    };
    return { ...judged, timingCache, outputs, latency, plan: built.plan.path, problem: null };
  } catch (error) {
    const problem = `rebuild ${n} could not be compared: ${errorMessage(error)}`;
    return { ...none, timingCache, plan: built.plan.path, problem };
  }
}

/** A/B verdicts that say the latency differs; any other (inconclusive, a mismatch) measured nothing. */
const SIDES = new Set(['slower', 'faster']);

/** The interleaved A/B of a rebuild against the engine the run tested, with trt-ci's defaults. */
async function latencyAgainst(outcome: BuildOutcome, plan: string, name: string, context: StageContext) {
  const { job } = outcome;
  const dir = join(context.config.outputDir, 'stability', `${job.model.name}.${job.profile.name}`, `${name}.ab`);
  const budget = smallestChange(job.model.budgets['latency-growth']);
  try {
    const result = await abOfEngine(outcome, { base: outcome.plan!.path, head: plan }, dir, budget, context);
    return { verdict: result.verdict, ratio: result.ratio };
  } catch (error) {
    // An engine that would not run, or a contract the two do not share: no latency was measured.
    return { verdict: `not measured: ${errorMessage(error)}`, ratio: null };
  }
}

/** The accuracy check's tolerance (else the precision's defaults), absolute at the first build's largest output. */
function toleranceOf(outcome: BuildOutcome, first: BuildSample) {
  const { atol, rtol } = outcome.job.model.accuracy ?? outcome.job.model.consistency.tolerance;
  const each = [...(first.outputs?.values() ?? [])].map((values) => absoluteTolerance(atol, values));
  return { atol: Math.max(0, ...each), rtol };
}

type OnnxIo = ReturnType<typeof readOnnxIo>;

/** The model's inputs and outputs, read once per engine; null for a model trt-ci cannot read. */
function onnxIoOf(onnx: string): OnnxIo | null {
  try {
    return readOnnxIo(onnx);
  } catch {
    return null;
  }
}

/**
 * A build's plan digest (its scan's), its layers' tactics, and its outputs on the seeded inputs at opt; a model
 * trt-ci cannot read has its outputs not measured, and no level is claimed by them.
 */
async function sampleOf(
  outcome: BuildOutcome,
  plan: { path: string; layerInfo: string | null; scan: { sha256: string | null } },
  io: OnnxIo | null,
  context: StageContext,
  name: string,
): Promise<BuildSample> {
  const { job } = outcome;
  // The verify stage's digest of the plan, where it has one: the bytes are read once.
  const sha256 = plan.scan.sha256 ?? (await context.digests.of(plan.path));
  if (!sha256) throw new Error(`${plan.path} could not be read`);
  const layers = plan.layerInfo ? ((await readEngineLayers(plan.layerInfo))?.layers ?? null) : null;
  if (!io) return { sha256, layers, outputs: null };
  const types = new Map(io.inputs.map((v) => [v.name, v.type]));
  const inputs = seededInputs(runProfile(job.profile), 'opt', types);
  const dir = join(context.config.outputDir, 'stability', `${job.model.name}.${job.profile.name}`, `${name}.run`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const where = {
    gpu: outcome.gpu?.index ?? null,
    timeoutMs: job.model.buildTimeoutMs,
    ...(context.signal && { signal: context.signal }),
  };
  const request = readingRequest(inputs, io.outputs, dir);
  const ran = await context.runner.infer(engineOf(plan.path, job.model, job.profile, 'opt'), where, request);
  if ('problem' in ran) throw new Error(ran.problem);
  return { sha256, layers, outputs: ran.outputs };
}
