// Each engine against the base branch's last builds on its series: a sparkline, the head, in range or not.
import { code, text } from '../../common/markdown-text.js';
import type { Section } from '../../common/trim.js';
import { formatBytes, formatMs } from '../../common/units.js';
import type { Standing } from '../../contract/history.js';
import { sparkline } from '../parts/sparkline.js';
import { PRIORITY } from '../priority.js';
import { engineName, shortGpu } from '../rows.js';
import { foldedTable, md, tableOf } from '../table.js';

const TABLE = tableOf(['engine', 'GPU', 'metric', 'last builds', 'head', 'standing']);

const figure = (metric: Standing['metric'], value: number) =>
  metric === 'planBytes' ? formatBytes(value) : formatMs(value);

function line(s: Standing): string {
  const last = `the last ${s.recent.length} builds`;
  // A new series after an environment step: the builds before it are shown, never judged against.
  const where = s.step
    ? `an environment step (${text(s.step)}): a new series, not judged against ${last} before it`
    : s.within
      ? `within the range of ${last}`
      : s.head > s.high
        ? `**above** ${last} (max ${figure(s.metric, s.high)}, +${((s.head / s.high - 1) * 100).toFixed(1)}%)`
        : `below ${last} (min ${figure(s.metric, s.low)}, ${((s.head / s.low - 1) * 100).toFixed(1)}%)`;
  const metric = s.metric === 'planBytes' ? 'plan size' : 'latency (benchmark median)';
  // The sparkline is code and the standing may be bold: trt-ci's own markdown, around figures it formats.
  return TABLE.row([
    engineName(s),
    shortGpu(s.gpu),
    metric,
    md(code(sparkline(s.recent))),
    figure(s.metric, s.head),
    md(where),
  ]);
}

export function historySection(standings: readonly Standing[]): Section | null {
  if (standings.length === 0) return null;
  const outside = standings.filter((s) => !s.within);
  const steps = standings.filter((s) => s.step);
  const within = standings.filter((s) => s.within && !s.step);
  return {
    priority: outside.length > 0 ? PRIORITY.cause : PRIORITY.detail,
    text: [
      `#### ${outside.length > 0 ? '⚠️' : '✅'} History: ${outside.length} of ${standings.length} outside the ` +
        "base branch's recent range",
      '',
      ...foldedTable(
        TABLE.head,
        [...outside, ...steps].map(line),
        within.map(line),
        'within the range of the last builds',
      ),
    ].join('\n'),
  };
}
