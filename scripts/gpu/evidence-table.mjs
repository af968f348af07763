// The GPU checks' table in docs/evidence.md, made from the newest bench/results/gpu-check/<date>-<machine>/
// (what npm run gpu-check wrote there: one <check>.json each). npm run build puts it between the markers,
// and .ci/run fails when the committed page is not what the committed results make.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const pct = (x) => `${(x * 100).toFixed(1)}%`;
const num = (x, digits = 4) => (x === null || x === undefined ? '–' : Number(x).toPrecision(digits));

/** One line of what a check measured. */
const MEASURED = {
  preflight: (m) => `status ${m?.status}, ${m?.wallMs} ms for the whole command`,
  attribution: (m) =>
    m.map((a) => `${a.build}: ${a.trtCiPeakMiB} MiB against ${a.standinAllocatedMiB} allocated`).join('; ') +
    ` (largest error ${pct(Math.max(...m.map((a) => Math.abs(a.errorVsAllocated ?? 1))))})`,
  backoff: (m) =>
    m.attempts.map((a) => `${a.workspaceMiB} MiB ${a.failure ?? 'built'}`).join(' → ') +
    (m.freeMiBBefore ? ` (${m.freeMiBBefore} MiB free)` : ''),
  sampler: (m) =>
    `${num(m.withSamplerMs)} ms with the sampler against ${num(m.aloneMs)} ms without (${pct(m.overhead)})`,
  'multi-gpu': (m) =>
    `${m.gpus} GPUs: speed-up ${m.speedup.toFixed(2)} (goal ${m.goal.toFixed(1)}), ${m.buildsAtOnce} builds at once`,
  accuracy: (m) =>
    m
      .map((e) => {
        const o = e.outputs[0] ?? {};
        const inf = o.inf ? `, ${o.inf} inf` : '';
        return `${e.model}: ${e.status}, max abs ${num(o.maxAbsError, 3)}, cosine ${num(o.cosine, 7)}${inf}`;
      })
      .join('; '),
  consistency: (m) =>
    m
      .map((e) => {
        const at = e.accuracyFailsAt.length ? `, accuracy fails at ${e.accuracyFailsAt.join('/')}` : '';
        return `${e.model}: ${e.consistency}${at}`;
      })
      .join('; '),
  stability: (m) =>
    `timed tactics: ${m.timed?.level} (${m.timed?.changedLayers.length} layer changes); fixed: ${m.fixed?.level}` +
    (m.cached ? `; with a shared timing cache: ${m.cached.withTimingCache.join(', ')}` : ''),
  'tensorrt-rtx': (m) =>
    `${m.environment?.[1] ?? ''}: ` +
    ['cc89', 'current']
      .map((cc) => {
        const engines = (m[cc]?.builds ?? []).map((b) => `${b.engine} ${b.status}${b.kind ? ` (${b.kind})` : ''}`);
        return `${cc}: ${engines.join(', ')}`;
      })
      .join('; '),
  explain: (m) =>
    m
      .map(
        (e) =>
          `${e.verdict}: region ${num(e.regionDeltaMs)} ms of the A/B's ${num(e.abChangeMs)} ms ` +
          `(share ${num(e.share, 3)}, ${e.significant ? 'beyond' : 'within'} noise); ` +
          `${e.profileRuns} profile runs ${(e.profileMs / 1000).toFixed(1)} s against ${e.abRuns} A/B runs ` +
          `${(e.abMs / 1000).toFixed(1)} s (${pct(e.profileMs / e.abMs)})`,
      )
      .join('; '),
  latency: (m) => {
    const same = m.aa.filter((r) => r.verdict === 'same').length;
    const ratios = m.aa.map((r) => r.ratio);
    // Results before the check measured its injection judged every slowdown by its name (slower).
    const right = m.ab.filter((r) => (r.expected ?? ['slower']).includes(r.verdict)).length;
    const by = [...new Set(m.ab.map((r) => r.slowdown))]
      .map((s) => {
        const rows = m.ab.filter((r) => r.slowdown === s);
        const measured = rows[0]?.injected;
        const size = typeof measured === 'number' ? ` (measured ${(measured * 100).toFixed(2)}%)` : '';
        return `${pct(s)}${size}: ${rows.map((r) => `${r.verdict} ${num(r.ratio, 5)}`).join(', ')}`;
      })
      .join('; ');
    return (
      `A/A ${same} of ${m.aa.length} same (ratios ${num(Math.min(...ratios), 5)}–${num(Math.max(...ratios), 5)}); ` +
      `slowdowns: ${right} of ${m.ab.length} got the verdict their measured size calls for (${by})`
    );
  },
  'latency-contract': (m) =>
    Object.entries(m.verdicts)
      .map(([version, by]) => {
        const text = Object.entries(by).map(([s, verdicts]) => `${pct(Number(s))} ${verdicts.join('/')}`);
        return `TensorRT ${version}: ${text.join(', ')}`;
      })
      .join('; '),
};

/** The newest results folder's checks as a markdown table, or a line saying there are none. */
export function evidenceTable(root) {
  const base = join(root, 'bench', 'results', 'gpu-check');
  const runs = existsSync(base) ? readdirSync(base).sort() : [];
  const newest = runs.at(-1);
  if (!newest) return 'No `npm run gpu-check` results committed yet.';
  const dir = join(base, newest);
  const checks = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
  const { machine, date, commit } = checks[0];
  const rows = checks.map(
    (c) =>
      `| ${c.check} | ${c.goal} | ${c.passed ? '✅' : '❌'} | ${(MEASURED[c.check] ?? JSON.stringify)(c.measured)} |`,
  );
  return [
    `\`npm run gpu-check\` on ${machine.gpus ?? '?'} × ${machine.gpu} (driver ${machine.driver}, ` +
      `${machine.software ?? ''}, Node ${machine.node}), ${date}, at commit ${commit}: ` +
      `[bench/results/gpu-check/${newest}/](../bench/results/gpu-check/${newest}/).`,
    '',
    '| check | goal | held | measured |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}
