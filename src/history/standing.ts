// Where a pull request's engines stand against the base branch's recent history (the comment's History
// section): per engine and metric, the last builds' values on the same series, the head's, and whether the
// head is within their range. Pure: the head's report and the history's points in, standings out.
import {
  defaultMeasurement,
  describeMeasurement,
  type Measurement,
  parseMeasurementId,
  sameMeasurement,
} from '../tensorrt/measurement.js';
import type { HistoryMetric, HistoryPoint, SeriesKey, Standing } from '../contract/history.js';
import type { Report } from '../contract/report.js';
import { groupSeries } from './changes.js';
import { historyPoints, orderOf, seriesId } from './points.js';

export const RECENT = 30;
const SHOWN: readonly HistoryMetric[] = ['latencyMs', 'planBytes'];

export function standings(reports: readonly Report[], history: readonly HistoryPoint[]): Standing[] {
  const series = groupSeries(history);
  return reports.flatMap((report) =>
    historyPoints(report, { commit: 'head', date: report.startedAt, image: null }).flatMap((head) => {
      const own = series.get(seriesId(head.key));
      const before = own ? null : seriesBeforeStep(head.key, series);
      const past = own ?? before?.points ?? [];
      return SHOWN.flatMap((metric) => {
        const value = head.metrics[metric];
        const recent = past
          .map((p) => p.metrics[metric])
          .filter((v): v is number => v !== null)
          .slice(-RECENT);
        if (value === null || recent.length === 0) return [];
        const [low, high] = [Math.min(...recent), Math.max(...recent)];
        const { model, profile, gpu } = head.key;
        const within = low <= value && value <= high;
        const standing = { model, profile, gpu, metric, recent, head: value, low, high, within };
        return [before ? { ...standing, within: true, step: before.step } : standing];
      });
    }),
  );
}

/**
 * The same engine's series from before an environment step: same model, profile, GPU and precision, another
 * TensorRT minor or another measurement (the latest such series). Another build flag is not such a step: a
 * changed flag is the pull request's own change, and its series simply starts.
 */
function seriesBeforeStep(
  key: SeriesKey,
  series: ReadonlyMap<string, HistoryPoint[]>,
): { points: HistoryPoint[]; step: string } | null {
  let found: HistoryPoint[] | null = null;
  for (const points of series.values()) {
    const k = points[0]!.key;
    if (k.model !== key.model || k.profile !== key.profile || k.gpu !== key.gpu || k.precision !== key.precision)
      continue;
    if (k.tensorrt === key.tensorrt && k.measurement === key.measurement) continue;
    if (!found || orderOf(points.at(-1)!) > orderOf(found.at(-1)!)) found = points;
  }
  return found && { points: found, step: stepText(found[0]!.key, key) };
}

function stepText(from: SeriesKey, to: SeriesKey): string {
  const [was, now] = [measuredAs(from), measuredAs(to)];
  const measured = sameMeasurement(was, now)
    ? `latency measured alike (${describeMeasurement(now)})`
    : `latency measured with ${describeMeasurement(was)} → ${describeMeasurement(now)}`;
  return from.tensorrt === to.tensorrt ? measured : `TensorRT ${from.tensorrt} → ${to.tensorrt}, ${measured}`;
}

/** What a key's latency is made of: named in it, or that TensorRT's default. */
function measuredAs(key: SeriesKey): Measurement {
  return (
    (key.measurement && parseMeasurementId(key.measurement)) ||
    defaultMeasurement({ major: Number(key.tensorrt.split('.')[0]) })
  );
}
