// A latency change in words: the A/B's ratio and its interval, in percent. Pure: the stages and the report
// say it alike.
import type { Latency } from '../contract/report.js';

const signed = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)}%`;

/** "+3.1% [2.8, 3.4]": the change and its 95% interval, in percent. */
export function latencyChange(latency: Pick<Latency, 'ratio' | 'ci'>): string {
  if (latency.ratio === null) return '–';
  const interval = latency.ci
    ? ` [${((latency.ci[0] - 1) * 100).toFixed(1)}, ${((latency.ci[1] - 1) * 100).toFixed(1)}]`
    : '';
  return `${signed(latency.ratio)}${interval}`;
}
