// An engine FP32 everywhere while its model asks for FP16 or BF16: on TensorRT 11 (strongly typed only) an
// FP32 ONNX builds FP32 whatever it was built as on 10.x, a 1.9x larger plan and a slower engine, and
// trtexec says nothing (roboflow/rf-detr#1453). Caught from the engine's layer info, before its plan growth
// or its latency could be called a regression. Pure.
import type { Failure } from '../contract/report.js';
import { type ModelConfig, narrowOf } from '../contract/config.js';
import { hintFor } from './failures.js';
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
 * Whether a build is judged for it: strongly typed (TensorRT 11), asked for fp16 or bf16, and keep-fp32 empty
 * (FP32 asked for by the list is what was asked: `trt-ci precision` keeps every candidate once). Before 11
 * FP16 is a permission, not an order: TensorRT may pick FP32 kernels for a tiny network.
 */
export function judgesSilentFp32(
  model: Pick<ModelConfig, 'precision' | 'keepFp32'>,
  version: TensorRtVersion,
): boolean {
  return narrowOf(model.precision) !== null && model.keepFp32.length === 0 && atLeast(version, '11.0');
}

/** The failure of a strongly typed build asked for `precision` whose layers are FP32 everywhere. */
export function silentFp32Failure(
  precision: 'fp16' | 'bf16',
  layerInfo: string,
  /** The FP16 nodes of the ONNX trt-ci wrote for the build, when it wrote one. */
  writtenFp16Nodes: number | null,
): Failure {
  const why =
    writtenFp16Nodes === null
      ? 'TensorRT 11 builds the precisions the ONNX holds, and this one holds none narrower'
      : `the FP16 ONNX trt-ci wrote has ${writtenFp16Nodes} FP16 node(s): its ops are ones kept in FP32 ` +
        '(docs/accuracy.md lists what the writer narrows)';
  return {
    kind: 'silent-fp32',
    message: `the engine computes in FP32 everywhere (${layerInfo}) though the model asks for ${precision}: ${why}`,
    hint: hintFor('silent-fp32', ''),
  };
}
