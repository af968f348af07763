// An engine FP32 everywhere while its model asks for FP16 or BF16: on TensorRT 11 (strongly typed only) an
// FP32 ONNX builds FP32 whatever it was built as on 10.x, a 1.9x larger plan and a slower engine, and
// trtexec says nothing (roboflow/rf-detr#1453). Caught from the engine's layer info, before its plan growth
// or its latency could be called a regression. Pure.
import type { Failure } from '../contract/report.js';
import { hintFor } from './failures.js';
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
