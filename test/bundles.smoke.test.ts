// The other tests run the source; these run the committed bundles once, as users and the runner do.
// That dist/ is what `npm run build` makes from src/ now is .ci/run's check (git diff after a build).
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRunner } from './support/harness.js';
import { makeHistory } from './support/history-maker.js';
import { classifierOnnx } from './support/onnx-models.js';

const root = join(import.meta.dirname, '..');

describe('the bundles in dist/', () => {
  it.each(['index.js', 'gate.js', 'report.js'])(
    "each action's first chunk (%s) is what it needs to start: its inputs, not the pipeline",
    (bundle) => {
      // The step and what it imports load from their own chunks when it runs (start-up time, npm run bench).
      // A static import in the inputs' path once pulled the report code and zod in here.
      const first = readFileSync(join(root, 'dist', bundle), 'utf8');
      expect(first).toContain('node_modules/@actions/core');
      for (const heavy of ['node_modules/zod', 'node_modules/yaml', 'node_modules/@octokit', 'onnxruntime'])
        expect(first, heavy).not.toContain(heavy);
    },
  );

  it('the bundled CLI runs on its own: exit 2 and one line for a bad config, no stack trace', () => {
    const runner = makeRunner();
    const config = runner.writeConfig(
      'models: [{ name: m, onnx: nope.onnx, profiles: [{ name: p, shapes: { x: 1x8 } }] }]\n',
    );
    const result = spawnSync(process.execPath, [join(root, 'dist', 'cli.js'), 'build', '--config', config], {
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(
      /^trt-ci: .*trt-ci\.yml:3:27 models\[0\]\.onnx: expected an ONNX file, got "nope.onnx" which does not exist/,
    );
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it(
    'the bundled action runs as the runner runs it: ' + 'outputs, job summary, and a failed step for a failed build',
    () => {
      const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_OOM_ABOVE_MIB: 1, TRTEXEC_STANDIN_ONLY: 'm.b.plan' } });
      runner.touch('m.onnx');
      const config = runner.writeConfig(`output-dir: out
min-workspace: 1GiB
models: [{ name: m, onnx: m.onnx, profiles: [{ name: a, shapes: { x: 1x8 } }, { name: b, shapes: { x: 1x8 } }] }]
`);
      const outputs = join(runner.dir, 'github-output');
      const summary = join(runner.dir, 'step-summary');
      writeFileSync(outputs, '');
      writeFileSync(summary, '');
      const result = spawnSync(process.execPath, [join(root, 'dist', 'index.js')], {
        encoding: 'utf8',
        cwd: runner.dir,
        env: {
          PATH: process.env.PATH,
          INPUT_CONFIG: config,
          GITHUB_OUTPUT: outputs,
          GITHUB_STEP_SUMMARY: summary,
          RUNNER_TEMP: runner.dir,
        },
      });
      expect(result.status).toBe(1);
      const written = readFileSync(outputs, 'utf8');
      const output = (name: string) => new RegExp(`^${name}<<(\\S+)\\n([\\s\\S]*?)\\n\\1$`, 'm').exec(written)?.[2];
      expect(output('status')).toBe('failed');
      expect(output('failed-builds')).toBe('m/b');
      expect(output('report-path')).toBe(join(runner.dir, 'out', 'report.json'));
      expect(output('summary-path')).toBe(join(runner.dir, 'out', 'summary.md'));
      expect(
        JSON.parse(readFileSync(output('report-path')!, 'utf8')).builds.map((b: { status: string }) => b.status),
      ).toEqual(['built', 'failed']);
      const markdown = readFileSync(summary, 'utf8');
      expect(markdown).toContain('## trt-ci ❌ failed');
      expect(markdown).toContain('#### ❌ m / b on NVIDIA H200: out-of-memory');
      expect(markdown).toContain('### Preflight');
      // The annotation points at the profile's line in trt-ci.yml.
      expect(result.stdout).toMatch(/^::error title=m\/b%3A out-of-memory,file=.*trt-ci\.yml,line=5::/m);
      expect(result.stdout).toContain('::error::trt-ci: 1 build(s) failed: m/b');
    },
  );

  it('the bundled action and CLI check accuracy from a copy of dist/ alone (ONNX Runtime and its wasm in it)', () => {
    const runner = makeRunner();
    // Outside the repository: no node_modules to fall back on, as on a runner.
    const copy = join(runner.dir, 'action');
    cpSync(join(root, 'dist'), copy, { recursive: true });
    writeFileSync(join(runner.dir, 'classifier.onnx'), classifierOnnx());
    const config = runner.writeConfig(
      'output-dir: out\nmodels:\n  - name: cls\n    onnx: classifier.onnx\n    accuracy: { top-k: 1 }\n' +
        '    profiles: [{ name: p, shapes: { x: 2x3x8x8 } }]\n',
    );
    const env = { PATH: process.env.PATH, INPUT_CONFIG: config, RUNNER_TEMP: runner.dir };
    const action = spawnSync(process.execPath, [join(copy, 'index.js')], { encoding: 'utf8', cwd: runner.dir, env });
    expect(action.status, action.stdout).toBe(0);
    const report = JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8'));
    expect(report.builds[0].accuracy).toMatchObject({ status: 'passed', problem: null });
    const cli = spawnSync(process.execPath, [join(copy, 'cli.js'), 'run', '--config', config, '--json'], {
      encoding: 'utf8',
      cwd: runner.dir,
    });
    expect(cli.status, cli.stderr).toBe(0);
    expect(JSON.parse(cli.stdout).builds[0].accuracy.outputs[0]).toMatchObject({ name: 'prob', failure: null });
  });

  it('the bundled CLI draws the history dashboard from a copy of dist/ alone (uPlot in dist/uplot)', async () => {
    const runner = makeRunner();
    const copy = join(runner.dir, 'action');
    cpSync(join(root, 'dist'), copy, { recursive: true });
    await makeHistory(join(runner.dir, 'history'), 3);
    const cli = spawnSync(
      process.execPath,
      [join(copy, 'cli.js'), 'history', 'html', '--history', 'history', '--out', 'site'],
      { encoding: 'utf8', cwd: runner.dir },
    );
    expect(cli.status, cli.stderr).toBe(0);
    const page = readFileSync(join(runner.dir, 'site', 'index.html'), 'utf8');
    // The library itself, not a path to it: the page opens with no server and no network.
    expect(page).toContain(readFileSync(join(root, 'node_modules', 'uplot', 'dist', 'uPlot.iife.min.js'), 'utf8'));
  });
});
