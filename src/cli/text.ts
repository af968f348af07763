// What the CLI prints for people (--json prints the data itself).
import { isBuilt } from '../contract/report.js';
import { whyFailed } from '../compare/status.js';
import { formatPosition } from '../common/position.js';
import type { EngineScan, Report } from '../contract/report.js';
import type { ParsedLog } from '../tensorrt/log-parser.js';
import { formatBytes, formatMs, formatSeconds } from '../common/units.js';
import { renderDiagnosisText } from '../report/parts/diagnosis.js';
import { describeLatency } from '../report/parts/latency.js';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The run's table: one row per build, then the cache, the comparison, budgets and failures. */
export function renderRunText(report: Report): string {
  const rows = report.builds.map((b) => [
    isBuilt(b) ? '✔' : '✘',
    `${b.model}/${b.profile}`,
    b.status,
    b.bytes === null ? '-' : formatBytes(b.bytes),
    b.buildSeconds === null ? '-' : formatSeconds(b.buildSeconds),
    b.peakGpuMemoryMiB === null ? '-' : `${b.peakGpuMemoryMiB} MiB`,
    b.perf?.latencyMs?.median == null ? '-' : formatMs(b.perf.latencyMs.median),
    String(b.attempts.length),
    b.gpu ? String(b.gpu.index) : '-',
  ]);
  // trtexec's own median of one benchmark run, not an A/B's figure: named so in every table.
  const header = ['', 'engine', 'status', 'plan', 'build', 'peak mem', 'bench p50', 'tries', 'gpu'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  // A failed run says why in its first line, whatever failed it (a deploy prediction under every ✔ too).
  const why = whyFailed(report);
  const status = why.length === 0 ? report.status : `failed: ${why[0]}${why.length > 1 ? ` (+${why.length - 1})` : ''}`;
  const product = `${report.environment.product} ${report.environment.tensorrtVersion}`;
  const out = [`${product} — ${status}`, line(header), ...rows.map(line)];
  if (report.cache) {
    const c = report.cache;
    out.push(
      [
        `engine cache ${c.dir}: ${plural(c.hits, 'hit', 'hits')}, ${plural(c.misses, 'miss', 'misses')}`,
        c.corrupt ? `, ${plural(c.corrupt, 'corrupt entry', 'corrupt entries')} rebuilt` : '',
        `, ${formatSeconds(c.savedSeconds)} of GPU time saved`,
        c.evicted ? `, ${c.evicted} evicted` : '',
      ].join(''),
    );
    if (c.refused) out.push(`⚠ engine cache not used: ${c.refused}`);
    for (const tag of c.registry?.deleted ?? []) out.push(`· deleted from the registry cache: ${tag}`);
    for (const problem of c.problems) out.push(`⚠ ${problem}`);
  }
  for (const b of report.builds) {
    if (!b.accuracy) continue;
    const failing = b.accuracy.outputs.filter((o) => o.failure);
    if (b.accuracy.status === 'not-checked')
      out.push(`· accuracy ${b.model}/${b.profile}: not checked (accuracy: false)`);
    if (b.accuracy.problem) out.push(`✘ accuracy ${b.model}/${b.profile}: error: ${b.accuracy.problem}`);
    for (const o of failing) out.push(`✘ accuracy ${b.model}/${b.profile}: ${o.name} (${o.shape}): ${o.failure}`);
    if (b.accuracy.status === 'passed') {
      const cosine = Math.min(...b.accuracy.outputs.map((o) => o.cosine ?? 1));
      out.push(`✔ accuracy ${b.model}/${b.profile}: within tolerance (lowest cosine ${cosine.toPrecision(6)})`);
    }
  }
  for (const b of report.builds) {
    if (!b.latency) continue;
    const mark =
      b.latency.verdict === 'slower' ? '✘' : b.latency.verdict === 'same' || b.latency.verdict === 'faster' ? '✔' : '⚠';
    out.push(`${mark} latency ${b.model}/${b.profile}: ${describeLatency(b.latency)}`);
  }
  for (const note of report.comparison.latencyNotes ?? []) out.push(`⚠ ${note}`);
  const { comparison } = report;
  for (const change of comparison.environment) {
    out.push(`${change.what} changed since the baseline: ${change.from ?? 'unknown'} → ${change.to ?? 'unknown'}`);
  }
  if (comparison.added.length) out.push(`new since the baseline: ${comparison.added.join(', ')}`);
  if (comparison.removed.length) out.push(`gone since the baseline: ${comparison.removed.join(', ')}`);
  for (const build of report.builds) {
    for (const b of build.budgets.filter((x) => x.status === 'fail' || x.status === 'warn')) {
      out.push(`${b.status === 'fail' ? '✘' : '⚠'} ${b.model}/${b.profile} ${b.metric}: ${b.message}`);
    }
  }
  for (const b of report.builds) {
    for (const row of b.deploy.filter((r) => r.verdict === 'fails'))
      out.push(`✘ ${b.model}/${b.profile} will not load on ${row.target}: ${row.line ?? '?'}; fix: ${row.fix ?? '?'}`);
  }
  for (const { model, profile, scan } of report.builds) {
    if (scan?.diagnosis) out.push(`${model}/${profile} ${scan.path}:`, ...renderDiagnosisText(scan.diagnosis));
  }
  for (const b of report.builds) {
    if (!b.failure) continue;
    const where = b.configPosition ? ` (${formatPosition(b.configPosition)})` : '';
    out.push('', `✘ ${b.model}/${b.profile}${where}: ${b.failure.kind}`, `  ${b.failure.message}`);
    out.push(`  hint: ${b.failure.hint}`);
    const log = b.attempts[b.attempts.length - 1]?.log;
    if (log) out.push(`  log:  ${log}`);
  }
  return `${out.join('\n')}\n`;
}

export function describePlan(plan: EngineScan): string {
  const container = plan.container === 'ultralytics' ? ` behind ${plan.planOffset} bytes of Ultralytics metadata` : '';
  const zeros = `${(plan.zeroFraction * 100).toFixed(1)}% zero bytes`;
  const what =
    plan.layout === 'ptrt'
      ? 'TensorRT plan, older layout, version not readable from the header'
      : `${plan.product ?? 'TensorRT'} ${plan.tensorrtVersion} plan${targetsOf(plan)}`;
  const out = [
    `${plan.path}: ${plan.magic ? `${what}${container}${plan.problem ? `, ${plan.problem}` : ''}` : plan.problem}`,
    `  ${formatBytes(plan.bytes)}, ${zeros}, trailing zero run ${formatBytes(plan.trailingZeroBytes)}, ` +
      `longest ${formatBytes(plan.longestZeroRun)}`,
    `  sha256 ${plan.sha256}`,
  ];
  if (plan.diagnosis) out.push(...renderDiagnosisText(plan.diagnosis));
  return `${out.join('\n')}\n`;
}

/** The engine's size as the log says it: a whole-MiB figure is a lower bound, and 0 MiB is under 1 MiB. */
function engineSize(log: ParsedLog): string {
  if (log.engineBytes === null) return '-';
  if (log.engineBytesAre !== 'at-least') return formatBytes(log.engineBytes);
  return log.engineBytes === 0 ? '< 1 MiB' : `≥ ${formatBytes(log.engineBytes)}`;
}

export function describeLog(log: ParsedLog): string {
  const build = log.tensorrtBuild === null ? '' : ` (build ${log.tensorrtBuild})`;
  const out = [
    `status:       ${log.status}`,
    `TensorRT:     ${log.tensorrtVersion ?? 'unknown'}${build}`,
    `engine size:  ${engineSize(log)}`,
    `build time:   ${log.buildSeconds === null ? '-' : formatSeconds(log.buildSeconds)}`,
    `throughput:   ${log.throughputQps === null ? '-' : `${log.throughputQps} qps`}`,
  ];
  const timing = (label: string, stats: ParsedLog['latencyMs']) =>
    stats && out.push(`${label}median ${stats.median ?? '-'} ms, p99 ${stats.p99 ?? '-'} ms`);
  timing('latency:      ', log.latencyMs);
  timing('GPU compute:  ', log.gpuComputeMs);
  if (log.failure)
    out.push(`failure:      ${log.failure.kind}`, `  ${log.failure.message}`, `  hint: ${log.failure.hint}`);
  return `${out.join('\n')}\n`;
}

/** ", for compute capability 8.9": the targets a TensorRT-RTX plan's header names; nothing for TensorRT's. */
const targetsOf = (plan: EngineScan) =>
  plan.computeCapabilities?.length
    ? `, for compute capabilit${plan.computeCapabilities.length > 1 ? 'ies' : 'y'} ` +
      plan.computeCapabilities.join(', ')
    : '';
