// The markdown a reviewer reads, from one report or several (one per runner type), rendered from the
// contract alone. The sections, in the order the summary reads; each says how long it is kept when the
// whole must be cut to fit (priority.ts). Adding a section is a file in sections/ and a line here.
import type { ConfigPosition, Report } from '../contract/report.js';
import type { Standing } from '../contract/history.js';
import { fitSections, type Section } from '../common/trim.js';
import { rowsOf } from './rows.js';
import { accuracySection } from './sections/accuracy.js';
import { consistencySection } from './sections/consistency.js';
import { stabilitySection } from './sections/stability.js';
import { backoffSection } from './sections/backoff.js';
import { budgetSection } from './sections/budgets.js';
import { changeChart } from './sections/change-chart.js';
import { deploySection } from './sections/deploy.js';
import { diagnosisSections } from './sections/diagnoses.js';
import { failures } from './sections/failures.js';
import { gpuTables } from './sections/gpu-tables.js';
import { growthSection } from './sections/growth.js';
import { headlineSection } from './sections/headline.js';
import { historySection } from './sections/history.js';
import { keepFp32Section } from './sections/keep-fp32.js';
import { latencySection } from './sections/latency.js';
import { missingSection } from './sections/missing-runners.js';
import { noBaseSection } from './sections/no-base.js';
import { preflightSections } from './sections/preflight.js';

export const SUMMARY_LIMIT_BYTES = 1024 * 1024 - 1024;
export const COMMENT_LIMIT_BYTES = 65_535;

export interface RenderOptions {
  limit: number;
  title?: string;
  /** Prepended verbatim, kept whatever the trimming (the sticky comment's marker). */
  marker?: string;
  /** Runners (label sets, shards) that were expected and wrote no report: the run failed for them. */
  missing?: readonly string[];
  /** Where the engines stand against the base branch's recent history (history-branch:); none without one. */
  history?: readonly Standing[];
  /** The web address of a trt-ci.yml line (the repository's, at the run's commit); without it, the line as text. */
  configLink?: (position: ConfigPosition) => string | null;
}

export function renderReports(reports: readonly Report[], options: RenderOptions): string {
  const rows = rowsOf(reports);
  const missing = options.missing ?? [];
  const sections: (Section | null)[] = [
    headlineSection(reports, rows, { title: options.title ?? 'trt-ci', missing, configLink: options.configLink }),
    missingSection(missing),
    noBaseSection(reports),
    ...failures(rows),
    accuracySection(rows),
    consistencySection(rows),
    stabilitySection(rows),
    keepFp32Section(reports),
    latencySection(reports, rows),
    growthSection(rows),
    deploySection(rows),
    backoffSection(rows),
    budgetSection(rows),
    historySection(options.history ?? []),
    changeChart(rows),
    ...gpuTables(rows),
    ...diagnosisSections(rows),
    ...preflightSections(reports),
  ];
  const marker = options.marker ? `${options.marker}\n` : '';
  const body = fitSections(
    sections.filter((s): s is Section => s !== null),
    options.limit - Buffer.byteLength(marker),
    (count) =>
      `_${count} section${count > 1 ? 's' : ''} left out to stay ` +
      `under GitHub's size limit: the full report is in report.json._`,
  );
  return marker + body;
}

/** The job summary of one run. */
export function renderSummary(report: Report): string {
  return renderReports([report], { limit: SUMMARY_LIMIT_BYTES });
}
