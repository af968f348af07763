// An FP32 copy of an ONNX model whose tensors are FP16 or BF16 (a strongly typed network, as TensorRT 11
// builds only): the reference is computed in FP32, as for every other model, and ONNX Runtime's CPU has no
// BF16 kernels at all. Rewritten at the protobuf level (onnx/onnx.proto3; field numbers are stable): every
// FLOAT16 (10) or BFLOAT16 (16) element type, initializer, Constant/attribute tensor and Cast target becomes
// FLOAT (1), in the graph and in every subgraph (If, Loop, Scan). Fields it does not change are copied byte
// for byte, so int64 attributes beyond 2^53 survive. Pure: bytes in, bytes out.

import { bufferSource, lenField, readVarint, varintField, type WireField, wireFields } from '../common/protobuf.js';

const FLOAT = 1;
const NARROW = new Set([10, 16]);

type Field = WireField;

const parse = (bytes: Uint8Array, start: number, end: number) => wireFields(bufferSource(bytes), start, end);

/** How one message's fields are rewritten: by field number, a function of the field's payload bytes. */
type Rules = Record<number, (payload: Buffer) => Buffer | null>;

/** The message with each field a rule covers rewritten (null: unchanged); `changed` says whether any was. */
class Rewriter {
  changed = false;

  message(bytes: Buffer, rules: Rules, varints: Record<number, (value: number) => number> = {}): Buffer {
    const parts: Buffer[] = [];
    for (const field of parse(bytes, 0, bytes.length)) {
      const rule = field.wire === 2 ? rules[field.number] : undefined;
      const number = field.wire === 0 ? varints[field.number] : undefined;
      if (rule) {
        const next = rule(bytes.subarray(field.payload, field.end));
        parts.push(next ? lenField(field.number, next) : bytes.subarray(field.start, field.end));
      } else if (number && number(field.value) !== field.value) {
        this.changed = true;
        parts.push(varintField(field.number, number(field.value)));
      } else parts.push(bytes.subarray(field.start, field.end));
    }
    return Buffer.concat(parts);
  }
}

const widenType = (type: number) => (NARROW.has(type) ? FLOAT : type);

/** Packed or not, the uint16 bit patterns an FP16/BF16 TensorProto keeps in int32_data (5). */
function int32Data(bytes: Buffer, fields: Field[]): number[] {
  const out: number[] = [];
  const source = bufferSource(bytes);
  for (const f of fields.filter((x) => x.number === 5)) {
    if (f.wire === 0) {
      out.push(f.value);
      continue;
    }
    for (let at = f.payload; at < f.end; ) {
      const v = readVarint(source, at, f.end);
      if (!v) throw new Error('a varint runs past the end');
      out.push(v.value);
      at = v.next;
    }
  }
  return out;
}

/** A TensorProto (dims 1, data_type 2, int32_data 5, name 8, raw_data 9, data_location 14) as FP32. */
function widenTensor(this: Rewriter, bytes: Buffer): Buffer | null {
  const fields = parse(bytes, 0, bytes.length);
  const type = fields.find((f) => f.number === 2 && f.wire === 0)?.value ?? 0;
  if (!NARROW.has(type)) return null;
  if (fields.some((f) => f.number === 14 && f.value === 1)) {
    throw new Error('its FP16/BF16 weights are in external data, which the FP32 reference cannot widen');
  }
  const raw = fields.find((f) => f.number === 9);
  const bits = raw
    ? Array.from({ length: (raw.end - raw.payload) / 2 }, (_, i) => bytes.readUInt16LE(raw.payload + i * 2))
    : int32Data(bytes, fields);
  const halves = Uint16Array.from(bits);
  const values =
    type === 10
      ? Float32Array.from(new Float16Array(halves.buffer))
      : new Float32Array(Uint32Array.from(halves, (h) => h << 16).buffer);
  this.changed = true;
  const kept = fields.filter((f) => f.number !== 2 && f.number !== 5 && f.number !== 9);
  return Buffer.concat([
    ...kept.filter((f) => f.number === 1).map((f) => bytes.subarray(f.start, f.end)),
    varintField(2, FLOAT),
    ...kept.filter((f) => f.number !== 1).map((f) => bytes.subarray(f.start, f.end)),
    lenField(9, Buffer.from(values.buffer)),
  ]);
}

/**
 * The model with every FP16/BF16 tensor in FP32, or null when it has none (the model is used as it is).
 * Throws, saying why, when a narrow tensor cannot be widened (its weights are in external data).
 */
export function widenToFloat32(model: Buffer): Buffer | null {
  const w = new Rewriter();
  const tensor = (payload: Buffer) => widenTensor.call(w, payload);
  // TypeProto: tensor_type (1) → elem_type (1); sequence (4) and optional (9) hold a TypeProto (elem_type 1).
  const typeProto = (payload: Buffer): Buffer =>
    w.message(payload, {
      1: (t) => w.message(t, {}, { 1: widenType }),
      4: (s) => w.message(s, { 1: typeProto }),
      9: (o) => w.message(o, { 1: typeProto }),
    });
  const valueInfo = (payload: Buffer) => w.message(payload, { 2: typeProto });
  // AttributeProto: t (5), g (6), tensors (10), graphs (11); the int (3) of `to` (Cast) and `dtype` (EyeLike…).
  const attribute = (payload: Buffer): Buffer => {
    const fields = parse(payload, 0, payload.length);
    const nameField = fields.find((f) => f.number === 1);
    const name = nameField ? payload.toString('utf8', nameField.payload, nameField.end) : '';
    const typeOf: Record<number, (value: number) => number> = name === 'to' || name === 'dtype' ? { 3: widenType } : {};
    return w.message(payload, { 5: tensor, 6: graph, 10: tensor, 11: graph }, typeOf);
  };
  const node = (payload: Buffer) => w.message(payload, { 5: attribute });
  // GraphProto: node 1, initializer 5, input 11, output 12, value_info 13.
  const graph = (payload: Buffer): Buffer =>
    w.message(payload, { 1: node, 5: tensor, 11: valueInfo, 12: valueInfo, 13: valueInfo });
  const widened = w.message(model, { 7: graph });
  return w.changed ? widened : null;
}
