// The GPU checks' trtexec stand-ins (test/gpu/*.py, run on the GPU machine, which has no TensorRT) take
// exactly what trt-ci sends them. The argv are caught from trt-ci itself, run here as each GPU script runs
// it (scripts/gpu/*.sh), against the CPU stand-in pretending to be the same TensorRT 10.16; each is then
// handed to the GPU stand-in's own parse(). A flag trt-ci starts to send that a GPU stand-in does not know
// fails here, on the CPU, instead of in the next GPU run (the accuracy run's --dumpRawBindingsToFile did).
import { measurementFlags } from '../src/tensorrt/measurement.js';
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, makeRunner, type Runner, writeStandinPlan } from './support/harness.js';
import { classifierOnnx } from './support/onnx-models.js';

const GPU_DIR = join(import.meta.dirname, 'gpu');
const python = spawnSync('python3', ['--version']).status === 0;

/** What each GPU stand-in's parse() makes of each argv: its options, or the error trtexec would print. */
function parsedBy(standin: 'trtexec_gpu' | 'trtexec_latency', argvs: string[][]): string[] {
  const program = [
    'import json, sys',
    `sys.path.insert(0, ${JSON.stringify(GPU_DIR)})`,
    `import ${standin} as standin`,
    'for argv in json.load(sys.stdin):',
    '    try:',
    '        standin.parse(argv)',
    '        print("ok")',
    '    except standin.UnknownOption as error:',
    '        print(error)',
  ].join('\n');
  return execFileSync('python3', ['-c', program], { input: JSON.stringify(argvs), encoding: 'utf8' })
    .trim()
    .split('\n');
}

/** What the latency stand-in, answering as `version`, measures for each argv (its measurement()). */
function measuredBy(version: string, argvs: string[][]): string[] {
  const program = [
    'import json, sys',
    `sys.path.insert(0, ${JSON.stringify(GPU_DIR)})`,
    'import trtexec_latency as standin',
    'for argv in json.load(sys.stdin):',
    '    print(json.dumps(standin.measurement(standin.parse(argv)), sort_keys=True))',
  ].join('\n');
  const env = { ...process.env, GPU_LATENCY_VERSION: version };
  return execFileSync('python3', ['-c', program], { input: JSON.stringify(argvs), encoding: 'utf8', env })
    .trim()
    .split('\n');
}

/** The argv of every trtexec run trt-ci made in this runner, with the seam's --help probe (never recorded). */
const argvOf = (runner: Runner) => [['--help'], ...runner.calls().map((call) => call.args)];

describe.skipIf(!python)('the GPU stand-ins take the argv trt-ci sends (TensorRT 10.16)', () => {
  it('builds-check.sh and accuracy-check.sh: preflight, builds, back-off, fp16/bf16, the accuracy run', async () => {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_OOM_ABOVE_MIB: '2048' } });
    writeFileSync(join(runner.dir, 'resnet50.onnx'), classifierOnnx());
    // As builds-check.sh writes its configs (workspace, gpus, profiles) and accuracy-check.sh its models.
    const config = runner.writeConfig(
      [
        'output-dir: out',
        'workspace: 8GiB',
        'min-workspace: 1GiB',
        'gpus: [0]',
        'accuracy: { top-k: 5 }',
        'models:',
        ...['fp16', 'bf16'].flatMap((precision) => [
          `  - name: resnet50-${precision}`,
          '    onnx: resnet50.onnx',
          `    precision: ${precision}`,
          '    profiles: [{ name: b4, shapes: { x: 4x3x8x8 } }, { name: p2, shapes: { x: 1x3x8x8 } }]',
        ]),
        '',
      ].join('\n'),
    );
    expect((await cli(['preflight', '--config', config, '--json'])).code).not.toBe(2);
    const run = await cli(['run', '--config', config, '--json']);
    expect(run.code, run.stderr).toBe(0);
    const argvs = argvOf(runner);
    // What the scripts rely on was run: a build that ran out of memory and was retried, and the accuracy run.
    expect(argvs.filter((a) => a.some((f) => f.startsWith('--saveEngine='))).length).toBeGreaterThan(4);
    expect(argvs.some((a) => a.includes('--dumpRawBindingsToFile'))).toBe(true);
    expect(argvs.some((a) => a.includes('--bf16'))).toBe(true);
    const parsed = parsedBy('trtexec_gpu', argvs);
    expect(parsed.map((p, i) => `${p}  <-  ${argvs[i]!.join(' ')}`).filter((p) => !p.startsWith('ok '))).toEqual([]);
  });

  it('latency-check.sh: trt-ci ab with --trtexec, every repetition', async () => {
    const runner = makeRunner({});
    for (const name of ['base.plan', 'same.plan']) writeStandinPlan(join(runner.dir, name));
    const args = ['ab', 'base.plan', 'same.plan', '--trtexec', runner.trtexec, '--repetitions', '3', '--json'];
    const result = await cli(args, { cwd: runner.dir });
    expect(result.code, result.stderr).toBe(0);
    const argvs = argvOf(runner);
    expect(argvs.filter((a) => a.some((f) => f.startsWith('--exportTimes='))).length).toBeGreaterThanOrEqual(6);
    const parsed = parsedBy('trtexec_latency', argvs);
    expect(parsed.map((p, i) => `${p}  <-  ${argvs[i]!.join(' ')}`).filter((p) => !p.startsWith('ok '))).toEqual([]);
  });

  it('benchmark: ab in a run: builds to one stand-in; the benchmark, A/B and profile runs to the other', async () => {
    // The head engine slower: after its A/B, both engines get their profile runs (issue 26).
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_LATENCY_MS: 'out/=1.2,base/=1' } });
    runner.touch('m.onnx');
    execFileSync('mkdir', ['-p', join(runner.dir, 'base')]);
    writeStandinPlan(join(runner.dir, 'base', 'm.p.plan'));
    writeFileSync(
      join(runner.dir, 'base', 'm.p.layers.json'),
      '{"Layers": ["node_conv2d + node_relu"], "Bindings": []}',
    );
    const config = runner.writeConfig(
      'output-dir: out\nbase-plans: base\nmodels:\n  - name: m\n    onnx: m.onnx\n    benchmark: ab\n' +
        '    profiles: [{ name: p, shapes: { x: { min: 1x8, opt: 2x8, max: 4x8 } } }]\n',
    );
    const run = await cli(['run', '--config', config, '--json'], { cwd: runner.dir });
    expect(run.code, run.stderr).toBe(1); // latency-growth fails: the head engine is 20% slower
    const argvs = argvOf(runner);
    expect(argvs.filter((a) => a.some((f) => f.startsWith('--exportProfile='))).length).toBe(4);
    const loads = argvs.filter((a) => a.some((f) => f.startsWith('--loadEngine=')));
    const builds = argvs.filter((a) => !loads.includes(a));
    // The plain benchmark (no --exportTimes) and the A/B's repetitions (with it) were both run.
    expect(loads.some((a) => !a.some((f) => f.startsWith('--exportTimes=')))).toBe(true);
    expect(loads.filter((a) => a.some((f) => f.startsWith('--exportTimes='))).length).toBeGreaterThanOrEqual(6);
    const refused = (standin: 'trtexec_gpu' | 'trtexec_latency', list: string[][]) =>
      parsedBy(standin, list)
        .map((p, i) => `${p}  <-  ${list[i]!.join(' ')}`)
        .filter((p) => !p.startsWith('ok '));
    expect(refused('trtexec_gpu', builds)).toEqual([]);
    expect(refused('trtexec_latency', [['--help'], ...loads])).toEqual([]);
  });

  it('trt-ci deploy-load: the load on a deploy target goes to the latency stand-in, as a plan run', async () => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    const config = runner.writeConfig(
      'output-dir: out\ndeploy: [{ name: h200, gpu: H200 }]\nmodels:\n  - name: m\n    onnx: m.onnx\n' +
        '    extra-args: [--versionCompatible]\n' +
        '    profiles: [{ name: p, shapes: { x: { min: 1x8, opt: 2x8, max: 4x8 } } }]\n',
    );
    expect((await cli(['run', '--config', config], { cwd: runner.dir })).code).toBe(0);
    const manifest = join(runner.dir, 'out', 'manifest.json');
    const load = await cli([
      'deploy-load',
      manifest,
      '--config',
      config,
      '--target',
      'h200',
      '--trtexec',
      runner.trtexec,
    ]);
    expect(load.code, load.stderr).toBe(0);
    const loads = argvOf(runner).filter((a) => a.some((f) => f.startsWith('--loadEngine=')));
    expect(loads).toHaveLength(1);
    expect(loads[0]).toEqual(expect.arrayContaining(['--versionCompatible', '--shapes=x:2x8', '--iterations=1']));
    expect(parsedBy('trtexec_latency', loads)).toEqual(['ok']);
  });

  it('deploy-cost: the ampere+ build goes to the build stand-in, its A/B to the latency one', async () => {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_LATENCY_MS: 'ampere+=1.06' } });
    runner.touch('m.onnx');
    const config = runner.writeConfig(
      'output-dir: out\ndeploy-cost: true\nmodels:\n  - name: m\n    onnx: m.onnx\n' +
        '    profiles: [{ name: p, shapes: { x: 1x8 } }]\n',
    );
    expect((await cli(['run', '--config', config], { cwd: runner.dir })).code).toBe(0);
    const argvs = argvOf(runner);
    const loads = argvs.filter((a) => a.some((f) => f.startsWith('--loadEngine=')));
    const builds = argvs.filter((a) => !loads.includes(a) && a[0] !== '--help');
    expect(builds.some((a) => a.includes('--hardwareCompatibilityLevel=ampere+'))).toBe(true);
    expect(parsedBy('trtexec_gpu', builds).every((p) => p === 'ok')).toBe(true);
    expect(parsedBy('trtexec_latency', loads).every((p) => p === 'ok')).toBe(true);
  });

  it("the latency stand-in measures as each version does: the contract from 10.16's flags and 11.5's defaults", () => {
    const contract = '{"graph": true, "spin": true, "transfers": false}';
    const tenDefaults = '{"graph": false, "spin": false, "transfers": true}';
    const ten = [['--loadEngine=a.plan', ...measurementFlags({ major: 10 })], ['--loadEngine=a.plan']];
    expect(measuredBy('10.16.1.11', ten)).toEqual([contract, tenDefaults]);
    const eleven = [
      ['--loadEngine=a.plan', ...measurementFlags({ major: 11 })],
      ['--loadEngine=a.plan', '--includeDataTransfers', '--noCudaGraph', '--noSpinWait'],
    ];
    expect(measuredBy('11.5.0.1', eleven)).toEqual([contract, tenDefaults]);
  });

  it('a flag neither stand-in acts on is refused, as trtexec refuses an unknown one', () => {
    // --noCudaGraph is 11.x's: the latency stand-in answers as 10.16 here, and acts on 10.16's measurement flags.
    const argvs = [
      ['--loadEngine=a.plan', '--noSuchFlag=1'],
      ['--loadEngine=a.plan', '--noCudaGraph'],
    ];
    expect(parsedBy('trtexec_gpu', argvs)).toEqual(['Unknown option: --noSuchFlag 1', 'Unknown option: --noCudaGraph']);
    expect(parsedBy('trtexec_latency', argvs)).toEqual([
      'Unknown option: --noSuchFlag 1',
      'Unknown option: --noCudaGraph',
    ]);
    expect(parsedBy('trtexec_latency', [['--loadEngine=a.plan', '--useCudaGraph', '--noDataTransfers']])).toEqual([
      'ok',
    ]);
  });
});
