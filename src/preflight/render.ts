import type { CheckStatus, PreflightResult } from './types.js';

const ICON: Record<CheckStatus, string> = { pass: '✔', warn: '⚠', fail: '✘', skip: '·' };

/** The preflight table for a terminal. */
export function renderPreflightText(result: PreflightResult): string {
  const width = Math.max(...result.checks.map((c) => c.id.length));
  const lines = [`preflight: ${result.status} (TensorRT ${result.tensorrtVersion}${result.cuda ? `, CUDA ${result.cuda.version} from ${result.cuda.source}` : ''})`];
  for (const check of result.checks) {
    lines.push(`${ICON[check.status]} ${check.id.padEnd(width)}  ${check.message}`);
    if (check.hint && (check.status === 'fail' || check.status === 'warn')) lines.push(`  ${' '.repeat(width)}  hint: ${check.hint}`);
  }
  return `${lines.join('\n')}\n`;
}

const MD_ICON: Record<CheckStatus, string> = { pass: '✅', warn: '⚠️', fail: '❌', skip: '⏭️' };
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The preflight section of the job summary: problems first, with what to do. */
export function renderPreflightMarkdown(result: PreflightResult): string {
  const order: Record<CheckStatus, number> = { fail: 0, warn: 1, pass: 2, skip: 3 };
  const rows = [...result.checks].sort((a, b) => order[a.status] - order[b.status]);
  return [
    `### Preflight ${MD_ICON[result.status]} ${result.status}`,
    '',
    '| | check | result | what to do |',
    '|---|---|---|---|',
    ...rows.map((c) => `| ${MD_ICON[c.status]} | ${c.id} | ${cell(c.message)} | ${c.hint ? cell(c.hint) : ''} |`),
    '',
  ].join('\n');
}
