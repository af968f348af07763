// trtexec --dumpRawBindingsToFile (8.6+): every binding of the last inference, written to the working
// folder as `<name>.<input|output>.<d0.d1…>.<dtype>.raw` in the binding's own type, so the values are
// the engine's to the last bit (--exportOutput prints ~6 significant digits). Source:
// samples/common/sampleInference.cpp (dumpBindings), common.h (genFilenameSafeString), sampleOptions.cpp
// (operator<< for DataType) at v8.6.1 and v11.1; docs/trtexec-inference-io.md.
import { ELEMENT_BYTES, type ElementType, readElements, type TensorValues } from '../onnx/element-type.js';

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
function rawOutputFileNames(name: string, dims: readonly number[], dtype: string): string[] {
  const suffix = `.output.${dims.join('.')}.${dtype}.raw`;
  return [...new Set([`${filenameSafe(name)}${suffix}`, filenameSafe(`${name}${suffix}`)])];
}

/** The types trt-ci reads from a dump, as trtexec spells them; an output of another type is not compared. */
const RAW_TYPES = ['fp32', 'fp16', 'bf16', 'int32', 'int8', 'uint8', 'int64', 'bool'] as const;
export type RawType = (typeof RAW_TYPES)[number];

/** trtexec's spelling of each type (sampleOptions.cpp operator<< for DataType) as ONNX names it. */
const ELEMENT_OF: Record<RawType, ElementType> = {
  fp32: 'float32',
  fp16: 'float16',
  bf16: 'bfloat16',
  int32: 'int32',
  int8: 'int8',
  uint8: 'uint8',
  int64: 'int64',
  bool: 'bool',
};

/** A dump's values as numbers (as the GPU wrote them); throws when the size is not the shape's. */
export function decodeRaw(bytes: Buffer, dtype: RawType, count: number, file: string): TensorValues {
  const type = ELEMENT_OF[dtype];
  const size = ELEMENT_BYTES[type];
  if (bytes.length !== count * size) {
    throw new Error(`${file}: ${bytes.length} bytes, expected ${count * size} (${count} × ${dtype})`);
  }
  return readElements(type, bytes);
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
