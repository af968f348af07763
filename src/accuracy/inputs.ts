import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ProfileConfig, ShapeChoice, ShapeRange } from '../contract/config.js';
import { fileProblem, notRegularFile } from '../common/errors.js';
import { parseNpy, parseNpz } from './npz.js';

/** One input tensor for an accuracy check: float32, row-major, as --loadInputs reads it. */
export interface InputTensor {
  name: string;
  dims: number[];
  values: Float32Array;
}

/**
 * The inputs `inputs: auto` means: for each input of the profile at the chosen shape, values drawn from
 * a seeded generator, uniform in [-1, 1), so that the same model and shapes get the same inputs on every
 * runner and every run, and a reference computed once can be kept.
 */
export function seededInputs(profile: ProfileConfig, shape: ShapeChoice, seed = 0x7e57): InputTensor[] {
  let state = seed >>> 0;
  const next = () => {
    // xorshift32: fast, and the same numbers in every JavaScript engine.
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x100000000;
  };
  return profile.shapes.map((range: ShapeRange) => {
    const dims = range[shape];
    const count = dims.reduce((a, b) => a * b, 1);
    return { name: range.input, dims: [...dims], values: Float32Array.from({ length: count }, () => next() * 2 - 1) };
  });
}

/**
 * A float32 tensor's own bytes, as --loadInputs and --loadRefOutputs read them: little-endian, no header
 * (a view, not a copy; the hosts trtexec runs on are little-endian).
 */
export const float32Bytes = (values: Float32Array): Buffer =>
  Buffer.from(values.buffer, values.byteOffset, values.byteLength);

/**
 * Real samples for each input of the profile, at the chosen shape: `<folder>/<input name>.npy`, or the
 * array of that name in a .npz archive. A sample of another shape is an error that names both: an engine
 * is checked at the shapes it is built for.
 */
export function sampleInputs(
  source: { folder: string } | { npz: string },
  profile: ProfileConfig,
  shape: ShapeChoice,
  /** How a .npz is read: the stage reads each archive once for all its profiles and shapes. */
  read: typeof readNpz = readNpz,
): InputTensor[] {
  const archive = 'npz' in source ? read(source.npz) : null;
  return profile.shapes.map((range) => {
    let sample: { dims: number[]; values: Float32Array };
    let where: string;
    if ('npz' in source) {
      where = `${source.npz}:${range.input}`;
      const found = archive!.get(range.input);
      if (!found) throw new Error(`${source.npz}: no array named ${range.input} (the model's input)`);
      sample = found;
    } else {
      where = join(source.folder, `${range.input}.npy`);
      let bytes: Buffer;
      try {
        // The largest honest .npy of this input: its largest shape's float32 data and a header.
        bytes = readRegularFile(where, range.max.reduce((a, b) => a * b, 1) * 4 + 64 * 1024, 'a .npy file');
      } catch (error) {
        throw new Error(`${where}: cannot read sample for input ${range.input}: ${fileProblem(error, 'a .npy file')}`);
      }
      sample = parseNpy(bytes, where);
    }
    const want = range[shape];
    if (sample.dims.join('x') !== want.join('x')) {
      throw new Error(
        `${where}: shape ${sample.dims.join('x')}, but the ${shape} shape of this profile is ${want.join('x')}`,
      );
    }
    return { name: range.input, dims: sample.dims, values: sample.values };
  });
}

/**
 * A file's bytes, when it is a regular file (a FIFO would block the event loop, so that not even SIGTERM
 * could write the report; /dev/zero never ends) of at most `maxBytes`.
 */
function readRegularFile(file: string, maxBytes: number, expected: string): Buffer {
  const found = statSync(file);
  const irregular = notRegularFile(found, expected);
  if (irregular) throw new Error(irregular);
  if (found.size > maxBytes) throw new Error(`${found.size} bytes, more than the ${maxBytes} it can hold`);
  return readFileSync(file);
}

/** Largest .npz trt-ci reads (inputs and references of one model, compressed or not). */
const MAX_NPZ_BYTES = 16 * 1024 ** 3;

/** A .npz file's arrays by name; a file that cannot be read is an error naming it. */
export function readNpz(file: string): Map<string, { dims: number[]; values: Float32Array }> {
  let bytes: Buffer;
  try {
    bytes = readRegularFile(file, MAX_NPZ_BYTES, 'a .npz file');
  } catch (error) {
    throw new Error(`${file}: cannot read: ${fileProblem(error, 'a .npz file')}`);
  }
  return parseNpz(bytes, file);
}
