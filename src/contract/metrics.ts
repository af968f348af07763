/** A budget's number: a size, a share (10% = 0.1) or a ratio (4x). */
export interface Threshold {
  unit: 'bytes' | 'fraction' | 'ratio';
  value: number;
  /** As written in trt-ci.yml, for messages. */
  text: string;
}

export interface Limit {
  warn: Threshold | null;
  fail: Threshold | null;
}

interface MetricSpec {
  units: Threshold['unit'][];
  /** What a bare value (not { warn, fail }) means. Latency is noisy, so it warns. */
  bare: 'warn' | 'fail';
  /** Compared with the baseline rather than judged alone. */
  growth: boolean;
  describe: string;
}

export const METRICS = {
  'plan-size': { units: ['bytes'], bare: 'fail', growth: false, describe: 'plan size' },
  'plan-growth': {
    units: ['fraction', 'bytes'],
    bare: 'fail',
    growth: true,
    describe: 'plan size growth over the baseline',
  },
  'zero-fraction': { units: ['fraction'], bare: 'fail', growth: false, describe: 'share of zero bytes in the plan' },
  'trailing-zeros': {
    units: ['fraction', 'bytes'],
    bare: 'fail',
    growth: false,
    describe: 'zero run at the end of the plan',
  },
  'plan-to-onnx': { units: ['ratio'], bare: 'fail', growth: false, describe: 'plan size over ONNX size' },
  'build-time-growth': {
    units: ['fraction'],
    bare: 'fail',
    growth: true,
    describe: 'build time growth over the baseline',
  },
  'peak-memory': { units: ['bytes'], bare: 'fail', growth: false, describe: 'peak GPU memory of the build' },
  // A bare value fails, but only on an A/B (benchmark: ab): medians measured in two jobs, maybe on two
  // machines, are too noisy to fail on, so there it warns (src/compare/evaluate.ts).
  'latency-growth': {
    units: ['fraction'],
    bare: 'fail',
    growth: true,
    describe: 'median latency growth over the baseline',
  },
  // An engine can drift towards its tolerance long before it crosses it: this catches the drift.
  'accuracy-drift': {
    units: ['ratio'],
    bare: 'warn',
    growth: true,
    describe: "largest output error (accuracy:) over the baseline's",
  },
} as const satisfies Record<string, MetricSpec>;

export type Metric = keyof typeof METRICS;
export const METRIC_NAMES = Object.keys(METRICS) as Metric[];
export type Budgets = Partial<Record<Metric, Limit>>;

/** What benchmark: ab adds unless latency-growth is set: 1% slower (significantly) fails. */
export const AB_BUDGETS: Budgets = {
  'latency-growth': { fail: { unit: 'fraction', value: 0.01, text: '1%' }, warn: null },
};

/**
 * What every model gets unless trt-ci.yml says otherwise: warnings only, for the two signs of
 * NVIDIA/TensorRT#4841 (a plan that is mostly a trailing zero run, a plan that grew a lot) and for an
 * accuracy that drifted from the baseline's.
 */
export const DEFAULT_BUDGETS: Budgets = {
  'trailing-zeros': { warn: { unit: 'fraction', value: 0.5, text: '50%' }, fail: null },
  'plan-growth': { warn: { unit: 'fraction', value: 0.2, text: '20%' }, fail: null },
  // Only for models with accuracy:; ten times the baseline's error is a change of kernel, not noise.
  'accuracy-drift': { warn: { unit: 'ratio', value: 10, text: '10x' }, fail: null },
};
