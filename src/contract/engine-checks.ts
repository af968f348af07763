// What the stages after the builds find for an engine, as the report holds it: its outputs against ONNX
// Runtime's (accuracy), its latency against the base engine's (the A/B), where and why it differs from the
// base engine (explain), and whether it loads where it ships (deploy) and what portability costs.
import { z } from 'zod';
import { configPositionSchema, count, nullableNumber, nullableString } from './values.js';

/** One output of one engine against ONNX Runtime's, at one of the profile's shapes. */
const accuracyOutputSchema = z.object({
  /** A corner of the profile, or a seeded shape inside its range (interior). */
  shape: z.enum(['min', 'opt', 'max', 'interior']),
  /** The shapes it ran at, as trtexec's --shapes writes them (x:4x1x19x31); null in reports before 0.15. */
  at: nullableString.default(null),
  name: z.string(),
  maxAbsError: nullableNumber,
  maxRelError: nullableNumber,
  /** Share (0-1) of elements off by more than atol and rtol. */
  outOfTolerance: z.number(),
  cosine: nullableNumber,
  nan: count,
  inf: count,
  /** The tolerances it was judged by: atol as used for this output (absolute). */
  atol: z.number(),
  rtol: z.number(),
  /**
   * Whose element rule gave outOfTolerance: trt-ci's (|e| > atol and > rtol·|r|, Polygraphy's), or trtexec
   * 11.1's own check (|e| > atol + rtol·|r|, NumPy's allclose) where that trtexec has it.
   */
  judgedBy: z.enum(['trt-ci', 'trtexec']).default('trt-ci'),
  /** Why it failed, or null. */
  failure: nullableString,
  /** With top-k: rows (every index but the last dimension) whose k largest classes are the reference's. */
  topK: z.object({ k: count, rows: count, agree: count }).nullable().default(null),
});
export type AccuracyOutput = z.infer<typeof accuracyOutputSchema>;

/** One marked tensor's error, as a first-divergence pass measured it. */
const tensorErrorSchema = z.object({
  maxAbsError: nullableNumber,
  maxRelError: nullableNumber,
  outOfTolerance: z.number(),
  nan: count,
  inf: count,
});

/**
 * Where a failing engine's error first appears: the ONNX with its intermediate tensors marked as outputs,
 * built once with the same flags and run on the same inputs, each marked tensor against ONNX Runtime's.
 * found: `node` is the first node (in graph order) whose output leaves the tolerance; marked-passes: the
 * marked engine is within tolerance everywhere (marking changed the fusions), so no node can be named this
 * way; error: the pass could not run (`problem`).
 */
const divergenceSchema = z.object({
  status: z.enum(['found', 'marked-passes', 'error']),
  shape: z.enum(['min', 'opt', 'max', 'interior']),
  /** Marked tensors (every float output of the main graph's nodes, or of each engine layer's last node). */
  marked: count,
  node: nullableString,
  op: nullableString,
  /** The precision the node computes in, per the FP16 table (fp16, or fp32 with why). */
  computes: nullableString,
  tensor: nullableString,
  error: tensorErrorSchema.nullable(),
  failure: nullableString,
  /** Marked tensors after the node: how many, and how many of them are out of tolerance. */
  downstream: z.object({ marked: count, failing: count }).nullable(),
  /** The model's outputs out of tolerance in the marked engine. */
  outputsFailing: z.array(z.string()),
  /**
   * The nodes the error starts among: after the last marked tensor within tolerance, up to `node`. One node where
   * every node is marked; an engine layer's where only layer ends are (past 200 nodes). Absent in older reports.
   */
  span: z.array(z.string()).default([]),
  problem: nullableString,
  /** The marked engine's build log and the marked ONNX (for reproducing it). */
  log: nullableString,
  onnx: nullableString,
  /** Where to act: the model's keep-fp32 line, else its own line. */
  configPosition: configPositionSchema.nullable().default(null),
});
export type Divergence = z.infer<typeof divergenceSchema>;

export const accuracySchema = z.object({
  /**
   * failed: out of tolerance; error: the check could not run (trtexec could not run the engine on the
   * inputs, say), with why in `problem`; not-checked: the model says accuracy: false.
   */
  status: z.enum(['passed', 'failed', 'error', 'not-checked']),
  outputs: z.array(accuracyOutputSchema),
  /** Why the check could not run at all (trtexec could not run the engine), or null. */
  problem: nullableString.default(null),
  /** The model's accuracy: line (or the top-level one it takes), where a failure is annotated. */
  configPosition: configPositionSchema.nullable().default(null),
  /** With status failed: where the error first appears (reports before 0.14 have none). */
  divergence: divergenceSchema.nullable().default(null),
});
export type Accuracy = z.infer<typeof accuracySchema>;

/** One repetition of a latency A/B: one trtexec run of one side's engine. */
const abRunSchema = z.object({
  side: z.enum(['base', 'head']),
  round: count,
  medianMs: z.number(),
  p99Ms: z.number(),
  iterations: count,
  throttled: z.array(z.string()),
  /** The SM clock read right after the run (nvidia-smi clocks.current.sm), when it could be. */
  smClockMHz: nullableNumber.default(null),
});

const sideFiguresSchema = z.object({ median: z.number(), p99: z.number() }).nullable();

/**
 * What a latency is made of (src/tensorrt/measurement.ts): host-device copies in the timed work or not, a
 * CUDA graph launch, spin-wait synchronization. TensorRT 10 and 11 measure differently when asked nothing.
 */
export const measurementSchema = z.object({
  dataTransfers: z.boolean(),
  cudaGraph: z.boolean(),
  spinWait: z.boolean(),
});

/** The latency A/B of an engine against its base engine on the same GPU (benchmark: ab, trt-ci ab). */
export const latencySchema = z.object({
  /** head-failed: the head engine built but could not be run (it crashed): a failure of the run. */
  verdict: z.enum(['slower', 'faster', 'same', 'inconclusive', 'contract-mismatch', 'head-failed']),
  /** Head over base (Hodges-Lehmann on the repetition medians) and its 95% interval. */
  ratio: nullableNumber,
  ci: z.tuple([z.number(), z.number()]).nullable(),
  /** Mann-Whitney U, two-sided. */
  p: nullableNumber,
  base: sideFiguresSchema,
  head: sideFiguresSchema,
  repetitions: count,
  reason: z.string(),
  retried: z.boolean(),
  /** The smallest change that counts (latency-growth; 0.02 = 2%). */
  budget: z.number(),
  /** Whether the GPU's clock event counters were read: without them, throttling cannot be seen. */
  clockEventsRead: z.boolean(),
  /**
   * Where the base engine came from: the base job's uploaded plans, the engine cache (by the baseline's
   * cache key), a build from the base commit's ONNX (base-ref:), or a plan file given to trt-ci ab.
   */
  baseEngine: z.object({ source: z.enum(['cache', 'plans', 'rebuilt', 'given']), plan: z.string() }).nullable(),
  runs: z.array(abRunSchema),
  /** What both sides ran under (the same, or the A/B is a contract mismatch); null when nothing ran. */
  measurement: measurementSchema.nullable().default(null),
});
export type Latency = z.infer<typeof latencySchema>;

/** What changed in a region between the base and the head engine (docs/explain.md). */
const EXPLAIN_CHANGES = ['new', 'gone', 'precision', 'fusion', 'tactic', 'reformat-added', 'reformat-removed'] as const;

const explainSideSchema = z.object({
  /** The engine's layers in this region, by name. */
  layers: z.array(z.string()),
  /** Their time from --exportProfile (median of the runs' sums); null without a profile. */
  timeMs: nullableNumber,
  /** max - min of that sum over the profile runs; null with fewer than two. */
  spreadMs: nullableNumber,
  /** timeMs as a share of this engine's layer time (the sum of all its layers'); null without a profile. */
  timeShare: nullableNumber.default(null),
  weightBytes: count,
  /** Precisions of the outputs of its computing layers (reformats left out). */
  precisions: z.array(z.string()),
  /** Formats of its computing layers' inputs and outputs ("Channel major FP16 format where channel % 8 == 0"). */
  formats: z.array(z.string()).default([]),
  tactics: z.array(z.string()),
});

const explainTotalSchema = z.object({
  layers: count,
  timeMs: nullableNumber,
  weightBytes: count,
  /** The plan's size, when known: weightBytes + paddingBytes + otherBytes. */
  planBytes: count.nullable().default(null),
  /**
   * The zeros at the plan's end when they are most of it (the TensorRT 11.2 bloat, NVIDIA/TensorRT#4841,
   * verify's diagnosis); 0 otherwise; null when the plan is unknown.
   */
  paddingBytes: count.nullable().default(null),
  /** The rest of the plan: kernels, Myelin code, the engine's own structures. */
  otherBytes: count.nullable().default(null),
});

/** Why an engine changed: its layers and the base engine's grouped by the ONNX nodes they compute. */
export const explainSchema = z.object({
  base: explainTotalSchema,
  head: explainTotalSchema,
  regions: z.array(
    z.object({
      onnxNodes: z.array(z.string()),
      base: explainSideSchema,
      head: explainSideSchema,
      deltaMs: nullableNumber,
      /** deltaMs as a share of the measured change (the A/B's, else the layer-time sums'). */
      share: nullableNumber,
      /** Beyond both sides' run-to-run spread; null without two profile runs a side. */
      significant: z.boolean().nullable(),
      change: z.array(z.enum(EXPLAIN_CHANGES)),
    }),
  ),
  /** What limits the explanation (coarse layer info, auxiliary streams, averages, unmatched names). */
  notes: z.array(z.string()),
});
export type Explanation = z.infer<typeof explainSchema>;

/** An engine on a deploy target: predicted from the run (docs/deploy.md), or observed by a real load. */
export const deployRowSchema = z.object({
  target: z.string(),
  gpu: nullableString,
  computeCapability: nullableString,
  tensorrt: nullableString,
  os: z.enum(['linux', 'windows']),
  verdict: z.enum(['loads', 'loads-with-warning', 'fails', 'unknown']),
  /** The line TensorRT prints (its words where known), or why the verdict is unknown. */
  line: nullableString,
  fix: nullableString,
  /** true: a load on the target's runner said so; false: predicted. */
  observed: z.boolean(),
});
export type DeployRow = z.infer<typeof deployRowSchema>;

/**
 * How the portable engine differs from the native one, the sign in the engine that the flag took effect:
 * the plans' sizes, and the regions (docs/explain.md) whose layers, fusions, precisions or tactics changed.
 */
const portableEngineSchema = z.object({
  nativeBytes: count,
  portableBytes: count,
  /** Regions of the two engines' layer info; null where either build wrote none. */
  regions: count.nullable(),
  changedRegions: count.nullable(),
  /** What changed, over all regions, once each. */
  changes: z.array(z.enum(EXPLAIN_CHANGES)),
});
export type PortableEngine = z.infer<typeof portableEngineSchema>;

/** What portability costs (deploy-cost: true): the native engine against its ampere+ build, on the build GPU. */
export const deployCostSchema = z.object({
  variant: z.literal('ampere+'),
  /** The A/B, native as the base and the portable engine as the head; null when it could not be had. */
  latency: latencySchema.nullable(),
  /** Why there is no A/B, when there is none. */
  note: nullableString,
  /** The portable engine against the native one; null when the portable engine was not built. */
  engine: portableEngineSchema.nullable().default(null),
});
export type DeployCost = z.infer<typeof deployCostSchema>;
