import { mkdir, stat } from 'node:fs/promises';
import { writeNewFile } from '../../proc/new-file.js';
import { join, resolve } from 'node:path';
import { loadReport } from '../../compare/baseline.js';
import { fileProblem, InputError } from '../../common/errors.js';
import { EXIT } from '../../contract/exit.js';
import type { HistoryPoint } from '../../contract/history.js';
import { toBmf } from '../../history/bmf.js';
import { historyChangesUntil, type Series } from '../../history/changes.js';
import { loadChartLibrary } from '../../history/chart-library.js';
import { renderDashboard } from '../../history/dashboard.js';
import { historyPoints, onePointPerCommit, seriesId } from '../../history/points.js';
import { appendToFolder, type HistoryRead, readFolder } from '../../history/store.js';
import type { CliIo } from '../io.js';
import { defineCommand } from '../command.js';
import { JSON_OUTPUT } from '../options.js';

export interface HistoryOptions {
  report: string | null;
  history: string | null;
  commit: string | null;
  date: string | null;
  image: string | null;
  format: string | null;
  out: string | null;
  exitCode: boolean;
  json: boolean;
}

/** Skipped lines said one by one, up to this many. */
const SKIPPED_SHOWN = 20;

const HISTORY_VERBS = ['append', 'changes', 'export', 'html'] as const;

/**
 * trt-ci history append|changes|export|html --history DIR: an engine history in a local folder (the layout
 * of the history branch, docs/history.md). append adds a report's engines; changes finds the change points;
 * export writes Bencher Metric Format; html a static dashboard.
 */
async function historyCommand(operands: string[], options: HistoryOptions, io: CliIo): Promise<number> {
  const [verb, ...rest] = operands;
  if (!verb || !(HISTORY_VERBS as readonly string[]).includes(verb) || rest.length > 0) {
    throw new InputError(`history: expected one of ${HISTORY_VERBS.join(', ')}, got "${operands.join(' ')}"`);
  }
  if (!options.history) throw new InputError('--history: expected the history folder (DIR), got none');
  const dir = resolve(io.cwd, options.history);
  if (verb === 'append') return append(dir, options, io);
  // A history that is not there is a typo or a missing checkout, never an empty history that passes.
  const folder = await stat(dir).catch(() => null);
  if (!folder?.isDirectory()) {
    throw new InputError(
      `--history: expected a history folder, got ${options.history}, which ${folder ? 'is not one' : 'does not exist'}`,
    );
  }
  const read = await readFolder(dir).catch((error: unknown) => {
    throw new InputError(`--history: cannot read ${options.history}: ${fileProblem(error, 'a folder')}`);
  });
  // A line per point skipped, with why; a re-run's points replaced by its commit's latest are counted.
  for (const line of read.skipped.slice(0, SKIPPED_SHOWN)) io.stderr(`trt-ci: skipped ${line}\n`);
  if (read.skipped.length > SKIPPED_SHOWN) {
    io.stderr(`trt-ci: and ${read.skipped.length - SKIPPED_SHOWN} more line(s) that are not history points\n`);
  }
  const { replaced } = onePointPerCommit(read.points);
  if (replaced > 0) io.stderr(`trt-ci: ${replaced} point(s) of re-runs replaced by their commit's latest\n`);
  if (verb === 'export') return exportBmf(read, options, io);
  if (verb === 'html' && !options.out)
    throw new InputError('--out: expected the folder to write the site into, got none');
  // Interrupted, changes and html write nothing, and say so: a half-written answer would read as the whole.
  let series: Series[];
  try {
    series = await historyChangesUntil(read.points, io.signal);
  } catch (error) {
    if (!io.signal?.aborted) throw error;
    io.stderr(`trt-ci: history ${verb} interrupted: nothing written\n`);
    return EXIT.interrupted;
  }
  return verb === 'changes' ? changes(series, read, options, io) : html(series, options, io);
}

async function append(dir: string, options: HistoryOptions, io: CliIo): Promise<number> {
  if (!options.report) throw new InputError("--report: expected the run's report.json, got none");
  const report = await loadReport(resolve(io.cwd, options.report), 'report');
  const commit = options.commit ?? io.env.GITHUB_SHA ?? null;
  if (!commit) throw new InputError('--commit: expected the commit the report is of (or GITHUB_SHA), got none');
  const date = options.date ?? report.startedAt;
  if (Number.isNaN(Date.parse(date))) throw new InputError(`--date: expected an ISO 8601 date, got "${date}"`);
  const points = historyPoints(report, {
    commit,
    date: new Date(date).toISOString(),
    image: options.image ?? io.env.TRT_CI_IMAGE ?? null,
  });
  if (points.length === 0) {
    io.stdout('no engine of the report was built or cached: nothing appended\n');
    return EXIT.passed;
  }
  const files = await appendToFolder(dir, points).catch((error: unknown) => {
    throw new InputError(`--history: cannot write to ${options.history}: ${fileProblem(error, 'a folder')}`);
  });
  io.stdout(`appended ${points.length} point(s) to ${files.join(', ')}\n`);
  return EXIT.passed;
}

function changes(series: readonly Series[], read: HistoryRead, options: HistoryOptions, io: CliIo): number {
  if (options.json) {
    const json = series.map(({ key, metric, points, changePoints }) => ({
      key,
      metric,
      points: points.length,
      changePoints: changePoints.map(({ what, ...c }) => ({ ...c, ...(what && { what }) })),
    }));
    io.stdout(`${JSON.stringify({ series: json, skipped: read.skipped.length }, null, 2)}\n`);
  } else {
    const lines = series.flatMap((s) =>
      s.changePoints.map((c) => {
        const pct = `${c.ratio >= 1 ? '+' : ''}${((c.ratio - 1) * 100).toFixed(2)}%`;
        const at = `${c.commit.slice(0, 12)} (point ${c.index + 1} of ${s.points.length})`;
        return `${c.kind.padEnd(11)} ${seriesId(s.key)} ${s.metric} ${pct} at ${at}${c.what ? `: ${c.what}` : ''}`;
      }),
    );
    io.stdout(`${lines.join('\n') || `no change points in ${series.length} series × metric`}\n`);
  }
  // --exit-code: a regression fails the command, for a script or a scheduled job to act on.
  const regressed = series.some((s) => s.changePoints.some((c) => c.kind === 'regression'));
  return options.exitCode && regressed ? EXIT.failed : EXIT.passed;
}

function exportBmf(read: HistoryRead, options: HistoryOptions, io: CliIo): number {
  if (options.format !== 'bmf') throw new InputError(`--format: expected bmf, got "${options.format ?? ''}"`);
  if (read.points.length === 0) throw new InputError('--history: the history has no points to export');
  // One run's numbers: the commit asked for, else the newest commit's.
  const newest = [...read.points].sort((a, b) => a.date.localeCompare(b.date)).at(-1)!;
  const commit = options.commit ?? newest.commit;
  const points: HistoryPoint[] = read.points.filter((p) => p.commit === commit);
  if (points.length === 0) throw new InputError(`--commit: no point of the history is of commit "${commit}"`);
  io.stdout(`${JSON.stringify(toBmf(points), null, 2)}\n`);
  return EXIT.passed;
}

async function html(series: Series[], options: HistoryOptions, io: CliIo): Promise<number> {
  const out = resolve(io.cwd, options.out!);
  const page = renderDashboard(series, loadChartLibrary(), 'trt-ci engine history');
  try {
    await mkdir(out, { recursive: true });
    // A new file: an index.html planted as a link is replaced, never written through.
    await writeNewFile(join(out, 'index.html'), page);
  } catch (error) {
    throw new InputError(`--out: cannot write ${options.out}: ${fileProblem(error, 'a folder')}`);
  }
  io.stdout(`wrote ${join(out, 'index.html')}: ${new Set(series.map((s) => seriesId(s.key))).size} series\n`);
  return EXIT.passed;
}

export const history = defineCommand({
  name: 'history',
  summary: 'engine history: append a report, find change points, export to Bencher, draw a dashboard',
  operands: 'append|changes|export|html',
  options: {
    history: { type: 'string', arg: 'DIR', help: 'the history folder (points/<date>/*.jsonl)' },
    report: { type: 'string', arg: 'F', help: "the run's report.json (history append)" },
    commit: { type: 'string', arg: 'SHA', help: 'the commit of the report (default GITHUB_SHA); for export, its run' },
    date: { type: 'string', arg: 'ISO', help: "when the run was (default: the report's start)" },
    image: { type: 'string', arg: 'DIGEST', help: "the container image's digest (default TRT_CI_IMAGE)" },
    format: { type: 'string', arg: 'bmf', help: 'Bencher Metric Format (history export)' },
    out: { type: 'string', arg: 'DIR', help: 'where history html writes the site' },
    'exit-code': { type: 'boolean', help: 'history changes: exit 1 when a series has a regression' },
    json: JSON_OUTPUT,
  },
  examples: [
    ['trt-ci history append --history h --report trt-engines/report.json', "this run's engines, one point each"],
    ['trt-ci history changes --history h', 'change points per engine and metric'],
  ],
  run: (operands, values, io) =>
    historyCommand(
      operands,
      {
        report: values.report ?? null,
        history: values.history ?? null,
        commit: values.commit ?? null,
        date: values.date ?? null,
        image: values.image ?? null,
        format: values.format ?? null,
        out: values.out ?? null,
        exitCode: values['exit-code'] ?? false,
        json: values.json ?? false,
      },
      io,
    ),
});
