// run: { command }: a runner of the user's own runs the built plans (a script against the TensorRT Python runtime,
// played by test/support/plan-runner.mjs), through the plan-runner port: the benchmark, the accuracy check and the
// latency A/B. With build: { command } too, a whole run needs no trtexec at all. Every way the command can break
// the contract (no result, not JSON, an output cut short, no times, a failed run) is said, never a green.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandRunner, perfOf } from '../src/runners/command-runner.js';
import { createTrtexec } from '../src/tensorrt/trtexec.js';
import { MEASUREMENT } from '../src/tensorrt/measurement.js';
import { shapesFromText } from '../src/runners/plan-runner.js';
import { cli, FIXTURES, makeRunner } from './support/harness.js';
import { classifierOnnx } from './support/onnx-models.js';

const BUILDER = join(import.meta.dirname, 'support', 'plan-builder.mjs');
const RUNNER = join(import.meta.dirname, 'support', 'plan-runner.mjs');
const PROFILE = '    profiles: [{ name: p, shapes: { x: { min: 1x3x8x8, opt: 2x3x8x8, max: 4x3x8x8 } } }]\n';
const NO_TRTEXEC = '/nonexistent/bin/trtexec';

/** trt-ci.yml with build: and run: commands of the user's own, and trtexec: naming nothing that exists. */
function setUp(runArgs: string[] = [], more = '') {
  const runner = makeRunner();
  writeFileSync(join(runner.dir, 'classifier.onnx'), classifierOnnx());
  writeFileSync(join(runner.dir, 'build.mjs'), `import '${BUILDER}';\n`);
  writeFileSync(join(runner.dir, 'run_engine.mjs'), `import '${RUNNER}';\n`);
  const build = [process.execPath, 'build.mjs', '--onnx', '{onnx}', '--out', '{plan}'];
  build.push('--min', '{min-shapes}', '--opt', '{opt-shapes}', '--max', '{max-shapes}', '--workspace', '{workspace}');
  const run = [process.execPath, 'run_engine.mjs', '{request}', ...runArgs];
  const config = runner.writeConfig(
    `trtexec: ${NO_TRTEXEC}\noutput-dir: out\nbuild:\n  command: ${JSON.stringify(build)}\n` +
      `run:\n  command: ${JSON.stringify(run)}\nbenchmark: true\n${more}` +
      'models:\n  - name: cls\n    onnx: classifier.onnx\n    accuracy: { top-k: 1 }\n' +
      PROFILE,
  );
  return { runner, config };
}

const runOf = async (config: string, cwd: string) => {
  const result = await cli(['run', '--config', config, '--json'], { cwd });
  return { result, report: JSON.parse(result.stdout || '{}') };
};

describe('run: { command } with build: { command }: a whole run with no trtexec', () => {
  it('builds, benchmarks and checks accuracy through the two commands; trtexec is never run', async () => {
    const { runner, config } = setUp();
    expect(existsSync(NO_TRTEXEC)).toBe(false);
    const { result, report } = await runOf(config, runner.dir);
    expect(result.code, result.stderr).toBe(0);
    // The run command said which TensorRT it runs: the report's.
    expect(report.environment.tensorrtVersion).toMatch(/^10\.16\.1/);
    const [build] = report.builds;
    expect(build.status).toBe('built');
    // The benchmark's figures are the run command's per-iteration times, summarised.
    expect(build.perf.latencyMs.median).toBeGreaterThan(0);
    expect(build.perf.latencyMs.min).toBeLessThanOrEqual(build.perf.latencyMs.p99);
    expect(build.perf.log).toMatch(/\.bench\.log$/);
    // The outputs came from the run command, against ONNX Runtime's: real arithmetic, passed.
    expect(build.accuracy.status).toBe('passed');
    expect(build.accuracy.outputs[0].maxAbsError).toBeLessThan(1e-5);
    // Nothing called itself trtexec: the stand-in's engine ran inside the user's scripts only.
    expect(runner.calls()).toEqual([]);
  });

  it('a run command that cannot say its TensorRT is exit 2, naming run:, before any build', async () => {
    const { runner, config } = setUp(['--fault', 'no-version']);
    const { result } = await runOf(config, runner.dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/trt-ci\.yml:\d+:\d+ run: a version request failed: .*gave no tensorrtVersion/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('a {placeholder} a run command is not given is a config error with the line', async () => {
    const { runner, config } = setUp(['{plan}']);
    const { result } = await runOf(config, runner.dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/run\.command\[3\]: \{plan\} is not filled in \(a run command has \{request\}\)/);
  });
});

describe('trt-ci deploy-load through the run command', () => {
  it("loads the manifest's plan on the target with the command, never trtexec; a failed load fails", async () => {
    const { runner, config } = setUp([], 'deploy: [{ name: h200, gpu: H200 }]\n');
    const { result } = await runOf(config, runner.dir);
    expect(result.code, result.stderr).toBe(0);
    const manifest = join(runner.dir, 'out', 'manifest.json');
    const load = await cli(['deploy-load', manifest, '--config', config, '--target', 'h200', '--json'], {
      cwd: runner.dir,
    });
    expect(load.code, load.stderr).toBe(0);
    expect(JSON.parse(load.stdout).engines).toEqual([
      expect.objectContaining({ model: 'cls', profile: 'p', target: 'h200', verdict: 'loads', observed: true }),
    ]);
    expect(runner.calls()).toEqual([]);
    // A --trtexec beside run: would be run for nothing: refused, naming both.
    const both = await cli(['deploy-load', manifest, '--config', config, '--target', 'h200', '--trtexec', 'trtexec'], {
      cwd: runner.dir,
    });
    expect([both.code, both.stderr]).toEqual([
      2,
      expect.stringMatching(
        /^trt-ci: --trtexec: .*trt-ci\.yml:\d+:\d+ run names the command that loads the plans here/,
      ),
    ]);
    // The command's load failing (its exit status) is the verdict: the engine fails on the target, exit 1.
    const failing = join(runner.dir, 'failing.yml');
    writeFileSync(failing, readFileSync(config, 'utf8').replace('"{request}"]', '"{request}","--fault","exit-1"]'));
    const args = ['deploy-load', manifest, '--config', failing, '--target', 'h200', '--json'];
    const failed = await cli(args, { cwd: runner.dir });
    expect(failed.code, failed.stderr).toBe(1);
    expect(JSON.parse(failed.stdout).engines[0]).toMatchObject({ verdict: 'fails', observed: true });
  });
});

describe('the run command breaking its contract is said, and fails the engine', () => {
  it.each([
    ['exit-1', /the run command \(node\) exited 1: RuntimeError: CUDA error: an illegal memory access/],
    ['no-result', /exited 0 but wrote no result at .*infer\.result\.json/],
    ['bad-json', /wrote a result that is not JSON/],
    ['short-output', /output prob: output0\.bin holds \d+ bytes, its shape needs \d+ values/],
  ])('%s: the accuracy check is an error naming what the command did', async (fault, message) => {
    // The command answers its version; then each infer request breaks (exit-1 breaks the benchmark first).
    const { runner, config } = setUp(['--fault', fault]);
    const { result, report } = await runOf(config, runner.dir);
    expect(result.code).toBe(1);
    const [build] = report.builds;
    const said = build.failure?.message ?? build.accuracy?.problem;
    expect(said).toMatch(message);
  });

  it("a runtime's refusal it says in TensorRT's words gets their kind: TensorRT-RTX on an H100", async () => {
    const said = readFileSync(join(FIXTURES, 'tensorrt-rtx', 'logs', 'h100-refused.log'), 'utf8').trim();
    const { runner, config } = setUp(['--fault', 'refused', '--said', said]);
    const { result, report } = await runOf(config, runner.dir);
    expect(result.code).toBe(1);
    expect(report.builds[0].failure).toMatchObject({
      kind: 'unsupported-gpu',
      message: expect.stringMatching(/^the plan did not load: .*The engine cannot run on this GPU, which has compute/),
      hint: expect.stringMatching(/^TensorRT-RTX runs a plan only on the compute capabilities it was built for/),
    });
  });

  it('no per-iteration times: the benchmark fails as a plan that did not load, saying why', async () => {
    const { runner, config } = setUp(['--fault', 'no-times']);
    const { result, report } = await runOf(config, runner.dir);
    expect(result.code).toBe(1);
    expect(report.builds[0].failure.message).toMatch(/the plan did not load: .*gave no timesMs for a time request/);
  });
});

describe('trt-ci ab through the run command', () => {
  it('an A/A of one plan runs the interleaved A/B on the command and finds no change', async () => {
    const { runner, config } = setUp();
    const built = await runOf(config, runner.dir);
    expect(built.result.code, built.result.stderr).toBe(0);
    const plan = join(runner.dir, built.report.builds[0].plan);
    const ab = await cli(['ab', plan, plan, '--config', config, '--shapes', 'x:2x3x8x8', '--json'], {
      cwd: runner.dir,
    });
    expect(ab.code, ab.stderr).toBe(0);
    const latency = JSON.parse(ab.stdout);
    expect(['same', 'inconclusive']).toContain(latency.verdict);
    expect(latency.base.median).toBeGreaterThan(0);
    expect(runner.calls()).toEqual([]);
  });

  it('a --shapes that is not input:dims is exit 2, naming --shapes', async () => {
    const { runner, config } = setUp();
    const ab = await cli(['ab', 'a.plan', 'b.plan', '--config', config, '--shapes', 'x=1x3'], { cwd: runner.dir });
    expect(ab.code).toBe(2);
    expect(ab.stderr).toMatch(/--shapes: expected input:NxCxHxW/);
  });
});

const hasNumpy = spawnSync('python3', ['-c', 'import numpy'], { stdio: 'ignore' }).status === 0;

describe('producers/run_request.py keeps the contract (its TensorRT part replaced by a fake engine)', () => {
  const HARNESS = join(import.meta.dirname, 'support', 'python', 'example_contract.py');
  const example = (dir: string) =>
    commandRunner(
      { command: ['python3', HARNESS, '{request}'] },
      createTrtexec({ command: 'python3', env: process.env, killGraceMs: 1000 }),
      dir,
    );

  it.skipIf(!hasNumpy)(
    'answers version, infer (an output per input, in its dtype) and time as trt-ci reads them',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'trt-ci-example-'));
      const plan = join(dir, 'e.plan');
      writeFileSync(plan, 'a plan');
      const runner = example(dir);
      expect((await runner.probe('run')).version).toMatchObject({ major: 10, minor: 16, patch: 1 });
      const engine = { plan, shapes: [{ input: 'x', dims: [2, 3] }], plugins: [], dynamicPlugins: [] };
      const place = { gpu: null, timeoutMs: 60_000 };
      const inputs = [
        { name: 'x', dims: [2, 3], type: 'float16' as const, values: Float32Array.from([1, 2, 3, 4, 5, 0.5]) },
        { name: 'ids', dims: [2], type: 'int64' as const, values: Float64Array.from([7, -9]) },
      ];
      const expected = [
        { name: 'x_doubled', type: 'float16' as const, dims: [2, 3], values: new Float32Array(6) },
        { name: 'ids_doubled', type: 'int64' as const, dims: [2], values: new Float64Array(2) },
      ];
      const request = { inputs, expected, tolerance: { atols: [0, 0], rtol: 0 }, dir, outputTypes: new Map() };
      const inferred = await runner.infer(engine, place, request);
      if ('problem' in inferred) throw new Error(inferred.problem);
      expect(Array.from(inferred.outputs.get('x_doubled')!)).toEqual([2, 4, 6, 8, 10, 1]);
      expect(Array.from(inferred.outputs.get('ids_doubled')!)).toEqual([14, -18]);
      const timed = await runner.time(engine, place, {
        stem: join(dir, '01.head'),
        iterations: 7,
        measurement: MEASUREMENT,
      });
      expect(timed.timesMs).toEqual(Array(7).fill(0.5));
      // CUDA events around a stream launch: no graph, no spin-wait, said so (the A/B holds both sides to it).
      expect(timed.measurement).toEqual({ dataTransfers: false, cudaGraph: false, spinWait: false });
      // A deploy load: version-compatible handed to the engine, the exit status the verdict, the lines the log.
      const lines: string[] = [];
      const load = (plan: string) =>
        runner.load({ ...engine, plan }, place, {
          log: join(dir, `${lines.length}.load.log`),
          versionCompatible: true,
          onLine: (line) => lines.push(line),
        });
      expect(await load(engine.plan)).toEqual({ exitCode: 0, cancelled: false });
      expect(lines).toContain('[TRT] [I] version_compatible=True');
      const missing = await load(join(dir, 'gone.plan'));
      expect(missing.exitCode).not.toBe(0);
      expect(lines.join('\n')).toMatch(/gone\.plan: no such plan/);
    },
  );
});

describe('the port helpers', () => {
  it("reads trtexec's --shapes syntax, quoted names included", () => {
    expect(shapesFromText("x:1x3x8x8,'in:0':2")).toEqual([
      { input: 'x', dims: [1, 3, 8, 8] },
      { input: 'in:0', dims: [2] },
    ]);
    expect(shapesFromText('x:1x')).toBeNull();
    expect(shapesFromText('')).toBeNull();
  });

  it('summarises per-iteration times as trtexec does: nearest-rank percentiles, mean, even median', () => {
    const times = Array.from({ length: 100 }, (_, i) => i + 1);
    const perf = perfOf(times, 'x.log', null);
    expect(perf.latencyMs).toEqual({ min: 1, max: 100, mean: 50.5, median: 50.5, p90: 90, p95: 95, p99: 99 });
    expect(perf.throughputQps).toBeCloseTo(1000 / 50.5, 9);
    expect(perfOf([3, 1, 2], 'x.log', null).latencyMs?.median).toBe(2);
  });
});
