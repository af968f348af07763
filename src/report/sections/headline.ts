// The comment's first lines: passed or failed, the things to fix (each with its trt-ci.yml line), the
// engines built and the engine cache, and what each runner type was compared with.
import { code, text } from '../../common/markdown-text.js';
import type { Section } from '../../common/trim.js';
import { formatSeconds } from '../../common/units.js';
import type { ConfigPosition, Report } from '../../contract/report.js';
import { isBuilt } from '../../contract/report.js';
import { type ActionItem, actionItems } from '../actions.js';
import { PRIORITY } from '../priority.js';
import { gpuOf, type Row, shortGpu } from '../rows.js';

/** At most this many action lines lead the comment; the rest are in the sections below. */
const ACTIONS_SHOWN = 8;

export type ConfigLink = (position: ConfigPosition) => string | null;

/** One line per thing to do: the engine, what, why, what to do, and its trt-ci.yml line (linked where known). */
function actionLines(items: readonly ActionItem[], link: ConfigLink | undefined): string[] {
  if (items.length === 0) return [];
  const where = (p: ConfigPosition | null) => {
    if (!p) return '';
    const label = code(`${p.file.split('/').at(-1)}:${p.line}`);
    const url = link?.(p);
    return url ? ` [${label}](${url})` : ` ${label}`;
  };
  const lines = items
    .slice(0, ACTIONS_SHOWN)
    .map(
      (i) =>
        `- ❌ **${text(i.model)} / ${text(i.profile)}** on ${text(shortGpu(i.gpu))}: ${i.what}` +
        `${i.why ? ` — ${i.why}` : ''}. **Do:** ${i.todo.replace(/\.$/, '')}.${where(i.position)}`,
    );
  const more = items.length - lines.length;
  const count = `${items.length} thing${items.length === 1 ? '' : 's'} to fix`;
  return ['', `**${count}:**`, '', ...lines, ...(more > 0 ? [`- and ${more} more in the sections below`] : [])];
}

/** The engine cache's account: hits, the GPU time they saved, and why it was not used. */
function cacheLine(reports: readonly Report[]): string {
  if (!reports.some((r) => r.cache)) return '';
  const hits = reports.reduce((sum, r) => sum + (r.cache?.hits ?? 0), 0);
  const saved = reports.reduce((sum, r) => sum + (r.cache?.savedSeconds ?? 0), 0);
  const refused = reports.find((r) => r.cache?.refused)?.cache?.refused;
  const problems = reports.flatMap((r) => r.cache?.problems ?? []);
  return (
    ` · ♻️ ${hits} from the engine cache${hits ? ` (${formatSeconds(saved)} of GPU time saved)` : ''}` +
    registryWords(reports) +
    (refused ? ` · ⚠️ engine cache not used: ${text(refused)}` : '') +
    (problems.length
      ? ` · ⚠️ ${text(problems[0]!)}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`
      : '')
  );
}

/** What the fleet's registry did: pulled, pushed, built twice, and a run that writes nothing says so. */
function registryWords(reports: readonly Report[]): string {
  const accounts = reports.flatMap((r) => (r.cache?.registry ? [r.cache.registry] : []));
  if (accounts.length === 0) return '';
  const sum = (of: (a: (typeof accounts)[number]) => number) => accounts.reduce((total, a) => total + of(a), 0);
  const pulled = sum((a) => a.pulled.engine);
  const pushed = sum((a) => a.pushed.engine);
  const twice = sum((a) => a.duplicates);
  const readOnly = accounts.every((a) => a.writes === null);
  return (
    ` (registry ${text(accounts[0]!.reads[0] ?? '')}: ${pulled} pulled, ${pushed} pushed` +
    (twice ? `, ${twice} built here and by another run` : '') +
    (readOnly ? '; read-only: not a push to the default branch' : '') +
    ')'
  );
}

/** What each runner type was compared with; those compared with one file and nothing else to say, together. */
function comparisonLines(reports: readonly Report[]): string[] {
  const lines: string[] = [];
  const plain = (r: Report) =>
    r.comparison.baseline !== null &&
    !r.comparison.note &&
    r.comparison.environment.length + r.comparison.added.length + r.comparison.removed.length === 0;
  const together = new Map<string, string[]>();
  for (const r of reports.filter(plain)) {
    together.set(r.comparison.baseline!, [...(together.get(r.comparison.baseline!) ?? []), gpuOf(null, r)]);
  }
  if (together.size) lines.push('');
  for (const [baseline, gpus] of together) {
    const where = reports.length > 1 ? ` (${text(gpus.join(', '))})` : '';
    lines.push(`- Compared with ${code(baseline)}${where}.`);
  }
  for (const report of reports.filter((r) => !plain(r))) {
    const { comparison } = report;
    const where = reports.length > 1 ? ` (${text(gpuOf(null, report))})` : '';
    if (comparison.baseline === null) {
      lines.push(
        '',
        comparison.note
          ? `No baseline${where}: ${text(comparison.note)}.`
          : `No baseline yet${where}: growth budgets start from the next run on the base branch.`,
      );
      continue;
    }
    // A list, so that each fact keeps its own line when GitHub renders it.
    lines.push(
      '',
      `- Compared with ${code(comparison.baseline)}${where}.${comparison.note ? ` _${text(comparison.note)}_` : ''}`,
    );
    for (const c of comparison.environment) {
      const why = c.what === 'TensorRT' ? ': plans change size with TensorRT, check the Δ column' : '';
      lines.push(`- **${c.what} changed: ${text(c.from ?? 'unknown')} → ${text(c.to ?? 'unknown')}**${why}`);
    }
    if (comparison.added.length) lines.push(`- New: ${text(comparison.added.join(', '))}.`);
    if (comparison.removed.length) lines.push(`- Gone: ${text(comparison.removed.join(', '))}.`);
  }
  return lines;
}

/** Each model whose written FP16/BF16 ONNX ONNX Runtime could not check before its build: built, said here. */
function uncheckedOnnxLines(rows: readonly Row[]): string[] {
  const unchecked = new Map<string, { type: string; reason: string }>();
  for (const { build } of rows) {
    const check = build.builtFrom?.check;
    const type = (build.builtFrom?.narrow ?? 'fp16').toUpperCase();
    if (check?.status === 'not-checked') unchecked.set(build.model, { type, reason: check.reason ?? '' });
  }
  const wide = new Map<string, { type: string; nodes: readonly string[] }>();
  for (const { build } of rows) {
    const nodes = build.builtFrom?.keptWide ?? [];
    if (nodes.length) wide.set(build.model, { type: (build.builtFrom?.narrow ?? 'fp16').toUpperCase(), nodes });
  }
  const lines = [
    ...[...unchecked].map(
      ([model, { type, reason }]) =>
        `- ⚠️ The ${type} ONNX trt-ci wrote for **${text(model)}** was built without ONNX Runtime's check: ` +
        `${text(reason)}.`,
    ),
    // Said where it happens: one keep-fp32 list means the same on 10.x (which clamps such weights) and 11.x.
    ...[...wide].map(
      ([model, { type, nodes }]) =>
        `- ℹ️ In the ${type} ONNX of **${text(model)}**, ${nodes.map(code).join(', ')} stayed FP32 on their own: ` +
        `they read a constant past ${type}'s range (it would be Inf).`,
    ),
  ];
  return lines.length ? ['', ...lines] : [];
}

export function headlineSection(
  reports: readonly Report[],
  rows: readonly Row[],
  options: { title: string; missing: readonly string[]; configLink?: ConfigLink | undefined },
): Section {
  const passed = options.missing.length === 0 && reports.every((r) => r.status === 'passed');
  const built = rows.filter((r) => isBuilt(r.build)).length;
  const budgets = rows.flatMap((r) => r.build.budgets);
  const failedBudgets = budgets.filter((b) => b.status === 'fail').length;
  const warnings = budgets.filter((b) => b.status === 'warn').length;
  const versions = [...new Set(reports.map((r) => `${r.environment.product} ${r.environment.tensorrtVersion}`))].join(
    ', ',
  );
  const lines = [
    `## ${options.title} ${passed ? '✅ passed' : '❌ failed'}`,
    ...reports.flatMap((r) =>
      r.interrupted
        ? [
            '',
            `**Interrupted${reports.length > 1 ? ` (${text(gpuOf(null, r))})` : ''}:** the run was cancelled during ` +
              `${text(r.interrupted)}; it and the stages after it did not finish. What ran is below.`,
          ]
        : [],
    ),
    ...actionLines(actionItems(reports), options.configLink),
    '',
    [
      `${built}/${rows.length} engines built · ${text(versions)}${cacheLine(reports)}`,
      failedBudgets ? ` · ❌ ${failedBudgets} budget${failedBudgets > 1 ? 's' : ''} failed` : '',
      warnings ? ` · ⚠️ ${warnings} warning${warnings > 1 ? 's' : ''}` : '',
    ].join(''),
    ...uncheckedOnnxLines(rows),
    ...comparisonLines(reports),
  ];
  return { priority: PRIORITY.headline, text: lines.join('\n') };
}
