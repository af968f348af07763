// The preflight for a terminal and for the summary. Pure.
import { logLines } from '../../common/log-text.js';
import { tableRow, text } from '../../common/markdown-text.js';
import type { CheckStatus, PreflightResult } from '../../contract/report.js';

const ICON: Record<CheckStatus, string> = { pass: '✔', warn: '⚠', fail: '✘', skip: '·' };

/** The preflight table for a terminal. */
export function renderPreflightText(result: PreflightResult): string {
  const width = Math.max(...result.checks.map((c) => c.id.length));
  const lines = [
    `preflight: ${result.status} (TensorRT ` +
      `${result.tensorrtVersion}${result.cuda ? `, CUDA ${result.cuda.version} from ${result.cuda.source}` : ''})`,
  ];
  for (const check of result.checks) {
    lines.push(`${ICON[check.status]} ${check.id.padEnd(width)}  ${check.message}`);
    if (check.hint && (check.status === 'fail' || check.status === 'warn'))
      lines.push(`  ${' '.repeat(width)}  hint: ${check.hint}`);
  }
  // Messages carry paths and names from the config and the host: no line of them may act as a workflow command.
  return logLines(`${lines.join('\n')}\n`);
}

const MD_ICON: Record<CheckStatus, string> = { pass: '✅', warn: '⚠️', fail: '❌', skip: '⏭️' };

/** The preflight section of the job summary: problems in a table with what to do, passing checks folded. */
export function renderPreflightMarkdown(result: PreflightResult, where = ''): string {
  const row = (c: PreflightResult['checks'][number]) => tableRow([MD_ICON[c.status], c.id, c.message, c.hint ?? '']);
  const head = ['| | check | result | what to do |', '|---|---|---|---|'];
  const problems = result.checks.filter((c) => c.status === 'fail' || c.status === 'warn');
  const fine = result.checks.filter((c) => c.status === 'pass' || c.status === 'skip');
  return [
    `### Preflight${where ? ` on ${text(where)}` : ''} ${MD_ICON[result.status]} ${result.status}`,
    '',
    ...(problems.length ? [...head, ...problems.map(row), ''] : []),
    ...(fine.length
      ? [
          `<details><summary>${fine.length} checks passed or skipped</summary>`,
          '',
          ...head,
          ...fine.map(row),
          '',
          '</details>',
          '',
        ]
      : []),
  ].join('\n');
}
