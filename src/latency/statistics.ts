// Rank statistics for the latency A/B: the Mann-Whitney U test and the Hodges-Lehmann shift with its
// distribution-free confidence interval (the inversion of the same test). Pure. Chosen over a bootstrap
// because they are exact for the small samples an A/B has (8-16 repetition medians a side), give the
// same answer on every run (no resampling seed), and are robust to the odd slow repetition. Checked
// against SciPy 1.17 (scipy.stats.mannwhitneyu) in test/latency.test.ts.

/** Two-sided 95%: the normal quantile for large samples. */
const Z_975 = 1.959963984540054;
/** Up to this many pairs the null distribution of U is counted exactly (no ties). */
const EXACT_PAIRS = 2500;

export const median = (values: readonly number[]): number => quantile(values, 0.5);

/** The q-quantile with linear interpolation between order statistics (NumPy's default). */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.min(low + 1, sorted.length - 1);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

/**
 * How many of the C(n+m, n) orderings give each U = 0 … n·m (U counts pairs with y > x). Counted with
 * the recurrence f(n, m, u) = f(n-1, m, u-m) + f(n, m-1, u), as probabilities to stay in range.
 */
function uDistribution(n: number, m: number): Float64Array {
  // previous[j] is the distribution for (i - 1, j); rows are built for i = 0 … n.
  let previous: Float64Array[] = Array.from({ length: m + 1 }, () => Float64Array.of(1));
  for (let i = 1; i <= n; i += 1) {
    const row: Float64Array[] = [Float64Array.of(1)];
    for (let j = 1; j <= m; j += 1) {
      const dist = new Float64Array(i * j + 1);
      const withX = previous[j]!; // the largest value is an x: U unchanged, from (i-1, j)
      const withY = row[j - 1]!; // the largest value is a y: it beats all i x's, from (i, j-1)
      const px = i / (i + j);
      for (let u = 0; u < withX.length; u += 1) dist[u]! += px * withX[u]!;
      for (let u = 0; u < withY.length; u += 1) dist[u + i]! += (1 - px) * withY[u]!;
      row.push(dist);
    }
    previous = row;
  }
  return previous[m]!;
}

/** Ranks 1…N with ties given their average rank, and the tie term Σ(t³ - t). */
function rank(values: readonly number[]): { ranks: number[]; ties: number } {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const ranks = new Array<number>(values.length);
  let ties = 0;
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]![0] === order[start]![0]) end += 1;
    const t = end - start + 1;
    ties += t ** 3 - t;
    for (let k = start; k <= end; k += 1) ranks[order[k]![1]] = (start + end) / 2 + 1;
    start = end + 1;
  }
  return { ranks, ties };
}

export interface RankTest {
  /** U of the second sample: the pairs (x, y) with y > x, ties counting a half. */
  u: number;
  /** Two-sided. */
  p: number;
  method: 'exact' | 'normal';
}

/**
 * Mann-Whitney U, two-sided. Exact when there are no ties and at most 2,500 pairs; else the normal
 * approximation with the tie correction and a continuity correction (SciPy's `asymptotic`).
 */
export function mannWhitney(x: readonly number[], y: readonly number[]): RankTest {
  const n = x.length;
  const m = y.length;
  if (n === 0 || m === 0) return { u: 0, p: 1, method: 'exact' };
  const { ranks, ties } = rank([...x, ...y]);
  const u = ranks.slice(n).reduce((a, b) => a + b, 0) - (m * (m + 1)) / 2;
  if (ties === 0 && n * m <= EXACT_PAIRS) {
    const dist = uDistribution(n, m);
    const low = Math.min(u, n * m - u);
    let tail = 0;
    for (let k = 0; k <= low; k += 1) tail += dist[k]!;
    return { u, p: Math.min(1, 2 * tail), method: 'exact' };
  }
  const total = n + m;
  const sigma = Math.sqrt(((n * m) / 12) * (total + 1 - ties / (total * (total - 1))));
  if (sigma === 0) return { u, p: 1, method: 'normal' };
  const z = (Math.abs(u - (n * m) / 2) - 0.5) / sigma;
  return { u, p: Math.min(1, 2 * normalTail(Math.max(z, 0))), method: 'normal' };
}

/**
 * The Hodges-Lehmann shift of y over x (the median of all y - x) and its 95% confidence interval: the
 * order statistics of those differences that the U test's critical value picks (Lehmann 1975, §2.6).
 */
export function hodgesLehmann(x: readonly number[], y: readonly number[]): { shift: number; ci: [number, number] } {
  const differences: number[] = [];
  for (const b of y) for (const a of x) differences.push(b - a);
  differences.sort((a, b) => a - b);
  const pairs = differences.length;
  if (pairs === 0) return { shift: Number.NaN, ci: [Number.NaN, Number.NaN] };
  // k: the largest U with P(U <= k) <= 2.5%. The shifts the two-sided test does not reject are those
  // with k < #{differences > shift} < pairs - k: from the (k+1)-th smallest to the (k+1)-th largest.
  let k = -1;
  if (pairs <= EXACT_PAIRS) {
    const dist = uDistribution(x.length, y.length);
    let tail = 0;
    while (k + 1 < dist.length && tail + dist[k + 1]! <= 0.025 + 1e-12) {
      tail += dist[k + 1]!;
      k += 1;
    }
  } else {
    const total = x.length + y.length;
    k = Math.floor(pairs / 2 - Z_975 * Math.sqrt((pairs * (total + 1)) / 12) - 0.5);
  }
  const ci: [number, number] =
    k < 0 ? [differences[0]!, differences[pairs - 1]!] : [differences[k]!, differences[pairs - 1 - k]!];
  return { shift: median(differences), ci };
}

/** P(Z > z) for a standard normal: erfc by its Chebyshev fit (Numerical Recipes, error < 1.2e-7). */
function normalTail(z: number): number {
  const x = z / Math.SQRT2;
  const t = 1 / (1 + 0.5 * Math.abs(x));
  const poly =
    -x * x -
    1.26551223 +
    t *
      (1.00002368 +
        t *
          (0.37409196 +
            t *
              (0.09678418 +
                t *
                  (-0.18628806 +
                    t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  const erfc = t * Math.exp(poly);
  return (x >= 0 ? erfc : 2 - erfc) / 2;
}
