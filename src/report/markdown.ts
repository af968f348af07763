import { backedOff, isBuilt } from '../builds/outcome.js';
import { formatPosition } from '../config/locate.js';
import { distributionChart, latencyChange } from '../latency/render.js';
import { renderDiagnosisMarkdown } from '../verify/render.js';
import { renderPreflightMarkdown } from '../preflight/render.js';
import { formatBytes, formatMs, formatSeconds, MiB } from '../common/units.js';
import { code, codeBlock, htmlText, tableRow, text } from '../common/markdown-text.js';
import type { ConfigPosition, PortableEngine, Report, ReportBuild } from '../contract/report.js';
import { fitSections, type Section } from '../common/trim.js';
import { explainBytesLine, explainLine, explainRows } from '../explain/render.js';
import { portabilityOf } from '../tensorrt/deploy-rules.js';
import { type Standing, sparkline } from '../history/standing.js';
import { type ActionItem, actionItems, budgetHint } from './actions.js';

export const SUMMARY_LIMIT_BYTES = 1024 * 1024 - 1024;
export const COMMENT_LIMIT_BYTES = 65_535;

const STATUS_ICON: Record<ReportBuild['status'], string> = { built: '✅', cached: '♻️', failed: '❌', skipped: '⏭️' };
const BUDGET_ICON = { fail: '❌', warn: '⚠️', pass: '✅', 'no-baseline': '🆕' } as const;

/** One engine on one GPU type, with its budgets: a row of the tables. */
interface Row {
  build: ReportBuild;
  gpu: string;
  zeroFraction: number | null;
  budgets: Report['budgets'];
}

function rowsOf(reports: readonly Report[]): Row[] {
  return reports.flatMap((report) =>
    report.builds.map((build) => ({
      build,
      gpu: build.gpu?.name ?? report.environment.gpus[0]?.name ?? 'GPU unknown',
      zeroFraction:
        report.plans.find((p) => p.model === build.model && p.profile === build.profile)?.zeroFraction ?? null,
      budgets: report.budgets.filter((b) => b.model === build.model && b.profile === build.profile),
    })),
  );
}

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

/** A row is worth a look when it failed, broke a budget, or changed against its baseline. */
function notable(row: Row): boolean {
  const { build } = row;
  if (build.status !== 'built' && build.status !== 'cached') return true;
  if (row.budgets.some((b) => b.status === 'fail' || b.status === 'warn')) return true;
  if (!build.baseline) return true;
  return build.baseline.bytes !== build.bytes;
}

function rowIcon(row: Row): string {
  if (row.build.status !== 'built' && row.build.status !== 'cached') return STATUS_ICON[row.build.status];
  if (row.budgets.some((b) => b.status === 'fail')) return '❌';
  if (row.budgets.some((b) => b.status === 'warn')) return '⚠️';
  return STATUS_ICON[row.build.status];
}

const TABLE_HEAD = [
  '| | model | profile | plan | Δ plan | zeros | build | peak GPU memory | benchmark p50 (trtexec, opt shape) |',
  '|---|---|---|---:|---:|---:|---:|---:|---:|',
];

function engineRow(row: Row): string {
  const b = row.build;
  const latency = b.perf?.latencyMs?.median ?? null;
  return tableRow([
    rowIcon(row),
    b.model,
    b.profile,
    b.bytes === null ? '—' : formatBytes(b.bytes),
    delta(b.bytes, b.baseline?.bytes, formatBytes),
    row.zeroFraction === null ? '—' : `${(row.zeroFraction * 100).toFixed(1)}%`,
    b.buildSeconds === null ? '—' : formatSeconds(b.buildSeconds),
    b.peakGpuMemoryMiB === null ? '—' : formatBytes(b.peakGpuMemoryMiB * MiB),
    latency === null ? '—' : formatMs(latency),
  ]);
}

/** One table per GPU type; rows that did not change against the baseline folded away. */
function gpuTables(rows: readonly Row[]): Section[] {
  const gpus = [...new Set(rows.map((r) => r.gpu))];
  if (gpus.length > 1) return [comparedAcrossGpus(rows, gpus)];
  const sections: Section[] = [];
  for (const gpu of gpus) {
    const mine = rows.filter((r) => r.gpu === gpu);
    const shown = mine.filter(notable);
    const folded = mine.filter((r) => !notable(r));
    const head = `### ${text(gpu)}`;
    sections.push({
      priority: 2,
      text: [
        head,
        '',
        ...(shown.length
          ? [...TABLE_HEAD, ...shown.map(engineRow)]
          : ['Every engine is the same size as on the baseline.']),
      ].join('\n'),
    });
    if (folded.length) {
      sections.push({
        priority: 6,
        text: [
          `<details><summary>${folded.length} unchanged on ${htmlText(gpu)}</summary>`,
          '',
          ...TABLE_HEAD,
          ...folded.map(engineRow),
          '',
          '</details>',
        ].join('\n'),
      });
    }
  }
  return sections;
}

/** Reports from several runner types: one row per engine, a column group per GPU type. */
function comparedAcrossGpus(rows: readonly Row[], gpus: readonly string[]): Section {
  const engines = [...new Map(rows.map((r) => [`${r.build.model}/${r.build.profile}`, r.build])).values()];
  const short = (gpu: string) => text(gpu.replace(/^NVIDIA /, ''));
  const head = [
    `| | model | profile |${gpus.map((g) => ` ${short(g)} plan | ${short(g)} Δ | ${short(g)} build |`).join('')}`,
    `|---|---|---|${gpus.map(() => '---:|---:|---:|').join('')}`,
  ];
  const lines = engines.map((engine) => {
    const cells = gpus.map((gpu) => {
      const row = rows.find(
        (r) => r.gpu === gpu && r.build.model === engine.model && r.build.profile === engine.profile,
      );
      if (!row) return ' — | — | — |';
      const b = row.build;
      const icon = rowIcon(row) === '✅' || rowIcon(row) === '♻️' ? '' : `${rowIcon(row)} `;
      const size = b.bytes === null ? '—' : formatBytes(b.bytes);
      const time = b.buildSeconds === null ? '—' : formatSeconds(b.buildSeconds);
      return ` ${icon}${size} | ${delta(b.bytes, b.baseline?.bytes, formatBytes)} | ${time} |`;
    });
    const mine = rows.filter((r) => r.build.model === engine.model && r.build.profile === engine.profile);
    const icon = mine.map(rowIcon).find((i) => i === '❌') ?? mine.map(rowIcon).find((i) => i === '⚠️') ?? '✅';
    return `| ${icon} | ${text(engine.model)} | ${text(engine.profile)} |${cells.join('')}`;
  });
  return { priority: 2, text: [`### ${gpus.map(short).join(' · ')}`, '', ...head, ...lines].join('\n') };
}

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

/**
 * One chart for every engine on every GPU: the plan's change against the base and the A/B's latency change,
 * each a bar from a 0 line (growth right, shrinkage left), the biggest change first. Text, so it renders in
 * any width and is read the same in a notification e-mail.
 */
function changeChart(rows: readonly Row[]): Section | null {
  const measured = rows
    .map((r) => {
      const before = r.build.baseline?.bytes;
      const plan = r.build.bytes !== null && before ? r.build.bytes / before - 1 : null;
      const latency = r.build.latency?.ratio != null ? r.build.latency.ratio - 1 : null;
      return { r, plan, latency };
    })
    .filter((m) => m.plan !== null || m.latency !== null);
  const changed = (m: (typeof measured)[number]) =>
    Math.abs(m.plan ?? 0) >= UNCHANGED || Math.abs(m.latency ?? 0) >= UNCHANGED;
  const unchanged = measured.filter((m) => !changed(m)).length;
  measured.splice(0, measured.length, ...measured.filter(changed));
  if (measured.length === 0) return null;
  const size = (m: (typeof measured)[number]) => Math.max(Math.abs(m.plan ?? 0), Math.abs(m.latency ?? 0));
  measured.sort((a, b) => size(b) - size(a));
  // Each column on its own scale: a 5,000-fold plan would flatten every latency bar.
  const scale = (key: 'plan' | 'latency') => Math.max(...measured.map((m) => Math.abs(m[key] ?? 0)));
  const [planScale, latencyScale] = [scale('plan'), scale('latency')];
  const cell = (change: number | null, of: number) =>
    change === null
      ? '– | '
      : Math.abs(change) < UNCHANGED
        ? '= | '
        : `${percent(change)} | ${divergingBar(change, of)}`;
  const shown = measured.slice(0, 20);
  const notes = [
    measured.length > shown.length ? `${measured.length - shown.length} smaller changes left out` : '',
    unchanged ? `${unchanged} engine${unchanged === 1 ? '' : 's'} unchanged` : '',
  ].filter(Boolean);
  return {
    priority: 4,
    text: [
      '#### Change against the base, per engine',
      '',
      '| engine | GPU | plan size | | latency (A/B) | |',
      '|---|---|---:|---|---:|---|',
      ...shown.map(
        ({ r, plan, latency }) =>
          `| ${text(`${r.build.model} / ${r.build.profile}`)} | ${text(r.gpu.replace(/^NVIDIA /, ''))} | ` +
          `${cell(plan, planScale)} | ${cell(latency, latencyScale)} |`,
      ),
      ...(notes.length ? ['', `${notes.join(', ')}.`] : []),
    ].join('\n'),
  };
}

function failures(rows: readonly Row[]): Section[] {
  // A failed preflight stopped every build of its runner: said once, with the engines it kept from building.
  const stopped = rows.filter((r) => r.build.status !== 'built' && r.build.failure?.kind === 'preflight-failed');
  const names = stopped.map((r) => text(`${r.build.model}/${r.build.profile}`)).join(', ');
  const notBuilt: Section[] = stopped.length
    ? [
        {
          priority: 1,
          text: [
            `#### ❌ Not built: ${text(stopped[0]!.build.failure!.message)} ` +
              `(${stopped.length} engine${stopped.length === 1 ? '' : 's'}: ${names})`,
            '',
            `**What to do:** ${text(stopped[0]!.build.failure!.hint)}`,
          ].join('\n'),
        },
      ]
    : [];
  return [
    ...notBuilt,
    ...rows
      .filter((r) => r.build.failure && r.build.status !== 'built' && r.build.failure.kind !== 'preflight-failed')
      .map((r) => {
        const b = r.build;
        const log = b.attempts[b.attempts.length - 1]?.log;
        return {
          priority: 1,
          text: [
            `#### ❌ ${text(b.model)} / ${text(b.profile)} on ${text(r.gpu)}: ${b.failure!.kind}`,
            '',
            codeBlock(b.failure!.message),
            '',
            `**What to do:** ${text(b.failure!.hint)}`,
            ...(log || b.configPosition
              ? [
                  '',
                  [log && `log ${code(log)}`, b.configPosition && `config ${code(formatPosition(b.configPosition))}`]
                    .filter(Boolean)
                    .join(' · '),
                ]
              : []),
          ].join('\n'),
        };
      }),
  ];
}

/** The worst output of each checked engine (a failing one first), with its figures. */
function worstOutput(accuracy: NonNullable<ReportBuild['accuracy']>) {
  return [...accuracy.outputs].sort(
    (a, b) => Number(b.failure !== null) - Number(a.failure !== null) || b.outOfTolerance - a.outOfTolerance,
  )[0];
}

const figure = (v: number | null) => (v === null ? '–' : Number(v.toPrecision(3)).toString());

const ACCURACY_ICON = { passed: '✅', failed: '❌', error: '❗', 'not-checked': '⏭️' } as const;

/** Engines that built but compute the wrong answer: first-class failures, with the worst output's figures. */
function accuracySection(rows: readonly Row[]): Section | null {
  const listed = rows.filter((r) => r.build.accuracy);
  if (listed.length === 0) return null;
  const checked = listed.filter((r) => r.build.accuracy!.status !== 'not-checked');
  const failed = checked.filter((r) => r.build.accuracy!.status !== 'passed');
  const line = (r: Row) => {
    const accuracy = r.build.accuracy!;
    const worst = worstOutput(accuracy);
    const icon = ACCURACY_ICON[accuracy.status];
    const why =
      accuracy.status === 'not-checked'
        ? 'not checked (accuracy: false)'
        : accuracy.status === 'error'
          ? `error: ${accuracy.problem}`
          : (accuracy.problem ?? worst?.failure ?? 'within tolerance');
    return tableRow([
      icon,
      `${r.build.model} / ${r.build.profile}`,
      r.gpu,
      worst ? `${worst.name} (${worst.shape})` : '–',
      figure(worst?.maxAbsError ?? null),
      figure(worst?.maxRelError ?? null),
      worst ? `${Number((worst.outOfTolerance * 100).toPrecision(3))}%` : '–',
      // 0.9999995 must not read as 1: cosine gets the digits that tell precisions apart.
      worst?.cosine == null ? '–' : worst.cosine.toFixed(7),
      worst ? String(worst.nan + worst.inf) : '–',
      why,
    ]);
  };
  const head = [
    '| | engine | GPU | worst output | max abs | max rel | out of tol. | cosine | NaN/Inf | |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  return {
    priority: failed.length ? 1 : 5,
    text: [
      `#### ${failed.length ? '❌' : '✅'} Accuracy against ONNX Runtime: ` +
        `${checked.length - failed.length}/${checked.length} within tolerance`,
      '',
      ...foldedTable(head, failed.map(line), listed.filter((r) => !failed.includes(r)).map(line), 'fine'),
    ].join('\n'),
  };
}

/** A table of the rows that need a look, the rest folded under a <details> that says how many. */
function foldedTable(head: readonly string[], shown: readonly string[], folded: readonly string[], what: string) {
  const rest = folded.length
    ? [`<details><summary>${folded.length} ${what}</summary>`, '', ...head, ...folded, '', '</details>']
    : [];
  return shown.length ? [...head, ...shown, ...(rest.length ? ['', ...rest] : [])] : rest;
}

/**
 * Latency A/Bs (benchmark: ab): each engine against its base engine on the same GPU, "+3.1% [2.8, 3.4]"
 * with p, and the repetition medians of both sides as a strip chart on one scale.
 */
function latencySection(reports: readonly Report[], rows: readonly Row[]): Section | null {
  const compared = rows.filter((r) => r.build.latency);
  const notes = reports.flatMap((r) => r.comparison.latencyNotes ?? []);
  if (compared.length === 0 && notes.length === 0) return null;
  const icons = {
    slower: '❌',
    faster: '🚀',
    same: '✅',
    inconclusive: '⚠️',
    'contract-mismatch': '⚠️',
    'head-failed': '❌',
  } as const;
  const slower = compared.filter((r) => r.build.latency!.verdict === 'slower');
  const line = (r: Row) => {
    const latency = r.build.latency!;
    const chart = latency.runs.length ? distributionChart(latency.runs) : null;
    return tableRow([
      icons[latency.verdict],
      `${r.build.model} / ${r.build.profile}`,
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
  };
  const same = compared.filter((r) => r.build.latency!.verdict === 'same');
  const head = [
    '| | engine | GPU | verdict | A/B change [95% CI] | p | A/B median base → head | repetition medians | |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  return {
    priority: slower.length ? 1 : 5,
    text: [
      `#### ${slower.length ? '❌' : '✅'} Latency against the base engine, same GPU: ` +
        `${slower.length}/${compared.length} slower`,
      '',
      ...foldedTable(
        head,
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
  const name = `**${text(row.build.model)} / ${text(row.build.profile)}**`;
  const grew = bytes ? ['', `${name} plan ${bytes}`] : [];
  if (!explain || !latency || (latency.verdict !== 'slower' && latency.verdict !== 'faster')) return grew;
  return ['', `${name} ${latencyChange(latency)}: ${explainLine(explain)}`, ...grew.slice(1), ...regionTable(explain)];
}

/** An explanation's regions and notes, folded under the line that says what they add up to. */
function regionTable(explain: NonNullable<ReportBuild['explain']>): string[] {
  return [
    '',
    '<details><summary>regions</summary>',
    '',
    '| region | Δ time | share | layers | weights | change |',
    '|---|---:|---:|---|---|---|',
    ...explainRows(explain).map(tableRow),
    ...(explain.notes.length ? ['', ...explain.notes.map((n) => `- ${text(n)}`)] : []),
    '',
    '</details>',
  ];
}

/**
 * Engines whose plan grew against the baseline's and that no A/B explained: where the bytes went, per region
 * (weights, the #4841 padding, the rest), from the two engines' layer info alone.
 */
function growthSection(rows: readonly Row[]): Section | null {
  const grown = rows.flatMap((r) => {
    const explain = r.build.latency ? null : r.build.explain;
    const bytes = explain && explainBytesLine(explain);
    return explain && bytes ? [{ build: r.build, explain, bytes }] : [];
  });
  if (grown.length === 0) return null;
  return {
    priority: 3,
    text: [
      '#### Where the plans grew',
      ...grown.flatMap(({ build, explain, bytes }) => [
        '',
        `**${text(build.model)} / ${text(build.profile)}** plan ${bytes}`,
        ...regionTable(explain),
      ]),
    ].join('\n'),
  };
}

/**
 * Engines that asked for an A/B and got none, said in the first lines: latency-growth is not enforced for
 * them, which a reader of the latency table alone would miss. With why, and what to set.
 */
function noBaseSection(reports: readonly Report[]): Section | null {
  const missing = reports
    .flatMap((r) => r.comparison.latencyNotes ?? [])
    .filter((n) => n.includes(': no latency A/B: '));
  if (missing.length === 0) return null;
  const shown = missing.slice(0, 3).map((note) => `- ${text(note)}`);
  return {
    priority: 0,
    text: [
      `#### ⚠️ No latency A/B for ${missing.length} engine${missing.length > 1 ? 's' : ''}: ` +
        'latency-growth not enforced',
      '',
      ...shown,
      ...(missing.length > shown.length ? [`- and ${missing.length - shown.length} more (report.json)`] : []),
      '',
      "To get base engines: the pack uploads the default branch's plans on push (`base-plans: true`, its " +
        'default) and pull requests download them, so merge once to the default branch; outside the pack, set ' +
        '`base-plans:` in trt-ci.yml (a folder of `<model>.<profile>.plan`), or `base-ref:` with the base commit ' +
        'fetched (`fetch-depth: 0`).',
    ].join('\n'),
  };
}

/** The portable engine against the native one: the sign in the engine, or its absence, that the flag took effect. */
export function portableEngineText(engine: PortableEngine): string {
  const { nativeBytes, portableBytes, changedRegions, regions, changes } = engine;
  const growth = nativeBytes > 0 ? (portableBytes - nativeBytes) / nativeBytes : 0;
  const size =
    portableBytes === nativeBytes
      ? `its engine is the native one's size (${formatBytes(nativeBytes)})`
      : `its engine is ${growth > 0 ? '+' : ''}${(growth * 100).toFixed(1)}% ` +
        `(${formatBytes(nativeBytes)} → ${formatBytes(portableBytes)})`;
  if (regions === null || changedRegions === null) return `${size}; no layer info to compare`;
  if (changedRegions > 0) return `${size}, ${changes.join(', ')} changed in ${changedRegions} of ${regions} regions`;
  return portableBytes === nativeBytes
    ? `${size} with the same layers and tactics: no sign in the engine that the flag took effect`
    : `${size} with the same layers and tactics`;
}

/** Engines × deploy targets: will each load where it ships (a ✅ that a real load saw is marked). */
function deploySection(rows: readonly Row[]): Section | null {
  const withTargets = rows.filter((r) => r.build.deploy.length > 0);
  const priced = rows.filter((r) => r.build.deployCost);
  if (withTargets.length === 0 && priced.length === 0) return null;
  const costs = priced.map(({ build, gpu }) => {
    const cost = build.deployCost!;
    const what = cost.latency
      ? cost.latency.verdict === 'same'
        ? `costs nothing measurable (${latencyChange(cost.latency)})`
        : `costs ${latencyChange(cost.latency)} latency`
      : `not priced: ${cost.note ?? 'no A/B'}`;
    const engine = cost.engine ? `; ${portableEngineText(cost.engine)}` : '';
    const engineName = `${text(build.model)} / ${text(build.profile)}`;
    return `- ${engineName}: ${cost.variant} ${text(what)} on ${text(gpu)}${text(engine)}`;
  });
  if (withTargets.length === 0) {
    return { priority: 6, text: ['#### Price of portability', '', ...costs].join('\n') };
  }
  // A compatibility flag is proven only by a load on a GPU or TensorRT the plan was not built for: said
  // plainly for each engine whose flag no such load has tried.
  const unproven = withTargets.flatMap(({ build }) => {
    const flags = build.attempts.at(-1)?.argv ?? [];
    const portable = portabilityOf(flags);
    const claims = [
      ...(portable.hardware !== 'none' ? [`--hardwareCompatibilityLevel=${portable.hardware}`] : []),
      ...(portable.versionCompatible ? ['--versionCompatible'] : []),
    ];
    const builtCc = build.gpu?.computeCapability ?? null;
    const tried = build.deploy.some(
      (d) => d.observed && ((d.computeCapability && d.computeCapability !== builtCc) || d.tensorrt),
    );
    return claims.length && !tried
      ? [
          `- ${text(build.model)} / ${text(build.profile)}: ${claims.map(code).join(', ')} not proven to have taken ` +
            'effect: no load on another GPU or TensorRT tried it (a deploy target with runs-on does)',
        ]
      : [];
  });
  const names = [...new Set(withTargets.flatMap((r) => r.build.deploy.map((d) => d.target)))];
  const icon = { loads: '✅', 'loads-with-warning': '⚠️', fails: '❌', unknown: '❔' } as const;
  const failing = withTargets.flatMap((r) =>
    r.build.deploy.filter((d) => d.verdict !== 'loads').map((d) => ({ r, d })),
  );
  const fails = failing.filter((x) => x.d.verdict === 'fails').length;
  return {
    priority: fails ? 1 : 6,
    text: [
      `#### ${fails ? '❌' : '✅'} Deploy targets: ${fails} engine × target pair${fails === 1 ? '' : 's'} will not load`,
      '',
      `| engine | GPU | ${names.map(text).join(' | ')} |`,
      `|---|---|${names.map(() => '---').join('|')}|`,
      ...withTargets.map((r) => {
        const cells = names.map((n) => {
          const d = r.build.deploy.find((x) => x.target === n);
          return d ? `${icon[d.verdict]}${d.observed ? ' (seen)' : ''}` : '–';
        });
        return tableRow([`${r.build.model} / ${r.build.profile}`, r.gpu, ...cells]);
      }),
      '',
      ...failing.map(
        ({ r, d }) =>
          `- ${text(r.build.model)} / ${text(r.build.profile)} on ${text(d.target)}: ${text(d.verdict)}` +
          `${d.line ? ` — ${text(d.line)}` : ''}${d.fix ? `. Fix: ${text(d.fix)}` : ''}`,
      ),
      ...(costs.length ? ['', ...costs] : []),
      ...(unproven.length ? ['', ...unproven] : []),
    ].join('\n'),
  };
}

/** Each engine against the base branch's last builds on its series: a sparkline, the head, in range or not. */
function historySection(standings: readonly Standing[]): Section | null {
  if (standings.length === 0) return null;
  const figure = (metric: Standing['metric'], value: number) =>
    metric === 'planBytes' ? formatBytes(value) : formatMs(value);
  const outside = standings.filter((s) => !s.within);
  const line = (s: Standing) => {
    const where = s.within
      ? `within the range of the last ${s.recent.length} builds`
      : s.head > s.high
        ? `**above** the last ${s.recent.length} builds (max ${figure(s.metric, s.high)}, ` +
          `+${((s.head / s.high - 1) * 100).toFixed(1)}%)`
        : `below the last ${s.recent.length} builds (min ${figure(s.metric, s.low)}, ` +
          `${((s.head / s.low - 1) * 100).toFixed(1)}%)`;
    const metric = s.metric === 'planBytes' ? 'plan size' : 'latency (benchmark median)';
    // Cells escaped one by one: the sparkline is code, the standing may be bold.
    const gpu = text(s.gpu.replace(/^NVIDIA /, ''));
    const cells = [`${text(s.model)} / ${text(s.profile)}`, gpu, metric, code(sparkline(s.recent))];
    return `| ${[...cells, text(figure(s.metric, s.head)), where].join(' | ')} |`;
  };
  const head = ['| engine | GPU | metric | last builds | head | standing |', '|---|---|---|---|---|---|'];
  const within = standings.filter((s) => s.within);
  return {
    priority: outside.length > 0 ? 3 : 6,
    text: [
      `#### ${outside.length > 0 ? '⚠️' : '✅'} History: ${outside.length} of ${standings.length} outside the ` +
        "base branch's recent range",
      '',
      ...foldedTable(head, outside.map(line), within.map(line), 'within the range of the last builds'),
    ].join('\n'),
  };
}

/** Builds that got through only after out-of-memory back-off: built, but maybe with slower tactics. */
function backoffSection(rows: readonly Row[]): Section | null {
  const lines = rows.flatMap((r) => {
    const note = backedOff(r.build.attempts.map((a) => ({ workspaceBytes: a.workspaceMiB * MiB, failure: a.failure })));
    return note ? [`- ${text(r.build.model)} / ${text(r.build.profile)} on ${text(r.gpu)}: ${note}`] : [];
  });
  if (lines.length === 0) return null;
  return {
    priority: 2,
    text: [
      '#### ⚠️ Built after out-of-memory back-off',
      '',
      ...lines,
      '',
      'A smaller workspace can mean slower tactics: give the model more (`workspace:` on the model) or a GPU ' +
        'with more free memory.',
    ].join('\n'),
  };
}

function budgetSection(reports: readonly Report[]): Section | null {
  const broken = reports.flatMap((r) => r.budgets).filter((b) => b.status === 'fail' || b.status === 'warn');
  // One row per engine, GPU and budget, however many reports repeat it.
  const rows = [...new Map(broken.map((b) => [`${b.model}\0${b.profile}\0${b.gpu}\0${b.metric}`, b])).values()];
  if (rows.length === 0) return null;
  return {
    priority: 2,
    text: [
      '### Budgets',
      '',
      '| | model | profile | GPU | budget | result | what to do |',
      '|---|---|---|---|---|---|---|',
      // The hint is trt-ci's own markdown (code spans); the rest is escaped as text.
      ...rows.map(
        (b) =>
          `| ${[BUDGET_ICON[b.status], b.model, b.profile, b.gpu ?? '—', b.metric, b.message].map(text).join(' | ')}` +
          ` | ${budgetHint(b.metric)} |`,
      ),
    ].join('\n'),
  };
}

/** At most this many action lines lead the comment; the rest are in the sections below. */
const ACTIONS_SHOWN = 8;

/** One line per thing to do: the engine, what, why, what to do, and its trt-ci.yml line (linked where known). */
function actionLines(items: readonly ActionItem[], link: RenderOptions['configLink']): string[] {
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
        `- ❌ **${text(i.model)} / ${text(i.profile)}** on ${text(i.gpu.replace(/^NVIDIA /, ''))}: ${i.what}` +
        `${i.why ? ` — ${i.why}` : ''}. **Do:** ${i.todo.replace(/\.$/, '')}.${where(i.position)}`,
    );
  const more = items.length - lines.length;
  const count = `${items.length} thing${items.length === 1 ? '' : 's'} to fix`;
  return ['', `**${count}:**`, '', ...lines, ...(more > 0 ? [`- and ${more} more in the sections below`] : [])];
}

function headline(
  reports: readonly Report[],
  title: string,
  missing: readonly string[],
  link: RenderOptions['configLink'],
): string {
  const rows = rowsOf(reports);
  const passed = missing.length === 0 && reports.every((r) => r.status === 'passed');
  const built = rows.filter((r) => isBuilt(r.build)).length;
  const failedBudgets = reports.flatMap((r) => r.budgets).filter((b) => b.status === 'fail').length;
  const warnings = reports.flatMap((r) => r.budgets).filter((b) => b.status === 'warn').length;
  const versions = [...new Set(reports.map((r) => r.environment.tensorrtVersion))].join(', ');
  const hits = reports.reduce((sum, r) => sum + (r.cache?.hits ?? 0), 0);
  const saved = reports.reduce((sum, r) => sum + (r.cache?.savedSeconds ?? 0), 0);
  const refused = reports.find((r) => r.cache?.refused)?.cache?.refused;
  const problems = reports.flatMap((r) => r.cache?.problems ?? []);
  const cached = reports.some((r) => r.cache)
    ? ` · ♻️ ${hits} from the engine cache${hits ? ` (${formatSeconds(saved)} of GPU time saved)` : ''}` +
      (refused ? ` · ⚠️ engine cache not used: ${text(refused)}` : '') +
      (problems.length
        ? ` · ⚠️ ${text(problems[0]!)}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`
        : '')
    : '';
  const lines = [
    `## ${title} ${passed ? '✅ passed' : '❌ failed'}`,
    ...actionLines(actionItems(reports), link),
    '',
    [
      `${built}/${rows.length} engines built · TensorRT ${text(versions)}${cached}`,
      failedBudgets ? ` · ❌ ${failedBudgets} budget${failedBudgets > 1 ? 's' : ''} failed` : '',
      warnings ? ` · ⚠️ ${warnings} warning${warnings > 1 ? 's' : ''}` : '',
    ].join(''),
  ];
  // Runner types compared with the same baseline file and nothing else to say are said once, together.
  const plain = (r: Report) =>
    r.comparison.baseline !== null &&
    !r.comparison.note &&
    r.comparison.environment.length + r.comparison.added.length + r.comparison.removed.length === 0;
  const together = new Map<string, string[]>();
  for (const r of reports.filter(plain)) {
    together.set(r.comparison.baseline!, [
      ...(together.get(r.comparison.baseline!) ?? []),
      r.environment.gpus[0]?.name ?? 'GPU unknown',
    ]);
  }
  if (together.size) lines.push('');
  for (const [baseline, gpus] of together) {
    const where = reports.length > 1 ? ` (${text(gpus.join(', '))})` : '';
    lines.push(`- Compared with ${code(baseline)}${where}.`);
  }
  for (const report of reports.filter((r) => !plain(r))) {
    const { comparison } = report;
    const where = reports.length > 1 ? ` (${text(report.environment.gpus[0]?.name ?? 'GPU unknown')})` : '';
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
  return lines.join('\n');
}

/** Runners whose job ended without a report: said first, never left out of the merged view. */
function missingSection(missing: readonly string[]): string {
  return [
    `### ❌ No report from ${missing.length} runner${missing.length === 1 ? '' : 's'}`,
    '',
    ...missing.map((runner) => `- ${code(runner)}`),
    '',
    'Each job ended before trt-ci wrote its report: it failed early (trtexec not found, a setup step), was ' +
      'cancelled, timed out or never got a runner. Its log in this run says which.',
  ].join('\n');
}

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

/**
 * The markdown a reviewer reads, from one report or several (one per runner type): headline, a
 * table per GPU type, failures with what to do, budgets, plan diagnoses, a size chart, the folded
 * unchanged rows and the preflight, in that order of importance when it must be cut to fit.
 */
export function renderReports(reports: readonly Report[], options: RenderOptions): string {
  const rows = rowsOf(reports);
  const sections: Section[] = [
    { priority: 0, text: headline(reports, options.title ?? 'trt-ci', options.missing ?? [], options.configLink) },
    ...(options.missing?.length ? [{ priority: 0, text: missingSection(options.missing) }] : []),
    ...[noBaseSection(reports)].filter((s): s is Section => s !== null),
    ...failures(rows),
    ...[
      accuracySection(rows),
      latencySection(reports, rows),
      growthSection(rows),
      deploySection(rows),
      backoffSection(rows),
    ].filter((s): s is Section => s !== null),
    ...[budgetSection(reports), historySection(options.history ?? []), changeChart(rows)].filter(
      (s): s is Section => s !== null,
    ),
    ...gpuTables(rows).filter((s) => s.text),
    ...reports.flatMap((r) =>
      r.plans
        .filter((p) => p.diagnosis)
        .map((p) => ({
          priority: 3,
          text: [
            `#### ${text(p.model)} / ${text(p.profile)}: plan padded with zeros`,
            '',
            renderDiagnosisMarkdown(p.diagnosis!),
          ].join('\n'),
        })),
    ),
    ...reports.flatMap((r) =>
      r.preflight
        ? [
            {
              priority: r.preflight.status === 'pass' ? 7 : 1,
              text: renderPreflightMarkdown(r.preflight, reports.length > 1 ? (r.environment.gpus[0]?.name ?? '') : ''),
            },
          ]
        : [],
    ),
  ];
  const marker = options.marker ? `${options.marker}\n` : '';
  const body = fitSections(
    sections,
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
