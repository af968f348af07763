// Latency A/Bs (benchmark: ab): each engine against its base engine on the same GPU, "+3.1% [2.8, 3.4]" with
// p, the repetition medians of both sides as a strip chart on one scale, and why an engine that changed did.
import { text } from '../../common/markdown-text.js';
import type { Section } from '../../common/trim.js';
import type { Report } from '../../contract/report.js';
import { explainBytesLine, explainLine } from '../parts/explain.js';
import { latencyChange } from '../../common/latency-text.js';
import { distributionChart } from '../parts/latency.js';
import { regionTable } from '../parts/regions.js';
import { PRIORITY } from '../priority.js';
import { engineName, type Row } from '../rows.js';
import { foldedTable, md, tableOf } from '../table.js';

const ICON = {
  slower: '❌',
  faster: '🚀',
  same: '✅',
  inconclusive: '⚠️',
  'contract-mismatch': '⚠️',
  'head-failed': '❌',
} as const;

const TABLE = tableOf([
  '',
  'engine',
  'GPU',
  'verdict',
  md('A/B change [95% CI]'),
  'p',
  'GPU compute median base → head (A/B)',
  'repetition medians',
  '',
]);

function line(r: Row): string {
  const latency = r.build.latency!;
  const chart = latency.runs.length ? distributionChart(latency.runs) : null;
  return TABLE.row([
    md(ICON[latency.verdict]),
    engineName(r.build),
    r.gpu,
    latency.verdict,
    latencyChange(latency),
    latency.p === null ? '–' : latency.p.toPrecision(2),
    latency.base && latency.head
      ? `${latency.base.median.toPrecision(4)} → ${latency.head.median.toPrecision(4)} ms`
      : '–',
    chart ? `base ${chart.base} / head ${chart.head}` : '–',
    latency.reason,
  ]);
}

export function latencySection(reports: readonly Report[], rows: readonly Row[]): Section | null {
  const compared = rows.filter((r) => r.build.latency);
  const notes = reports.flatMap((r) => r.comparison.latencyNotes ?? []);
  if (compared.length === 0 && notes.length === 0) return null;
  const slower = compared.filter((r) => r.build.latency!.verdict === 'slower');
  const same = compared.filter((r) => r.build.latency!.verdict === 'same');
  const undecided = compared.filter((r) => ['inconclusive', 'contract-mismatch'].includes(r.build.latency!.verdict));
  const failed = compared.filter((r) => r.build.latency!.verdict === 'head-failed');
  // Only what was measured: no A/B is not "0/0 slower", and one that could not decide is not a pass.
  const verdict =
    compared.length === 0
      ? 'ℹ️ Latency against the base engine: no A/B ran'
      : `${slower.length || failed.length ? '❌' : undecided.length ? '⚠️' : '✅'} Latency against the base ` +
        `engine, same GPU: ${slower.length}/${compared.length} slower` +
        (undecided.length ? `, ${undecided.length} undecided` : '') +
        (failed.length ? `, ${failed.length} crashed` : '');
  return {
    priority: slower.length || failed.length ? PRIORITY.failure : PRIORITY.passed,
    text: [
      `#### ${verdict}`,
      '',
      ...foldedTable(
        TABLE.head,
        compared.filter((r) => !same.includes(r)).map(line),
        same.map(line),
        'the same as the base engine',
      ),
      ...notes.map((note) => `- ${text(note)}`),
      ...compared.flatMap((r) => whyLines(r)),
    ].join('\n'),
  };
}

/** Where and why an engine the A/B found changed: one line, then its regions folded (docs/explain.md). */
function whyLines(row: Row): string[] {
  const { latency, explain } = row.build;
  const bytes = explain && explainBytesLine(explain);
  const name = `**${text(engineName(row.build))}**`;
  const grew = bytes ? ['', `${name} plan ${bytes}`] : [];
  if (!explain || !latency || (latency.verdict !== 'slower' && latency.verdict !== 'faster')) return grew;
  return ['', `${name} ${latencyChange(latency)}: ${explainLine(explain)}`, ...grew.slice(1), ...regionTable(explain)];
}
