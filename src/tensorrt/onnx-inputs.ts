// The inputs of an ONNX model (what trtexec's --minShapes/--optShapes/--maxShapes must name), read from the
// protobuf itself: ModelProto.graph (7) → GraphProto.input (11), each a ValueInfoProto: name (1), type (2) →
// TypeProto.tensor_type (1) → elem_type (1), shape (2) → TensorShapeProto.dim (1) → dim_value (1) or
// dim_param (2). Initializers (GraphProto.initializer, 5; TensorProto.name, 8) that older exporters also list
// as inputs are not inputs a profile must shape. Source: onnx/onnx.proto3 (ONNX 1.x, field numbers are stable).

export interface OnnxInput {
  name: string;
  /** TensorProto.DataType as a word: float32, float16, int64, bool, … */
  type: string;
  /** Each dimension: a fixed size, or null when dynamic (a symbolic name, or none). */
  dims: (number | null)[];
}

const ELEM_TYPES: Record<number, string> = {
  1: 'float32',
  2: 'uint8',
  3: 'int8',
  4: 'uint16',
  5: 'int16',
  6: 'int32',
  7: 'int64',
  8: 'string',
  9: 'bool',
  10: 'float16',
  11: 'float64',
  12: 'uint32',
  13: 'uint64',
  16: 'bfloat16',
  17: 'float8e4m3fn',
  18: 'float8e4m3fnuz',
  19: 'float8e5m2',
  20: 'float8e5m2fnuz',
  21: 'uint4',
  22: 'int4',
};

/** One protobuf field: its number, wire type and value (a number for varints, the bytes for LEN). */
interface Field {
  number: number;
  value: number | Buffer;
}

/** The fields of a message, in order; throws on bytes that are not protobuf. */
function fields(bytes: Buffer): Field[] {
  const out: Field[] = [];
  let at = 0;
  const varint = (): number => {
    let value = 0;
    for (let shift = 0; shift < 64; shift += 7) {
      if (at >= bytes.length) throw new Error('a varint runs past the end');
      const byte = bytes[at++]!;
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
    throw new Error('a varint is too long');
  };
  while (at < bytes.length) {
    const key = varint();
    const number = Math.floor(key / 8);
    const wire = key % 8;
    if (wire === 0) out.push({ number, value: varint() });
    else if (wire === 2) {
      const length = varint();
      if (at + length > bytes.length) throw new Error('a field runs past the end');
      out.push({ number, value: bytes.subarray(at, at + length) });
      at += length;
    } else if (wire === 1) at += 8;
    else if (wire === 5) at += 4;
    else throw new Error(`wire type ${wire} is not protobuf's`);
  }
  return out;
}

const messages = (list: Field[], number: number) =>
  list.filter((f) => f.number === number && Buffer.isBuffer(f.value)).map((f) => f.value as Buffer);
const text = (list: Field[], number: number) => messages(list, number)[0]?.toString('utf8') ?? null;

/** The graph's inputs a build must be given shapes for; throws when the bytes are not an ONNX model. */
export function onnxInputs(model: Buffer): OnnxInput[] {
  const graph = messages(fields(model), 7)[0];
  if (!graph) throw new Error('no graph in it (ModelProto.graph)');
  const graphFields = fields(graph);
  const initialized = new Set(messages(graphFields, 5).map((t) => text(fields(t), 8)));
  return messages(graphFields, 11).flatMap((info) => {
    const infoFields = fields(info);
    const name = text(infoFields, 1) ?? '';
    if (initialized.has(name)) return [];
    const tensor = messages(infoFields, 2).flatMap((t) => messages(fields(t), 1))[0];
    const tensorFields = tensor ? fields(tensor) : [];
    const elem = tensorFields.find((f) => f.number === 1)?.value;
    const shape = messages(tensorFields, 2)[0];
    const dims = shape
      ? messages(fields(shape), 1).map((d) => {
          const value = fields(d).find((f) => f.number === 1)?.value;
          return typeof value === 'number' && value > 0 ? value : null;
        })
      : [];
    return [{ name, type: typeof elem === 'number' ? (ELEM_TYPES[elem] ?? `type ${elem}`) : 'unknown', dims }];
  });
}

/** `images (float32, 1x3x?x?)`: an input as a message shows it. */
export const describeInput = (input: OnnxInput) =>
  `${input.name} (${input.type}, ${input.dims.map((d) => d ?? '?').join('x') || 'scalar'})`;
