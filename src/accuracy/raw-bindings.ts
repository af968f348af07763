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

/** Each type's element as a typed array over little-endian bytes (bf16 is read as the top half of an fp32). */
const VIEWS: Record<RawType, { bytes: number; view: (buffer: ArrayBuffer) => ArrayLike<number> }> = {
  fp32: { bytes: 4, view: (b) => new Float32Array(b) },
  fp16: { bytes: 2, view: (b) => new Float16Array(b) },
  bf16: { bytes: 2, view: (b) => widen(new Uint16Array(b)) },
  int32: { bytes: 4, view: (b) => new Int32Array(b) },
  int8: { bytes: 1, view: (b) => new Int8Array(b) },
  uint8: { bytes: 1, view: (b) => new Uint8Array(b) },
  int64: { bytes: 8, view: (b) => numbers(new BigInt64Array(b)) },
  bool: { bytes: 1, view: (b) => new Uint8Array(b) },
};

/** bfloat16 bits as the float32 whose top half they are. */
function widen(halves: Uint16Array): Float32Array {
  const words = new Uint32Array(halves.length);
  for (let i = 0; i < halves.length; i += 1) words[i] = halves[i]! << 16;
  return new Float32Array(words.buffer);
}

function numbers(values: BigInt64Array): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i += 1) out[i] = Number(values[i]!);
  return out;
}

/** A dump's values as numbers (as the GPU wrote them); throws when the size is not the shape's. */
export function decodeRaw(bytes: Buffer, dtype: RawType, count: number, file: string): Float64Array {
  const { bytes: size, view } = VIEWS[dtype];
  if (bytes.length !== count * size) {
    throw new Error(`${file}: ${bytes.length} bytes, expected ${count * size} (${count} × ${dtype})`);
  }
  // A copy: the view needs its own aligned buffer, which a Buffer's slice of Node's pool may not be.
  const values = view(Uint8Array.from(bytes).buffer);
  const numbers = new Float64Array(count);
  for (let i = 0; i < count; i += 1) numbers[i] = values[i]!;
  return numbers;
}

/** The output dumps among a folder's files, with the shape and type each name gives. */
function outputDumps(files: readonly string[]): { file: string; dims: number[]; dtype: string }[] {
  return files.flatMap((file) => {
    const parts = /\.output\.((?:\d+\.)*\d+|)\.([a-z0-9]+)\.raw$/.exec(file);
    return parts ? [{ file, dims: parts[1] ? parts[1].split('.').map(Number) : [], dtype: parts[2]! }] : [];
  });
}

/**
 * Output names whose dumps would have one file name (`y:0` and `y_0` are both `y_0`): trtexec writes the
 * second over the first, so the dump cannot tell them apart and --exportOutput (named) must be read.
 */
export function dumpNamesCollide(names: readonly string[]): boolean {
  return new Set(names.map(filenameSafe)).size !== names.length;
}

/** Dumped outputs that are none of `names` (an output the reference does not check). */
export function dumpsOfOtherOutputs(files: readonly string[], names: readonly string[]): string[] {
  return outputDumps(files)
    .filter((dump) => !names.some((name) => rawOutputFileNames(name, dump.dims, dump.dtype).includes(dump.file)))
    .map((dump) => dump.file);
}

/** The dump of output `name` among a folder's files, with the shape and type its name gives; null if none. */
export function findRawOutput(
  files: readonly string[],
  name: string,
): { file: string; dims: number[]; dtype: string } | null {
  return outputDumps(files).find((dump) => rawOutputFileNames(name, dump.dims, dump.dtype).includes(dump.file)) ?? null;
}

export const isRawType = (dtype: string): dtype is RawType => (RAW_TYPES as readonly string[]).includes(dtype);
