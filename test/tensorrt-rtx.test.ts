// Issue 61: real engines from NVIDIA's own builder. TensorRT-RTX's wheels (PyPI, pinned in
// producers/requirements-tensorrt-rtx.txt; scripts/tensorrt-rtx-setup.sh, which .ci/run runs, installs them) build
// real plans on the CPU: trt-ci builds, verifies and reads them through its ports, and the fixtures of real plans and
// logs (test/fixtures/tensorrt-rtx) hold the header facts, the failure kinds and the stand-ins' claims against them.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../src/contract/report.js';
import { parseEngineLayers } from '../src/tensorrt/layer-info.js';
import { onnxGraphOf } from '../src/onnx/inputs.js';
import { TrtexecLogParser } from '../src/tensorrt/log-parser.js';
import { readPlanHeader } from '../src/tensorrt/plan-header.js';
import { portabilityOf, predictLoad } from '../src/tensorrt/deploy-rules.js';
import { archSupport } from '../src/tensorrt/compat.js';
import { loadConfig } from '../src/config/load.js';
import { cli, FIXTURES, makeRunner } from './support/harness.js';
import { classifierOnnx, unknownOpOnnx } from './support/onnx-models.js';

const ROOT = join(import.meta.dirname, '..');
const MATERIAL = join(FIXTURES, 'tensorrt-rtx');
const PRODUCER = join(ROOT, 'producers', 'tensorrt_rtx.py');

/** The setup script's environment (named by the requirements' digest), or TRT_CI_RTX_PYTHON. */
function rtxPython(): string | null {
  if (process.env.TRT_CI_RTX_PYTHON) return process.env.TRT_CI_RTX_PYTHON;
  const requirements = readFileSync(join(ROOT, 'producers', 'requirements-tensorrt-rtx.txt'));
  const digest = createHash('sha256').update(requirements).digest('hex').slice(0, 16);
  const cache = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  const python = join(cache, 'trt-ci', `tensorrt-rtx-${digest}`, 'bin', 'python');
  return existsSync(python) ? python : null;
}
const PYTHON = rtxPython();

/** What trt-ci's log reader makes of a build log. */
function failureOf(log: string) {
  const parser = new TrtexecLogParser();
  for (const line of log.split('\n')) parser.push(line);
  const outcome = { exitCode: 1, signal: null, timedOut: false, cancelled: false, spawnError: null };
  return parser.result(outcome as never, {
    workspaceBytes: 1 << 30,
    minWorkspaceBytes: 1 << 20,
    buildTimeoutMs: 60_000,
    logFile: 'build.log',
    profile: { name: 'p', inputs: ['x'] },
  }).failure;
}

const KINDS: Record<string, string> = {
  'unsupported.log': 'onnx-parse',
  'badshape.log': 'bad-profile',
  'minmax.log': 'bad-profile',
  'workspace.log': 'no-implementation',
  'no-profile.log': 'no-profile',
  'h100-refused.log': 'unsupported-gpu',
};

describe('real TensorRT-RTX material (test/fixtures/tensorrt-rtx)', () => {
  const headers = JSON.parse(readFileSync(join(MATERIAL, 'plan-headers.json'), 'utf8')) as {
    plans: { computeCapabilities: string[]; bytes: number; head: string }[];
  };

  it("reads a real plan's header: vtrt, TensorRT-RTX's version, its size, the compute capabilities it targets", () => {
    expect(headers.plans.length).toBeGreaterThanOrEqual(6);
    for (const plan of headers.plans) {
      const header = readPlanHeader(Buffer.from(plan.head, 'hex'), plan.bytes);
      expect(header).toMatchObject({
        magic: true,
        layout: 'vtrt',
        product: 'TensorRT-RTX',
        tensorrtVersion: '1.7.1.116',
        declaredBytes: plan.bytes,
        problem: null,
        computeCapabilities: plan.computeCapabilities,
      });
      // A byte more or less than the header says is a damaged plan, as for TensorRT's.
      expect(readPlanHeader(Buffer.from(plan.head, 'hex'), plan.bytes - 1).problem).toMatch(/^truncated: /);
      expect(readPlanHeader(Buffer.from(plan.head, 'hex'), plan.bytes + 1).problem).toMatch(/^padded: /);
    }
  });

  it('a plan built for no compute capability (a "current" build on an H100) is a plan that loads nowhere', () => {
    const real = headers.plans.find((p) => p.computeCapabilities.join() === '8.9')!;
    const head = Buffer.from(real.head, 'hex');
    head[32] = 0;
    expect(readPlanHeader(head, real.bytes)).toMatchObject({
      computeCapabilities: [],
      problem: expect.stringMatching(/^built for no compute capability .*: it loads on no GPU$/),
    });
    // The H100's build log: it passed, for "current".
    const log = readFileSync(join(MATERIAL, 'logs', 'current-on-h100.build.txt'), 'utf8');
    expect(log).toMatch(/\[I\] Compute capabilities: current\n/);
    expect(log).toMatch(/\[I\] Engine built: 443188 bytes to /);
  });

  it("reads a real engine's ForeignNode that ends in a layer the parser added: to the node making its output", () => {
    const runner = makeRunner();
    writeFileSync(join(runner.dir, 'cnn.onnx'), classifierOnnx());
    const text = readFileSync(join(MATERIAL, 'cnn.layers.json'), 'utf8');
    expect(text).toContain('"{ForeignNode[node_of_conv...ONNXTRT_ShapeShuffle_4]}"');
    const [layer] = parseEngineLayers(text, onnxGraphOf(join(runner.dir, 'cnn.onnx'))).layers;
    expect(layer!.onnxNodes).toEqual([
      'node_of_conv',
      'node_of_relu',
      'node_of_flat',
      'node_of_logits',
      'node_of_prob',
    ]);
  });

  it('a build whose TensorRT-RTX plan names no compute capability fails; with its target it builds', async () => {
    const real = headers.plans.find((p) => p.computeCapabilities.join() === '8.9')!;
    const runner = makeRunner();
    writeFileSync(join(runner.dir, 'm.onnx'), classifierOnnx());
    // A build command that writes the real plan's header (byte 32 as asked) and the rest of its declared size.
    writeFileSync(
      join(runner.dir, 'write-plan.mjs'),
      "import { writeFileSync } from 'node:fs';\n" +
        `const head = Buffer.from('${real.head}', 'hex');\n` +
        'head[32] = Number(process.argv[3]);\n' +
        `writeFileSync(process.argv[2], Buffer.concat([head, Buffer.alloc(${real.bytes} - head.length, 7)]));\n`,
    );
    const build = (targets: string) =>
      runner.writeConfig(
        `output-dir: out\nbuild:\n  command: [${process.execPath}, write-plan.mjs, "{plan}", "${targets}"]\n` +
          'models:\n  - name: m\n    onnx: m.onnx\n    profiles: [{ name: p, shapes: { x: 2x3x8x8 } }]\n',
      );
    const none = await cli(['build', '--config', build('0')], { cwd: runner.dir });
    expect(none.code).toBe(1);
    const report = JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8')) as Report;
    expect(report.builds[0]!.failure?.message).toMatch(
      /exited 0 but the plan at .*m\.p\.plan is: built for no compute capability \(byte 32 is 0/,
    );
    expect(report.builds[0]!.failure?.hint).toMatch(/^Name the compute capabilities to build for/);
    const one = await cli(['build', '--config', build('8')], { cwd: runner.dir });
    expect(one.code, one.stderr).toBe(0);
    // deploy-check from the manifest alone: it says the plan is TensorRT-RTX's, built for 8.9 (from its header).
    const targets = runner.writeConfig(
      'output-dir: out\nmodels:\n  - name: m\n    onnx: m.onnx\n    profiles: [{ name: p, shapes: { x: 2x3x8x8 } }]\n' +
        '    deploy: [{ name: l40s, gpu: L40S }, { name: a10g, gpu: A10G }, { name: h100, gpu: H100 }]\n',
      'targets.yml',
    );
    const manifest = join(runner.dir, 'out', 'manifest.json');
    expect(JSON.parse(readFileSync(manifest, 'utf8')).engines[0]).toMatchObject({
      product: 'TensorRT-RTX',
      computeCapabilities: ['8.9'],
    });
    const checked = await cli(['deploy-check', manifest, '--config', targets, '--json'], { cwd: runner.dir });
    expect(checked.code).toBe(1);
    const [engine] = (JSON.parse(checked.stdout) as { engines: { targets: { name: string; verdict: string }[] }[] })
      .engines;
    expect(engine!.targets.map((t) => [t.name, t.verdict])).toEqual([
      ['l40s', 'loads'],
      ['a10g', 'fails'],
      ['h100', 'fails'],
    ]);
  });

  it("the stand-in's plan header claims the layout the real builder writes: size at 16, version at 24", async () => {
    const runner = makeRunner();
    writeFileSync(join(runner.dir, 'm.onnx'), classifierOnnx());
    runner.writeConfig(
      'output-dir: out\nmodels:\n  - name: m\n    onnx: m.onnx\n    profiles: [{ name: p, shapes: { x: 2x3x8x8 } }]\n',
    );
    expect((await cli(['build', '--config', join(runner.dir, 'trt-ci.yml')])).code).toBe(0);
    const plan = readFileSync(join(runner.dir, 'out', 'm.p.plan'));
    for (const [head, bytes] of [
      [plan.subarray(0, 64), plan.length],
      ...headers.plans.map((p) => [Buffer.from(p.head, 'hex'), p.bytes] as const),
    ] as const) {
      expect(Number(head.readBigUInt64LE(16)), 'bytes 16-23 hold the file size').toBe(bytes);
      expect(head[24], 'byte 24 is the major version').toBeGreaterThan(0);
      expect(head.readUInt32LE(4), 'bytes 4-7: layout 0').toBe(0);
    }
  });

  it("the stand-in's TensorRT lines are the real builder's, line for line in form", async () => {
    // A stand-in build's log, and a real TensorRT-RTX build's (the H100 machine's, current-on-h100.build.txt):
    // each line the stand-in claims TensorRT prints, in trt-ci's line format, is one the real builder printed.
    const runner = makeRunner();
    writeFileSync(join(runner.dir, 'm.onnx'), classifierOnnx());
    runner.writeConfig(
      'output-dir: out\ntiming-cache: false\nmodels:\n  - name: m\n    onnx: m.onnx\n' +
        '    profiles: [{ name: p, shapes: { x: 2x3x8x8 } }]\n',
    );
    expect((await cli(['build', '--config', join(runner.dir, 'trt-ci.yml')])).code).toBe(0);
    const standin = readFileSync(join(runner.dir, 'out', 'logs', 'm.p.1.log'), 'utf8');
    const real = readFileSync(join(MATERIAL, 'logs', 'current-on-h100.build.txt'), 'utf8');
    const line = (text: string) =>
      new RegExp(`^\\[\\d{2}/\\d{2}/\\d{4}-\\d{2}:\\d{2}:\\d{2}\\] \\[I\\] \\[TRT\\] ${text}$`, 'm');
    for (const claim of [
      '-{64}',
      'Input filename: {3}\\S+\\.onnx',
      'Local timing cache in use\\. Profiling results in this builder pass will not be stored\\.',
      'Engine generation completed in \\d+\\.\\d+ seconds\\.',
      '\\[MemUsageStats\\] Peak memory usage of TRT CPU/GPU memory allocators: CPU \\d+ MiB, GPU \\d+ MiB',
    ]) {
      expect(standin, `the stand-in: ${claim}`).toMatch(line(claim));
      expect(real, `the real builder: ${claim}`).toMatch(line(claim));
    }
    // A plan a runtime will not load: the stand-in's line and TensorRT-RTX's on the H100 have one form.
    const refusal = /\[TRT\] (?:\[E\] )?IRuntime::deserializeCudaEngine: Error Code 6: API Usage Error \(/;
    expect(readFileSync(join(ROOT, 'test', 'support', 'trtexec-standin.mjs'), 'utf8')).toMatch(refusal);
    expect(readFileSync(join(MATERIAL, 'logs', 'h100-refused.log'), 'utf8')).toMatch(refusal);
  });

  it("reads each real failure's log into its kind", () => {
    const logs = readdirSync(join(MATERIAL, 'logs')).filter((f) => f.endsWith('.log'));
    expect(logs.sort()).toEqual(Object.keys(KINDS).sort());
    for (const log of logs) {
      const failure = failureOf(readFileSync(join(MATERIAL, 'logs', log), 'utf8'));
      expect(failure?.kind, log).toBe(KINDS[log]);
    }
    const unsupported = failureOf(readFileSync(join(MATERIAL, 'logs', 'unsupported.log'), 'utf8'));
    expect(unsupported?.hint).toMatch(/an op this TensorRT has no importer for/);
    // Without the profile line the CPU build's CUDA noise would be the cause: the profile is named first.
    const minmax = readFileSync(join(MATERIAL, 'logs', 'minmax.log'), 'utf8');
    expect(minmax).toMatch(/CUDA driver version is insufficient/);
    const noise = minmax
      .split('\n')
      .filter((l) => !/MIN<=OPT<=MAX|no optimization profile/.test(l))
      .join('\n');
    expect(failureOf(noise)?.kind).toBe('driver-insufficient');
  });
});

describe('TRT_CI_PRODUCERS in trt-ci.yml', () => {
  it('is the producers/ folder of the trt-ci that runs, unless the environment sets it', () => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    const file = runner.writeConfig(
      `output-dir: out\nbuild:\n  command: [python3, "\${TRT_CI_PRODUCERS}/tensorrt_rtx.py", build, "{plan}"]\n` +
        'models:\n  - name: m\n    onnx: m.onnx\n    profiles: [{ name: p, shapes: { x: 1x4 } }]\n',
    );
    const command = (env: NodeJS.ProcessEnv) => loadConfig(file, runner.dir, env).build!.command[1];
    expect(command({})).toBe(PRODUCER);
    expect(command({ TRT_CI_PRODUCERS: '/opt/mine' })).toBe('/opt/mine/tensorrt_rtx.py');
  });
});

describe('preflight gpu-arch for TensorRT-RTX', () => {
  it('passes the compute capabilities it builds for and warns on any other: its numbers are not TensorRT 1.7', () => {
    const rtx = { major: 1, minor: 7, patch: 1, build: 116, product: 'TensorRT-RTX' as const };
    for (const cc of ['7.5', '8.0', '8.6', '8.9', '12.0', '12.1']) expect(archSupport(rtx, cc).status, cc).toBe('pass');
    for (const cc of ['9.0', '10.0', '7.0', null]) expect(archSupport(rtx, cc).status, String(cc)).toBe('warn');
    // Without the product the same numbers are a TensorRT 1.7 that no rule knows: not TensorRT-RTX's verdict.
    expect(archSupport({ ...rtx, product: undefined }, '9.0').message).not.toMatch(/TensorRT-RTX/);
  });
});

describe("TensorRT-RTX's deploy rules", () => {
  const plan = (targets: string[] | null) => ({
    tensorrtVersion: '1.7.1.116',
    computeCapability: '9.0',
    gpu: 'NVIDIA H200',
    os: 'linux' as const,
    portability: portabilityOf([]),
    rtx: { computeCapabilities: targets },
  });
  const target = (gpu: string | null, tensorrt: string | null = null, computeCapability: string | null = null) => ({
    name: 't',
    gpu,
    computeCapability,
    tensorrt,
    os: 'linux' as const,
  });

  it('loads where it was built for, fails on a target it could have been built for, and knows no more of 9.0', () => {
    expect(predictLoad(plan(['8.9']), target('L40S')).verdict).toBe('loads');
    expect(predictLoad(plan(['8.9']), target('L40S', '1.7')).verdict).toBe('loads');
    expect(predictLoad(plan(['8.9']), target('L40S', '1.7.1.116')).verdict).toBe('loads');
    expect(predictLoad(plan(['8.9']), target(null, null, '8.9')).verdict).toBe('loads');
    expect(predictLoad(plan(['8.9']), target('A10G'))).toEqual({
      verdict: 'fails',
      line: 'built for compute capability 8.9, not 8.6',
      fix: "add --compute-capability 8.6 to the producer's build command",
    });
    expect(predictLoad(plan(['8.6', '8.9']), target('A10G')).verdict).toBe('loads');
    // Another release: never, whatever the GPU (a plan of 1.7.1.116 is not one of 1.7.1.11).
    for (const tensorrt of ['1.6', '1.7.0', '1.7.1.11'])
      expect(predictLoad(plan(['8.9']), target('L40S', tensorrt)), tensorrt).toMatchObject({
        verdict: 'fails',
        line: `a TensorRT-RTX 1.7.1.116 plan does not load on TensorRT-RTX ${tensorrt}`,
      });
    // 9.0 is not TensorRT-RTX's: an H100 refused the plan, in these words (the GPU check's log, h100-refused.log).
    const refused = readFileSync(join(MATERIAL, 'logs', 'h100-refused.log'), 'utf8');
    const h100 = predictLoad(plan(['8.9']), target('H100'));
    expect(h100.verdict).toBe('fails');
    expect(refused).toContain(h100.line);
    expect(predictLoad(plan(null), target('L40S')).verdict).toBe('unknown');
    expect(predictLoad(plan(['8.9']), target('GPU of no known model')).verdict).toBe('unknown');
  });
});

describe.skipIf(PYTHON === null)('real TensorRT-RTX engines, built on the CPU by the wheels', () => {
  const python = PYTHON!;
  const BUILD =
    `[${python}, "\${TRT_CI_PRODUCERS}/tensorrt_rtx.py", build, --onnx, "{onnx}", --plan, "{plan}", ` +
    '--layer-info, "{layer-info}", --shapes, "{min-shapes}/{opt-shapes}/{max-shapes}", ' +
    '--workspace, "{workspace}", --compute-capability, "8.9"]';
  const RUN = `[${python}, "\${TRT_CI_PRODUCERS}/tensorrt_rtx.py", run, "{request}"]`;

  it('trt-ci run builds four real engines (a CNN, two profiles of a dynamic model, FP16) and checks them', async () => {
    const runner = makeRunner();
    writeFileSync(join(runner.dir, 'cnn.onnx'), classifierOnnx());
    writeFileSync(join(runner.dir, 'overflow.onnx'), classifierOnnx({ scale: 4000 }));
    runner.writeConfig(
      `output-dir: out\nbuild:\n  command: ${BUILD}\nrun:\n  command: ${RUN}\nmodels:\n` +
        '  - name: cnn\n    onnx: cnn.onnx\n    profiles: [{ name: b2, shapes: { x: 2x3x8x8 } }]\n' +
        '    deploy: [{ name: l40s, gpu: L40S }, { name: a10g, gpu: A10G },\n' +
        '             { name: l40s-1.6, gpu: L40S, tensorrt: "1.6" }]\n' +
        // On a CPU the engines cannot run: consistency (which runs them) is off, said (the GPU check runs them).
        '  - name: dynamic\n    onnx: cnn.onnx\n    consistency: { off: no GPU here to run the engines }\n' +
        '    profiles:\n' +
        '      - { name: small, shapes: { x: { min: 1x3x8x8, opt: 2x3x8x8, max: 4x3x8x8 } } }\n' +
        '      - { name: large, shapes: { x: { min: 8x3x8x8, opt: 16x3x8x8, max: 32x3x8x8 } } }\n' +
        '  - name: overflow\n    onnx: overflow.onnx\n    precision: fp16\n' +
        '    profiles: [{ name: b2, shapes: { x: 2x3x8x8 } }]\n',
    );
    const result = await cli(['run', '--config', join(runner.dir, 'trt-ci.yml')], { cwd: runner.dir });
    // Every engine built and verified; the run fails on the two deploy targets the CNN's plan will not load on.
    expect(result.code, result.stderr + result.stdout).toBe(1);
    expect(result.stdout).toMatch(
      /failed: cnn\/b2: will not load on a10g: built for compute capability 8\.9, not 8\.6/,
    );
    const report = JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8')) as Report;
    expect(report.environment).toMatchObject({ product: 'TensorRT-RTX', tensorrtVersion: '1.7.1.116' });
    expect(readFileSync(join(runner.dir, 'out', 'summary.md'), 'utf8')).toContain(
      '4/4 engines built · TensorRT-RTX 1.7.1.116',
    );
    expect(report.builds.map((b) => [b.model, b.profile, b.status])).toEqual([
      ['cnn', 'b2', 'built'],
      ['dynamic', 'small', 'built'],
      ['dynamic', 'large', 'built'],
      ['overflow', 'b2', 'built'],
    ]);
    for (const build of report.builds) {
      const plan = readFileSync(join(runner.dir, build.plan!));
      // Verified as a plan: its own header, its size, no padding.
      expect(build.scan).toMatchObject({
        layout: 'vtrt',
        product: 'TensorRT-RTX',
        tensorrtVersion: '1.7.1.116',
        computeCapabilities: ['8.9'],
        declaredBytes: plan.length,
        bytes: plan.length,
        problem: null,
      });
      // The layer info the builder printed, read by trt-ci's layer-info reader.
      const layers = parseEngineLayers(readFileSync(join(runner.dir, build.layerInfo!), 'utf8'));
      expect(layers.layers.length, build.model).toBeGreaterThan(0);
    }
    // precision: fp16 on a strongly typed builder: trt-ci wrote the FP16 ONNX, and the real engine was built from it.
    // (Its inputs and outputs stay FP32, cast at the edges: the real engine's one Myelin layer spans the casts.)
    const overflow = report.builds[3]!;
    expect(overflow.attempts[0]!.argv).toContain(join(runner.dir, 'out', 'fp16-onnx', 'overflow', 'overflow.onnx'));
    expect(readFileSync(join(runner.dir, overflow.layerInfo!), 'utf8')).toContain('x__trtci_fp16__cast');
    expect(readFileSync(join(runner.dir, report.builds[0]!.layerInfo!), 'utf8')).not.toContain('__trtci_fp16__');
    // Its deploy predictions by TensorRT-RTX's rules, from the real plan's header (built for 8.9).
    expect(report.builds[0]!.deploy.map((d) => [d.target, d.verdict])).toEqual([
      ['l40s', 'loads'],
      ['a10g', 'fails'],
      ['l40s-1.6', 'fails'],
    ]);
    // The runner's GPU (the recorded H200, 9.0) is none of TensorRT-RTX's targets: said, not failed.
    const arch = report.preflight!.checks.find((c) => c.id === 'gpu-arch')!;
    expect(arch).toMatchObject({ status: 'warn' });
    expect(arch.message).toMatch(/TensorRT-RTX 1\.7\.1 builds ahead of time for 7\.5, .*will not load here/);
  });

  it('makes each failure of the fixtures again, and trt-ci reads it into the same kind', async () => {
    const runner = makeRunner();
    writeFileSync(join(runner.dir, 'cnn.onnx'), classifierOnnx());
    writeFileSync(join(runner.dir, 'unsupported.onnx'), unknownOpOnnx());
    const cases: [string, string[]][] = [
      ['unsupported.log', ['--onnx', 'unsupported.onnx']],
      ['badshape.log', ['--onnx', 'cnn.onnx', '--shapes', 'x:1x3x8/x:2x3x8/x:4x3x8']],
      ['minmax.log', ['--onnx', 'cnn.onnx', '--shapes', 'x:4x3x8x8/x:2x3x8x8/x:1x3x8x8']],
      ['workspace.log', ['--onnx', 'cnn.onnx', '--shapes', 'x:1x3x8x8/x:2x3x8x8/x:4x3x8x8', '--workspace', '1']],
      ['no-profile.log', ['--onnx', 'cnn.onnx']],
    ];
    for (const [log, args] of cases) {
      const built = spawnSync(python, [PRODUCER, 'build', ...args, '--plan', 'x.plan', '--compute-capability', '8.9'], {
        cwd: runner.dir,
        encoding: 'utf8',
      });
      expect(built.status, log).toBe(1);
      expect(failureOf(built.stdout + built.stderr)?.kind, log).toBe(KINDS[log]);
    }
  });

  it("the stand-in's layer-info claims hold against the real builder's layers, and trt-ci reads them", () => {
    const runner = makeRunner();
    writeFileSync(join(runner.dir, 'cnn.onnx'), classifierOnnx());
    const args = ['--onnx', 'cnn.onnx', '--plan', 'x.plan', '--layer-info', 'x.json', '--compute-capability', '8.9'];
    const built = spawnSync(python, [PRODUCER, 'build', ...args, '--shapes', 'x:1x3x8x8/x:2x3x8x8/x:4x3x8x8'], {
      cwd: runner.dir,
      encoding: 'utf8',
    });
    expect(built.status, built.stderr).toBe(0);
    const text = readFileSync(join(runner.dir, 'x.json'), 'utf8');
    const [layer] = (JSON.parse(text) as { Layers: Record<string, unknown>[] }).Layers;
    // An unnamed node's layer is node_of_<its first output>, as the stand-in names them (layerName); a fused run
    // of nodes is {ForeignNode[first...last]}, its last here a layer the ONNX parser added (for the Flatten);
    // tactics are 16 hex digits; tensor types are TensorRT's words.
    expect(readFileSync(join(ROOT, 'test', 'support', 'trtexec-standin.mjs'), 'utf8')).toMatch(
      /const layerName = \(node\) => node\.name \|\| `node_of_\$\{node\.output\[0\]\}`;/,
    );
    expect(layer).toMatchObject({
      Name: expect.stringMatching(/^\{ForeignNode\[node_of_conv\.\.\.ONNXTRT_ShapeShuffle_\d+\]\}$/),
      LayerType: 'Myelin',
      TacticValue: expect.stringMatching(/^0x[0-9a-f]{16}$/),
      Inputs: [{ Name: 'x', 'Format/Datatype': 'Float', Dimensions: [-1, 3, 8, 8] }],
      Outputs: [{ Name: 'prob', 'Format/Datatype': 'Float', Dimensions: [-1, 10] }],
    });
    // trt-ci's reader spans the ForeignNode over the graph, to the node that makes its output: every node, in order.
    const layers = parseEngineLayers(text, onnxGraphOf(join(runner.dir, 'cnn.onnx')));
    expect(layers.layers.map((l) => [l.type, l.onnxNodes, l.precisions, l.tactic])).toEqual([
      [
        'Myelin',
        ['node_of_conv', 'node_of_relu', 'node_of_flat', 'node_of_logits', 'node_of_prob'],
        ['fp32'],
        '0x0000000000000000',
      ],
    ]);
  });
});

describe.skipIf(PYTHON !== null)('without TensorRT-RTX', () => {
  it('the real-engine tests need its wheels: scripts/tensorrt-rtx-setup.sh (which .ci/run runs) installs them', () => {
    expect(PYTHON).toBeNull();
  });
});
