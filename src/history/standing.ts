// Where a pull request's engines stand against the base branch's recent history (the comment's History
// section): per engine and metric, the last builds' values on the same series, the head's, and whether the
// head is within their range. Pure: the head's report and the history's points in, standings out.
import type { HistoryMetric, HistoryPoint, Standing } from '../contract/history.js';
import type { Report } from '../contract/report.js';
import { groupSeries } from './changes.js';
import { historyPoints, seriesId } from './points.js';

export const RECENT = 30;
const SHOWN: readonly HistoryMetric[] = ['latencyMs', 'planBytes'];

export function standings(reports: readonly Report[], history: readonly HistoryPoint[]): Standing[] {
  const series = groupSeries(history);
  return reports.flatMap((report) =>
    historyPoints(report, { commit: 'head', date: report.startedAt, image: null }).flatMap((head) => {
      const past = series.get(seriesId(head.key)) ?? [];
      return SHOWN.flatMap((metric) => {
        const value = head.metrics[metric];
        const recent = past
          .map((p) => p.metrics[metric])
          .filter((v): v is number => v !== null)
          .slice(-RECENT);
        if (value === null || recent.length === 0) return [];
        const [low, high] = [Math.min(...recent), Math.max(...recent)];
        const { model, profile, gpu } = head.key;
        return [{ model, profile, gpu, metric, recent, head: value, low, high, within: low <= value && value <= high }];
      });
    }),
  );
}
