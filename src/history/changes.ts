// Change points of each series and metric (docs/history.md): Otava's E-divisive means (e-divisive.ts) run
// between environment changes. A new TensorRT build, driver, CUDA, image or trtexec is a known step: the
// series is split there, and a shift across it (the same t-test on the points either side) is labelled
// `environment`, never a regression. Within a segment, a higher mean after is a regression (lower is
// better for every metric kept). Pure.
import { HISTORY_METRICS, type HistoryMetric, type HistoryPoint, type SeriesKey } from '../contract/history.js';
import { changeMagnitude, changePoints, studentTTest } from './e-divisive.js';
import { onePointPerCommit, orderOf, seriesId } from './points.js';

/** Otava's defaults. */
const WINDOW = 50;
const MAX_P = 0.001;
/**
 * The smallest relative change of the mean that counts. Otava's default 0 finds 33 change points in 100 flat
 * series of 300 points with the run-to-run spread of H200 A/A medians (bench/results/latency-h200-2026-11-30
 * .json); 0.5% finds none. Latency and memory take the A/B's default budget (1%), plan bytes any change (a
 * size is exact), build time 5% (a build's time moves with the machine's load).
 */
const MIN_MAGNITUDE: Record<HistoryMetric, number> = {
  planBytes: 0,
  buildSeconds: 0.05,
  peakGpuMemoryMiB: 0.01,
  latencyMs: 0.01,
  accuracyMaxAbsError: 0.01,
  accuracyMaxRelError: 0.01,
  // A level is a step: any change of it counts.
  stabilityLevel: 0,
};

export interface SeriesPoint {
  commit: string;
  date: string;
  value: number;
  /** The latency's interval, where the point has one. */
  interval: [number, number] | null;
  environment: HistoryPoint['environment'];
}

export interface SeriesChange {
  commit: string;
  /** Index into the series' points: the first point of the new level. */
  index: number;
  before: number;
  after: number;
  ratio: number;
  pValue: number;
  kind: 'regression' | 'improvement' | 'environment';
  /** For an environment step: what changed ("driver 570.86 → 580.159"). */
  what: string | null;
}

export interface Series {
  key: SeriesKey;
  metric: HistoryMetric;
  points: SeriesPoint[];
  changePoints: SeriesChange[];
}

const envText = (e: HistoryPoint['environment']) => JSON.stringify(e);

function environmentChange(a: HistoryPoint['environment'], b: HistoryPoint['environment']): string {
  const names = { tensorrt: 'TensorRT', driver: 'driver', cuda: 'CUDA', image: 'image', trtexec: 'trtexec' } as const;
  return (Object.keys(names) as (keyof typeof names)[])
    .filter((k) => a[k] !== b[k])
    .map((k) => `${names[k]} ${a[k] ?? '?'} → ${b[k] ?? '?'}`)
    .join(', ');
}

/**
 * The points of each key in the history's order (the push time GitHub recorded, else the runner's date; ties
 * in file order), one per commit.
 */
export function groupSeries(points: readonly HistoryPoint[]): Map<string, HistoryPoint[]> {
  const groups = new Map<string, HistoryPoint[]>();
  const ordered = onePointPerCommit(points)
    .points.map((p, i) => ({ p, i }))
    .sort((a, b) => orderOf(a.p).localeCompare(orderOf(b.p)) || a.i - b.i);
  for (const { p } of ordered) {
    const id = seriesId(p.key);
    // Grown in place: a copy per point is quadratic in a series of 1e6 points.
    const group = groups.get(id);
    if (group) group.push(p);
    else groups.set(id, [p]);
  }
  return groups;
}

/** One metric of one series: its change points, split at environment steps. */
function metricSeries(points: readonly HistoryPoint[], metric: HistoryMetric): Series | null {
  const measured: SeriesPoint[] = points.flatMap((p) => {
    const value = p.metrics[metric];
    if (value === null || !Number.isFinite(value)) return [];
    const interval = metric === 'latencyMs' ? p.metrics.latencyInterval : null;
    return [{ commit: p.commit, date: p.date, value, interval, environment: p.environment }];
  });
  if (measured.length === 0) return null;
  const segments: { start: number; stop: number }[] = [];
  for (let i = 0; i < measured.length; i += 1) {
    const last = segments.at(-1);
    if (last && envText(measured[i - 1]!.environment) === envText(measured[i]!.environment)) last.stop = i + 1;
    else segments.push({ start: i, stop: i + 1 });
  }
  const values = measured.map((p) => p.value);
  const changes: SeriesChange[] = [];
  const change = (index: number, before: number, after: number, pValue: number, kind: SeriesChange['kind']) => {
    const what =
      kind === 'environment' ? environmentChange(measured[index - 1]!.environment, measured[index]!.environment) : null;
    changes.push({ commit: measured[index]!.commit, index, before, after, ratio: after / before, pValue, kind, what });
  };
  // Each segment's own change points first: the level a step is judged against is the one it started from.
  const within = segments.map((segment) =>
    changePoints(values.slice(segment.start, segment.stop), {
      windowLen: WINDOW,
      maxPValue: MAX_P,
      minMagnitude: MIN_MAGNITUDE[metric],
    }).map((found) => ({ ...found, index: segment.start + found.index })),
  );
  segments.forEach((segment, s) => {
    for (const found of within[s]!) {
      const kind = found.meanAfter > found.meanBefore ? 'regression' : 'improvement';
      change(found.index, found.meanBefore, found.meanAfter, found.pValue, kind);
    }
    if (s === 0) return;
    // The step into this segment: the previous segment's last level (after its own last change point, at most
    // half a window) against this one's first (before its own first change point).
    const previous = segments[s - 1]!;
    const half = Math.floor(WINDOW / 2);
    const lastChange = within[s - 1]!.at(-1)?.index ?? previous.start;
    const firstChange = within[s]![0]?.index ?? segment.stop;
    const left = values.slice(Math.max(lastChange, previous.stop - half), previous.stop);
    const right = values.slice(segment.start, Math.min(firstChange, segment.start + half));
    const stats = studentTTest(left, right);
    if (stats.pValue <= MAX_P && changeMagnitude(stats) > MIN_MAGNITUDE[metric]) {
      change(segment.start, stats.meanBefore, stats.meanAfter, stats.pValue, 'environment');
    }
  });
  changes.sort((a, b) => a.index - b.index);
  const [first] = points;
  return { key: first!.key, metric, points: measured, changePoints: changes };
}

/** Every series × metric with at least one measured point. */
export function historyChanges(points: readonly HistoryPoint[]): Series[] {
  return [...groupSeries(points).values()].flatMap(seriesOfGroup);
}

function seriesOfGroup(group: readonly HistoryPoint[]): Series[] {
  return HISTORY_METRICS.map((metric) => metricSeries(group, metric)).filter((s): s is Series => s !== null);
}

/**
 * historyChanges, a series at a time with the event loop let in between: a cancel (SIGINT) stops it between
 * two series, with an AbortError, instead of waiting out a long history.
 */
export async function historyChangesUntil(points: readonly HistoryPoint[], signal?: AbortSignal): Promise<Series[]> {
  const series: Series[] = [];
  for (const group of groupSeries(points).values()) {
    await new Promise((resolve) => setImmediate(resolve));
    signal?.throwIfAborted();
    series.push(...seriesOfGroup(group));
  }
  return series;
}
