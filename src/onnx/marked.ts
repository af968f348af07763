// A copy of an ONNX model whose chosen intermediate tensors are also graph outputs ("marked"), as Polygraphy's
// `--onnx-outputs` does it: an engine built from it exports each of them, so its values can be set beside ONNX
// Runtime's tensor by tensor (accuracy/first-divergence.ts). Each marked tensor is declared a float tensor of
// unknown shape (ValueInfoProto name 1, type 2 → tensor_type 1 → elem_type 1 = FLOAT); the rest of the model
// is copied byte for byte. Marking changes what TensorRT may fuse (a marked tensor must be materialised):
// the caller says so. Pure: bytes in, bytes out.
import { lenField, varintField } from '../common/protobuf.js';
import { FLOAT, fieldsOf, payload, stringField, valueInfo } from './graph.js';

const floatOutput = (name: string) =>
  lenField(12, Buffer.concat([stringField(1, name), lenField(2, lenField(1, varintField(1, FLOAT)))]));

/** The model with `tensors` (main-graph tensors of float type) added to its outputs; existing ones stay once. */
export function markOutputs(model: Buffer, tensors: readonly string[]): Buffer {
  return Buffer.concat(
    fieldsOf(model).map((f) => {
      if (f.number !== 7 || f.wire !== 2) return model.subarray(f.start, f.end);
      const graph = payload(model, f);
      const outputs = new Set(
        fieldsOf(graph)
          .filter((x) => x.number === 12)
          .map((x) => valueInfo(payload(graph, x)).name),
      );
      const added = [...new Set(tensors)].filter((name) => !outputs.has(name)).map(floatOutput);
      return lenField(7, Buffer.concat([graph, ...added]));
    }),
  );
}
