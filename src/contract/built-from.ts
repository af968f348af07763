// The ONNX an engine was built from when trt-ci wrote it (report.builds[].builtFrom), apart from report.ts for
// its size.
import { z } from 'zod';
import { count } from './values.js';

/**
 * ONNX Runtime's check of an ONNX trt-ci wrote (TensorRT 11's FP16 ONNX) against the user's, before it is built:
 * `agrees`, `differs` (an output out of the band: not built), `does-not-load` (not built), or `not-checked`
 * (ONNX Runtime cannot run the user's model itself: built, and said). `worst`: the float output with the largest
 * error, as a share of its largest value (null: Inf, NaN or a missing output where the model had a value);
 * `shape`: the inputs it ran at.
 */
const writtenCheckSchema = z.object({
  status: z.enum(['agrees', 'differs', 'does-not-load', 'not-checked']),
  worst: z.object({ output: z.string(), error: z.number().nullable() }).nullable(),
  band: z.number(),
  shape: z.string(),
  reason: z.string().nullable(),
});
export type WrittenCheck = z.infer<typeof writtenCheckSchema>;

/**
 * The FP16 or BF16 ONNX trt-ci wrote and trtexec built, for precision: fp16 or bf16 on TensorRT 11 (no --fp16 or
 * --bf16 there): its path, how many nodes compute in FP16, BF16 and FP32, the keep-fp32 nodes, the Casts between,
 * ONNX Runtime's check.
 */
export const builtFromSchema = z.object({
  onnx: z.string(),
  /** The narrow type written (absent in reports before BF16: fp16). */
  narrow: z.enum(['fp16', 'bf16']).optional(),
  fp16Nodes: count,
  /** Nodes computing in BF16 (absent in reports before BF16: 0). */
  bf16Nodes: count.optional(),
  fp32Nodes: count,
  kept: z.array(z.string()),
  /** Nodes the writer kept in FP32 on its own: they read a constant past the narrow type's largest value. */
  keptWide: z.array(z.string()).default([]),
  casts: count,
  /** ONNX Runtime's check of the written model before it was built (absent in reports before it). */
  check: writtenCheckSchema.optional(),
});
