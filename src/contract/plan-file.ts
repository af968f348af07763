// A plan file as verify reads it: its header (tag, layout, the TensorRT that wrote it, a container around it), its
// scan (size, runs of zeros, digest), and the diagnosis of a plan padded with zeros (NVIDIA/TensorRT#4841).
import { z } from 'zod';
import { count, nullableString } from './values.js';

const planHeaderSchema = z.object({
  /** A TensorRT plan tag (`ftrt`, or the older `ptrt`) found where a plan starts. */
  magic: z.boolean(),
  /**
   * `ftrt`: the layout trtexec's printPlanVersion reads (version in bytes 24-27, total size in 16-23);
   * `ptrt`: the older layout of TensorRT 8.2-era plans, whose header carries no readable version; `vtrt`:
   * TensorRT-RTX's, the `ftrt` layout under another tag (its version in 24-27 is TensorRT-RTX's).
   */
  layout: z.enum(['ftrt', 'ptrt', 'vtrt']).nullable(),
  /**
   * Whose plan: `TensorRT`, or `TensorRT-RTX` (tag `vtrt`, the same layout: docs/plan-header.md). Null when the
   * file is no plan; absent in reports before 0.15 (TensorRT).
   */
  product: z.enum(['TensorRT', 'TensorRT-RTX']).nullable().default('TensorRT'),
  /**
   * The compute capabilities a TensorRT-RTX plan was built for (byte 32's bits, learned from real plans: 7.5,
   * 8.0, 8.6, 8.9, 12.0, 12.1); null for a TensorRT plan, whose header names none.
   */
  computeCapabilities: z.array(z.string()).nullable().default(null),
  /** The plan's total size in bytes as its `ftrt` header says (bytes 16-23, little-endian u64). */
  declaredBytes: count.nullable(),
  /** From bytes 24-27 of the plan: major.minor.patch.build. */
  tensorrtVersion: nullableString,
  /** `plan`: a bare TensorRT plan; `ultralytics`: a plan behind Ultralytics' length-prefixed JSON metadata. */
  container: z.enum(['plan', 'ultralytics']).nullable(),
  /** Where the plan itself starts in the file. */
  planOffset: count.nullable(),
  /** Why the file is not a usable plan (not a plan, or a truncated or padded one), when it is not. */
  problem: nullableString,
  /** The Ultralytics metadata, when there is some. */
  metadata: z.record(z.string(), z.unknown()).nullable(),
});
export type PlanHeader = z.infer<typeof planHeaderSchema>;

export const planScanSchema = planHeaderSchema.extend({
  path: z.string(),
  bytes: count,
  zeroBytes: count,
  zeroFraction: z.number().min(0).max(1),
  trailingZeroBytes: count,
  longestZeroRun: count,
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
});
export type PlanScan = z.infer<typeof planScanSchema>;

const myelinLayerSchema = z.object({
  name: z.string(),
  /** `kgen`: a kernel Myelin generated (detailed info); `foreign-node`: the whole Myelin region (names only). */
  kind: z.enum(['kgen', 'foreign-node']),
  ops: z.array(z.string()),
});
export type MyelinLayer = z.infer<typeof myelinLayerSchema>;

const layerInfoSchemaName = z.enum(['10.x (Bindings)', '11.x (I/O Tensors)', 'unknown']);
const layerInfoVerbosity = z.enum(['detailed', 'layer_names_only']);

/** The issue a diagnosis of a plan padded with zeros names: NVIDIA/TensorRT#4841. */
export const PADDING_ISSUE = 'https://github.com/NVIDIA/TensorRT/issues/4841';

export const diagnosisSchema = z.object({
  summary: z.string(),
  layerInfo: z.object({ schema: layerInfoSchemaName, verbosity: layerInfoVerbosity, layers: count }).nullable(),
  myelinLayers: z.array(myelinLayerSchema.extend({ looksLike: nullableString })),
  advice: z.array(z.string()),
  link: z.string(),
});
export type Diagnosis = z.infer<typeof diagnosisSchema>;
