import { logLines } from '../../common/log-text.js';
import { relative } from 'node:path';
import { InputError } from '../../common/errors.js';
import { parseShard } from '../../builds/shard.js';
import { defineCommand } from '../command.js';
import { CONFIG, JSON_OUTPUT } from '../options.js';
import { runProvenance } from '../../github/context.js';
import type { JobSelection } from '../../builds/shard.js';
import { runPipeline } from '../../pipeline.js';
import { renderPreflightText } from '../../report/parts/preflight.js';
import type { CliIo } from '../io.js';
import { EXIT } from '../../contract/exit.js';
import { describeEvent, heartbeatMs } from '../../builds/progress.js';
import { StatusLine } from '../status-line.js';
import { renderRunText } from '../text.js';
import type { Config } from '../../contract/config.js';
import type { Report } from '../../contract/report.js';

/** `trt-ci build` (the build loop alone) and `trt-ci run` (preflight, builds, verify, compare, report). */
async function buildOrRun(
  command: 'build' | 'run' | 'stability',
  options: {
    config: string;
    baseline: string | null;
    json: boolean;
    selection: JobSelection;
    adjustConfig?: (config: Config) => Config;
  },
  io: CliIo,
): Promise<number> {
  const live = io.tty && !options.json ? new StatusLine() : null;
  const beat = live ? 1000 : heartbeatMs(io.env);
  const result = await runPipeline({
    configFile: options.config,
    cwd: io.cwd,
    env: io.env,
    provenance: runProvenance(io.env, io.cwd),
    baselineFile: options.baseline,
    preflight: command === 'run',
    selection: options.selection,
    ...(options.adjustConfig && { adjustConfig: options.adjustConfig }),
    // Preflight first, as soon as it is known; then a line per build event, and for a long build a
    // heartbeat line a minute, or in a terminal a status line per GPU redrawn every second.
    onEvent: (event) => {
      if (event.type === 'preflight') {
        if (!options.json) io.stdout(renderPreflightText(event.preflight));
      } else if (event.type === 'note') io.stderr(logLines(`${event.line}\n`));
      else if (live) io.stderr(live.update(event, event.type === 'heartbeat' ? '' : describeEvent(event)));
      else io.stderr(describeEvent(event));
    },
    ...(beat && { heartbeatMs: beat }),
    ...(io.signal && { signal: io.signal }),
    ...(io.startProcess && { startProcess: io.startProcess }),
  }).finally(() => live && io.stderr(live.clear()));
  const { report } = result;
  if (options.json) {
    const { status, builds, manifest } = report;
    const output =
      command === 'run' ? report : { status, tensorrtVersion: report.environment.tensorrtVersion, builds, manifest };
    io.stdout(`${JSON.stringify(output, null, 2)}\n`);
  } else {
    io.stdout(command === 'stability' ? renderStabilityText(report) : renderRunText(report));
    const rel = (path: string) => relative(io.cwd, path);
    io.stdout(
      `\nmanifest: ${rel(result.manifestFile)}\nreport:   ${rel(result.reportFile)}\n` +
        `summary:  ${rel(result.summaryFile)}\n`,
    );
  }
  // Results that could not be saved (a full disk) fail the command even when the engines passed: nothing reads
  // them. Its own status, so that a script can tell it from bad input.
  for (const problem of result.unwritten) io.stderr(`trt-ci: ${problem}\n`);
  if (result.unwritten.length > 0) return EXIT.unwritten;
  return report.status === 'passed' ? EXIT.passed : EXIT.failed;
}

const SELECTION = {
  shard: {
    type: 'string',
    arg: 'I/N',
    help: 'build only shard I of N (1-based): a balanced, stable share of the pairs',
  },
  only: {
    type: 'string',
    multiple: true,
    arg: 'M[/P]',
    help: 'build only model M (or its profile P); repeat for more',
  },
} as const;

function selectionOf(values: { shard?: string; only?: string[] }): JobSelection {
  const shard = values.shard === undefined ? null : parseShard(values.shard);
  if (values.shard !== undefined && !shard) {
    throw new InputError(`--shard: expected I/N with 1 <= I <= N, like 2/3, got "${values.shard}"`);
  }
  return { shard, only: values.only ?? [] };
}

export const build = defineCommand({
  name: 'build',
  summary: 'build every model × profile in trt-ci.yml (one trtexec per profile), without preflight',
  operands: '',
  options: { config: CONFIG, ...SELECTION, json: JSON_OUTPUT },
  examples: [['trt-ci build --only detector/batch8', 'one engine, as a run would build it']],
  run: (_, values, io) =>
    buildOrRun(
      'build',
      {
        config: values.config ?? 'trt-ci.yml',
        baseline: null,
        json: values.json ?? false,
        selection: selectionOf(values),
      },
      io,
    ),
});

/** Each engine's stability level, and what differed where its rebuilds fell short of the same bytes. */
function renderStabilityText(report: Report): string {
  return report.builds
    .map((b) => {
      const s = b.stability;
      if (!s) return `${b.model}/${b.profile}: ${b.status}, not rebuilt\n`;
      const changed = [...new Set(s.rebuilds.flatMap((r) => (r.changedLayers ?? []).map((c) => c.layer)))];
      const problems = s.rebuilds.flatMap((r) => (r.problem ? [r.problem] : []));
      const why = [changed.length ? `tactics changed: ${changed.join(', ')}` : '', ...problems].filter(Boolean);
      return (
        `${b.model}/${b.profile}: ${s.level ?? 'not measured'} (${s.rebuilds.length} rebuilds)` +
        `${why.length ? `; ${why.join('; ')}` : ''}\n`
      );
    })
    .join('');
}

export const stability = defineCommand({
  name: 'stability',
  summary: 'rebuild each engine and certify how alike the builds are: the same bytes, tactics or outputs',
  operands: '',
  options: {
    config: CONFIG,
    rebuilds: {
      type: 'string',
      arg: 'N',
      help: 'rebuilds with the timing cache (default: stability: in trt-ci.yml, else 2)',
    },
    ...SELECTION,
    json: JSON_OUTPUT,
  },
  examples: [['trt-ci stability --rebuilds 3', 'each engine built 4 times (and once without the timing cache)']],
  run: (_, values, io) => {
    const rebuilds = values.rebuilds === undefined ? null : Number(values.rebuilds);
    if (rebuilds !== null && !(Number.isInteger(rebuilds) && rebuilds >= 1 && rebuilds <= 10))
      throw new InputError(`--rebuilds: expected a whole number from 1 to 10, got "${values.rebuilds}"`);
    return buildOrRun(
      'stability',
      {
        config: values.config ?? 'trt-ci.yml',
        baseline: null,
        json: values.json ?? false,
        selection: selectionOf(values),
        adjustConfig: (config) => ({
          ...config,
          stability: { rebuilds: rebuilds ?? config.stability?.rebuilds ?? 2 },
        }),
      },
      io,
    );
  },
});

export const run = defineCommand({
  name: 'run',
  summary: 'the whole pipeline (what the GitHub Action does); writes report.json and summary.md',
  operands: '',
  options: {
    config: CONFIG,
    baseline: { type: 'string', arg: 'F', help: 'a report.json from the base branch to compare against' },
    ...SELECTION,
    json: JSON_OUTPUT,
  },
  examples: [['trt-ci run --baseline base/report.json', 'everything the action does, compared with the base branch']],
  run: (_, values, io) =>
    buildOrRun(
      'run',
      {
        config: values.config ?? 'trt-ci.yml',
        baseline: values.baseline ?? null,
        json: values.json ?? false,
        selection: selectionOf(values),
      },
      io,
    ),
});
