// build: { command, plan }: a builder of the user's own makes the plans (a Python script against the TensorRT
// wheel, played by test/support/plan-builder.mjs), and the build around it is the build stage's: the placeholders,
// the out-of-memory back-off, the cache, the plan's checks, a pass without a plan as a failure; trtexec still loads
// and checks what it built.
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allGone, cli, makeRunner } from './support/harness.js';
import { classifierOnnx } from './support/onnx-models.js';

const BUILDER = join(import.meta.dirname, 'support', 'plan-builder.mjs');
const PROFILE = '    profiles: [{ name: p, shapes: { x: { min: 1x3x8x8, opt: 2x3x8x8, max: 4x3x8x8 } } }]\n';

/** trt-ci.yml with `build:` running the builder with `extra` arguments, and a classifier model. */
function setUp(extra: string[] = [], more = '') {
  const runner = makeRunner();
  writeFileSync(join(runner.dir, 'classifier.onnx'), classifierOnnx());
  writeFileSync(join(runner.dir, 'build.mjs'), `import '${BUILDER}';\n`);
  const command = [
    process.execPath,
    'build.mjs',
    '--onnx',
    '{onnx}',
    '--out',
    '{plan}',
    '--min',
    '{min-shapes}',
    '--opt',
    '{opt-shapes}',
    '--max',
    '{max-shapes}',
    '--workspace',
    '{workspace}',
    ...extra,
  ];
  const config = runner.writeConfig(
    `output-dir: out\nbuild:\n  command: ${JSON.stringify(command)}\n${more}` +
      'models:\n  - name: cls\n    onnx: classifier.onnx\n    accuracy: { top-k: 1 }\n' +
      '    budgets: { plan-size: 64MiB }\n' +
      PROFILE,
  );
  return { runner, config };
}

const run = async (config: string, cwd: string) => {
  const result = await cli(['run', '--config', config, '--json'], { cwd });
  return { result, report: JSON.parse(result.stdout || '{}') };
};

describe('build: { command, plan }', () => {
  it('builds each profile with the placeholders filled; the plan is verified, checked and budgeted', async () => {
    const { runner, config } = setUp();
    const { result, report } = await run(config, runner.dir);
    expect(result.code, result.stderr).toBe(0);
    const [build] = report.builds;
    expect(build.status).toBe('built');
    const argv: string[] = build.attempts[0].argv;
    expect(argv.slice(0, 2)).toEqual(['build.mjs', '--onnx']);
    expect(argv[2]).toMatch(/classifier\.onnx$/);
    expect(argv.slice(5, 12)).toEqual([
      '--min',
      'x:1x3x8x8',
      '--opt',
      'x:2x3x8x8',
      '--max',
      'x:4x3x8x8',
      '--workspace',
    ]);
    expect(argv[12]).toBe(String(4 * 2 ** 30));
    // The plan the script wrote: TensorRT's header, read and verified like any other.
    expect(report.plans[0]).toMatchObject({ magic: true, tensorrtVersion: '10.16.1.11' });
    expect(report.budgets.find((b: { metric: string }) => b.metric === 'plan-size').status).toBe('pass');
    // trtexec loaded it and ran it against ONNX Runtime, across the range, and in company (issue 59).
    expect(build.accuracy.status).toBe('passed');
    expect(build.accuracy.outputs.map((o: { shape: string }) => o.shape)).toEqual(['opt', 'min', 'max', 'interior']);
    expect(build.consistency.status).toBe('passed');
    expect(build.consistency.checks.map((c: { status: string }) => c.status)).toEqual(['passed', 'passed', 'passed']);
    // trtexec built nothing: it only loaded.
    expect(runner.calls().filter((c) => c.args.some((a) => a.startsWith('--saveEngine=')))).toEqual([]);
  });

  it('a command that exits 0 and writes no plan fails the build (exit 1) and says so', async () => {
    const { runner, config } = setUp(['--write-nothing']);
    const { result, report } = await run(config, runner.dir);
    expect(result.code).toBe(1);
    expect(report.builds[0].status).toBe('failed');
    expect(report.builds[0].failure.message).toMatch(/^the build command \(node\) exited 0 but wrote no plan at /);
    expect(report.builds[0].failure.hint).toMatch(/build\.plan/);
  });

  it('a command that writes a file that is no TensorRT plan fails the build, not a note (issue 58)', async () => {
    const { runner, config } = setUp(['--write-json']);
    const { result, report } = await run(config, runner.dir);
    expect(result.code).toBe(1);
    expect(report.builds[0].status).toBe('failed');
    expect(report.builds[0].failure.message).toMatch(
      /^the build command \(node\) exited 0 but wrote no TensorRT plan at .*cls\.p\.plan: /,
    );
    expect(report.builds[0].failure.hint).toMatch(/serialized engine/);
    expect(report.builds[0].cache).toBeNull();
  });

  it('out of memory: the workspace is halved as for trtexec, down to min-workspace', async () => {
    const { runner, config } = setUp(['--standin', 'TRTEXEC_STANDIN_OOM_ABOVE_MIB=1024']);
    const { result, report } = await run(config, runner.dir);
    expect(result.code, result.stderr).toBe(0);
    const workspaces = report.builds[0].attempts.map((a: { argv: string[] }) => a.argv[12]);
    expect(workspaces).toEqual([4, 2, 1].map((g) => String(g * 2 ** 30)));
    expect(report.builds[0].attempts[0].failure.kind).toBe('out-of-memory');
  });

  it("a helper the command left running in a session of its own is stopped at the run's end", async () => {
    const { runner, config } = setUp(['--escape', 'escaped.pid']);
    const { result } = await run(config, runner.dir);
    expect(result.code, result.stderr).toBe(0);
    const pid = Number(readFileSync(join(runner.dir, 'escaped.pid'), 'utf8'));
    expect(await allGone([pid])).toEqual([]);
  });

  it('plan: where the command writes is moved to where trt-ci checks and keeps it', async () => {
    const { runner, config } = setUp([], 'XX');
    const moved = readFileSync(config, 'utf8')
      .replace('"{plan}"', '"elsewhere/{model}-{profile}.engine"')
      .replace('XX', '  plan: elsewhere/{model}-{profile}.engine\n');
    writeFileSync(config, moved);
    runner.touch('elsewhere/.keep');
    const { result, report } = await run(config, runner.dir);
    expect(result.code, result.stderr).toBe(0);
    expect(report.builds[0].plan).toBe('out/cls.p.plan');
    expect(report.plans[0].magic).toBe(true);
  });

  it("a plan: outside trt-ci.yml's folder is a config error; nothing outside the run is moved (issue 58)", async () => {
    const { runner, config } = setUp([], 'XX');
    const outside = join(runner.dir, '..', `${basename(runner.dir)}-theirs.plan`);
    writeFileSync(outside, 'a file of someone else');
    const withPlan = (plan: string) =>
      readFileSync(config, 'utf8').replace(/XX|^ {2}plan: .*\n/m, `  plan: ${JSON.stringify(plan)}\n`);
    for (const plan of [outside, '../elsewhere/{model}.plan', 'a/../../{model}.plan']) {
      writeFileSync(config, withPlan(plan));
      const { result } = await run(config, runner.dir);
      expect(result.code, plan).toBe(2);
      expect(result.stderr).toMatch(/build\.plan: expected a path inside trt-ci\.yml's folder .*, got "/);
    }
    expect(readFileSync(outside, 'utf8')).toBe('a file of someone else');
    // Inside it, however spelled: taken.
    writeFileSync(config, withPlan('./a/../{plan}'));
    expect((await run(config, runner.dir)).result.stderr).not.toMatch(/inside trt-ci\.yml's folder/);
  });

  it('the engine cache serves a second run; a changed builder script is another build', async () => {
    const { runner, config } = setUp([], 'cache-dir: cache\n');
    const first = await run(config, runner.dir);
    expect(first.report.builds[0].status).toBe('built');
    const second = await run(config, runner.dir);
    expect(second.report.builds[0].status).toBe('cached');
    writeFileSync(join(runner.dir, 'build.mjs'), `// v2\nimport '${BUILDER}';\n`);
    const third = await run(config, runner.dir);
    expect(third.report.builds[0].status).toBe('built');
  });

  it("its plans get trtexec's plans' checks: #4841 padding, deploy targets, the latency A/B", async () => {
    const pad = ['--standin', `TRTEXEC_STANDIN_PAD_ZEROS=${8 * 2 ** 20}`];
    const more = 'deploy: [{ name: edge-l4, gpu: L4 }]\nbase-plans: base\nbenchmark: ab\n';
    const { runner, config } = setUp(pad, more);
    // The base branch's plan: a build of the same builder, without the padding.
    const base = setUp();
    expect((await run(base.config, base.runner.dir)).result.code).toBe(0);
    runner.touch('base/.keep');
    writeFileSync(join(runner.dir, 'base', 'cls.p.plan'), readFileSync(join(base.runner.dir, 'out', 'cls.p.plan')));
    const { report } = await run(config, runner.dir);
    const [build] = report.builds;
    expect(build.status).toBe('built');
    // 8 MiB of zeros at the end: the trailing-zeros budget warns, with the #4841 diagnosis.
    expect(report.plans[0].trailingZeroBytes).toBeGreaterThanOrEqual(8 * 2 ** 20);
    expect(build.budgets.find((b: { metric: string }) => b.metric === 'trailing-zeros').status).toBe('warn');
    expect(build.deploy.map((d: { target: string; verdict: string }) => [d.target, d.verdict])).toEqual([
      ['edge-l4', 'fails'],
    ]);
    expect(build.latency).toMatchObject({ baseEngine: { source: 'plans' } });
    expect(['slower', 'faster', 'same', 'inconclusive']).toContain(build.latency.verdict);
  });

  it.each([
    [
      'a placeholder that is none',
      ['{onxx}'],
      '',
      /build\.command\[14\]: \{onxx\} is not filled in; did you mean \{onnx\}\?/,
    ],
    ['extra-args beside it', [], 'extra-args: [--noTF32]\n', /extra-args: extra-args are trtexec build flags/],
    [
      'deploy-cost beside it',
      [],
      'deploy-cost: true\n',
      /deploy-cost: deploy-cost builds its variant with a trtexec flag/,
    ],
  ])('%s: exit 2, one line naming the field', async (_what, extra, more, message) => {
    const { runner, config } = setUp(extra, more);
    const result = await cli(['run', '--config', config], { cwd: runner.dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
