// The report, `trt-ci/report@2`, as one schema. The types of everything in a report come from it, and a
// report read from disk (a baseline, another runner's artifact, which can come from a fork) is parsed
// with it: what does not match is refused, and keys the schema does not know are dropped. Version 2 keeps
// each engine's plan scan and budgets in its build; reports of version 1 (baselines users keep) are read
// through `upgradeReport` in report-v1.ts.
import { z } from 'zod';
import { METRIC_NAMES } from './metrics.js';
import { CHECK_IDS } from './checks.js';
import { FAILURE_KINDS } from './failures.js';
import { configPositionSchema, count, nullableNumber, nullableString } from './values.js';

export { type ConfigPosition, configPositionSchema } from './values.js';
import { builtFromSchema } from './built-from.js';
export type { WrittenCheck } from './built-from.js';
import { precisionSearchSchema } from './precision-search.js';
export type { PrecisionSearchRecord } from './precision-search.js';
import { cacheSummarySchema } from './cache-summary.js';
import { consistencySchema } from './consistency.js';
export * from './consistency.js';
import { stabilitySchema } from './stability.js';
export * from './stability.js';
import {
  accuracySchema,
  deployCostSchema,
  deployRowSchema,
  explainSchema,
  latencySchema,
  measurementSchema,
} from './engine-checks.js';

// The schemas of what the stages after the builds find (accuracy, latency, explain, deploy) are in
// engine-checks.ts; this module is the report's, and the one to import them from.
export * from './engine-checks.js';
export type { CacheSummary } from './cache-summary.js';
// A plan file's header, scan and diagnosis: plan-file.ts, read through this module like the others.
import { diagnosisSchema, planScanSchema } from './plan-file.js';
export { type Diagnosis, type MyelinLayer, PADDING_ISSUE, type PlanHeader, type PlanScan } from './plan-file.js';

const failureSchema = z.object({
  kind: z.enum(FAILURE_KINDS),
  /** The line of trtexec output that shows it, or what trt-ci saw. */
  message: z.string(),
  /** What the user should do about it. */
  hint: z.string(),
});
export type Failure = z.infer<typeof failureSchema>;

/** trtexec's timing summary in ms; any other percentile it printed (--percentile=99.9) as `p99.9`. */
const timingStatsSchema = z
  .object({
    min: nullableNumber,
    max: nullableNumber,
    mean: nullableNumber,
    median: nullableNumber,
    p90: nullableNumber,
    p95: nullableNumber,
    p99: nullableNumber,
  })
  .catchall(nullableNumber);
export type TimingStats = z.infer<typeof timingStatsSchema>;

const gpuInfoSchema = z.object({
  index: count,
  name: nullableString,
  uuid: nullableString,
  busId: nullableString,
  computeCapability: nullableString,
  driverVersion: nullableString,
  memoryTotalMiB: nullableNumber,
  memoryUsedMiB: nullableNumber,
  memoryFreeMiB: nullableNumber,
  eccMode: nullableString,
  eccUncorrectedErrors: nullableNumber,
  displayActive: nullableString,
  persistenceMode: nullableString,
  computeMode: nullableString,
  migMode: nullableString,
});
export type GpuInfo = z.infer<typeof gpuInfoSchema>;

const checkStatus = z.enum(['pass', 'warn', 'fail', 'skip']);
export type CheckStatus = z.infer<typeof checkStatus>;

const checkSchema = z.object({
  id: z.enum(CHECK_IDS),
  status: checkStatus,
  message: z.string(),
  /** What to do about it; null when there is nothing to do. */
  hint: nullableString,
  /** What the check looked at when one id covers several things (a plugin's path). */
  subject: z.string().optional(),
});
export type Check = z.infer<typeof checkSchema>;

const preflightGpuSchema = gpuInfoSchema.pick({
  index: true,
  name: true,
  computeCapability: true,
  driverVersion: true,
  memoryTotalMiB: true,
  memoryUsedMiB: true,
});

const preflightSchema = z.object({
  status: z.enum(['pass', 'warn', 'fail']),
  gpus: z.array(preflightGpuSchema),
  checks: z.array(checkSchema),
  /** The CUDA version the driver check used, and where it came from. */
  cuda: z.object({ version: z.string(), source: z.string() }).nullable(),
  tensorrtVersion: z.string(),
  elapsedMs: z.number(),
});
export type PreflightResult = z.infer<typeof preflightSchema>;

const budgetRowSchema = z.object({
  model: z.string(),
  profile: z.string(),
  gpu: nullableString,
  metric: z.enum(METRIC_NAMES),
  /** In the unit of the limit: bytes, a fraction (0.1 = 10%) or a ratio. */
  value: nullableNumber,
  limit: nullableNumber,
  unit: z.enum(['bytes', 'fraction', 'ratio']).nullable(),
  /** The baseline's own figure for the metric (bytes, seconds, ms), for growth metrics. */
  baseline: nullableNumber,
  status: z.enum(['pass', 'warn', 'fail', 'no-baseline']),
  message: z.string(),
  /** The budget's line in trt-ci.yml, for annotations. */
  configPosition: configPositionSchema.nullable().default(null),
});
export type BudgetRow = z.infer<typeof budgetRowSchema>;

const environmentChangeSchema = z.object({
  what: z.enum(['TensorRT', 'driver', 'GPU']),
  from: nullableString,
  to: nullableString,
});
export type EnvironmentChange = z.infer<typeof environmentChangeSchema>;

const gpuFactsSchema = z.object({ index: count, name: nullableString, computeCapability: nullableString });
export type BuildGpu = z.infer<typeof gpuFactsSchema>;

const shapesSchema = z.record(z.string(), z.object({ min: z.string(), opt: z.string(), max: z.string() }));
export type Shapes = z.infer<typeof shapesSchema>;

const perfSchema = z.object({
  throughputQps: nullableNumber,
  latencyMs: timingStatsSchema.nullable(),
  gpuComputeMs: timingStatsSchema.nullable(),
  log: z.string(),
  /** What the benchmark run measured; null in reports written before trt-ci gave it (that TensorRT's defaults). */
  measurement: measurementSchema.nullable().default(null),
});
export type Perf = z.infer<typeof perfSchema>;

const cacheVerdictSchema = z.object({
  key: z.string(),
  hit: z.boolean(),
  savedSeconds: nullableNumber,
  corrupt: z.boolean(),
  /** An entry was there, stored by a run this one does not take plans from (a pull request's). */
  untrusted: z.boolean().default(false),
  /** The cache could not be read or written (a full or read-only disk): the engine was built all the same. */
  problem: nullableString.default(null),
  /**
   * A hit's build, as the entry's record gives its argv: what a served engine was built with (a cached build has
   * no attempts of its own), for the history's series key. Absent on a miss, and in older reports.
   */
  argv: z.array(z.string()).optional(),
  /**
   * With a hit: where the served engine was built, as its entry records it (said, never trusted): the runner's
   * name, the GPU, the run. A build elsewhere can be another engine: `stability:` compares it with a rebuild here.
   */
  builtOn: z
    .object({ runner: nullableString, gpu: nullableString, computeCapability: nullableString, run: nullableString })
    .optional(),
  /** With an oci:// cache: where the entry came from or went, and who built it. */
  registry: z
    .object({
      /** oci://… the entry was pulled from; null when it was not (a miss, or found in the run's folder). */
      pulledFrom: nullableString,
      /** The run that built a pulled entry (`owner/repo#run-id`, else its event and commit), as it recorded. */
      builtBy: nullableString,
      /** This run's build was pushed. */
      pushed: z.boolean(),
      /** Built here while another run pushed the same key first: a build the fleet made twice. */
      duplicate: z.boolean(),
    })
    .nullable()
    .default(null),
});
export type CacheVerdict = z.infer<typeof cacheVerdictSchema>;

const reportAttemptSchema = z.object({
  attempt: count,
  workspaceMiB: count,
  log: z.string(),
  startedAt: z.string(),
  endedAt: z.string(),
  seconds: z.number(),
  exitCode: z.number().int().nullable(),
  signal: nullableString,
  peakGpuMemoryMiB: nullableNumber,
  failure: failureSchema.nullable(),
  argv: z.array(z.string()),
});

const baselineFiguresSchema = z.object({
  bytes: nullableNumber,
  buildSeconds: nullableNumber,
  peakGpuMemoryMiB: nullableNumber,
  latencyMedianMs: nullableNumber,
});
export type BaselineFigures = z.infer<typeof baselineFiguresSchema>;

/** A built plan's scan (verify): size, zero runs, header and, when it is mostly zeros, why. */
const engineScanSchema = planScanSchema.extend({ diagnosis: diagnosisSchema.nullable() });
export type EngineScan = z.infer<typeof engineScanSchema>;

/** One plan's scan, with the model and profile it was built for: the report's flat `plans` view. */
const reportPlanSchema = engineScanSchema.extend({ model: z.string(), profile: z.string() });

const BUILD_STATUSES = ['built', 'cached', 'failed', 'skipped'] as const;
export type BuildStatus = (typeof BUILD_STATUSES)[number];

/** A build that produced a usable plan, now or from the cache. */
export function isBuilt(build: { status: BuildStatus }): boolean {
  return build.status === 'built' || build.status === 'cached';
}

export const reportBuildSchema = z.object({
  model: z.string(),
  profile: z.string(),
  status: z.enum(BUILD_STATUSES),
  gpu: gpuFactsSchema.nullable(),
  shapes: shapesSchema,
  plan: nullableString,
  layerInfo: nullableString,
  bytes: count.nullable(),
  sha256: nullableString,
  attempts: z.array(reportAttemptSchema),
  buildSeconds: nullableNumber,
  peakGpuMemoryMiB: nullableNumber,
  perf: perfSchema.nullable(),
  failure: failureSchema.nullable(),
  /** Where this model's profile is written in trt-ci.yml, for annotations. */
  configPosition: configPositionSchema.nullable().default(null),
  onnxBytes: count.nullable(),
  /** The same engine in the baseline report, when there is one. */
  baseline: baselineFiguresSchema.nullable(),
  cache: cacheVerdictSchema.nullable(),
  /**
   * The FP16 ONNX trt-ci wrote and trtexec built, for precision: fp16 on TensorRT 11 (no --fp16 there); null
   * otherwise (built-from.ts).
   */
  builtFrom: builtFromSchema.nullable().default(null),
  /** The engine's outputs against ONNX Runtime's, when the model asks (accuracy:); null otherwise. */
  accuracy: accuracySchema.nullable().default(null),
  /**
   * Identical rows, a sample alone and in a batch, the same run twice (no reference needed): on every engine
   * whose profile has a range unless the model turns it off; null where no range, or before 0.15.
   */
  consistency: consistencySchema.nullable().default(null),
  /** How alike the engine's rebuilds are (stability:); null when not asked, or before 0.15. */
  stability: stabilitySchema.nullable().default(null),
  /** The latency A/B against the base engine on the same GPU (benchmark: ab); null otherwise. */
  latency: latencySchema.nullable().default(null),
  /**
   * Where and why it differs from its base engine, per ONNX region: for an A/B'd engine (benchmark: ab), and
   * for a plan that grew against the baseline's (bytes only); null otherwise.
   */
  explain: explainSchema.nullable().default(null),
  /** Will it load where it ships: a row per deploy target of its model (deploy:); empty without targets. */
  deploy: z.array(deployRowSchema).default([]),
  /**
   * The compatibility flags it was built with (--hardwareCompatibilityLevel=…, --versionCompatible), for an
   * engine with deploy targets: what only a load on another GPU or TensorRT proves took effect.
   */
  portabilityFlags: z.array(z.string()).default([]),
  /** The price of portability, when the model asks (deploy-cost: true); null otherwise. */
  deployCost: deployCostSchema.nullable().default(null),
  /** Its plan's scan (verify), when it has a plan. */
  scan: engineScanSchema.nullable(),
  /** Its budgets, each judged (compare); empty without budgets or without a plan. */
  budgets: z.array(budgetRowSchema),
});
export type ReportBuild = z.infer<typeof reportBuildSchema>;

const comparisonSchema = z.object({
  /** The baseline report, or null when there is none yet. */
  baseline: nullableString,
  /** Where the baseline came from (which run, whether it is the merge-base). */
  note: nullableString.optional(),
  environment: z.array(environmentChangeSchema),
  /** model/profile pairs built now and not in the baseline, and the other way round. */
  added: z.array(z.string()),
  removed: z.array(z.string()),
  /** Engines that asked for a latency A/B (benchmark: ab) and did not get one, and why. */
  latencyNotes: z.array(z.string()).optional(),
});
export type Comparison = z.infer<typeof comparisonSchema>;

export const REPORT_SCHEMA = 'trt-ci/report@2';

export const reportSchema = z.object({
  schema: z.literal(REPORT_SCHEMA),
  status: z.enum(['passed', 'failed']),
  /**
   * The stage a cancel stopped (the runner's SIGINT/SIGTERM), when one did: what it and the stages after it
   * did not do is missing, so the report is never `passed`. Null for a run that finished.
   */
  interrupted: nullableString.default(null),
  startedAt: z.string(),
  finishedAt: z.string(),
  config: z.string(),
  environment: z.object({
    tensorrtVersion: z.string(),
    /** Whose version that is: TensorRT, or TensorRT-RTX (a run command that said so); absent before 0.15. */
    product: z.enum(['TensorRT', 'TensorRT-RTX']).default('TensorRT'),
    trtexec: z.string(),
    gpus: z.array(gpuInfoSchema),
    /** Why GPU facts are missing, when they are. */
    gpuQueryError: nullableString,
    /** The container image the job ran in, as it was named (TRT_CI_IMAGE; the pack sets it from container:). */
    image: nullableString.default(null),
    /** What trt-ci asked every latency to be (tensorrt/measurement.ts); null before it asked (the defaults). */
    measurement: measurementSchema.nullable().default(null),
  }),
  preflight: preflightSchema.nullable(),
  builds: z.array(reportBuildSchema),
  /**
   * Every build's scan and budgets again, flat, for tools that read them so (the keys of version 1). Written
   * from `builds` in one place and rebuilt from it when a report is read: trt-ci reads the builds' own.
   */
  plans: z.array(reportPlanSchema),
  budgets: z.array(budgetRowSchema),
  comparison: comparisonSchema,
  /** The engine cache: hits, misses, and the GPU time the hits saved (their recorded build time). */
  cache: cacheSummarySchema.nullable(),
  /** precision-search's searches, one per model whose fp16 engine failed its gate. */
  precisionSearch: z.array(precisionSearchSchema).default([]),
  manifest: nullableString,
});
export type Report = z.infer<typeof reportSchema>;

/** The report's flat `plans` and `budgets` views, from its builds: the one place they are written. */
export function flatViews(builds: readonly ReportBuild[]): Pick<Report, 'plans' | 'budgets'> {
  return {
    plans: builds.flatMap((b) => (b.scan ? [{ ...b.scan, model: b.model, profile: b.profile }] : [])),
    budgets: builds.flatMap((b) => b.budgets),
  };
}
