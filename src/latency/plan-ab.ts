// The A/B's edges on a real runner: each repetition is one timed run of the plan runner (trtexec's
// --exportTimes, or the run command's times, into the A/B's folder, its log beside it), the clock event counters
// come from nvidia-smi between them. Nothing else runs on the GPU meanwhile: the memory sampler is not started.
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isWithin } from '../common/within.js';
import { InputError } from '../common/errors.js';
import { type NvidiaSmi, queryClockState } from '../gpu/nvidia-smi.js';
import { describeMeasurement, MEASUREMENT, type Measurement, sameMeasurement } from '../tensorrt/measurement.js';
import { type Binding, describeBindings } from '../tensorrt/bindings.js';
import { type EngineSpec, type PlanRunner, RunFailed } from '../runners/plan-runner.js';
import { type AbPlan, type AbResult, compareAb } from './ab.js';

export interface PlanAb {
  runner: PlanRunner;
  /** null: no nvidia-smi, so throttling cannot be seen (said in the result). */
  nvidiaSmi: NvidiaSmi | null;
  gpuIndex: number;
  /** Both sides run at the same shapes with the same plugins: one contract; the A/B checks each got it. */
  engines: { base: EngineSpec; head: EngineSpec };
  iterations: number;
  /** Its own files from an earlier A/B are removed first; nothing else there is touched. */
  dir: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * The default work: 8 repetitions a side of 300 iterations; 1% the smallest change that counts, 20x the
 * run-to-run noise measured on an H200 (CV of run medians 0.03-0.06%, test/fixtures/latency).
 */
export const AB_DEFAULTS = { repetitions: 8, iterations: 300, budget: 0.01 } as const;

/** One side's engine could not be run (not stopped by the run's cancel): the A/B has no verdict. */
export class EngineRunError extends Error {
  constructor(
    readonly side: 'base' | 'head',
    message: string,
  ) {
    super(message);
  }
}

/**
 * The two engines cannot be compared on equal terms: their inputs or outputs differ (a YOLO plan against
 * a ViT plan), or trtexec ran a dynamic input at 1s for want of --shapes. A contract mismatch, not a verdict.
 */
export class AbContractError extends Error {}

/** The files an A/B writes (01.base.times.json, 02.head.log, …): the only ones it ever removes. */
const OWN_FILE = /^\d{2}\.(base|head)\.(times\.json|log)$/;

/** One side's engine cannot be captured as a CUDA graph: it ran without one while the other ran with one. */
class GraphRefused extends AbContractError {
  constructor(readonly side: 'base' | 'head') {
    super(`the ${side} engine cannot be captured as a CUDA graph`);
  }
}

/**
 * The interleaved A/B under trt-ci's measurement (measurement.ts). Where one engine cannot be captured as a CUDA
 * graph (trtexec then runs it without one), both are run again without a graph: one contract for both sides, a
 * verdict instead of two measurements compared (the reason says so).
 */
export async function runAb(options: PlanAb, plan: AbPlan): Promise<AbResult & { measurement: Measurement }> {
  try {
    return await abUnder(options, plan, MEASUREMENT);
  } catch (error) {
    if (!(error instanceof GraphRefused)) throw error;
    const result = await abUnder(options, plan, { ...MEASUREMENT, cudaGraph: false });
    const why = `both engines ran without a CUDA graph: trtexec cannot capture the ${error.side} engine as one`;
    return { ...result, reason: `${result.reason}; ${why}` };
  }
}

async function abUnder(
  options: PlanAb,
  plan: AbPlan,
  measurement: Measurement,
): Promise<AbResult & { measurement: Measurement }> {
  const seen: Partial<Record<'base' | 'head', Binding[]>> = {};
  const measured: Partial<Record<'base' | 'head', Measurement>> = {};
  for (const side of ['base', 'head'] as const) {
    if (isWithin(options.dir, options.engines[side].plan)) {
      throw new InputError(
        `the ${side} plan ${options.engines[side].plan} is inside the A/B's folder ${options.dir}, where trt-ci ` +
          'writes its runs: move it, or give trt-ci another output folder',
      );
    }
  }
  await mkdir(options.dir, { recursive: true });
  for (const file of await readdir(options.dir)) {
    if (OWN_FILE.test(file)) await rm(join(options.dir, file), { force: true });
  }
  const result = await compareAb(
    {
      async measure(side, index) {
        const stem = join(options.dir, `${String(index + 1).padStart(2, '0')}.${side}`);
        const place = {
          gpu: options.gpuIndex,
          timeoutMs: options.timeoutMs,
          ...(options.signal && { signal: options.signal }),
        };
        const request = { stem, iterations: options.iterations, measurement };
        const run = await options.runner.time(options.engines[side], place, request).catch((error: unknown) => {
          if (!(error instanceof RunFailed)) throw error;
          throw new EngineRunError(side, `${error.how} running the ${side} engine (${error.log})`);
        });
        checkContract(side, run, seen);
        // A runner that does not say what it measured ran what it was asked.
        checkMeasurement(side, run.measurement ?? measurement, measured);
        return run.timesMs;
      },
      clockState: async () => (options.nvidiaSmi ? queryClockState(options.nvidiaSmi, options.gpuIndex) : null),
    },
    plan,
  );
  return { ...result, measurement: measured.head ?? measured.base ?? measurement };
}

/**
 * Both sides measured alike: an engine whose CUDA graph trtexec could not capture ran without one, and its
 * latency against a graph-launched engine's is two measurements, not a change (said as a contract mismatch).
 */
function checkMeasurement(
  side: 'base' | 'head',
  now: Measurement,
  measured: Partial<Record<'base' | 'head', Measurement>>,
): void {
  const before = measured[side];
  if (before && !sameMeasurement(before, now))
    throw new AbContractError(
      `the ${side} engine's runs measured differently: ${describeMeasurement(before)}, then ` +
        `${describeMeasurement(now)}`,
    );
  measured[side] = now;
  const [base, head] = [measured.base, measured.head];
  // Only the graph differs: the side without one could not be captured, and both can run without.
  if (base && head && !sameMeasurement(base, head) && sameMeasurement(base, { ...head, cudaGraph: base.cudaGraph }))
    throw new GraphRefused(base.cudaGraph ? 'head' : 'base');
  if (base && head && !sameMeasurement(base, head)) {
    throw new AbContractError(
      `the engines ran under two measurements: base ${describeMeasurement(base)}, head ${describeMeasurement(head)} ` +
        '(trtexec could not capture one of them as a CUDA graph: "operations that are not permitted under CUDA ' +
        'graph capture mode")',
    );
  }
}

/** Each side's bindings (as its first run named them) must be the other's, and no input run at 1s. */
function checkContract(
  side: 'base' | 'head',
  run: { bindings: Binding[] | null; overridden: string[] },
  seen: Partial<Record<'base' | 'head', Binding[]>>,
): void {
  if (run.overridden.length > 0) {
    throw new AbContractError(
      `the ${side} engine has dynamic inputs given no shape (${run.overridden.join(', ')}), which trtexec ran at 1s: ` +
        'give --shapes at the shapes that matter (the opt shapes), or --config',
    );
  }
  if (!run.bindings || run.bindings.length === 0 || seen[side]) return;
  seen[side] = run.bindings;
  const [base, head] = [seen.base, seen.head];
  if (base && head && describeBindings(base) !== describeBindings(head)) {
    throw new AbContractError(
      `the engines' inputs and outputs differ: base ${describeBindings(base)}; head ${describeBindings(head)}`,
    );
  }
}
