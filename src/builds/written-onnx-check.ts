// Before any GPU time goes to an engine built from an ONNX trt-ci wrote (TensorRT 11's FP16 ONNX), ONNX Runtime
// loads the written model and runs it beside the user's on the same seeded inputs, at the first profile's min
// shape. A written model that does not load, or whose outputs leave the FP16 band, is not built: the writer's
// mistake, or a weight FP16 cannot hold (past 65504), is said with the output and its error instead.
// ONNX Runtime's CPU computes FP16 nodes in FP32 (docs/accuracy.md), so what this sees is the written graph's
// types, casts and rounded weights; an overflow of FP16 activations shows only on the engine (its own gate), or
// where it crosses the edge of a piece the models run in (onnx/pieces.ts), stored in FP16 there.
import { createHash } from 'node:crypto';
import { dirname } from 'node:path';
import { compareOutput } from '../common/compare-output.js';
import { errorMessage } from '../common/errors.js';
import { releaseBytes } from '../common/release-bytes.js';
import { absoluteTolerance } from '../common/tolerance.js';
import type { ModelConfig } from '../contract/config.js';
import type { WrittenCheck } from '../contract/report.js';
import type { OnnxRuntime, ReferenceOutput } from '../onnx/runtime.js';
import { runInPieces } from '../onnx/pieces.js';
import type { NarrowType } from '../onnx/graph.js';
import { type InputTensor, seededInputs } from '../onnx/seeded-inputs.js';
import { widenToFloat32 } from '../onnx/widen-model.js';

/**
 * How far a written output may be from the user's model's, as a share of that output's largest magnitude:
 * FP16 keeps 11 significant bits (2^-11); rounded weights and the casts between layers add up over a network,
 * and 2^-7 (16 units in the last place) is where the writer's own tests put the band. BF16 keeps 8 bits:
 * the same 16 units are 2^-4.
 */
export const WRITTEN_BAND = 2 ** -7;
const WRITTEN_BAND_BF16 = 2 ** -4;

/**
 * ONNX Runtime's CPU has no BF16 kernels: a BF16 model it has resolved (types checked against ONNX's schemas)
 * stops at the first node it has no kernel for. Such a model is then run widened to FP32 (its BF16 weights
 * as the exact values they hold): the types are checked, and the numbers within the band.
 */
const NO_KERNEL = /Could not find an implementation for/;

/**
 * One float output's largest error as a share of its largest finite reference magnitude (compareOutput with
 * atol at the band, rtol 0): Infinity where an element is Inf or NaN and the reference's is not the same, or the
 * output is missing.
 */
function outputError(want: ReferenceOutput, got: ReferenceOutput | undefined, band: number): number {
  if (!got || got.values.length !== want.values.length) return Number.POSITIVE_INFINITY;
  const scale = Math.max(1e-3, absoluteTolerance({ shareOfMax: 1 }, want.values));
  const tolerance = { atol: band * scale, rtol: 0, cosine: null, topK: null };
  const error = compareOutput(got.values, want.values, want.dims, tolerance);
  const finite = (error.maxAbsError ?? 0) / scale;
  // Out of tolerance while every finite element is within it: a non-finite element made it so.
  return error.outOfTolerance > 0 && finite <= band ? Number.POSITIVE_INFINITY : finite;
}

/**
 * Whether the written model's outputs agree with the user's within `band`: each float output's largest error
 * (integer and boolean outputs are not compared: an arg-max may flip on a tie); null when no float output was
 * there to compare. Pure.
 */
export function judgeWritten(
  reference: readonly ReferenceOutput[],
  written: readonly ReferenceOutput[],
  band = WRITTEN_BAND,
): Pick<WrittenCheck, 'status' | 'worst'> | null {
  const byName = new Map(written.map((o) => [o.name, o]));
  let worst: { output: string; error: number } | null = null;
  for (const want of reference.filter((o) => o.type === 'float32')) {
    const error = outputError(want, byName.get(want.name), band);
    if (!worst || error > worst.error) worst = { output: want.name, error };
  }
  if (!worst) return null;
  return {
    status: worst.error <= band ? 'agrees' : 'differs',
    worst: { output: worst.output, error: Number.isFinite(worst.error) ? worst.error : null },
  };
}

/** The accuracy check's input ranges, where it gives them: the check's inputs are drawn in them. */
function rangesOf(model: ModelConfig): Record<string, [number, number]> {
  const inputs = model.accuracy?.inputs;
  return inputs && typeof inputs === 'object' && 'ranges' in inputs ? inputs.ranges : {};
}

/**
 * The user's model's outputs, by its bytes and the inputs: a keep-fp32 search writes one model tens of times in
 * one process (each candidate list), and its reference is the same each time. The few last are kept.
 */
const originals = new Map<string, Promise<ReferenceOutput[]>>();
const ORIGINALS_KEPT = 4;

function originalOutputs(
  ort: OnnxRuntime,
  original: Uint8Array,
  inputs: InputTensor[],
  ranges: unknown,
  { dir, signal }: { dir: string; signal: AbortSignal | undefined },
) {
  const key = createHash('sha256')
    .update(original)
    .update(JSON.stringify([inputs.map((i) => [i.name, i.dims, i.type]), ranges, dir]))
    .digest('hex');
  let outputs = originals.get(key);
  if (!outputs) {
    outputs = runInPieces(ort, Buffer.from(original.buffer, original.byteOffset, original.byteLength), inputs, {
      dir,
      ...(signal && { signal }),
    });
    // A cancelled run is not the model's outputs: the next check computes them afresh.
    outputs.catch(() => originals.delete(key));
    originals.set(key, outputs);
    if (originals.size > ORIGINALS_KEPT) originals.delete(originals.keys().next().value!);
  }
  return outputs;
}

/** Runs both models on ONNX Runtime and judges the written one; never throws. */
export async function checkWrittenOnnx(
  model: ModelConfig,
  /**
   * The user's model, or how to read it: then it is read for its run and freed right after (a gigabyte model is
   * not held while ONNX Runtime runs the written one).
   */
  original: Uint8Array | (() => Promise<Uint8Array>),
  written: Uint8Array,
  types: ReadonlyMap<string, string>,
  runtime: () => Promise<OnnxRuntime>,
  options: {
    narrow?: NarrowType;
    /** Only these outputs are judged (all where null). */
    judged?: ReadonlySet<string> | null;
    /** The run's cancel: ONNX Runtime stops at its next piece of the model (onnx/pieces.ts). */
    signal?: AbortSignal;
  } = {},
): Promise<WrittenCheck> {
  const { narrow = 'fp16', judged = null, signal } = options;
  // Both models name their external data relative to the user's (the written one's is linked beside it).
  const dir = dirname(model.onnx);
  let shape = '';
  const band = narrow === 'bf16' ? WRITTEN_BAND_BF16 : WRITTEN_BAND;
  const result = (status: WrittenCheck['status'], reason: string): WrittenCheck => ({
    status,
    worst: null,
    band,
    shape,
    reason,
  });
  let ort: OnnxRuntime;
  let inputs: InputTensor[];
  let reference: ReferenceOutput[];
  try {
    // The first profile at its min shape: the cheapest run that goes through every node.
    inputs = seededInputs(model.profiles[0]!, 'min', types, rangesOf(model));
    shape = inputs.map((i) => `${i.name}:${i.dims.join('x')}`).join(',');
    ort = await runtime();
    const bytes = typeof original === 'function' ? await original() : original;
    try {
      reference = await originalOutputs(ort, bytes, inputs, rangesOf(model), { dir, signal });
    } finally {
      if (bytes !== original) releaseBytes(bytes);
    }
  } catch (error) {
    if (signal?.aborted) return result('not-checked', 'the run was cancelled');
    // The user's own model: a custom op ONNX Runtime has no kernel for, an input type it is not fed. Not the
    // writer's fault; the build goes on and the report says the written model went unchecked.
    return result('not-checked', `ONNX Runtime cannot run the model itself: ${errorMessage(error)}`);
  }
  let outputs: ReferenceOutput[];
  try {
    const run = (bytes: Buffer) => runInPieces(ort, bytes, inputs, { dir, ...(signal && { signal }) });
    outputs = await run(Buffer.from(written.buffer, written.byteOffset, written.byteLength)).catch((error: unknown) => {
      const widened = narrow === 'bf16' && NO_KERNEL.test(errorMessage(error)) && widenToFloat32(Buffer.from(written));
      if (!widened || signal?.aborted) throw error;
      return run(widened);
    });
  } catch (error) {
    if (signal?.aborted) return result('not-checked', 'the run was cancelled');
    return result('does-not-load', `ONNX Runtime cannot run the written model: ${errorMessage(error)}`);
  }
  const verdict = judgeWritten(
    reference.filter((o) => !judged || judged.has(o.name)),
    outputs,
    band,
  );
  // An agreement over nothing is no check: said as one not made.
  if (!verdict) return result('not-checked', 'the model has no float output to compare (integer outputs are not)');
  return { ...verdict, band, shape, reason: null };
}

/** The check's verdict in words, for a build that is not made. */
export function writtenCheckProblem(check: WrittenCheck): string | null {
  if (check.status === 'does-not-load') return check.reason;
  if (check.status !== 'differs') return null;
  const { output, error } = check.worst!;
  const off = error === null ? 'Inf or NaN' : `${(error * 100).toPrecision(3)}% of its largest value`;
  return (
    `on ONNX Runtime its output ${output} is off from the model's by ${off} at ${check.shape} ` +
    `(band ${(check.band * 100).toPrecision(2)}%)`
  );
}
