// The compare stage: this run's engines against the baseline report's (same model, profile and GPU model):
// the baseline's figures beside each, every budget judged, what changed in the environment and which
// engines are new or gone. Results are keyed by the job; the record assembles them into the report.
import { type JobKey, jobKey } from '../builds/jobs.js';
import type { BuildOutcome } from '../builds/outcome.js';
import type { Budgets, Metric } from '../contract/metrics.js';
import {
  type Accuracy,
  type BaselineFigures,
  type BudgetRow,
  type Comparison,
  type ConfigPosition,
  type EngineScan,
  isBuilt,
  type Latency,
  type Report,
} from '../contract/report.js';
import { environmentOf, largestError, measure, measuredBuilds } from './baseline.js';
import { addedAndRemoved, type Environment, environmentChanges, evaluateBudgets, matchBaseline } from './evaluate.js';
import type { Measured } from './evaluate.js';

export interface ComparedRun {
  /** The baseline's own figures of each engine it has, by job. */
  figures: Map<JobKey, BaselineFigures>;
  /** Each built engine's budget rows, by job. */
  budgets: Map<JobKey, BudgetRow[]>;
  comparison: Comparison;
}

/** Where a model's budgets are and what they are, from the config. */
export interface BudgetSource {
  budgetsFor: (model: string) => Budgets;
  positionOf: (model: string, metric: Metric) => ConfigPosition | null;
}

/** A baseline report with where it came from, as the comparison names it. */
export interface NamedBaseline {
  report: Report;
  path: string;
  note?: string | null;
}

/**
 * `engines` are every job of the run (built or not: new and gone engines count them all) with what it
 * measured; budgets judge the built ones.
 */
export function compareRun(
  engines: readonly (Measured & { built: boolean })[],
  environment: Environment,
  baseline: NamedBaseline | null,
  budgets: BudgetSource | null,
): ComparedRun {
  const before = baseline ? measuredBuilds(baseline.report) : null;
  const figures = new Map<JobKey, BaselineFigures>();
  for (const engine of before ? engines : []) {
    const match = matchBaseline(engine, before!);
    if (match) figures.set(jobKey(engine), figuresOf(match));
  }
  const rows = new Map<JobKey, BudgetRow[]>();
  if (budgets) {
    const built = engines.filter((e) => e.built);
    for (const row of evaluateBudgets(built, budgets.budgetsFor, before, budgets.positionOf)) {
      const key = jobKey(row);
      rows.set(key, [...(rows.get(key) ?? []), row]);
    }
  }
  const comparison: Comparison = baseline
    ? {
        baseline: baseline.path,
        note: baseline.note ?? null,
        environment: environmentChanges(environmentOf(baseline.report), environment),
        ...addedAndRemoved(engines, baseline.report.builds),
      }
    : { baseline: null, environment: [], added: [], removed: [] };
  return { figures, budgets: rows, comparison };
}

/** What a report's builds measured, each with whether it built: a report compared again (trt-ci report). */
export function enginesOf(report: Pick<Report, 'builds'>): (Measured & { built: boolean })[] {
  return report.builds.map((b) => ({ ...measure(b), built: isBuilt(b) }));
}

/** What this run's engines measured, from the stages' results, each with whether it built. */
export function measureRun(
  outcomes: readonly BuildOutcome[],
  results: {
    scans: ReadonlyMap<JobKey, Pick<EngineScan, 'zeroFraction' | 'trailingZeroBytes'>>;
    accuracy: ReadonlyMap<JobKey, Accuracy>;
    latency: ReadonlyMap<JobKey, Latency>;
  },
  onnxBytes: (onnx: string) => number | null,
): (Measured & { built: boolean })[] {
  return outcomes.map((o) => {
    const key = jobKey(o.job);
    const scan = results.scans.get(key);
    const ab = results.latency.get(key);
    return {
      model: o.job.model.name,
      profile: o.job.profile.name,
      gpu: o.gpu?.name ?? null,
      bytes: o.plan?.scan.bytes ?? null,
      zeroFraction: scan?.zeroFraction ?? null,
      trailingZeroBytes: scan?.trailingZeroBytes ?? null,
      onnxBytes: onnxBytes(o.job.model.onnx),
      buildSeconds: o.buildSeconds,
      peakGpuMemoryMiB: o.peakGpuMemoryMiB,
      latencyMedianMs: o.perf?.latencyMs?.median ?? null,
      latencyMeasurement: o.perf?.measurement ?? null,
      accuracyError: largestError(results.accuracy.get(key)),
      latencyAb: ab ? { verdict: ab.verdict, ratio: ab.ratio, reason: ab.reason } : null,
      unmeasured: unmeasuredOf(o, ab !== undefined),
      built: isBuilt(o),
    };
  });
}

/** What an engine that built (or came from the cache) was to have measured and was not, with why. Pure. */
export function unmeasuredOf(
  o: Pick<BuildOutcome, 'status' | 'perf' | 'peakGpuMemoryMiB'> & { job: { model: { benchmark: boolean | 'ab' } } },
  abbed: boolean,
): NonNullable<Measured['unmeasured']> {
  if (!isBuilt(o)) return {};
  const unmeasured: NonNullable<Measured['unmeasured']> = {};
  if (o.peakGpuMemoryMiB === null)
    unmeasured['peak-memory'] =
      o.status === 'cached'
        ? 'the plan came from the engine cache: no build ran to measure'
        : 'nvidia-smi saw no sample of this build above the idle GPU (a short build, or no nvidia-smi)';
  if (o.job.model.benchmark && !abbed && o.perf?.latencyMs?.median == null)
    unmeasured['latency-growth'] = o.perf
      ? `trtexec printed no latency for the benchmark (${o.perf.log})`
      : 'the engine was not benchmarked';
  return unmeasured;
}

const figuresOf = (match: Measured): BaselineFigures => ({
  bytes: match.bytes,
  buildSeconds: match.buildSeconds,
  peakGpuMemoryMiB: match.peakGpuMemoryMiB,
  latencyMedianMs: match.latencyMedianMs,
});
