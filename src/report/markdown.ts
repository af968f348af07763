import { renderDiagnosisMarkdown } from '../plan/render.js';
import { renderPreflightMarkdown } from '../preflight/render.js';
import { formatBytes, formatSeconds } from '../units.js';
import type { Report, ReportBuild } from './report.js';

const STATUS_ICON: Record<ReportBuild['status'], string> = { built: '✅', cached: '♻️', failed: '❌', skipped: '⏭️' };

const BUDGET_ICON = { fail: '❌', warn: '⚠️', pass: '✅', 'no-baseline': '🆕' } as const;

/** Budgets that need a look, and what changed since the baseline. */
function renderComparison(report: Report): string[] {
  const { comparison, budgets } = report;
  const lines: string[] = [];
  if (comparison.baseline === null) lines.push('No baseline yet: growth budgets start counting from the next run on the base branch.');
  else {
    lines.push(`Compared with \`${comparison.baseline}\`.`);
    for (const change of comparison.environment) lines.push(`- ${change.what} changed: ${change.from ?? 'unknown'} → ${change.to ?? 'unknown'}${change.what === 'TensorRT' ? ' (plans can change size with TensorRT: see the budgets)' : ''}`);
    if (comparison.added.length) lines.push(`- new: ${comparison.added.join(', ')}`);
    if (comparison.removed.length) lines.push(`- gone: ${comparison.removed.join(', ')}`);
  }
  const notable = budgets.filter((b) => b.status === 'fail' || b.status === 'warn');
  if (notable.length) {
    lines.push('', '| | model | profile | budget | result |', '|---|---|---|---|---|');
    for (const b of notable) lines.push(`| ${BUDGET_ICON[b.status]} | ${escapeCell(b.model)} | ${escapeCell(b.profile)} | ${b.metric} | ${escapeCell(b.message)} |`);
  }
  return lines;
}

const escapeCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The job summary: one row per model × profile, then each failure with its hint. */
export function renderSummary(report: Report): string {
  const failed = report.builds.filter((b) => b.status === 'failed' || b.status === 'skipped');
  const built = report.builds.length - failed.length;
  const gpus = [...new Set(report.environment.gpus.map((g) => g.name ?? 'unknown GPU'))].join(', ') || 'GPU unknown';
  const lines = [
    `## trt-ci ${report.status === 'passed' ? '✅ passed' : '❌ failed'}`,
    '',
    `TensorRT ${report.environment.tensorrtVersion} · ${gpus} · ${built}/${report.builds.length} engines built`,
    '',
    '| | model | profile | plan | build | peak GPU memory | attempts | GPU |',
    '|---|---|---|---:|---:|---:|---:|---|',
    ...report.builds.map((b) =>
      [
        STATUS_ICON[b.status],
        escapeCell(b.model),
        escapeCell(b.profile),
        b.bytes === null ? '—' : formatBytes(b.bytes),
        b.buildSeconds === null ? '—' : formatSeconds(b.buildSeconds),
        b.peakGpuMemoryMiB === null ? '—' : `${b.peakGpuMemoryMiB} MiB`,
        String(b.attempts.length),
        b.gpu ? `${b.gpu.index}` : '—',
      ].join(' | ').replace(/^/, '| ').concat(' |'),
    ),
  ];
  lines.push('', ...renderComparison(report));
  for (const plan of report.plans.filter((p) => p.diagnosis)) lines.push('', `#### ${escapeCell(plan.model)} / ${escapeCell(plan.profile)}`, '', renderDiagnosisMarkdown(plan.diagnosis!));
  if (report.preflight) lines.push('', renderPreflightMarkdown(report.preflight));
  for (const b of failed) {
    lines.push('', `### ❌ ${escapeCell(b.model)} / ${escapeCell(b.profile)}: ${b.failure?.kind ?? b.status}`, '');
    if (b.failure) lines.push('```', b.failure.message, '```', '', `**What to do:** ${b.failure.hint}`);
    const log = b.attempts[b.attempts.length - 1]?.log;
    if (log) lines.push('', `Log: \`${log}\` · config: \`${b.configLocation}\``);
  }
  return `${lines.join('\n')}\n`;
}
