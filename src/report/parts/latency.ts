// The A/B in words and in a small chart, for the CLI, the job summary and the comment. Pure.
import { latencyChange } from '../../common/latency-text.js';
import type { Latency } from '../../contract/report.js';

const BARS = ' ▁▂▃▄▅▆▇█';

/**
 * Each side's repetition medians as a histogram on one shared scale (16 bins from the lowest to the
 * highest median of both): two lines of block characters, so overlap or separation shows at a glance.
 */
export function distributionChart(runs: Latency['runs'], bins = 16): { base: string; head: string; range: string } {
  const values = runs.map((r) => r.medianMs);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const bin = (v: number) => (high === low ? 0 : Math.min(bins - 1, Math.floor(((v - low) / (high - low)) * bins)));
  const line = (side: 'base' | 'head') => {
    const counts = new Array<number>(bins).fill(0);
    for (const r of runs) if (r.side === side) counts[bin(r.medianMs)]! += 1;
    const most = Math.max(...counts, 1);
    return counts.map((c) => (c === 0 ? '·' : BARS[Math.max(1, Math.round((c / most) * 8))])).join('');
  };
  return { base: line('base'), head: line('head'), range: `${low.toPrecision(5)}–${high.toPrecision(5)} ms` };
}

/** One line: the verdict, the change with its interval, p, and why. */
export function describeLatency(latency: Latency): string {
  if (latency.verdict === 'contract-mismatch') return `contract mismatch: ${latency.reason}`;
  if (latency.verdict === 'head-failed') return `the head engine could not be run: ${latency.reason}`;
  const p = latency.p === null ? '' : `, p = ${latency.p.toPrecision(2)}`;
  const retried = latency.retried ? ', after a second batch' : '';
  return (
    `${latency.verdict}: ${latencyChange(latency)}${p} (${latency.repetitions} repetitions a side${retried}) — ` +
    latency.reason
  );
}
