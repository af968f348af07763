// npm run bench: the action's start-up cost. The reference, built and measured in the same run, is an
// ncc bundle that only imports @actions/core and reads one input: what any JavaScript action pays.
// Both run the same quick path (the gate command with no event), interleaved, and report the CPU time
// (user + system) each process used until it exited, read in the process itself at exit.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REPEATS = 9;
const root = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'trt-ci-startup-'));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  execFileSync(join(root, 'node_modules', '.bin', 'ncc'), [
    'build',
    join(root, 'bench', 'startup', 'reference.mjs'),
    '-o',
    join(dir, 'ref'),
    '--quiet',
  ]);
  const probe = join(root, 'bench', 'startup', 'cpu-at-exit.mjs');
  const cpuMs = (bundle: string) => {
    const result = spawnSync(process.execPath, ['--import', probe, bundle], {
      cwd: dir,
      // run with a config that is not there: it loads the whole pipeline, then stops at the config.
      env: { PATH: process.env.PATH, INPUT_CONFIG: 'missing.yml', RUNNER_TEMP: dir },
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
    });
    return Number(String(result.output[3]).trim());
  };
  const action: number[] = [];
  const run: number[] = [];
  const reference: number[] = [];
  for (let r = 0; r < REPEATS; r += 1) {
    // The gate action starts on every pull request event: its start-up is what the goal is about.
    action.push(cpuMs(join(root, 'dist', 'gate.js')));
    run.push(cpuMs(join(root, 'dist', 'index.js')));
    reference.push(cpuMs(join(dir, 'ref', 'index.mjs')));
  }
  const size = (file: string) => `${(statSync(file).size / 1024 / 1024).toFixed(2)} MiB`;
  console.log('\naction start-up CPU time (user + system until exit, median of 9, interleaved)');
  console.log(`  dist/gate.js (${size(join(root, 'dist', 'gate.js'))}): ${median(action).toFixed(0)} ms`);
  console.log(`  @actions/core only (${size(join(dir, 'ref', 'index.mjs'))}): ${median(reference).toFixed(0)} ms`);
  console.log(`  ratio ${(median(action) / median(reference)).toFixed(2)} (goal: at most 1.5)`);
  console.log(
    `  the run action up to reading its config (the pipeline's chunk loaded): ${median(run).toFixed(0)} ms, ` +
      `ratio ${(median(run) / median(reference)).toFixed(2)}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
