// An engine FP32 everywhere while its model asks for FP16 or BF16: on TensorRT 11 (strongly typed only) an
// FP32 ONNX builds FP32 whatever it was built as on 10.x, a 1.9x larger plan and a slower engine, and
// trtexec says nothing (roboflow/rf-detr#1453). Caught from the engine's layer info, before its plan growth
// or its latency could be called a regression. Pure.
import type { Failure } from '../contract/report.js';
import { type ModelConfig, narrowOf } from '../contract/config.js';
import { hintFor } from './failure-hints.js';
import { atLeast, type TensorRtVersion } from './version.js';
import type { EngineLayer } from './layer-info.js';

/** The precisions a layer computes floats in (int32, int64 and bool are indices and masks). */
const FLOATING = new Set(['fp32', 'fp16', 'bf16', 'fp8', 'int8', 'int4', 'fp4']);

/** Whether the computing layers (reformats left out) hold floats, and every one of them in FP32. */
export function fp32Everywhere(layers: readonly EngineLayer[]): boolean {
  const floats = layers
    .filter((l) => l.reformatOf === null && l.type !== 'Reformat')
    .flatMap((l) => l.precisions.filter((p) => FLOATING.has(p)));
  return floats.length > 0 && floats.every((p) => p === 'fp32');
}

/**
 * Whether a build is judged for it: strongly typed (TensorRT 11) and asked for fp16 or bf16. Exempt only where
 * FP32 everywhere is what was asked: a keep-fp32 list that left the written ONNX no narrow node (`trt-ci
 * precision` keeps every candidate once). A list that leaves narrow nodes is judged like no list, and so is one
 * whose written ONNX is not known (`narrowed` null: no evidence that it kept everything). Before 11 FP16 is a
 * permission, not an order: TensorRT may pick FP32 kernels for a tiny network.
 */
export function judgesSilentFp32(
  model: Pick<ModelConfig, 'precision' | 'keepFp32'>,
  version: TensorRtVersion,
  /** The narrow (FP16 or BF16) nodes of the ONNX trt-ci wrote for the build; null when it wrote none. */
  narrowed: number | null,
): boolean {
  if (narrowOf(model.precision) === null || !atLeast(version, '11.0')) return false;
  return !(model.keepFp32.length > 0 && narrowed === 0);
}

/** The failure of a strongly typed build asked for `precision` whose layers are FP32 everywhere. */
export function silentFp32Failure(
  precision: 'fp16' | 'bf16',
  layerInfo: string,
  /** The narrow nodes of the ONNX trt-ci wrote for the build, when it wrote one. */
  narrowed: number | null,
): Failure {
  const type = precision.toUpperCase();
  const why =
    narrowed === null
      ? 'TensorRT 11 builds the precisions the ONNX holds, and this one holds none narrower'
      : narrowed === 0
        ? `the ${type} ONNX trt-ci wrote has no ${type} node: every op of this model is one the writer keeps in ` +
          'FP32 (docs/accuracy.md lists what it narrows)'
        : `the ${type} ONNX trt-ci wrote has ${narrowed} ${type} node(s), and TensorRT still built every layer ` +
          'in FP32';
  return {
    kind: 'silent-fp32',
    message: `the engine computes in FP32 everywhere (${layerInfo}) though the model asks for ${precision}: ${why}`,
    hint: hintFor('silent-fp32', ''),
  };
}
