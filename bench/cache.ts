// npm run bench (engine cache): a fully cached `trt-ci run` of 2 models × 3 profiles with 50 MiB plans,
// against copying those six plans with `cp`, measured in the same run. The cached run restores each
// plan (a hard link), verifies it (a full scan with its sha256) and writes the report.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../src/cli/run-cli.js';
import { installStandins } from '../test/support/standins.js';

const REPEATS = 3;
const MiB = 1024 * 1024;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const dir = mkdtempSync(join(tmpdir(), 'trt-ci-bench-cache-'));
try {
  const standins = installStandins(dir, { trtexecEnv: { TRTEXEC_STANDIN_PLAN_BYTES: 50 * MiB } });
  for (const model of ['up', 'det']) writeFileSync(join(dir, `${model}.onnx`), `${model} placeholder`);
  const profiles = ['a', 'b', 'c'].map((p, i) => `      - { name: ${p}, shapes: { x: 1x3x${8 + i}x8 } }`).join('\n');
  const config = join(dir, 'trt-ci.yml');
  writeFileSync(
    config,
    [
      `trtexec: ${standins.trtexec}`,
      `nvidia-smi: ${standins.nvidiaSmi}`,
      'output-dir: out',
      'cache-dir: cache',
      'cuda: "13.0"',
      'models:',
      ...['up', 'det'].flatMap((m) => [`  - name: ${m}`, `    onnx: ${m}.onnx`, '    profiles:', profiles]),
      '',
    ].join('\n'),
  );
  const quiet = { cwd: process.cwd(), env: process.env, stdout: () => {}, stderr: () => {} };
  if ((await runCli(['run', '--config', config], quiet)) !== 0) throw new Error('the first (filling) run failed');
  const plans = ['up', 'det'].flatMap((m) => ['a', 'b', 'c'].map((p) => join(dir, 'out', `${m}.${p}.plan`)));
  const cached: number[] = [];
  const copied: number[] = [];
  for (let r = 0; r < REPEATS; r += 1) {
    let start = process.hrtime.bigint();
    if ((await runCli(['run', '--config', config], quiet)) !== 0) throw new Error('the cached run failed');
    cached.push(Number(process.hrtime.bigint() - start) / 1e6);
    const target = join(dir, `copy-${r}`);
    mkdirSync(target);
    start = process.hrtime.bigint();
    spawnSync('cp', [...plans, target]);
    copied.push(Number(process.hrtime.bigint() - start) / 1e6);
    rmSync(target, { recursive: true });
  }
  const [c, p] = [median(cached), median(copied)];
  console.log(
    `engine cache: a fully cached run of 6 builds with 50 MiB plans ${c.toFixed(0)} ms ` +
      `÷ cp of the 6 plans ${p.toFixed(0)} ms = ${(c / p).toFixed(2)} (median of ${REPEATS})`,
  );
  console.log(
    `  it restores, verifies (sha256 of 300 MiB) and reports; the trtexec calls it saved: ` +
      `${spawnSync('wc', ['-l', standins.callsFile]).stdout.toString().trim().split(' ')[0]} ` +
      `builds ran, all in the filling run`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
