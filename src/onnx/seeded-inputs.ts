// The inputs a model is run on when nobody gave samples: seeded, so that the same model and shapes get the same
// values on every runner and in every run (the accuracy check's `inputs: auto`, the check of a written FP16 ONNX).
import type { ProfileConfig, ShapeChoice, ShapeRange } from '../contract/config.js';
import {
  ELEMENT_TYPES,
  type ElementType,
  isElementType,
  isIntegral,
  roundTo,
  type TensorValues,
} from './element-type.js';

/** One input tensor for an accuracy check, in the model's own element type, row-major. */
export interface InputTensor {
  name: string;
  dims: number[];
  type: ElementType;
  /** Each value exactly as the type holds it (rounded to FP16 for a float16 input): what the engine gets. */
  values: TensorValues;
}

/** Polygraphy's default data loader range, [0, 1] inclusive, for whole numbers (comparator/data_loader.py). */
const DEFAULT_INTEGER_RANGE: [number, number] = [0, 1];
/** trt-ci's float inputs: uniform in [-1, 1). */
const DEFAULT_FLOAT_RANGE: [number, number] = [-1, 1];

/** The element type of input `name` in the model (float32 when the model does not say, as before types). */
export function inputType(types: ReadonlyMap<string, string>, name: string): ElementType {
  const type = types.get(name) ?? 'float32';
  if (!isElementType(type)) {
    throw new Error(
      `the model's input ${name} is ${type}; trt-ci feeds ${ELEMENT_TYPES.join(', ')} inputs (give samples)`,
    );
  }
  return type;
}

/**
 * The inputs `inputs: auto` means: for each input of the profile at the chosen shape, values drawn from a
 * seeded generator, so that the same model and shapes get the same inputs on every runner and every run, and
 * a reference computed once can be kept. Floats are uniform in [-1, 1) and integers and booleans uniform in
 * [0, 1] (Polygraphy's default), or in the input's own `range` (a vocabulary: [0, 30521]).
 */
export function seededInputs(
  profile: ProfileConfig,
  shape: ShapeChoice,
  types: ReadonlyMap<string, string> = new Map(),
  ranges: Readonly<Record<string, readonly [number, number]>> = {},
  seed = 0x7e57,
): InputTensor[] {
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
    const type = inputType(types, range.input);
    if (isIntegral(type)) {
      const [low, high] = ranges[range.input] ?? DEFAULT_INTEGER_RANGE;
      const values = Float64Array.from({ length: count }, () => low + Math.floor(next() * (high - low + 1)));
      return { name: range.input, dims: [...dims], type, values };
    }
    const [low, high] = ranges[range.input] ?? DEFAULT_FLOAT_RANGE;
    const values = Float32Array.from({ length: count }, () => roundTo(type, low + next() * (high - low)));
    return { name: range.input, dims: [...dims], type, values };
  });
}
