// npm run bench: what trt-ci costs per build on top of trtexec itself.
//
// The trtexec stand-in answers instantly (no build time), so a `trt-ci build` of N profiles costs
// N stand-in runs plus trt-ci's own work. The reference, measured in the same run, is the same N
// stand-in runs spawned directly with the same argv. Two sizes of N separate the fixed cost of a run
// (version probe, GPU query, memory sampler start) from the cost per build (the slope).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../src/cli/run-cli.js';
import { installStandins } from '../test/support/standins.js';

const REPEATS = 5;
const SIZES = [4, 16];

function config(dir: string, trtexec: string, nvidiaSmi: string, profiles: number): string {
  const list = Array.from(
    { length: profiles },
    (_, i) =>
      `      - { name: p${i}, shapes: { x: { min: 1x3x${8 + i}x8, opt: 1x3x${16 + i}x16, max: 1x3x${32 + i}x32 } } }`,
  );
  const file = join(dir, `trt-ci-${profiles}.yml`);
  writeFileSync(
    file,
    [
      `trtexec: ${trtexec}`,
      `nvidia-smi: ${nvidiaSmi}`,
      'output-dir: out',
      'models:',
      '  - name: m',
      '    onnx: m.onnx',
      '    profiles:',
      ...list,
      '',
    ].join('\n'),
  );
  return file;
}

const run = (command: string, args: string[]) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'ignore' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited ${code}`))));
  });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function time(work: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const dir = mkdtempSync(join(tmpdir(), 'trt-ci-bench-'));
try {
  writeFileSync(join(dir, 'm.onnx'), 'placeholder');
  const standins = installStandins(dir);
  const rows: { n: number; trtCi: number; direct: number }[] = [];
  for (const n of SIZES) {
    const file = config(dir, standins.trtexec, standins.nvidiaSmi, n);
    const quiet = { cwd: process.cwd(), env: process.env, stdout: () => {}, stderr: () => {} };
    const trtCi: number[] = [];
    const direct: number[] = [];
    for (let r = 0; r < REPEATS; r += 1) {
      rmSync(standins.callsFile, { force: true });
      trtCi.push(await time(() => runCli(['build', '--config', file], quiet)));
      const argvs = readFileSync(standins.callsFile, 'utf8')
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { args: string[] }).args);
      direct.push(
        await time(async () => {
          for (const args of argvs) await run(standins.trtexec, args);
        }),
      );
    }
    rows.push({ n, trtCi: median(trtCi), direct: median(direct) });
  }
  const [small, large] = rows as [(typeof rows)[0], (typeof rows)[0]];
  const perBuild = (large.trtCi - large.direct - (small.trtCi - small.direct)) / (large.n - small.n);
  const fixed = small.trtCi - small.direct - perBuild * small.n;
  const perStandin = large.direct / large.n;
  console.log('trt-ci build vs the same trtexec stand-in runs spawned directly (median of 5 runs each)');
  for (const row of rows) {
    console.log(
      `  ${String(row.n).padStart(2)} builds: trt-ci ${row.trtCi.toFixed(0)} ms, ` +
        `stand-in alone ${row.direct.toFixed(0)} ms, ratio ${(row.trtCi / row.direct).toFixed(2)}`,
    );
  }
  console.log(
    `  orchestration overhead per build: ${perBuild.toFixed(1)} ms ` +
      `(${(perBuild / perStandin).toFixed(2)} × one instant stand-in run of ${perStandin.toFixed(0)} ms)`,
  );
  console.log(`  fixed cost per run (version probe, GPU query, sampler start): ${fixed.toFixed(0)} ms`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
