// A run's points in Bencher Metric Format (https://bencher.dev/docs/reference/bencher-metric-format), so a
// team that runs Bencher can send the same numbers there: one benchmark per series, one measure per metric.
// `latency` is Bencher's built-in measure, in nanoseconds; the others are created by their slug. Pure.
import type { HistoryPoint } from '../contract/history.js';
import { seriesId } from './points.js';

interface BmfMetric {
  value: number;
  lower_value?: number;
  upper_value?: number;
}
export type Bmf = Record<string, Record<string, BmfMetric>>;

const NS_PER_MS = 1e6;

export function toBmf(points: readonly HistoryPoint[]): Bmf {
  const bmf: Bmf = {};
  for (const point of points) {
    const { metrics: m } = point;
    const measures: Record<string, BmfMetric> = {};
    if (m.latencyMs !== null) {
      measures.latency = {
        value: m.latencyMs * NS_PER_MS,
        ...(m.latencyInterval && {
          lower_value: m.latencyInterval[0] * NS_PER_MS,
          upper_value: m.latencyInterval[1] * NS_PER_MS,
        }),
      };
    }
    if (m.planBytes !== null) measures['plan-size'] = { value: m.planBytes };
    if (m.buildSeconds !== null) measures['build-time'] = { value: m.buildSeconds };
    if (m.peakGpuMemoryMiB !== null) measures['peak-gpu-memory'] = { value: m.peakGpuMemoryMiB };
    if (m.accuracyMaxAbsError !== null) measures['accuracy-max-abs-error'] = { value: m.accuracyMaxAbsError };
    if (m.accuracyMaxRelError !== null) measures['accuracy-max-rel-error'] = { value: m.accuracyMaxRelError };
    if (Object.keys(measures).length > 0) bmf[seriesId(point.key)] = measures;
  }
  return bmf;
}
