import { renderPreflightMarkdown } from '../preflight/render.js';
import { formatBytes, formatSeconds } from '../units.js';
import type { Report, ReportBuild } from './report.js';

const STATUS_ICON: Record<ReportBuild['status'], string> = { built: '✅', cached: '♻️', failed: '❌', skipped: '⏭️' };

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
  if (report.preflight) lines.push('', renderPreflightMarkdown(report.preflight));
  for (const b of failed) {
    lines.push('', `### ❌ ${escapeCell(b.model)} / ${escapeCell(b.profile)}: ${b.failure?.kind ?? b.status}`, '');
    if (b.failure) lines.push('```', b.failure.message, '```', '', `**What to do:** ${b.failure.hint}`);
    const log = b.attempts[b.attempts.length - 1]?.log;
    if (log) lines.push('', `Log: \`${log}\` · config: \`${b.configLocation}\``);
  }
  return `${lines.join('\n')}\n`;
}
