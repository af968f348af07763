// One chart for every engine on every GPU: the plan's change against the base and the A/B's latency change,
// each a bar from a 0 line (growth right, shrinkage left), the biggest change first. Text, so it renders in
// any width and is read the same in a notification e-mail.
import type { Section } from '../../common/trim.js';
import { PRIORITY } from '../priority.js';
import { engineName, type Row, shortGpu } from '../rows.js';
import { type Cell, md, tableOf } from '../table.js';

/** Half a bar's cells: a change of the column's largest size fills it. */
const BAR_CELLS = 10;
const NBSP = '\u00a0';

/** A change as a bar either side of a 0 line, in a code span: `░░░░░░░░░░│████` (non-breaking filler). */
export function divergingBar(change: number, scale: number): string {
  const cells = scale > 0 ? Math.min(BAR_CELLS, Math.round((Math.abs(change) / scale) * BAR_CELLS)) : 0;
  const filled = cells === 0 && change !== 0 ? 1 : cells;
  const empty = NBSP.repeat(BAR_CELLS);
  const left = change < 0 ? NBSP.repeat(BAR_CELLS - filled) + '█'.repeat(filled) : empty;
  const right = change > 0 ? '█'.repeat(filled) + NBSP.repeat(BAR_CELLS - filled) : empty;
  return `\`${left}│${right}\``;
}

/** +4.0%, −3.1%, or ×5,268 for a plan that grew ten-fold and more (NVIDIA/TensorRT#4841). */
const percent = (change: number) =>
  change >= 9
    ? `×${Math.round(change + 1).toLocaleString('en-US')}`
    : `${change > 0 ? '+' : '−'}${Math.abs(change * 100).toFixed(1)}%`;
/** Under this, a change is no change: the chart leaves the engine out and counts it. */
const UNCHANGED = 0.0005;
/** At most this many engines are drawn; the rest are counted. */
const SHOWN = 20;

const CHART = tableOf([
  'engine',
  'GPU',
  { label: 'plan size', align: 'right' },
  '',
  { label: 'latency (A/B)', align: 'right' },
  '',
]);

interface Measured {
  r: Row;
  plan: number | null;
  latency: number | null;
}

export function changeChart(rows: readonly Row[]): Section | null {
  const measured: Measured[] = rows
    .map((r) => {
      const before = r.build.baseline?.bytes;
      const plan = r.build.bytes !== null && before ? r.build.bytes / before - 1 : null;
      const latency = r.build.latency?.ratio != null ? r.build.latency.ratio - 1 : null;
      return { r, plan, latency };
    })
    .filter((m) => m.plan !== null || m.latency !== null);
  const size = (m: Measured) => Math.max(Math.abs(m.plan ?? 0), Math.abs(m.latency ?? 0));
  const changed = measured.filter((m) => size(m) >= UNCHANGED).sort((a, b) => size(b) - size(a));
  if (changed.length === 0) return null;
  const unchanged = measured.length - changed.length;
  // Each column on its own scale: a 5,000-fold plan would flatten every latency bar.
  const scale = (key: 'plan' | 'latency') => Math.max(...changed.map((m) => Math.abs(m[key] ?? 0)));
  const [planScale, latencyScale] = [scale('plan'), scale('latency')];
  const cells = (change: number | null, of: number): Cell[] =>
    change === null
      ? ['–', '']
      : Math.abs(change) < UNCHANGED
        ? ['=', '']
        : [percent(change), md(divergingBar(change, of))];
  const shown = changed.slice(0, SHOWN);
  const notes = [
    changed.length > shown.length ? `${changed.length - shown.length} smaller changes left out` : '',
    unchanged ? `${unchanged} engine${unchanged === 1 ? '' : 's'} unchanged` : '',
  ].filter(Boolean);
  return {
    priority: PRIORITY.chart,
    text: [
      '#### Change against the base, per engine',
      '',
      ...CHART.head,
      ...shown.map(({ r, plan, latency }) =>
        CHART.row([engineName(r.build), shortGpu(r.gpu), ...cells(plan, planScale), ...cells(latency, latencyScale)]),
      ),
      ...(notes.length ? ['', `${notes.join(', ')}.`] : []),
    ].join('\n'),
  };
}
