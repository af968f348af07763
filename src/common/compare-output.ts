// How far an output is from the reference's (ONNX Runtime FP32): the figures the accuracy gate judges an engine
// by, and the check of a written FP16/BF16 ONNX before it is built. Pure: arrays in, figures out.

export interface Tolerance {
  /** An element fails only when it is off by more than atol AND more than rtol × |reference| (Polygraphy). */
  atol: number;
  rtol: number;
  /** The output's cosine similarity with the reference must be at least this, when set. */
  cosine: number | null;
  /** The top-k class indices of each row (the last dimension) must agree, when set. */
  topK: number | null;
}

export interface OutputError {
  /** Over the elements where both are finite; null when there are none. */
  maxAbsError: number | null;
  /** |engine - reference| / |reference| over finite elements with a non-zero reference. */
  maxRelError: number | null;
  /** Share (0-1) of elements out of tolerance; a NaN or infinity where the reference is finite is out. */
  outOfTolerance: number;
  cosine: number | null;
  /** Elements the engine made NaN, or ±infinity, where the reference is finite. */
  nan: number;
  inf: number;
  /** Rows whose top-k indices agree with the reference's, when top-k is asked for. */
  topK: { k: number; rows: number; agree: number } | null;
}

export function compareOutput(
  engine: ArrayLike<number>,
  reference: ArrayLike<number>,
  dimensions: readonly number[],
  tolerance: Tolerance,
): OutputError {
  if (engine.length !== reference.length) {
    throw new Error(`expected ${reference.length} values like the reference, got ${engine.length}`);
  }
  let maxAbs: number | null = null;
  let maxRel: number | null = null;
  let out = 0;
  let nan = 0;
  let inf = 0;
  let dot = 0;
  let engineNorm = 0;
  let referenceNorm = 0;
  let finitePairs = 0;
  for (let i = 0; i < engine.length; i += 1) {
    const a = engine[i]!;
    const b = reference[i]!;
    if (!Number.isFinite(b)) {
      // The reference itself is not finite: the engine agrees only by being the same.
      if (!Object.is(a, b) && !(Number.isNaN(a) && Number.isNaN(b))) out += 1;
      continue;
    }
    if (!Number.isFinite(a)) {
      if (Number.isNaN(a)) nan += 1;
      else inf += 1;
      out += 1;
      continue;
    }
    const diff = Math.abs(a - b);
    maxAbs = maxAbs === null ? diff : Math.max(maxAbs, diff);
    if (b !== 0) {
      const rel = diff / Math.abs(b);
      maxRel = maxRel === null ? rel : Math.max(maxRel, rel);
    }
    if (diff > tolerance.atol && diff > tolerance.rtol * Math.abs(b)) out += 1;
    dot += a * b;
    engineNorm += a * a;
    referenceNorm += b * b;
    finitePairs += 1;
  }
  const cosine =
    finitePairs === 0
      ? null
      : engineNorm === 0 && referenceNorm === 0
        ? 1
        : engineNorm === 0 || referenceNorm === 0
          ? 0
          : dot / Math.sqrt(engineNorm * referenceNorm);
  return {
    maxAbsError: maxAbs,
    maxRelError: maxRel,
    outOfTolerance: engine.length === 0 ? 0 : out / engine.length,
    cosine,
    nan,
    inf,
    topK: tolerance.topK === null ? null : topKAgreement(engine, reference, dimensions, tolerance.topK),
  };
}

/** Whether an output's figures pass its tolerance, and if not, the first reason in words. */
export function judgeOutput(
  error: OutputError,
  tolerance: Tolerance,
  /** Whose element rule gave outOfTolerance: trt-ci's (Polygraphy's) or trtexec 11.1's own (NumPy allclose). */
  rule: 'polygraphy' | 'allclose' = 'polygraphy',
): string | null {
  if (error.nan > 0) return `${error.nan} NaN where the reference is finite`;
  if (error.inf > 0) return `${error.inf} infinite where the reference is finite`;
  if (error.outOfTolerance > 0) {
    const share = `${(error.outOfTolerance * 100).toPrecision(3)}%`;
    const atol = Number(tolerance.atol.toPrecision(3));
    return rule === 'polygraphy'
      ? `${share} of elements off by more than atol ${atol} and rtol ${tolerance.rtol}`
      : `${share} of elements off by more than atol ${atol} + rtol ${tolerance.rtol} × |reference| (trtexec's check)`;
  }
  if (tolerance.cosine !== null && error.cosine !== null && error.cosine < tolerance.cosine) {
    return `cosine similarity ${error.cosine.toPrecision(6)} below ${tolerance.cosine}`;
  }
  if (error.topK && error.topK.agree < error.topK.rows) {
    return `top-${error.topK.k} classes differ in ${error.topK.rows - error.topK.agree} of ${error.topK.rows} rows`;
  }
  return null;
}

/** Rows (every index but the last dimension) whose top-k indices are the same set in both. */
function topKAgreement(
  engine: ArrayLike<number>,
  reference: ArrayLike<number>,
  dimensions: readonly number[],
  k: number,
): { k: number; rows: number; agree: number } {
  const classes = dimensions.at(-1) ?? engine.length;
  const rows = classes === 0 ? 0 : engine.length / classes;
  const take = Math.min(k, classes);
  let agree = 0;
  for (let row = 0; row < rows; row += 1) {
    const top = (values: ArrayLike<number>) =>
      Array.from({ length: classes }, (_, c) => c)
        // NaN sorts last: a NaN is never a top class.
        .sort((x, y) => score(values[row * classes + y]!) - score(values[row * classes + x]!) || x - y)
        .slice(0, take);
    const want = new Set(top(reference));
    if (top(engine).every((c) => want.has(c))) agree += 1;
  }
  return { k: take, rows, agree };
}

const score = (v: number) => (Number.isNaN(v) ? Number.NEGATIVE_INFINITY : v);
