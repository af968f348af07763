// What a model's files say before any build: whether its ONNX can be read at all (missing, not a regular
// file, unreadable, a Git LFS pointer), and whether the profiles shape the inputs the ONNX really has.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { closest } from '../common/did-you-mean.js';
import { fileProblem, notRegularFile } from '../common/errors.js';
import type { Config, ConfigPath } from '../contract/config.js';
import { INTEGRAL_LIMITS, isElementType, isIntegral } from '../onnx/element-type.js';
import { describeInput, type OnnxInput, readOnnxIo } from '../onnx/inputs.js';

/** A problem at a place in trt-ci.yml. */
export interface Problem {
  path: ConfigPath;
  message: string;
}

/**
 * The profiles' shapes against the model's own inputs, before any build: an input the model does not have
 * (with the closest name), a shape of another rank, a fixed dimension given another size, a dynamic input
 * a profile leaves out; and the accuracy check's input ranges (at `rangesAt`): an input the model lacks, a
 * range an integer input cannot hold. Each at its place; the message lists the model's inputs. A file that
 * does not parse as ONNX is left to trtexec, whose parser says why.
 */
export function modelInputProblems(
  model: Config['models'][number],
  m: number,
  count: number,
  rangesAt: ConfigPath,
): Problem[] {
  let inputs: OnnxInput[];
  try {
    // Read at offsets: the graph's inputs, never its weights (a model can be gigabytes).
    inputs = readOnnxIo(model.onnx).inputs;
  } catch {
    return [];
  }
  if (inputs.length === 0) return [];
  const listed = `the model's inputs: ${inputs.map(describeInput).join(', ')}`;
  const problems: Problem[] = [];
  const ranges = model.accuracy && typeof model.accuracy.inputs === 'object' && 'ranges' in model.accuracy.inputs;
  for (const [name, [low, high]] of Object.entries(ranges ? (model.accuracy!.inputs as RangeInputs).ranges : {})) {
    const input = inputs.find((i) => i.name === name);
    const near = input
      ? null
      : closest(
          name,
          inputs.map((i) => i.name),
        );
    const problem = !input
      ? `expected an input of the model, got "${name}"${near ? ` (did you mean "${near}"?)` : ''}; ${listed}`
      : rangeProblem(input.type, low, high);
    if (problem) problems.push({ path: [...rangesAt, name], message: problem });
  }
  model.profiles.slice(0, count).forEach((profile, p) => {
    if (profile.shapes.length === 0) return;
    const at = (...rest: (string | number)[]) => ['models', m, 'profiles', p, 'shapes', ...rest];
    for (const range of profile.shapes) {
      const input = inputs.find((i) => i.name === range.input);
      if (!input) {
        const near = closest(
          range.input,
          inputs.map((i) => i.name),
        );
        problems.push({
          path: at(range.input),
          message:
            `expected an input of the model, got "${range.input}"` +
            `${near ? ` (did you mean "${near}"?)` : ''}; ${listed}`,
        });
        continue;
      }
      if (range.min.length !== input.dims.length) {
        problems.push({
          path: at(range.input),
          message:
            `expected ${input.dims.length} dimensions, as the model's ${describeInput(input)}, ` +
            `got ${range.min.join('x')} (${range.min.length})`,
        });
        continue;
      }
      for (const which of ['min', 'opt', 'max'] as const) {
        const wrong = input.dims.findIndex((d, i) => d !== null && range[which][i] !== d);
        if (wrong >= 0) {
          problems.push({
            path: at(range.input),
            message:
              `expected dimension ${wrong} to be ${input.dims[wrong]}, fixed in the model's ${describeInput(input)}, ` +
              `got ${which} ${range[which].join('x')}`,
          });
          break;
        }
      }
    }
    for (const input of inputs) {
      if (input.dims.some((d) => d === null) && !profile.shapes.some((s) => s.input === input.name)) {
        problems.push({
          path: ['models', m, 'profiles', p, 'shapes'],
          message: `expected a shape for each dynamic input, got none for ${describeInput(input)}; ${listed}`,
        });
      }
    }
  });
  return problems;
}

/** The narrowest float type among the network's inputs and outputs (bf16, then fp16), or null. */
export function networkFloatType(onnx: string): 'fp16' | 'bf16' | null {
  let types: string[];
  try {
    const io = readOnnxIo(onnx);
    types = [...io.inputs, ...io.outputs].map((v) => v.type);
  } catch {
    return null;
  }
  return types.includes('bfloat16') ? 'bf16' : types.includes('float16') ? 'fp16' : null;
}

type RangeInputs = { ranges: Record<string, [number, number]> };

/** Why an input of this type cannot take values in [low, high], or null. */
function rangeProblem(type: string, low: number, high: number): string | null {
  if (!isElementType(type) || !isIntegral(type)) return null;
  const [least, most] = INTEGRAL_LIMITS[type as keyof typeof INTEGRAL_LIMITS];
  if (!Number.isInteger(low) || !Number.isInteger(high)) {
    return `expected whole numbers for the ${type} input, got [${low}, ${high}]`;
  }
  if (low < least || high > most) return `expected a range within ${type}'s [${least}, ${most}], got [${low}, ${high}]`;
  return null;
}

/** Git LFS leaves this small text file in place of the content when LFS files were not checked out. */
const LFS_POINTER = 'version https://git-lfs.github.com/spec/v1';

/**
 * Why a model's ONNX cannot be built, or null: missing, not a regular file, unreadable (said before any
 * build, not as a failed build of kind other), or a Git LFS pointer left by a checkout without LFS.
 */
export function onnxProblem(path: string): string | null {
  const head = Buffer.alloc(LFS_POINTER.length);
  try {
    // Only a regular file is opened: opening a named pipe would wait for a writer.
    const irregular = notRegularFile(statSync(path), 'an ONNX file');
    if (irregular) return ` which ${irregular.replace(/^not/, 'is not').replace(/, expected .*$/, '')} (${path})`;
    const fd = openSync(path, 'r');
    try {
      readSync(fd, head, 0, head.length, 0);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT'
      ? ` which does not exist (${path})`
      : ` which cannot be read: ${fileProblem(error, 'an ONNX file')} (${path})`;
  }
  return head.toString('latin1') === LFS_POINTER
    ? ', a Git LFS pointer: the model itself was not fetched (check out with lfs: true, or run git lfs pull)'
    : null;
}
