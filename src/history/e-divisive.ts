// Change points as Apache Otava computes them (otava/analysis.py compute_change_points, at 1ceb153): the
// E-divisive means of Matteson and James run in sliding windows (the split step), each candidate judged by
// Student's two-sided t-test, then the weak change points merged bottom-up until each left is significant
// at max-p and moves the mean by more than min-magnitude (Fleming et al., "Hunter", ICPE 2023). Ported
// rule for rule, Python's max/min over NaN p-values included, so that Otava's own test series give
// Otava's indices (test/history.test.ts). Pure: numbers in, change points out.
import tCdf from '@stdlib/stats-base-dists-t-cdf';

export interface ChangePointStats {
  meanBefore: number;
  meanAfter: number;
  /** Population standard deviations (NumPy's np.std), as Otava passes them to the t-test. */
  stdBefore: number;
  stdAfter: number;
  pValue: number;
}

export interface ChangePoint extends ChangePointStats {
  /** The first index of the new level. */
  index: number;
  /** E-divisive's divergence of the split that found it. */
  qhat: number;
}

export interface DetectorOptions {
  /** Otava's default 50. */
  windowLen?: number;
  /** Otava's default 0.001. */
  maxPValue?: number;
  /** A relative change of the mean at or under this is no change point (Otava's default 0). */
  minMagnitude?: number;
}

interface Interval {
  start: number;
  /** Exclusive. */
  stop: number;
}

const mean = (xs: readonly number[]) => xs.reduce((sum, x) => sum + x, 0) / xs.length;
const populationStd = (xs: readonly number[]) => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((sum, x) => sum + (x - m) ** 2, 0) / xs.length);
};

/** scipy.stats.ttest_ind_from_stats(equal_var=True, alternative="two-sided"): its p-value. */
export function studentTTest(left: readonly number[], right: readonly number[]): ChangePointStats {
  if (left.length === 0 || right.length === 0) throw new Error('a t-test needs both sides');
  const meanBefore = mean(left);
  const meanAfter = mean(right);
  const stdBefore = left.length >= 2 ? populationStd(left) : 0;
  const stdAfter = right.length >= 2 ? populationStd(right) : 0;
  const [n1, n2] = [left.length, right.length];
  let pValue = 1;
  if (n1 + n2 > 2) {
    const df = n1 + n2 - 2;
    const pooled = ((n1 - 1) * stdBefore ** 2 + (n2 - 1) * stdAfter ** 2) / df;
    const t = (meanBefore - meanAfter) / Math.sqrt(pooled * (1 / n1 + 1 / n2));
    // 0/0 (one level, no spread) is NaN, as SciPy's; x/0 is an infinite t and p = 0.
    pValue = Number.isNaN(t) ? Number.NaN : 2 * tCdf(-Math.abs(t), df);
  }
  return { meanBefore, meanAfter, stdBefore, stdAfter, pValue };
}

/** Otava's TTestStats.change_magnitude: the larger of the forward and backward relative change. */
export function changeMagnitude(stats: Pick<ChangePointStats, 'meanBefore' | 'meanAfter'>): number {
  const forward = stats.meanBefore === 0 ? 0 : stats.meanAfter / stats.meanBefore - 1;
  const backward = stats.meanAfter === 0 ? 0 : stats.meanBefore / stats.meanAfter - 1;
  return Math.max(Math.abs(forward), Math.abs(backward));
}

/**
 * The split of series[start, stop) that maximizes Q(τ, κ) = QQ(series[start:τ], series[τ:κ]) (pair
 * distances, power 1), scanned as NumPy's argmax scans Otava's Q matrix: row by row, the first maximum,
 * its lower triangle zeros included.
 */
function bestSplit(series: readonly number[], { start, stop }: Interval): { index: number; qhat: number } {
  const n = stop - start;
  // prefix[j][x] = Σ_{i = start}^{start + x - 1} |s_i - s_j|, for columns j of the interval.
  const prefix: Float64Array[] = [];
  for (let j = 0; j < n; j += 1) {
    const row = new Float64Array(n + 1);
    for (let x = 0; x < n; x += 1) row[x + 1] = row[x]! + Math.abs(series[start + x]! - series[start + j]!);
    prefix.push(row);
  }
  let best = { i: 0, j: 0, q: Number.NEGATIVE_INFINITY };
  let withinX = 0; // Σ over pairs inside series[start:τ]
  for (let i = 0; i < n - 1; i += 1) {
    const tau = i + 1; // relative to start
    withinX += prefix[tau - 1]![tau - 1]!; // the pairs (x, τ-1), x < τ-1
    let cross = 0;
    let withinY = 0;
    for (let j = 0; j < n - 1; j += 1) {
      let q = 0;
      if (j >= i) {
        const kappa = j + 2; // exclusive end of Y, relative to start
        const newest = kappa - 1; // the element Y gained
        cross += prefix[newest]![tau]!;
        withinY += prefix[newest]![newest]! - prefix[newest]![tau]!;
        const [nx, ny] = [tau, kappa - tau];
        const a = (2 / (nx + ny)) * cross;
        const b = nx > 1 ? ((2 * ny) / ((nx + ny) * (nx - 1))) * withinX : 0;
        const c = ny > 1 ? ((2 * nx) / ((nx + ny) * (ny - 1))) * withinY : 0;
        q = a - b - c;
      }
      if (q > best.q) best = { i, j, q };
    }
  }
  return { index: best.i + 1 + start, qhat: best.q };
}

/** The intervals between sorted change points (Otava's get_intervals), empty ones dropped. */
function intervalsOf(indices: readonly number[], length: number): Interval[] {
  const bounds = [0, ...indices, length];
  const intervals: Interval[] = [];
  for (let k = 0; k + 1 < bounds.length; k += 1) {
    if (bounds[k] !== bounds[k + 1]) intervals.push({ start: bounds[k]!, stop: bounds[k + 1]! });
  }
  return intervals;
}

/** Otava's TTestSignificanceTester.change_point: a new split inside an interval, or an existing boundary. */
function judge(series: readonly number[], index: number, intervals: readonly Interval[]): ChangePointStats {
  for (let k = 0; k < intervals.length; k += 1) {
    const interval = intervals[k]!;
    if (interval.stop === index) {
      const right = intervals[k + 1]!;
      return studentTTest(series.slice(interval.start, index), series.slice(right.start, right.stop));
    }
    if (interval.start < index && index < interval.stop) {
      return studentTTest(series.slice(interval.start, index), series.slice(index, interval.stop));
    }
  }
  throw new Error(`change point ${index} is in no interval`);
}

/** Otava's ChangePointDetector with the t-test: E-divisive on one window (or series), split while significant. */
export function eDivisive(series: readonly number[], maxPValue: number): ChangePoint[] {
  const found: ChangePoint[] = [];
  for (;;) {
    const intervals = intervalsOf(
      found.map((c) => c.index),
      series.length,
    );
    const candidates = intervals.filter((iv) => iv.stop - iv.start > 1).map((iv) => bestSplit(series, iv));
    if (candidates.length === 0) break;
    const candidate = pythonMax(candidates, (c) => c.qhat);
    const stats = judge(series, candidate.index, intervals);
    if (!(stats.pValue <= maxPValue)) break;
    found.push({ ...candidate, ...stats });
    found.sort((a, b) => a.index - b.index);
  }
  return found;
}

/** Python's max(items, key=...): the first greatest, where a NaN key is never greater (nor beaten). */
function pythonMax<T extends object>(items: readonly T[], key: (item: T) => number): T {
  let best = items[0]!;
  for (const item of items.slice(1)) if (key(item) > key(best)) best = item;
  return best;
}
function pythonMin<T extends object>(items: readonly T[], key: (item: T) => number): T {
  let best = items[0]!;
  for (const item of items.slice(1)) if (key(item) < key(best)) best = item;
  return best;
}

/** Otava's split step: E-divisive in windows of windowLen stepping by half, the union of what they find. */
function split(series: readonly number[], windowLen: number, maxPValue: number): ChangePoint[] {
  const step = Math.floor(windowLen / 2);
  const points: ChangePoint[] = [];
  let start = 0;
  while (start < series.length) {
    const end = Math.min(start + windowLen, series.length);
    const found = eDivisive(series.slice(start, end), maxPValue).map((c) => ({ ...c, index: c.index + start }));
    const last = found.length > 0 ? found.at(-1)!.index : 0;
    start = Math.max(last, start + step);
    for (const point of found) if (!points.some((p) => p.index === point.index)) points.push(point);
  }
  points.sort((a, b) => a.index - b.index);
  const intervals = intervalsOf(
    points.map((p) => p.index),
    series.length,
  );
  return points.map((p) => ({ ...p, ...judge(series, p.index, intervals) }));
}

/** Otava's merge step: drop the weakest change point (worst p, else smallest change) until all hold. */
function merge(points: ChangePoint[], series: readonly number[], maxPValue: number, minMagnitude: number) {
  while (points.length > 0) {
    let weakest = pythonMax(points, (p) => p.pValue);
    if (weakest.pValue < maxPValue) {
      weakest = pythonMin(points, changeMagnitude);
      if (changeMagnitude(weakest) > minMagnitude) return points;
    }
    const at = points.indexOf(weakest);
    points.splice(at, 1);
    const intervals = intervalsOf(
      points.map((p) => p.index),
      series.length,
    );
    for (const k of [at, at + 1]) {
      if (k < 0 || k >= points.length) continue;
      points[k] = { ...points[k]!, ...judge(series, points[k]!.index, intervals) };
    }
  }
  return points;
}

/** Change points of a series, as Otava's compute_change_points finds them (its defaults unless given). */
export function changePoints(series: readonly number[], options: DetectorOptions = {}): ChangePoint[] {
  const { windowLen = 50, maxPValue = 0.001, minMagnitude = 0 } = options;
  if (windowLen < 2) throw new Error('the window must hold at least 2 points');
  // Otava's first pass is looser (10x max-p under 0.05): its weak change points, filtered by the merge.
  const firstPass = maxPValue < 0.05 ? maxPValue * 10 : maxPValue < 0.5 ? maxPValue * 2 : maxPValue;
  return merge(split(series, windowLen, firstPass), series, maxPValue, minMagnitude);
}
