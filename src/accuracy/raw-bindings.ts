// trtexec --dumpRawBindingsToFile (8.6+): every binding of the last inference, written to the working
// folder as `<name>.<input|output>.<d0.d1…>.<dtype>.raw` in the binding's own type, so the values are
// the engine's to the last bit (--exportOutput prints ~6 significant digits). Source:
// samples/common/sampleInference.cpp (dumpBindings), common.h (genFilenameSafeString), sampleOptions.cpp
// (operator<< for DataType) at v8.6.1 and v11.1; docs/trtexec-inference-io.md.

/** Longest file name genFilenameSafeString keeps; longer ones keep both ends around "...". */
const MAX_FILE_NAME = 150;

/** genFilenameSafeString: letters, digits and `._-,` kept, anything else `_`; cut in the middle when long. */
export function filenameSafe(text: string): string {
  const safe = (part: string) => part.replace(/[^A-Za-z0-9._,-]/g, '_');
  if (text.length <= MAX_FILE_NAME) return safe(text);
  const half = (MAX_FILE_NAME - 3) >> 1;
  return `${safe(text.slice(0, half))}...${safe(text.slice(text.length - half))}`;
}

/**
 * The names an output's dump may have: 8.6 makes only the tensor name safe, 11.1 the whole file name
 * (they differ only for names long enough to be cut).
 */
export function rawOutputFileNames(name: string, dims: readonly number[], dtype: string): string[] {
  const suffix = `.output.${dims.join('.')}.${dtype}.raw`;
  return [...new Set([`${filenameSafe(name)}${suffix}`, filenameSafe(`${name}${suffix}`)])];
}

/** The types trt-ci reads from a dump, as trtexec spells them; an output of another type is not compared. */
export const RAW_TYPES = ['fp32', 'fp16', 'bf16', 'int32', 'int8', 'uint8', 'int64', 'bool'] as const;
export type RawType = (typeof RAW_TYPES)[number];

const BYTES: Record<RawType, number> = { fp32: 4, fp16: 2, bf16: 2, int32: 4, int8: 1, uint8: 1, int64: 8, bool: 1 };

/** A dump's values as numbers (little-endian, as the GPU wrote them); throws when the size is not the shape's. */
export function decodeRaw(bytes: Buffer, dtype: RawType, count: number, file: string): Float64Array {
  if (bytes.length !== count * BYTES[dtype]) {
    throw new Error(`${file}: ${bytes.length} bytes, expected ${count * BYTES[dtype]} (${count} × ${dtype})`);
  }
  const values = new Float64Array(count);
  for (let i = 0; i < count; i += 1) values[i] = readValue(bytes, dtype, i);
  return values;
}

function readValue(bytes: Buffer, dtype: RawType, i: number): number {
  switch (dtype) {
    case 'fp32':
      return bytes.readFloatLE(i * 4);
    case 'fp16':
      return halfToNumber(bytes.readUInt16LE(i * 2));
    case 'bf16':
      // bfloat16 is the top half of a float32.
      return new Float32Array(new Uint32Array([bytes.readUInt16LE(i * 2) << 16]).buffer)[0]!;
    case 'int32':
      return bytes.readInt32LE(i * 4);
    case 'int8':
      return bytes.readInt8(i);
    case 'uint8':
    case 'bool':
      return bytes[i]!;
    case 'int64':
      return Number(bytes.readBigInt64LE(i * 8));
  }
}

/** IEEE 754 binary16 to a number: sign, 5 exponent bits, 10 fraction bits. */
export function halfToNumber(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >> 10) & 0x1f;
  const fraction = bits & 0x3ff;
  if (exponent === 0) return sign * fraction * 2 ** -24;
  if (exponent === 0x1f) return fraction === 0 ? sign * Number.POSITIVE_INFINITY : Number.NaN;
  return sign * (1 + fraction / 1024) * 2 ** (exponent - 15);
}

/** The dump of output `name` among a folder's files, with the shape and type its name gives; null if none. */
export function findRawOutput(
  files: readonly string[],
  name: string,
): { file: string; dims: number[]; dtype: string } | null {
  for (const file of files) {
    const parts = /\.output\.((?:\d+\.)*\d+|)\.([a-z0-9]+)\.raw$/.exec(file);
    if (!parts) continue;
    const dims = parts[1] ? parts[1].split('.').map(Number) : [];
    if (rawOutputFileNames(name, dims, parts[2]!).includes(file)) return { file, dims, dtype: parts[2]! };
  }
  return null;
}

export const isRawType = (dtype: string): dtype is RawType => (RAW_TYPES as readonly string[]).includes(dtype);
