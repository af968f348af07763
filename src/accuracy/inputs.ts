import type { ProfileConfig, ShapeRange } from '../config/load.js';

export type ShapeChoice = 'min' | 'opt' | 'max';

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

/** The bytes --loadInputs expects for a float32 tensor: little-endian, no header. */
export function rawBytes(tensor: InputTensor): Buffer {
  const bytes = Buffer.alloc(tensor.values.length * 4);
  for (const [i, v] of tensor.values.entries()) bytes.writeFloatLE(v, i * 4);
  return bytes;
}
