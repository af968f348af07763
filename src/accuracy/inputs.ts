import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ProfileConfig, ShapeChoice } from '../contract/config.js';
import { fileProblem, notRegularFile } from '../common/errors.js';
import { type ElementType, INTEGRAL_LIMITS, isIntegral, roundTo, type TensorValues } from '../onnx/element-type.js';
import { type InputTensor, inputType } from '../onnx/seeded-inputs.js';
import { type NpyArray, parseNpy, parseNpz } from './npz.js';

/**
 * Real samples for each input of the profile, at the chosen shape: `<folder>/<input name>.npy`, or the
 * array of that name in a .npz archive. A sample of another shape is an error that names both: an engine
 * is checked at the shapes it is built for. Float samples feed any float input (rounded to its type, as the
 * engine holds them); whole-number samples feed integer and boolean inputs, when each value fits.
 */
export function sampleInputs(
  source: { folder: string } | { npz: string },
  profile: ProfileConfig,
  shape: ShapeChoice,
  /** How a .npz is read: the stage reads each archive once for all its profiles and shapes. */
  read: typeof readNpz = readNpz,
  types: ReadonlyMap<string, string> = new Map(),
): InputTensor[] {
  const archive = 'npz' in source ? read(source.npz) : null;
  return profile.shapes.map((range) => {
    let sample: NpyArray;
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
        // The largest honest .npy of this input: its largest shape's data at 8 bytes an element, and a header.
        bytes = readRegularFile(where, range.max.reduce((a, b) => a * b, 1) * 8 + 64 * 1024, 'a .npy file');
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
    const type = inputType(types, range.input);
    return { name: range.input, dims: sample.dims, type, values: asInputType(sample, type, where) };
  });
}

/** A sample's values as the input's type holds them; a sample of the other kind (float, whole) is refused. */
function asInputType(sample: NpyArray, type: ElementType, where: string): TensorValues {
  if (isIntegral(sample.type) !== isIntegral(type)) {
    throw new Error(`${where}: ${sample.type} values, but the model's input is ${type}`);
  }
  if (!isIntegral(type)) {
    return sample.type === type ? sample.values : Float32Array.from(sample.values, (v) => roundTo(type, v));
  }
  const [low, high] = INTEGRAL_LIMITS[type as keyof typeof INTEGRAL_LIMITS];
  const outside = sample.values.findIndex((v) => v < low || v > high);
  if (outside >= 0) {
    throw new Error(`${where}: value ${sample.values[outside]} at ${outside} does not fit the input's ${type}`);
  }
  return sample.values;
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
export function readNpz(file: string): Map<string, NpyArray> {
  let bytes: Buffer;
  try {
    bytes = readRegularFile(file, MAX_NPZ_BYTES, 'a .npz file');
  } catch (error) {
    throw new Error(`${file}: cannot read: ${fileProblem(error, 'a .npz file')}`);
  }
  return parseNpz(bytes, file);
}
