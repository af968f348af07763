// The consistency checks, pure: which dimension is the batch and how large a batch to run, the inputs of each
// run, and what the runs' outputs say. An engine that is right for one sample alone can be wrong for it in a
// batch (NVIDIA/TensorRT#4853), give different rows for identical ones (#4813, #4796) or different bits for the
// same inputs twice; none of this needs a reference, so it runs on every engine whose profile has a range.
import type { ConsistencyCheck } from '../contract/consistency.js';
import { type ProfileConfig, runProfile } from '../contract/config.js';
import { compareOutput } from '../common/compare-output.js';
import { absoluteTolerance } from '../common/tolerance.js';
import { type InputTensor, seededInputs } from '../onnx/seeded-inputs.js';
import type { AccuracyConfig } from '../contract/config.js';

/** The batch the checks run at: its dimension, its size, and whether a sample can run alone (batch 1). */
export interface BatchPlan {
  dim: number;
  size: number;
  alone: boolean;
}

/** The largest batch the checks run: enough rows to couple, few enough to stay one cheap inference. */
const LARGEST_BATCH = 4;

/** Whether any input of the profile has a dimension whose min and max differ. */
export function hasRange(profile: ProfileConfig): boolean {
  return runProfile(profile).shapes.some((s) => s.min.some((d, i) => d !== s.max[i]));
}

/**
 * The batch dimension (the leading one when it is dynamic and every input shares its range, or the one the model
 * names) and the batch to run, or why there is none.
 */
export function batchPlan(profile: ProfileConfig, named: number | null): BatchPlan | { skip: string } {
  const shapes = runProfile(profile).shapes;
  const dim = named ?? 0;
  const short = shapes.find((s) => s.min.length <= dim);
  if (short) return { skip: `input ${short.input} has no dimension ${dim}` };
  const ranges = shapes.map((s) => `${s.min[dim]}..${s.max[dim]}`);
  if (new Set(ranges).size > 1) {
    const each = shapes.map((s, i) => `${s.input}: ${ranges[i]}`).join(', ');
    return {
      skip:
        `the inputs' dimension ${dim} ranges differ (${each}): no batch they share; name it with ` +
        'consistency: { batch-dim: N }',
    };
  }
  const [min, max] = [shapes[0]!.min[dim]!, shapes[0]!.max[dim]!];
  if (named === null && min === max) {
    return {
      skip: `the leading dimension is static (${min}): no batch to vary; name one with consistency: { batch-dim }`,
    };
  }
  if (max < 2) return { skip: `the batch dimension ${dim} is at most ${max}: no rows to compare` };
  const size = Math.min(max, Math.max(min, 2, Math.min(LARGEST_BATCH, max)));
  return { dim, size, alone: min <= 1 };
}

/** The inputs of the checks' runs: a batch of copies of one sample, a batch of different ones, and one of those. */
export interface ConsistencyInputs {
  identical: InputTensor[];
  mixed: InputTensor[];
  /** Row `row` of `mixed`, as a batch of 1 (null when the batch cannot be 1). */
  alone: InputTensor[] | null;
  row: number;
}

const SAMPLE_SEED = 0xc0115157;
const BATCH_SEED = 0xba7c4ed;

export function consistencyInputs(
  profile: ProfileConfig,
  plan: BatchPlan,
  types: ReadonlyMap<string, string>,
  ranges: Readonly<Record<string, readonly [number, number]>> = {},
): ConsistencyInputs {
  const at = (size: number): ProfileConfig => ({
    name: profile.name,
    shapes: runProfile(profile).shapes.map((s) => ({ ...s, opt: s.opt.map((d, i) => (i === plan.dim ? size : d)) })),
  });
  const one = seededInputs(at(1), 'opt', types, ranges, SAMPLE_SEED);
  const mixed = seededInputs(at(plan.size), 'opt', types, ranges, BATCH_SEED);
  // The last row: where a batch's coupling or a row-dependent error shows most.
  const row = plan.size - 1;
  return {
    identical: one.map((t) => tile(t, plan.dim, plan.size)),
    mixed,
    alone: plan.alone ? mixed.map((t) => rowOf(t, plan.dim, row)) : null,
    row,
  };
}

/** A batch-of-1 tensor repeated `size` times along `dim`. */
function tile(tensor: InputTensor, dim: number, size: number): InputTensor {
  const inner = tensor.dims.slice(dim + 1).reduce((a, b) => a * b, 1);
  const outer = tensor.dims.slice(0, dim).reduce((a, b) => a * b, 1);
  const values = new (tensor.values.constructor as Float64ArrayConstructor)(outer * size * inner);
  for (let o = 0; o < outer; o += 1)
    for (let r = 0; r < size; r += 1)
      values.set(tensor.values.subarray(o * inner, (o + 1) * inner), (o * size + r) * inner);
  return { ...tensor, dims: tensor.dims.map((d, i) => (i === dim ? size : d)), values };
}

/** Row `row` of a tensor along `dim`, as a batch of 1. */
function rowOf(tensor: InputTensor, dim: number, row: number): InputTensor {
  const size = tensor.dims[dim]!;
  const inner = tensor.dims.slice(dim + 1).reduce((a, b) => a * b, 1);
  const outer = tensor.dims.slice(0, dim).reduce((a, b) => a * b, 1);
  const values = new (tensor.values.constructor as Float64ArrayConstructor)(outer * inner);
  for (let o = 0; o < outer; o += 1)
    values.set(tensor.values.subarray((o * size + row) * inner, (o * size + row + 1) * inner), o * inner);
  return { ...tensor, dims: tensor.dims.map((d, i) => (i === dim ? 1 : d)), values };
}

/** An engine's outputs by name (flat, row-major), as a run gave them. */
export type Outputs = ReadonlyMap<string, ArrayLike<number>>;

/** How two values compare: a run's against another's, judged as the accuracy check judges an output. */
interface Difference {
  output: string;
  maxAbsDiff: number;
  outOfTolerance: number;
  bitwiseEqual: boolean;
}

type Tolerances = Pick<AccuracyConfig, 'atol' | 'rtol'>;

function difference(output: string, got: ArrayLike<number>, want: ArrayLike<number>, t: Tolerances): Difference {
  const tolerance = { atol: absoluteTolerance(t.atol, want), rtol: t.rtol, cosine: null, topK: null };
  const error = compareOutput(got, want, [want.length], tolerance);
  let bitwiseEqual = true;
  for (let i = 0; i < want.length && bitwiseEqual; i += 1) bitwiseEqual = Object.is(got[i], want[i]);
  // A NaN where the other has NaN too agrees; maxAbsError is over finite pairs.
  return { output, maxAbsDiff: error.maxAbsError ?? 0, outOfTolerance: error.outOfTolerance, bitwiseEqual };
}

/** The `size` rows of an output along its leading dimension, or null when it has no such batch. */
function rowsOf(values: ArrayLike<number>, size: number): ArrayLike<number>[] | null {
  if (values.length % size !== 0) return null;
  const length = values.length / size;
  return Array.from({ length: size }, (_, r) => Array.prototype.slice.call(values, r * length, (r + 1) * length));
}

const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;
const figure = (value: number) => Number(value.toPrecision(3)).toString();

function checkOf(
  id: ConsistencyCheck['id'],
  worst: Difference | null,
  passed: string,
  failed: string,
): ConsistencyCheck {
  const wrong = worst !== null && worst.outOfTolerance > 0;
  return {
    id,
    status: wrong ? 'failed' : 'passed',
    message: wrong ? failed : passed,
    output: worst?.output ?? null,
    maxAbsDiff: worst?.maxAbsDiff ?? null,
    outOfTolerance: worst?.outOfTolerance ?? null,
    bitwiseEqual: worst?.bitwiseEqual ?? true,
  };
}

/** The difference that matters most of several: out of tolerance first, then the largest. */
function worstOf(differences: readonly Difference[]): Difference | null {
  return [...differences].sort((a, b) => b.outOfTolerance - a.outOfTolerance || b.maxAbsDiff - a.maxAbsDiff)[0] ?? null;
}

/** Every row of a batch of identical rows against its first. */
export function judgeIdenticalRows(outputs: Outputs, size: number, t: Tolerances): ConsistencyCheck {
  const found: (Difference & { row: number })[] = [];
  for (const [name, values] of outputs) {
    const rows = rowsOf(values, size);
    if (!rows) continue;
    for (let r = 1; r < size; r += 1) found.push({ ...difference(name, rows[r]!, rows[0]!, t), row: r });
  }
  const worst = worstOf(found) as (Difference & { row: number }) | null;
  const all = found.every((d) => d.bitwiseEqual);
  return checkOf(
    'identical-rows',
    worst && { ...worst, bitwiseEqual: all },
    `a batch of ${size} identical rows gave identical rows` +
      (all ? ' (bitwise equal)' : ` within tolerance (max abs ${figure(worst?.maxAbsDiff ?? 0)})`),
    worst
      ? `rows 0 and ${worst.row} of a batch of ${size} identical rows differ at ${worst.output} (max abs ` +
          `${figure(worst.maxAbsDiff)}, ${percent(worst.outOfTolerance)} out of tolerance)`
      : '',
  );
}

/** One sample's row in a batch of different samples against the same sample run alone. */
export function judgeAloneVsBatch(batch: Outputs, alone: Outputs, size: number, row: number, t: Tolerances) {
  const found: Difference[] = [];
  for (const [name, values] of batch) {
    const rows = rowsOf(values, size);
    const own = alone.get(name);
    if (!rows || !own || own.length !== rows[row]!.length) continue;
    found.push(difference(name, rows[row]!, own, t));
  }
  const worst = worstOf(found);
  return checkOf(
    'alone-vs-batch',
    worst && { ...worst, bitwiseEqual: found.every((d) => d.bitwiseEqual) },
    `sample ${row} alone and in a batch of ${size} gave the same outputs (max abs ${figure(worst?.maxAbsDiff ?? 0)})`,
    worst
      ? `sample ${row} alone vs in a batch of ${size}: ${percent(worst.outOfTolerance)} of ${worst.output} out of ` +
          `tolerance (max abs ${figure(worst.maxAbsDiff)})`
      : '',
  );
}

/** The same batch run twice: the same bits, or by how much they differ. */
export function judgeTwice(first: Outputs, second: Outputs, size: number, t: Tolerances): ConsistencyCheck {
  const found: Difference[] = [];
  for (const [name, values] of first) {
    const again = second.get(name);
    if (again && again.length === values.length) found.push(difference(name, again, values, t));
  }
  const worst = worstOf(found);
  const same = found.every((d) => d.bitwiseEqual);
  return checkOf(
    'same-run-twice',
    worst && { ...worst, bitwiseEqual: same },
    same
      ? 'the same inputs twice gave the same bits'
      : `the same inputs twice differ by at most ${figure(worst?.maxAbsDiff ?? 0)} at ${worst?.output} ` +
          '(within tolerance)',
    worst
      ? `the same batch of ${size} run twice differs at ${worst.output} (max abs ${figure(worst.maxAbsDiff)}, ` +
          `${percent(worst.outOfTolerance)} out of tolerance)`
      : '',
  );
}
