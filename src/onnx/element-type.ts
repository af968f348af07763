// The element types an accuracy check feeds and compares: ONNX's names (inputs.ts), NumPy's descr and
// the little-endian bytes trtexec's --loadInputs reads (the binding's own type, row-major, no header).
// Pure: numbers in, bytes out.

export const ELEMENT_TYPES = ['float32', 'float16', 'bfloat16', 'int8', 'uint8', 'int32', 'int64', 'bool'] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];

export const isElementType = (type: string): type is ElementType => (ELEMENT_TYPES as readonly string[]).includes(type);

/** Integers and booleans: compared exactly, filled with whole numbers. */
export const isIntegral = (type: ElementType) => type !== 'float32' && type !== 'float16' && type !== 'bfloat16';

/** Bytes per element. */
export const ELEMENT_BYTES: Record<ElementType, number> = {
  float32: 4,
  float16: 2,
  bfloat16: 2,
  int8: 1,
  uint8: 1,
  int32: 4,
  int64: 8,
  bool: 1,
};

/** The whole numbers each integral type holds, to refuse a range it cannot. */
export const INTEGRAL_LIMITS: Record<Exclude<ElementType, 'float32' | 'float16' | 'bfloat16'>, [number, number]> = {
  int8: [-128, 127],
  uint8: [0, 255],
  int32: [-(2 ** 31), 2 ** 31 - 1],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  bool: [0, 1],
};

/** A float32's bits rounded to bfloat16's (round to nearest, ties to even), as the top half of a float32. */
function bfloat16Bits(value: number): number {
  const bits = new Uint32Array(Float32Array.of(value).buffer)[0]!;
  if ((bits & 0x7f800000) === 0x7f800000 && (bits & 0x7fffff) !== 0) return (bits >>> 16) | 0x40; // NaN stays NaN
  return ((bits + 0x7fff + ((bits >>> 16) & 1)) >>> 16) & 0xffff;
}

/** A tensor's values: float32 for the float types (each exactly its type's value), float64 for integers. */
export type TensorValues = Float32Array | Float64Array;

/** NumPy's descr of each type np.save writes little-endian (bfloat16 is no NumPy type). */
export const NUMPY_DESCR: Record<string, ElementType> = {
  '<f4': 'float32',
  '<f2': 'float16',
  '|i1': 'int8',
  '|u1': 'uint8',
  '<i4': 'int32',
  '<i8': 'int64',
  '|b1': 'bool',
};

/** Little-endian bytes of the type as numbers (the inverse of elementBytes); `bytes` holds whole elements. */
export function readElements(type: ElementType, bytes: Buffer): TensorValues {
  const count = bytes.length / ELEMENT_BYTES[type];
  // A copy: a typed view needs its own aligned buffer, which a Buffer's slice of Node's pool may not be.
  const own = Uint8Array.from(bytes).buffer;
  if (type === 'float32') return new Float32Array(own);
  if (type === 'float16') return Float32Array.from(new Float16Array(own));
  if (type === 'bfloat16') return new Float32Array(Uint32Array.from(new Uint16Array(own), (h) => h << 16).buffer);
  const view =
    type === 'int8'
      ? new Int8Array(own)
      : type === 'uint8' || type === 'bool'
        ? new Uint8Array(own)
        : type === 'int32'
          ? new Int32Array(own)
          : Array.from(new BigInt64Array(own), Number);
  return Float64Array.from({ length: count }, (_, i) => view[i]!);
}

/** The value as the type stores it: what the engine receives, so that the reference computes on the same. */
export function roundTo(type: ElementType, value: number): number {
  if (type === 'float32') return Math.fround(value);
  if (type === 'float16') return Math.f16round(value);
  if (type === 'bfloat16') return new Float32Array(Uint32Array.of(bfloat16Bits(value) << 16).buffer)[0]!;
  return type === 'bool' ? (value ? 1 : 0) : Math.trunc(value);
}

/** The values' bytes in the type, little-endian: what --loadInputs reads for a binding of that type. */
export function elementBytes(type: ElementType, values: ArrayLike<number>): Buffer {
  // A view, not a copy, for the common case (the hosts trtexec runs on are little-endian).
  if (type === 'float32' && values instanceof Float32Array) {
    return Buffer.from(values.buffer, values.byteOffset, values.byteLength);
  }
  const out = Buffer.alloc(values.length * ELEMENT_BYTES[type]);
  for (let i = 0; i < values.length; i += 1) {
    const v = values[i]!;
    if (type === 'float32') out.writeFloatLE(v, i * 4);
    else if (type === 'float16') out.writeUInt16LE(new Uint16Array(Float16Array.of(v).buffer)[0]!, i * 2);
    else if (type === 'bfloat16') out.writeUInt16LE(bfloat16Bits(v), i * 2);
    else if (type === 'int8') out.writeInt8(v, i);
    else if (type === 'uint8' || type === 'bool') out.writeUInt8(v, i);
    else if (type === 'int32') out.writeInt32LE(v, i * 4);
    else out.writeBigInt64LE(BigInt(v), i * 8);
  }
  return out;
}
