// The engines of each GPU type as a table, the unchanged ones folded away; reports of several runner types
// as one table with a column group per GPU type.
import type { Section } from '../../common/trim.js';
import { formatBytes, formatMs, formatSeconds, MiB } from '../../common/units.js';
import { htmlText, text } from '../../common/markdown-text.js';
import { PRIORITY } from '../priority.js';
import { notable, type Row, rowIcon, shortGpu } from '../rows.js';
import { md, tableOf } from '../table.js';

/** "+6.0 MiB (+50.0%)", "−1.0 MiB (−9.1%)", "=", or "—" without a baseline. */
function delta(now: number | null, before: number | null | undefined, show: (n: number) => string): string {
  if (now === null || before === null || before === undefined) return '—';
  if (now === before) return '=';
  const sign = now > before ? '+' : '−';
  // A plan that grew 5000-fold (NVIDIA/TensorRT#4841) reads better as a factor than as a percentage.
  const relative =
    before === 0
      ? ''
      : now / before >= 10
        ? ` (×${Math.round(now / before).toLocaleString('en-US')})`
        : ` (${sign}${Math.abs(((now - before) / before) * 100).toFixed(1)}%)`;
  return `${sign}${show(Math.abs(now - before))}${relative}`;
}

const right = (label: string) => ({ label, align: 'right' as const });
const ENGINES = tableOf([
  '',
  'model',
  'profile',
  right('plan'),
  right('Δ plan'),
  right('zeros'),
  right('build'),
  right('peak GPU memory'),
  right('end-to-end latency p50 (trtexec benchmark, opt shape)'),
]);

function engineRow({ build: b, ...row }: Row): string {
  const latency = b.perf?.latencyMs?.median ?? null;
  const zeros = b.scan?.zeroFraction ?? null;
  return ENGINES.row([
    rowIcon({ build: b, ...row }),
    b.model,
    b.profile,
    b.bytes === null ? '—' : formatBytes(b.bytes),
    delta(b.bytes, b.baseline?.bytes, formatBytes),
    zeros === null ? '—' : `${(zeros * 100).toFixed(1)}%`,
    b.buildSeconds === null ? '—' : formatSeconds(b.buildSeconds),
    b.peakGpuMemoryMiB === null ? '—' : formatBytes(b.peakGpuMemoryMiB * MiB),
    latency === null ? '—' : formatMs(latency),
  ]);
}

/** One table per GPU type; rows that did not change against the baseline folded away. */
export function gpuTables(rows: readonly Row[]): Section[] {
  const gpus = [...new Set(rows.map((r) => r.gpu))];
  if (gpus.length > 1) return [comparedAcrossGpus(rows, gpus)];
  return gpus.flatMap((gpu) => {
    const mine = rows.filter((r) => r.gpu === gpu);
    const shown = mine.filter(notable);
    const folded = mine.filter((r) => !notable(r));
    const table = shown.length
      ? [...ENGINES.head, ...shown.map(engineRow)]
      : ['Every engine is the same size as on the baseline.'];
    const sections: Section[] = [{ priority: PRIORITY.table, text: [`### ${text(gpu)}`, '', ...table].join('\n') }];
    if (folded.length) {
      sections.push({
        priority: PRIORITY.detail,
        text: [
          `<details><summary>${folded.length} unchanged on ${htmlText(gpu)}</summary>`,
          '',
          ...ENGINES.head,
          ...folded.map(engineRow),
          '',
          '</details>',
        ].join('\n'),
      });
    }
    return sections;
  });
}

/** Reports from several runner types: one row per engine, a column group per GPU type. */
function comparedAcrossGpus(rows: readonly Row[], gpus: readonly string[]): Section {
  const engines = [...new Map(rows.map((r) => [`${r.build.model}/${r.build.profile}`, r.build])).values()];
  const columns = gpus.flatMap((g) => [
    right(`${shortGpu(g)} plan`),
    right(`${shortGpu(g)} Δ`),
    right(`${shortGpu(g)} build`),
  ]);
  const table = tableOf(['', 'model', 'profile', ...columns]);
  const lines = engines.map((engine) => {
    const mine = rows.filter((r) => r.build.model === engine.model && r.build.profile === engine.profile);
    const cells = gpus.flatMap((gpu) => {
      const row = mine.find((r) => r.gpu === gpu);
      if (!row) return ['—', '—', '—'];
      const b = row.build;
      const icon = rowIcon(row) === '✅' || rowIcon(row) === '♻️' ? '' : `${rowIcon(row)} `;
      const size = b.bytes === null ? '—' : formatBytes(b.bytes);
      const time = b.buildSeconds === null ? '—' : formatSeconds(b.buildSeconds);
      return [`${icon}${size}`, delta(b.bytes, b.baseline?.bytes, formatBytes), time];
    });
    const icon = mine.map(rowIcon).find((i) => i === '❌') ?? mine.map(rowIcon).find((i) => i === '⚠️') ?? '✅';
    return table.row([md(icon), engine.model, engine.profile, ...cells]);
  });
  return {
    priority: PRIORITY.table,
    text: [`### ${gpus.map((g) => text(shortGpu(g))).join(' · ')}`, '', ...table.head, ...lines].join('\n'),
  };
}
