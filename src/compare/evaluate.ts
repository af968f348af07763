import { describeMeasurement, type Measurement, sameMeasurement } from '../tensorrt/measurement.js';
import { formatBytes, MiB } from '../common/units.js';
import { METRICS, type Budgets, type Limit, type Metric, type Threshold } from '../contract/metrics.js';
import type { BudgetRow, ConfigPosition, EnvironmentChange, Latency } from '../contract/report.js';
export type { BudgetRow, EnvironmentChange };

/** What one build measured, as the report holds it (this run's or the baseline's). */
export interface Measured {
  model: string;
  profile: string;
  gpu: string | null;
  bytes: number | null;
  zeroFraction: number | null;
  trailingZeroBytes: number | null;
  onnxBytes: number | null;
  buildSeconds: number | null;
  peakGpuMemoryMiB: number | null;
  latencyMedianMs: number | null;
  /** What that median was measured with (measurement.ts); null when unknown. */
  latencyMeasurement?: Measurement | null;
  /** The largest max-abs error of the engine's outputs against ONNX Runtime's, when checked. */
  accuracyError: number | null;
  /** The latency A/B against the base engine on the same GPU (benchmark: ab), when there was one. */
  latencyAb?: Pick<Latency, 'verdict' | 'ratio' | 'reason'> | null;
  /** Figures this build was to have and has not, each with why: a budget on them is said, never passed. */
  unmeasured?: Partial<Record<'latency-growth' | 'peak-memory', string>>;
}

/**
 * A budget whose figure this build could not measure: latency fails (the model asked for a benchmark, and an
 * engine nobody measured must not pass as no slower); peak memory warns (the sampler can miss a short build).
 */
function unmeasuredRow(
  metric: 'latency-growth' | 'peak-memory',
  why: string,
  limit: Limit,
  row: Omit<BudgetRow, 'value' | 'limit' | 'unit' | 'status' | 'message'>,
): BudgetRow | null {
  const decisive = limit.fail ?? limit.warn;
  if (!decisive) return null;
  const status = metric === 'latency-growth' && limit.fail ? 'fail' : 'warn';
  const message = `${METRICS[metric].describe}: not measured: ${why}`;
  return { ...row, value: null, limit: decisive.value, unit: decisive.unit, status, message };
}

export interface Environment {
  tensorrtVersion: string | null;
  driverVersion: string | null;
  gpus: string[];
}

const key = (m: Pick<Measured, 'model' | 'profile'>) => `${m.model}/${m.profile}`;

/** The baseline build for a build: same model and profile, and the same GPU model when both know it. */
export function matchBaseline(
  build: Pick<Measured, 'model' | 'profile' | 'gpu'>,
  baseline: readonly Measured[],
): Measured | null {
  const candidates = baseline.filter((b) => key(b) === key(build));
  return (
    candidates.find((b) => b.gpu === build.gpu) ?? candidates.find((b) => b.gpu === null || build.gpu === null) ?? null
  );
}

/** Engines in one list and not the other, whether they built or not: a new model or profile, or one that is gone. */
export function addedAndRemoved(
  current: readonly Pick<Measured, 'model' | 'profile'>[],
  baseline: readonly Pick<Measured, 'model' | 'profile'>[],
): { added: string[]; removed: string[] } {
  const now = new Set(current.map(key));
  const before = new Set(baseline.map(key));
  return { added: [...now].filter((k) => !before.has(k)), removed: [...before].filter((k) => !now.has(k)) };
}

export function environmentChanges(before: Environment, now: Environment): EnvironmentChange[] {
  const changes: EnvironmentChange[] = [];
  if (before.tensorrtVersion !== now.tensorrtVersion)
    changes.push({ what: 'TensorRT', from: before.tensorrtVersion, to: now.tensorrtVersion });
  if (before.driverVersion !== now.driverVersion)
    changes.push({ what: 'driver', from: before.driverVersion, to: now.driverVersion });
  const gpus = (list: string[]) => [...new Set(list)].sort().join(', ') || null;
  if (gpus(before.gpus) !== gpus(now.gpus)) changes.push({ what: 'GPU', from: gpus(before.gpus), to: gpus(now.gpus) });
  return changes;
}

/** The figure a metric judges, in a threshold's unit; null when this build did not measure it. */
function measure(metric: Metric, unit: Threshold['unit'], build: Measured, base: Measured | null): number | null {
  const growth = (now: number | null, before: number | null) => {
    if (now === null || before === null) return null;
    if (unit === 'bytes') return now - before;
    return before === 0 ? (now === 0 ? 0 : Number.POSITIVE_INFINITY) : (now - before) / before;
  };
  switch (metric) {
    case 'plan-size':
      return build.bytes;
    case 'zero-fraction':
      return build.zeroFraction;
    case 'trailing-zeros':
      if (build.trailingZeroBytes === null || build.bytes === null) return null;
      return unit === 'bytes' ? build.trailingZeroBytes : build.bytes === 0 ? 0 : build.trailingZeroBytes / build.bytes;
    case 'plan-to-onnx':
      return build.bytes === null || !build.onnxBytes ? null : build.bytes / build.onnxBytes;
    case 'peak-memory':
      return build.peakGpuMemoryMiB === null ? null : build.peakGpuMemoryMiB * MiB;
    case 'plan-growth':
      return growth(build.bytes, base?.bytes ?? null);
    case 'build-time-growth':
      return growth(build.buildSeconds, base?.buildSeconds ?? null);
    case 'latency-growth':
      return growth(build.latencyMedianMs, base?.latencyMedianMs ?? null);
    case 'accuracy-drift': {
      const [now, before] = [build.accuracyError, base?.accuracyError ?? null];
      if (now === null || before === null) return null;
      return before === 0 ? (now === 0 ? 1 : Number.POSITIVE_INFINITY) : now / before;
    }
  }
}

function baselineFigure(metric: Metric, base: Measured | null): number | null {
  if (!base) return null;
  if (metric === 'plan-growth') return base.bytes;
  if (metric === 'build-time-growth') return base.buildSeconds;
  if (metric === 'latency-growth') return base.latencyMedianMs;
  if (metric === 'accuracy-drift') return base.accuracyError;
  return null;
}

function show(value: number, unit: Threshold['unit']): string {
  if (unit === 'bytes') return formatBytes(value);
  // A ratio to an error of 0 has no size: said as what it is, never "Infinityx".
  if (unit === 'ratio') return Number.isFinite(value) ? `${value.toFixed(2)}x` : "∞ (the baseline's was 0)";
  return Number.isFinite(value) ? `${(value * 100).toFixed(1)}%` : '∞';
}

function judge(
  metric: Metric,
  limit: Limit,
  build: Measured,
  base: Measured | null,
  hasBaseline: boolean,
  configPosition: ConfigPosition | null,
): BudgetRow | null {
  const spec = METRICS[metric];
  if (metric === 'latency-growth' && build.latencyAb) return judgeAb(limit, build, build.latencyAb, configPosition);
  const row = {
    model: build.model,
    profile: build.profile,
    gpu: build.gpu,
    metric,
    baseline: baselineFigure(metric, base),
    configPosition,
  };
  const missing = (metric === 'latency-growth' || metric === 'peak-memory') && build.unmeasured?.[metric];
  if (missing) return unmeasuredRow(metric as 'latency-growth' | 'peak-memory', missing, limit, row);
  // A figure this build does not have at all (no accuracy: check, no benchmark) gets no row, baseline or not.
  const unit = (limit.fail ?? limit.warn)?.unit;
  if (unit && measure(metric, unit, build, build) === null) return null;
  if (spec.growth && !base) {
    const why = hasBaseline ? 'new in this run' : 'no baseline yet';
    return { ...row, value: null, limit: null, unit: null, status: 'no-baseline', message: `${spec.describe}: ${why}` };
  }
  // Two latencies measured differently (a TensorRT 10 baseline's defaults against 11's) are not a growth.
  const [now, before] = [build.latencyMeasurement, base?.latencyMeasurement];
  if (metric === 'latency-growth' && now && before && !sameMeasurement(now, before)) {
    const message =
      `${spec.describe}: not compared: the baseline's latency was measured with ${describeMeasurement(before)}, ` +
      `this run's with ${describeMeasurement(now)}`;
    return { ...row, value: null, limit: null, unit: null, status: 'no-baseline', message };
  }
  const levels = (['fail', 'warn'] as const).filter((level) => limit[level] !== null);
  for (const level of levels) {
    const threshold = limit[level]!;
    const value = measure(metric, threshold.unit, build, base);
    if (value === null) return null;
    if (value > threshold.value) {
      // Latency medians from two jobs, maybe two machines, are noise at the percent level: they warn only.
      const fromTwoJobs = metric === 'latency-growth' && level === 'fail';
      return {
        ...row,
        value,
        limit: threshold.value,
        unit: threshold.unit,
        status: fromTwoJobs ? 'warn' : level,
        message:
          `${spec.describe} ${show(value, threshold.unit)} is over ` +
          `${level === 'fail' ? 'the limit' : 'the warning level'} ${threshold.text}` +
          (fromTwoJobs ? ' (medians of two jobs: only benchmark: ab fails on it)' : ''),
      };
    }
  }
  const decisive = limit.fail ?? limit.warn;
  if (!decisive) return null;
  const value = measure(metric, decisive.unit, build, base);
  if (value === null) return null;
  return {
    ...row,
    value,
    limit: decisive.value,
    unit: decisive.unit,
    status: 'pass',
    message: `${spec.describe} ${show(value, decisive.unit)} is within ${decisive.text}`,
  };
}

/**
 * latency-growth judged by an A/B on one GPU: it fails (or warns) only when the head engine is slower,
 * significantly and by at least the threshold; an A/B that could not decide warns with its reason.
 */
function judgeAb(
  limit: Limit,
  build: Measured,
  ab: NonNullable<Measured['latencyAb']>,
  configPosition: ConfigPosition | null,
): BudgetRow | null {
  const decisive = limit.fail ?? limit.warn;
  if (!decisive) return null;
  const row = { model: build.model, profile: build.profile, gpu: build.gpu, metric: 'latency-growth' as const };
  const value = ab.ratio === null ? null : ab.ratio - 1;
  const base = { ...row, value, unit: 'fraction' as const, baseline: null, configPosition };
  if (ab.verdict === 'inconclusive' || ab.verdict === 'contract-mismatch') {
    const what = ab.verdict === 'inconclusive' ? 'inconclusive' : 'not run (contract mismatch)';
    return { ...base, limit: decisive.value, status: 'warn', message: `latency A/B ${what}: ${ab.reason}` };
  }
  for (const level of ['fail', 'warn'] as const) {
    const threshold = limit[level];
    if (ab.verdict === 'slower' && threshold && value !== null && value >= threshold.value) {
      return {
        ...base,
        limit: threshold.value,
        status: level,
        message:
          `latency ${show(value, 'fraction')} slower than the base engine on the same GPU (A/B: ${ab.reason}), ` +
          `over ${level === 'fail' ? 'the limit' : 'the warning level'} ${threshold.text}`,
      };
    }
  }
  return {
    ...base,
    limit: decisive.value,
    status: 'pass',
    message: `latency A/B on the same GPU: ${ab.verdict}${value === null ? '' : ` (${show(value, 'fraction')})`}`,
  };
}

/** Every budget of every build, against the baseline where the metric is a growth. */
export function evaluateBudgets(
  builds: readonly Measured[],
  budgetsFor: (model: string) => Budgets,
  baseline: readonly Measured[] | null,
  /** Where a model's budget is written in trt-ci.yml, for annotations. */
  positionOf: (model: string, metric: Metric) => ConfigPosition | null = () => null,
): BudgetRow[] {
  const rows: BudgetRow[] = [];
  for (const build of builds) {
    const base = baseline ? matchBaseline(build, baseline) : null;
    for (const [metric, limit] of Object.entries(budgetsFor(build.model)) as [Metric, Limit][]) {
      const row = judge(metric, limit, build, base, baseline !== null, positionOf(build.model, metric));
      if (row) rows.push(row);
    }
  }
  return rows;
}
