import { createReadStream, existsSync } from 'node:fs';
import { relative } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { BuildEvent } from '../builds/build-profile.js';
import { errorMessage, InputError } from '../errors.js';
import { applyBaseline, loadReport } from '../compare/baseline.js';
import { loadConfig } from '../config/load.js';
import { commentMarker } from '../github/comment.js';
import { COMMENT_LIMIT_BYTES, renderReports } from '../report/markdown.js';
import { renderDiagnosisText } from '../verify/render.js';
import { scanPlan } from '../verify/scan-plan.js';
import { verifiedPlan } from '../verify/verify-stage.js';
import { runPipeline } from '../pipeline.js';
import { runPreflight } from '../preflight/preflight.js';
import { renderPreflightText } from '../preflight/render.js';
import { detectTensorRtVersion } from '../tensorrt/detect.js';
import { LineSplitter } from '../proc/lines.js';
import type { Report } from '../report/report.js';
import { TrtexecLogParser, type ParsedLog } from '../tensorrt/log-parser.js';
import { formatBytes, formatSeconds } from '../units.js';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  signal?: AbortSignal;
}

export const EXIT = { passed: 0, failed: 1, input: 2, bug: 70 } as const;

const USAGE = `usage: trt-ci <command> [options]

commands:
  preflight   check the runner: GPU, driver, TensorRT support, memory, disk, plugins
  build       build every model × profile in trt-ci.yml (one trtexec per profile)
  run         the whole pipeline (what the GitHub Action does); writes report.json and summary.md
  verify      scan plan files: size, zero bytes, trailing zero run, header, sha256; diagnose zero padding
  report      merge report.json files (one per runner type) into one markdown comment
  parse-log   read a trtexec log: version, engine size, build time, latency, failure kind and hint

options:
  --config F      trt-ci.yml to use (default: trt-ci.yml)
  --baseline F    run, report: a report.json from the base branch to compare against
  --key K         report: the sticky comment's key (adds its marker)
  --json          print machine-readable JSON on stdout
  --exit-code N   parse-log: the exit status trtexec had (trusted before the log's own lines)
  --help          this text

exit status: 0 passed, 1 the work failed, 2 invalid input`;

const OPTIONS = {
  config: { type: 'string' },
  baseline: { type: 'string', multiple: true },
  key: { type: 'string' },
  json: { type: 'boolean', default: false },
  'exit-code': { type: 'string' },
  help: { type: 'boolean', default: false },
} satisfies ParseArgsConfig['options'];

/** The CLI without the process around it: argv in, exit status out, output through `io`. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    let parsed: ReturnType<
      typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true; strict: true }>
    >;
    try {
      parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
    } catch (error) {
      throw new InputError(`${errorMessage(error)}\n${USAGE}`);
    }
    const { values, positionals } = parsed;
    const [command, ...rest] = positionals;
    if (values.help || command === undefined || command === 'help') {
      io.stdout(`${USAGE}\n`);
      return command === undefined && !values.help ? EXIT.input : EXIT.passed;
    }
    switch (command) {
      case 'preflight':
        return await preflightCommand(values.config ?? 'trt-ci.yml', values.json, io);
      case 'build':
      case 'run':
        if ((values.baseline?.length ?? 0) > 1) throw new InputError('--baseline: run takes one baseline report');
        return await buildCommand(
          command,
          values.config ?? 'trt-ci.yml',
          values.baseline?.[0] ?? null,
          values.json,
          io,
        );
      case 'verify':
        return await verifyCommand(rest, values.json, io);
      case 'report':
        return await reportCommand(rest, values.baseline ?? [], values.key ?? null, io);
      case 'parse-log':
        return await parseLogCommand(rest, values['exit-code'], values.json, io);
      default:
        throw new InputError(
          `unknown command "${command}"; expected preflight, build, run, verify, report or parse-log (trt-ci --help)`,
        );
    }
  } catch (error) {
    if (error instanceof InputError) {
      io.stderr(`trt-ci: ${error.message}\n`);
      return EXIT.input;
    }
    io.stderr(
      `trt-ci: internal error (please report it): ` +
        `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return EXIT.bug;
  }
}

async function buildCommand(
  command: 'build' | 'run',
  configFile: string,
  baselineFile: string | null,
  json: boolean,
  io: CliIo,
): Promise<number> {
  if (baselineFile && command !== 'run')
    throw new InputError('--baseline: only trt-ci run compares against a baseline');
  const result = await runPipeline({
    configFile,
    baselineFile,
    preflight: command === 'run',
    onEvent: (event) => io.stderr(describeEvent(event)),
    signal: io.signal,
  });
  const { report } = result;
  if (json) {
    const output =
      command === 'run'
        ? report
        : {
            status: report.status,
            tensorrtVersion: report.environment.tensorrtVersion,
            builds: report.builds,
            manifest: report.manifest,
          };
    io.stdout(`${JSON.stringify(output, null, 2)}\n`);
  } else {
    if (report.preflight) io.stdout(renderPreflightText(report.preflight));
    io.stdout(renderTable(report));
    const rel = (path: string) => relative(process.cwd(), path);
    io.stdout(
      `\nmanifest: ${rel(result.manifestFile)}\nreport:   ` +
        `${rel(result.reportFile)}\nsummary:  ${rel(result.summaryFile)}\n`,
    );
  }
  return report.status === 'passed' ? EXIT.passed : EXIT.failed;
}

async function preflightCommand(configFile: string, json: boolean, io: CliIo): Promise<number> {
  const config = loadConfig(configFile);
  const probeStart = performance.now();
  const version = await detectTensorRtVersion(config.trtexec, config.where(['trtexec']));
  const versionProbeMs = Math.round(performance.now() - probeStart);
  const result = await runPreflight(config, version);
  io.stdout(json ? `${JSON.stringify({ ...result, versionProbeMs }, null, 2)}\n` : renderPreflightText(result));
  return result.status === 'fail' ? EXIT.failed : EXIT.passed;
}

function describeEvent(event: BuildEvent): string {
  switch (event.type) {
    case 'start':
      return (
        `▶ ${event.job.model.name}/${event.job.profile.name}: building on ` +
        `${event.gpu === null ? 'the default GPU' : `GPU ${event.gpu}`} ` +
        `(attempt ${event.attempt}, workspace ${formatBytes(event.workspaceBytes)})\n`
      );
    case 'retry':
      return (
        `↻ ${event.job.model.name}/${event.job.profile.name}: ` +
        `${event.failure.kind}; retrying with workspace ${formatBytes(event.workspaceBytes)}\n`
      );
    case 'done': {
      const r = event.record;
      return r.status === 'built'
        ? `✔ ${r.model}/${r.profile}: built\n`
        : `✘ ${r.model}/${r.profile}: ${r.failure?.kind ?? r.status}\n`;
    }
  }
}

function renderTable(report: Report): string {
  const rows = report.builds.map((b) => [
    b.status === 'built' || b.status === 'cached' ? '✔' : '✘',
    `${b.model}/${b.profile}`,
    b.status,
    b.bytes === null ? '-' : formatBytes(b.bytes),
    b.buildSeconds === null ? '-' : formatSeconds(b.buildSeconds),
    b.peakGpuMemoryMiB === null ? '-' : `${b.peakGpuMemoryMiB} MiB`,
    b.perf?.latencyMs?.median == null ? '-' : `${b.perf.latencyMs.median} ms`,
    String(b.attempts.length),
    b.gpu ? String(b.gpu.index) : '-',
  ]);
  const header = ['', 'engine', 'status', 'plan', 'build', 'peak mem', 'latency', 'tries', 'gpu'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const out = [`TensorRT ${report.environment.tensorrtVersion} — ${report.status}`, line(header), ...rows.map(line)];
  if (report.cache) {
    const c = report.cache;
    out.push(
      `engine cache ${c.dir}: ${c.hits} hit${c.hits === 1 ? '' : 's'}, ${c.misses} ` +
        `miss${c.misses === 1 ? '' : 'es'}${c.corrupt ? `, ${c.corrupt} corrupt entr${c.corrupt === 1 ? 'y' : 'ies'} rebuilt` : ''}, ` +
        `${formatSeconds(c.savedSeconds)} of GPU time saved${c.evicted ? `, ${c.evicted} evicted` : ''}`,
    );
  }
  for (const change of report.comparison.environment)
    out.push(`${change.what} changed since the baseline: ${change.from ?? 'unknown'} → ${change.to ?? 'unknown'}`);
  if (report.comparison.added.length) out.push(`new since the baseline: ${report.comparison.added.join(', ')}`);
  if (report.comparison.removed.length) out.push(`gone since the baseline: ${report.comparison.removed.join(', ')}`);
  for (const b of report.budgets.filter((x) => x.status === 'fail' || x.status === 'warn'))
    out.push(`${b.status === 'fail' ? '✘' : '⚠'} ${b.model}/${b.profile} ${b.metric}: ${b.message}`);
  for (const plan of report.plans.filter((p) => p.diagnosis))
    out.push(`${plan.model}/${plan.profile} ${plan.path}:`, ...renderDiagnosisText(plan.diagnosis!));
  for (const b of report.builds.filter((x) => x.failure)) {
    out.push(
      '',
      `✘ ${b.model}/${b.profile} (${b.configLocation}): ${b.failure!.kind}`,
      `  ${b.failure!.message}`,
      `  hint: ${b.failure!.hint}`,
    );
    const log = b.attempts[b.attempts.length - 1]?.log;
    if (log) out.push(`  log:  ${log}`);
  }
  return `${out.join('\n')}\n`;
}

async function reportCommand(files: string[], baselineFiles: string[], key: string | null, io: CliIo): Promise<number> {
  if (files.length === 0) throw new InputError('report takes one or more REPORT.json files, got none');
  const reports = await Promise.all(files.map((file) => loadReport(file, 'report')));
  const baselines = await Promise.all(baselineFiles.map(async (file) => ({ file, report: await loadReport(file) })));
  // Each runner type is compared with the baseline from the same GPU model.
  const gpuOf = (report: Report) => report.environment.gpus[0]?.name ?? null;
  for (const report of reports) {
    const baseline =
      baselines.find((b) => gpuOf(b.report) === gpuOf(report)) ??
      (baselines.length === 1 && reports.length === 1 ? baselines[0] : undefined);
    if (baseline) applyBaseline(report, baseline.report, baseline.file);
  }
  io.stdout(renderReports(reports, { limit: COMMENT_LIMIT_BYTES, ...(key && { marker: commentMarker(key) }) }));
  return reports.every((r) => r.status === 'passed') ? EXIT.passed : EXIT.failed;
}

async function verifyCommand(files: string[], json: boolean, io: CliIo): Promise<number> {
  if (files.length === 0) throw new InputError('verify takes one or more PLAN files, got none');
  const plans = [];
  for (const file of files) plans.push(await verifiedPlan(await scanPlan(file), layerInfoBeside(file)));
  io.stdout(json ? `${JSON.stringify({ plans }, null, 2)}\n` : plans.map(describePlan).join('\n'));
  return plans.every((p) => p.magic) ? EXIT.passed : EXIT.failed;
}

/** trt-ci writes a plan's layer info as <stem>.layers.json beside it. */
function layerInfoBeside(plan: string): string | null {
  const candidate = `${plan.replace(/\.(plan|engine|trt)$/, '')}.layers.json`;
  return existsSync(candidate) ? candidate : null;
}

function describePlan(plan: Awaited<ReturnType<typeof verifiedPlan>>): string {
  const out = [
    `${plan.path}: ` +
      `${plan.magic ? `TensorRT ${plan.tensorrtVersion} plan${plan.container === 'ultralytics' ? ` behind ${plan.planOffset} bytes of Ultralytics metadata` : ''}` : plan.problem}`,
    `  ${formatBytes(plan.bytes)}, ${(plan.zeroFraction * 100).toFixed(1)}% zero bytes, ` +
      `trailing zero run ${formatBytes(plan.trailingZeroBytes)}, longest ${formatBytes(plan.longestZeroRun)}`,
    `  sha256 ${plan.sha256}`,
  ];
  if (plan.diagnosis) out.push(...renderDiagnosisText(plan.diagnosis));
  return `${out.join('\n')}\n`;
}

async function parseLogCommand(
  files: string[],
  exitCodeText: string | undefined,
  json: boolean,
  io: CliIo,
): Promise<number> {
  if (files.length !== 1) throw new InputError(`parse-log takes one LOG file, got ${files.length}`);
  const file = files[0]!;
  let exitCode: number | undefined;
  if (exitCodeText !== undefined) {
    exitCode = Number(exitCodeText);
    if (!Number.isInteger(exitCode))
      throw new InputError(`--exit-code: expected an integer exit status, got "${exitCodeText}"`);
  }
  const parsed = await parseLogFile(file, exitCode);
  io.stdout(json ? `${JSON.stringify(parsed, null, 2)}\n` : describeLog(parsed));
  return parsed.status === 'failed' ? EXIT.failed : EXIT.passed;
}

async function parseLogFile(file: string, exitCode: number | undefined): Promise<ParsedLog> {
  const parser = new TrtexecLogParser();
  const lines = new LineSplitter((line) => parser.push(line));
  try {
    for await (const chunk of createReadStream(file)) lines.push(chunk as Buffer);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'is a directory, expected a trtexec log'
          : errorMessage(error);
    throw new InputError(`${file}: cannot read log: ${reason}`);
  }
  lines.end();
  return parser.result(exitCode === undefined ? undefined : { exitCode });
}

function describeLog(log: ParsedLog): string {
  const out = [
    `status:       ${log.status}`,
    `TensorRT:     ` +
      `${log.tensorrtVersion ?? 'unknown'}${log.tensorrtBuild === null ? '' : ` (build ${log.tensorrtBuild})`}`,
    `engine size:  ${log.engineBytes === null ? '-' : formatBytes(log.engineBytes)}`,
    `build time:   ${log.buildSeconds === null ? '-' : formatSeconds(log.buildSeconds)}`,
    `throughput:   ${log.throughputQps === null ? '-' : `${log.throughputQps} qps`}`,
  ];
  if (log.latencyMs)
    out.push(`latency:      median ${log.latencyMs.median ?? '-'} ms, p99 ${log.latencyMs.p99 ?? '-'} ms`);
  if (log.gpuComputeMs)
    out.push(`GPU compute:  median ${log.gpuComputeMs.median ?? '-'} ms, p99 ${log.gpuComputeMs.p99 ?? '-'} ms`);
  if (log.failure)
    out.push(`failure:      ${log.failure.kind}`, `  ${log.failure.message}`, `  hint: ${log.failure.hint}`);
  return `${out.join('\n')}\n`;
}
