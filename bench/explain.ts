// npm run bench: what the explain stage's profile runs cost next to the A/B they follow (issue 26).
//
// A benchmark: ab run whose head engine is 20% slower, with the trtexec stand-in timed as a real trtexec
// (TRTEXEC_STANDIN_REAL_TIME: each inference lasts its --warmUp and --duration). From the stand-in's record
// of every call (start, end), the A/B's runs (--exportTimes) and the profile runs (--exportProfile) are
// summed: the ratio is the profile runs' cost as a share of the A/B's, both measured in the same run. The
// stand-in spends no time per iteration; trtexec's per-iteration time is added by the model printed below.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../src/cli/run-cli.js';
import { AB_DEFAULTS } from '../src/latency/plan-ab.js';
import { PROFILE_RUNS } from '../src/explain/stage.js';
import { installStandins } from '../test/support/standins.js';

const dir = mkdtempSync(join(tmpdir(), 'trt-ci-bench-explain-'));
try {
  const standins = installStandins(dir, {
    trtexecEnv: { TRTEXEC_STANDIN_REAL_TIME: '1', TRTEXEC_STANDIN_LATENCY_MS: 'pr-out/=1.2,cache/=1' },
  });
  const config = (out: string) => {
    const file = join(dir, `${out}.yml`);
    writeFileSync(
      file,
      `trtexec: ${standins.trtexec}\nnvidia-smi: ${standins.nvidiaSmi}\noutput-dir: ${out}\ncache-dir: cache\n` +
        'models:\n  - name: m\n    onnx: m.onnx\n    benchmark: ab\n' +
        '    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]\n',
    );
    return file;
  };
  const quiet = { cwd: dir, env: process.env, stdout: () => {}, stderr: () => {} };
  writeFileSync(join(dir, 'm.onnx'), 'base model');
  const report = join(dir, 'base-report.json');
  let base = '';
  await runCli(['run', '--config', config('base-out'), '--json'], { ...quiet, stdout: (t) => (base += t) });
  writeFileSync(report, base);
  writeFileSync(join(dir, 'm.onnx'), 'head model');
  rmSync(standins.callsFile, { force: true });
  await runCli(['run', '--config', config('pr-out'), '--baseline', report], quiet);
  const calls = readFileSync(standins.callsFile, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { args: string[]; start: number; end: number });
  const seconds = (flag: string) =>
    calls.filter((c) => c.args.some((a) => a.startsWith(flag))).reduce((s, c) => s + (c.end - c.start) / 1000, 0);
  const [ab, profiles] = [seconds('--exportTimes='), seconds('--exportProfile=')];
  console.log(
    `explain: ${PROFILE_RUNS.runs * 2} profile runs ${profiles.toFixed(2)} s against the A/B's ` +
      `${AB_DEFAULTS.repetitions * 2} runs ${ab.toFixed(2)} s (stand-in timed as trtexec: warm-up only): ` +
      `${((profiles / ab) * 100).toFixed(1)}%`,
  );
  // With trtexec's per-iteration time L (ms): each run costs 200 ms of warm-up plus its iterations.
  for (const latency of [1, 10]) {
    const profileCost = PROFILE_RUNS.runs * 2 * (0.2 + (PROFILE_RUNS.iterations * latency) / 1000);
    const abCost = AB_DEFAULTS.repetitions * 2 * (0.2 + (AB_DEFAULTS.iterations * latency) / 1000);
    console.log(
      `explain: at ${latency} ms an iteration, ${profileCost.toFixed(1)} s of profile runs against ` +
        `${abCost.toFixed(1)} s of A/B: ${((profileCost / abCost) * 100).toFixed(1)}%`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
