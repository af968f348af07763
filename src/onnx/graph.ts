// An ONNX model's protobuf, read as views and written back field by field (onnx/onnx.proto3; field numbers
// are stable): what mixed-precision.ts needs to see a graph's nodes, tensors and types and to write Casts
// and narrowed initializers. Fields are copied as bytes, never decoded and encoded again.
import {
  bufferSource,
  lenField,
  lenParts,
  type Part,
  varintField,
  type WireField,
  wireFields,
} from '../common/protobuf.js';
import { layerNameOf } from './inputs.js';

export const FLOAT = 1;
export const INT64 = 7;
export const BOOL = 9;
const FLOAT16 = 10;
const BFLOAT16 = 16;

/** The narrow float types the writer makes: ONNX's schemas admit BF16 for fewer ops (narrow-ops.ts). */
export type NarrowType = 'fp16' | 'bf16';
export const narrowCode = (narrow: NarrowType) => (narrow === 'fp16' ? FLOAT16 : BFLOAT16);

/** The default-domain opset a model imports (ModelProto.opset_import 8: domain 1, version 2); 1 if none says. */
export function modelOpset(model: Buffer): number {
  for (const f of fieldsOf(model).filter((x) => x.number === 8 && x.wire === 2)) {
    const set = payload(model, f);
    const fields = fieldsOf(set);
    const domain = fields.find((x) => x.number === 1);
    const name = domain ? text(set, domain) : '';
    const version = fields.find((x) => x.number === 2);
    if ((name === '' || name === 'ai.onnx') && version) return version.value;
  }
  return 1;
}

export const fieldsOf = (bytes: Buffer) => wireFields(bufferSource(bytes), 0, bytes.length);
export const text = (bytes: Buffer, f: WireField) => bytes.toString('utf8', f.payload, f.end);
export const payload = (bytes: Buffer, f: WireField) => bytes.subarray(f.payload, f.end);

export interface Attribute {
  name: string;
  bytes: Buffer;
  fields: WireField[];
}

export interface NodeView {
  bytes: Buffer;
  fields: WireField[];
  inputs: string[];
  outputs: string[];
  name: string;
  op: string;
  domain: string;
  attributes: Attribute[];
}

export function readNode(bytes: Buffer): NodeView {
  const fields = fieldsOf(bytes);
  const strings = (n: number) => fields.filter((f) => f.number === n).map((f) => text(bytes, f));
  const attributes = fields
    .filter((f) => f.number === 5)
    .map((f) => {
      const a = payload(bytes, f);
      const af = fieldsOf(a);
      const nameField = af.find((x) => x.number === 1);
      return { name: nameField ? text(a, nameField) : '', bytes: a, fields: af };
    });
  const outputs = strings(2);
  return {
    bytes,
    fields,
    inputs: strings(1),
    outputs,
    // The layer's name, which --layerPrecisions and keep-fp32 match.
    name: layerNameOf(strings(3)[0] ?? '', outputs[0]),
    op: strings(4)[0] ?? '',
    domain: strings(7)[0] ?? '',
    attributes,
  };
}

export const intAttribute = (node: NodeView, name: string): number | undefined =>
  node.attributes.find((a) => a.name === name)?.fields.find((f) => f.number === 3 && f.wire === 0)?.value;

/** The element type a TensorProto (data_type 2) holds. */
export const tensorType = (bytes: Buffer) => fieldsOf(bytes).find((f) => f.number === 2 && f.wire === 0)?.value ?? 0;

/** A ValueInfoProto's name and its tensor element type (type 2 → tensor_type 1 → elem_type 1), 0 when none. */
export function valueInfo(bytes: Buffer): { name: string; type: number } {
  const fields = fieldsOf(bytes);
  const nameField = fields.find((f) => f.number === 1);
  let type = 0;
  const typeField = fields.find((f) => f.number === 2 && f.wire === 2);
  if (typeField) {
    const tp = payload(bytes, typeField);
    const tensor = fieldsOf(tp).find((f) => f.number === 1 && f.wire === 2);
    if (tensor) type = fieldsOf(payload(tp, tensor)).find((f) => f.number === 1 && f.wire === 0)?.value ?? 0;
  }
  return { name: nameField ? text(bytes, nameField) : '', type };
}

/** Names a graph (and its subgraphs) reads that it does not define: what it captures from outside. */
export function capturedNames(graph: Buffer): Set<string> {
  const defined = new Set<string>();
  const read = new Set<string>();
  for (const f of fieldsOf(graph)) {
    const p = payload(graph, f);
    if (f.number === 5) defined.add(tensorName(p));
    else if (f.number === 11) defined.add(valueInfo(p).name);
    else if (f.number === 1) {
      const node = readNode(p);
      for (const input of node.inputs) if (input) read.add(input);
      for (const g of subgraphs(node)) for (const name of capturedNames(g.bytes)) read.add(name);
      for (const output of node.outputs) defined.add(output);
    }
  }
  return new Set([...read].filter((name) => !defined.has(name)));
}

export const tensorName = (bytes: Buffer) => {
  const f = fieldsOf(bytes).find((x) => x.number === 8);
  return f ? text(bytes, f) : '';
};

/** A node's subgraphs: attribute g (6) and graphs (11). */
export function subgraphs(node: NodeView): { attribute: string; bytes: Buffer }[] {
  return node.attributes.flatMap((a) =>
    a.fields
      .filter((f) => (f.number === 6 || f.number === 11) && f.wire === 2)
      .map((f) => ({
        attribute: a.name,
        bytes: payload(a.bytes, f),
      })),
  );
}

export const stringField = (number: number, value: string) => lenField(number, Buffer.from(value, 'utf8'));

export function castNode(input: string, output: string, to: number): Buffer {
  const attribute = Buffer.concat([stringField(1, 'to'), varintField(3, to), varintField(20, 2)]);
  return Buffer.concat([
    stringField(1, input),
    stringField(2, output),
    stringField(3, `${output}__cast`),
    stringField(4, 'Cast'),
    lenField(5, attribute),
  ]);
}

/**
 * FP32 values as FP16 or BF16 bits, rounded to nearest even (Float16Array's conversion; for BF16 the top 16 bits
 * of the FP32 pattern, rounded on the 16 below); a NaN stays a NaN.
 */
export function narrowValues(
  values: Float32Array,
  narrow: NarrowType,
  /** Where the bits go (at least values.length long, reused chunk after chunk); a new array where not given. */
  into: Uint16Array = new Uint16Array(values.length),
): Buffer {
  const bytes = Buffer.from(into.buffer, into.byteOffset, values.length * 2);
  if (narrow === 'fp16') {
    new Float16Array(into.buffer, into.byteOffset, values.length).set(values);
    return bytes;
  }
  const bits = new Uint32Array(values.buffer, values.byteOffset, values.length);
  for (let i = 0; i < bits.length; i++) {
    const b = bits[i]!;
    into[i] = Number.isNaN(values[i]) ? (b >>> 16) | 0x40 : (b + 0x7fff + ((b >>> 16) & 1)) >>> 16;
  }
  return bytes;
}

/** How many floats an FP32 tensor is read in at a time: raw data not aligned to 4 bytes is copied this much. */
const CHUNK = 1 << 20;

/**
 * An FP32 TensorProto's values (raw_data or float_data) in chunks: views of raw data where it lies on a 4-byte
 * boundary, else copied a chunk at a time into one buffer, never the whole tensor at once (a 1 GiB weight). Each
 * chunk is valid until the next is read. Null for a tensor whose data is external.
 */
function floatChunks(bytes: Buffer): { count: number; chunks: () => Generator<Float32Array> } | null {
  const fields = fieldsOf(bytes);
  if (fields.some((f) => f.number === 14 && f.value === 1)) return null;
  const raw = fields.find((f) => f.number === 9);
  if (raw) {
    const data = payload(bytes, raw);
    const count = Math.floor(data.length / 4);
    const aligned = data.byteOffset % 4 === 0;
    const scratch = aligned ? null : new Float32Array(Math.min(CHUNK, count));
    return {
      count,
      *chunks() {
        for (let at = 0; at < count; at += CHUNK) {
          const n = Math.min(CHUNK, count - at);
          if (!scratch) yield new Float32Array(data.buffer, data.byteOffset + at * 4, n);
          else {
            new Uint8Array(scratch.buffer).set(data.subarray(at * 4, (at + n) * 4));
            yield scratch.subarray(0, n);
          }
        }
      },
    };
  }
  const floats: number[] = [];
  for (const f of fields.filter((x) => x.number === 4)) {
    if (f.wire === 5) floats.push(bytes.readFloatLE(f.payload));
    else for (let at = f.payload; at < f.end; at += 4) floats.push(bytes.readFloatLE(at));
  }
  const values = Float32Array.from(floats);
  return {
    count: values.length,
    *chunks() {
      yield values;
    },
  };
}

/**
 * From where a value rounds to Inf in each narrow type (round to nearest even): halfway between its largest finite
 * value and the next power of two. FP16: 65504 is the largest, 65519 still rounds to it, 65520 is Inf.
 */
const NARROW_OVERFLOW: Record<NarrowType, number> = { fp16: 65520, bf16: (3.3895313892515355e38 + 2 ** 128) / 2 };

/** Whether an FP32 TensorProto holds a finite value past the narrow type's largest (its data read, not external). */
function exceedsNarrow(bytes: Buffer, narrow: NarrowType): boolean {
  if (tensorType(bytes) !== FLOAT) return false;
  const values = floatChunks(bytes);
  if (!values) return false;
  for (const chunk of values.chunks())
    for (const v of chunk) if (Number.isFinite(v) && Math.abs(v) >= NARROW_OVERFLOW[narrow]) return true;
  return false;
}

/**
 * An FP32 initializer renamed and converted, as parts (a gigabyte weight's narrow values are written once, never
 * copied into the message); null when its data is external (a Cast is written instead).
 */
export function narrowInitializer(bytes: Buffer, name: string, narrow: NarrowType): Part[] | null {
  const fields = fieldsOf(bytes);
  const values = floatChunks(bytes);
  if (!values) return null;
  // Converted where the model is joined, straight into it: no narrowed copy of the weight is held beside it.
  const narrowed: Part = {
    length: values.count * 2,
    writeInto(target, at) {
      const scratch = new Uint16Array(Math.min(CHUNK, values.count));
      for (const chunk of values.chunks()) at += narrowValues(chunk, narrow, scratch).copy(target, at);
    },
  };
  return [
    ...fields.filter((f) => f.number === 1).map((f) => bytes.subarray(f.start, f.end)),
    varintField(2, narrowCode(narrow)),
    stringField(8, name),
    ...fields.filter((f) => ![1, 2, 4, 8, 9].includes(f.number)).map((f) => bytes.subarray(f.start, f.end)),
    ...lenParts(9, [narrowed]),
  ];
}

/** The graph's constants whose values a narrow type cannot hold: initializers and Constant nodes' values. */
export function wideConstants(
  initializers: ReadonlyMap<string, Buffer>,
  nodes: readonly NodeView[],
  narrow: NarrowType,
): Set<string> {
  const wide = new Set<string>();
  for (const [name, tensor] of initializers) if (exceedsNarrow(tensor, narrow)) wide.add(name);
  for (const node of nodes) {
    if (node.op !== 'Constant' || !node.outputs[0]) continue;
    const value = node.attributes.find((a) => a.name === 'value');
    const t = value?.fields.find((f) => f.number === 5);
    if (value && t && exceedsNarrow(payload(value.bytes, t), narrow)) wide.add(node.outputs[0]);
  }
  return wide;
}
