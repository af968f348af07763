// Will it load where we ship it (issue 27): TensorRT's portability rules for every combination of
// version, compute capability, flags and OS, with the lines TensorRT prints from public logs.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../src/contract/report.js';
import {
  type BuiltPlan,
  computeCapabilityOf,
  type DeployTarget,
  MODEL_WARNING,
  notTheTarget,
  portabilityOf,
  predictLoad,
  unreachable,
} from '../src/tensorrt/deploy-rules.js';
import { allGone, cli, FIXTURES, makeRunner } from './support/harness.js';
import { fileName } from '../src/deploy/load.js';

const plan = (over: Partial<BuiltPlan> = {}, flags: string[] = []): BuiltPlan => ({
  tensorrtVersion: '10.16.1.11',
  computeCapability: '8.0',
  gpu: 'NVIDIA A100 80GB PCIe',
  os: 'linux',
  portability: portabilityOf(flags),
  ...over,
});
const target = (over: Partial<DeployTarget>): DeployTarget => ({
  name: 't',
  gpu: null,
  computeCapability: null,
  tensorrt: null,
  os: 'linux',
  ...over,
});
const gpu = (name: string, over: Partial<DeployTarget> = {}) =>
  target({ name, gpu: name, computeCapability: computeCapabilityOf(name), ...over });

describe('the lines TensorRT prints, from public logs (test/fixtures/deploy)', () => {
  const lines = JSON.parse(readFileSync(join(FIXTURES, 'deploy', 'load-lines.json'), 'utf8')) as {
    source: string;
    runtime?: { cc?: string; tensorrt?: string };
    plan?: { cc?: string; tensorrt?: string };
    warning?: boolean;
    line: string;
  }[];

  it.each(lines.filter((l) => !l.warning).map((l) => [l.source, l] as const))('%s', (_source, row) => {
    const built = plan({
      computeCapability: row.plan?.cc ?? '8.0',
      tensorrtVersion: row.plan?.tensorrt ?? '10.16.1.11',
    });
    const at = target({
      computeCapability: row.runtime?.cc ?? built.computeCapability,
      tensorrt: row.runtime?.tensorrt ?? null,
    });
    expect(predictLoad(built, at)).toMatchObject({ verdict: 'fails', line: row.line });
  });

  it("the warning for the same compute capability on another GPU model is TensorRT's own", () => {
    expect(lines.find((l) => l.warning)!.line).toBe(MODEL_WARNING);
  });
});

describe('predictions for an A100-built plan (TensorRT 10.16.1.11)', () => {
  it.each([
    ['H100', gpu('H100'), 'fails', /expecting compute 9\.0 got compute 8\.0/, /--hardwareCompatibilityLevel=ampere\+/],
    ['L4', gpu('L4'), 'fails', /expecting compute 8\.9 got compute 8\.0/, /ampere\+/],
    [
      'an A100 of another memory size',
      gpu('A100 40GB'),
      'loads-with-warning',
      /different models of devices/,
      /A100 40GB/,
    ],
    ['the same A100', gpu('A100 80GB PCIe'), 'loads', null, null],
    [
      'T4 (7.5)',
      gpu('T4'),
      'fails',
      /expecting compute 7\.5 got compute 8\.0/,
      /build on a compute capability 7\.5 runner/,
    ],
    [
      'another patch of TensorRT',
      gpu('A100 80GB PCIe', { tensorrt: '10.16.0.72' }),
      'fails',
      /expecting library version 10\.16\.0\.72 got 10\.16\.1\.11/,
      /--versionCompatible/,
    ],
    [
      'another minor of TensorRT',
      gpu('A100 80GB PCIe', { tensorrt: '10.15' }),
      'fails',
      /expecting library version 10\.15\.x got 10\.16\.1\.11/,
      /TensorRT 10\.15/,
    ],
    [
      'a TensorRT named only by its minor',
      gpu('A100 80GB PCIe', { tensorrt: '10.16' }),
      'unknown',
      /needs exactly TensorRT 10\.16\.1\.11/,
      /tensorrt: "10\.16\.1\.11"/,
    ],
    [
      'Windows',
      gpu('A100 80GB PCIe', { os: 'windows' }),
      'fails',
      /a linux plan does not deserialize on windows/,
      /--runtimePlatform=WindowsAMD64/,
    ],
    ['an unknown GPU', target({ name: 'x' }), 'unknown', /compute capability is not known/, null],
  ] as const)('%s: %s', (_what, at, verdict, line, fix) => {
    const got = predictLoad(plan(), at);
    expect(got.verdict).toBe(verdict);
    if (line) expect(got.line).toMatch(line);
    else expect(got.line).toBeNull();
    if (fix) expect(got.fix).toMatch(fix);
  });

  it('ampere+ loads on every GPU from 8.0 on, never before; a 7.5 target is unreachable before the build', () => {
    const portable = plan({}, ['--hardwareCompatibilityLevel=ampere+']);
    for (const name of ['H100', 'L4', 'A10', 'B200']) expect(predictLoad(portable, gpu(name)).verdict).toBe('loads');
    expect(predictLoad(portable, gpu('T4')).verdict).toBe('fails');
    expect(unreachable(portable.portability, gpu('T4'), '10.16.1')).toMatch(/ampere\+ runs on compute capability 8\.0/);
    expect(unreachable(portable.portability, gpu('L4'), '10.16.1')).toBeNull();
  });

  it('sameComputeCapability: any GPU of that capability without the warning; needs TensorRT 10.9', () => {
    const same = plan({ computeCapability: '9.0', gpu: 'NVIDIA H100 80GB HBM3' }, [
      '--hardwareCompatibilityLevel=sameComputeCapability',
    ]);
    expect(predictLoad(same, gpu('H200')).verdict).toBe('loads');
    expect(predictLoad(same, gpu('L4')).verdict).toBe('fails');
    expect(unreachable(same.portability, gpu('H200'), '10.8.0')).toMatch(/needs TensorRT 10\.9/);
  });

  it('--versionCompatible: newer TensorRT of the same major loads it; older or another major does not', () => {
    const vc = plan({ tensorrtVersion: '10.3.0.26' }, ['--versionCompatible']);
    expect(predictLoad(vc, gpu('A100 80GB PCIe', { tensorrt: '10.16' })).verdict).toBe('loads');
    expect(predictLoad(vc, gpu('A100 80GB PCIe', { tensorrt: '10.2' })).verdict).toBe('fails');
    expect(predictLoad(vc, gpu('A100 80GB PCIe', { tensorrt: '11.1' })).verdict).toBe('fails');
  });

  it('--versionCompatible on its own exact TensorRT loads, however the target writes the version', () => {
    const vc = plan({ tensorrtVersion: '10.16.1.11' }, ['--versionCompatible']);
    const at = (tensorrt: string) => predictLoad(vc, gpu('A100 80GB PCIe', { tensorrt })).verdict;
    expect([at('10.16.1.11'), at('10.16.1'), at('10.16.1.12'), at('10.17')]).toEqual([
      'loads',
      'loads',
      'loads',
      'loads',
    ]);
    // The release before it, and one build before it: older than the plan.
    expect([at('10.16.0'), at('10.16.1.10'), at('10.15')]).toEqual(['fails', 'fails', 'fails']);
    // "10.16" may be 10.16.0 (older) or 10.16.2 (newer): not known until named in full.
    expect(at('10.16')).toBe('unknown');
  });

  it('--runtimePlatform=WindowsAMD64: a Windows plan, which no Linux target loads; needs TensorRT 10.2', () => {
    const win = plan({}, ['--runtimePlatform=WindowsAMD64']);
    expect(predictLoad(win, gpu('A100 80GB PCIe', { os: 'windows' })).verdict).toBe('loads');
    expect(predictLoad(win, gpu('A100 80GB PCIe')).verdict).toBe('fails');
    expect(unreachable(win.portability, gpu('A100 80GB PCIe'), '10.16.1')).toMatch(/makes a Windows plan/);
    expect(unreachable(win.portability, gpu('A100 80GB PCIe', { os: 'windows' }), '10.1.0')).toMatch(
      /needs TensorRT 10\.2/,
    );
  });

  it('GPU names as nvidia-smi writes them resolve to their compute capability', () => {
    expect(
      ['NVIDIA H100 80GB HBM3', 'NVIDIA A100-SXM4-40GB', 'NVIDIA L40S', 'NVIDIA H200', 'Tesla T4'].map(
        computeCapabilityOf,
      ),
    ).toEqual(['9.0', '8.0', '8.9', '9.0', null]);
  });
});

describe('deploy: in a run, and trt-ci deploy-check on its manifest (issue 27)', () => {
  const targets = [
    '  - { name: h100, gpu: H100 }',
    '  - { name: edge-l4, gpu: L4 }',
    '  - { name: a100-40, gpu: A100 40GB }',
    '  - { name: trt-10.15, gpu: H200, tensorrt: "10.15" }',
  ].join('\n');

  it('the matrix of an H200-built plan; the manifest alone gives the same answers', async () => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    const config = runner.writeConfig(
      `output-dir: out\ndeploy:\n${targets}\nmodels:\n  - name: m\n    onnx: m.onnx\n` +
        '    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]\n',
    );
    const run = await cli(['run', '--config', config, '--json']);
    // Three targets it will not load on fail the run (issue 35): the status, the exit, the headline, the fixes.
    expect(run.code, run.stderr).toBe(1);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.status).toBe('failed');
    const [build] = report.builds;
    // The stand-in's GPU is an H200 (9.0): the H100 has its compute capability, another model.
    expect(build!.deploy.map((d) => [d.target, d.verdict])).toEqual([
      ['h100', 'loads-with-warning'],
      ['edge-l4', 'fails'],
      ['a100-40', 'fails'],
      ['trt-10.15', 'fails'],
    ]);
    // The CLI's own lines say why the run failed, though the build itself is ✔.
    const text = (await cli(['run', '--config', config])).stdout;
    expect(text).toMatch(/^TensorRT 10\.16\.1\.11 — failed: m\/p: will not load on edge-l4: .+ \(\+2\)$/m);
    expect(text).toMatch(/^✘ m\/p will not load on a100-40: .+; fix: .+$/m);
    const summary = readFileSync(join(runner.dir, 'out', 'summary.md'), 'utf8');
    expect(summary).toContain('#### ❌ Deploy targets: 3 engine × target pairs will not load');
    expect(summary).toMatch(/^## trt-ci ❌ failed/m);
    expect(summary).toMatch(/\*\*2 things to fix:\*\*/);
    expect(summary).toMatch(
      /- ❌ \*\*m \/ p\*\* on H200: will not load on edge-l4, a100-40 \(predicted\) — .*\*\*Do:\*\* /,
    );
    expect(summary).toMatch(/- ❌ \*\*m \/ p\*\* on H200: will not load on trt-10\.15 \(predicted\)/);
    // One line per target and cause in the section, naming its engines.
    expect(summary).toMatch(/^- edge-l4: fails for m \/ p — /m);
    expect(summary).toMatch(/\| m \/ p \| NVIDIA H200 \| ⚠️ \| ❌ \| ❌ \| ❌ \|/);
    const check = await cli(['deploy-check', join(runner.dir, 'out', 'manifest.json'), '--config', config, '--json']);
    expect(check.code).toBe(1);
    const [engine] = JSON.parse(check.stdout).engines;
    expect(
      engine.targets.map((t: { name: string; verdict: string; line: string | null }) => [t.name, t.verdict, t.line]),
    ).toEqual(build!.deploy.map((d) => [d.target, d.verdict, d.line]));
  });

  it('an A100-built native and ampere+ engine against H100, L4, a 40 GB A100 and TensorRT 10.15', async () => {
    // The build runner is an A100 80GB: nvidia-smi and trtexec both say so.
    const runner = makeRunner({
      nvidiaSmiEnv: { NVIDIA_SMI_STANDIN_SET: 'name=NVIDIA A100-SXM4-80GB;compute_cap=8.0' },
      trtexecEnv: { TRTEXEC_STANDIN_GPU_NAME: 'NVIDIA A100-SXM4-80GB', TRTEXEC_STANDIN_GPU_CC: '8.0' },
    });
    runner.touch('m.onnx');
    const a100Targets = [
      '  - { name: h100, gpu: H100 }',
      '  - { name: edge-l4, gpu: L4 }',
      '  - { name: a100-40, gpu: A100 40GB }',
      '  - { name: trt-10.15, gpu: A100-SXM4-80GB, tensorrt: "10.15" }',
    ].join('\n');
    const profiles = '    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]\n';
    const config = runner.writeConfig(
      `output-dir: out\ndeploy:\n${a100Targets}\nmodels:\n  - name: native\n    onnx: m.onnx\n${profiles}` +
        `  - name: portable\n    onnx: m.onnx\n    extra-args: [--hardwareCompatibilityLevel=ampere+]\n${profiles}`,
    );
    // In the runner's folder, as a job runs: the report's plan paths are relative to it, and the report's
    // deploy-check below runs there too.
    const run = await cli(['run', '--config', config, '--json'], { cwd: runner.dir });
    expect(run.code, run.stderr).toBe(1); // targets it will not load on fail the run
    const builds = (JSON.parse(run.stdout) as Report).builds;
    const matrix = builds.map((b) => [b.model, b.deploy.map((d) => [d.target, d.verdict])]);
    expect(matrix).toEqual([
      [
        'native',
        [
          ['h100', 'fails'],
          ['edge-l4', 'fails'],
          ['a100-40', 'loads-with-warning'],
          ['trt-10.15', 'fails'],
        ],
      ],
      [
        'portable',
        [
          ['h100', 'loads'],
          ['edge-l4', 'loads'],
          ['a100-40', 'loads'],
          ['trt-10.15', 'fails'],
        ],
      ],
    ]);
    const native = builds[0]!.deploy;
    expect(native[0]).toMatchObject({
      line:
        'The engine plan file is generated on an incompatible device, expecting compute 9.0 got compute 8.0, ' +
        'please rebuild.',
      fix: expect.stringContaining('add --hardwareCompatibilityLevel=ampere+'),
    });
    expect(native[2]!.line).toBe(MODEL_WARNING);
    expect(native[3]!.line).toContain('expecting library version 10.15.x got 10.16.1.11');
    const summary = readFileSync(join(runner.dir, 'out', 'summary.md'), 'utf8');
    expect(summary).toMatch(/\| native \/ p \| NVIDIA A100-SXM4-80GB \| ❌ \| ❌ \| ⚠️ \| ❌ \|/);
    expect(summary).toMatch(/\| portable \/ p \| NVIDIA A100-SXM4-80GB \| ✅ \| ✅ \| ✅ \| ❌ \|/);
    // Outside CI, from the manifest alone: the same verdicts, lines and fixes, engine by engine.
    const check = await cli(['deploy-check', join(runner.dir, 'out', 'manifest.json'), '--config', config, '--json']);
    expect(check.code).toBe(1);
    const engines = JSON.parse(check.stdout).engines as {
      model: string;
      targets: { name: string; verdict: string; line: string | null; fix: string | null }[];
    }[];
    expect(engines.map((e) => [e.model, e.targets.map((t) => [t.name, t.verdict, t.line, t.fix])])).toEqual(
      builds.map((b) => [b.model, b.deploy.map((d) => [d.target, d.verdict, d.line, d.fix])]),
    );
    // And from the report alone, the same.
    const fromReport = await cli(
      ['deploy-check', join(runner.dir, 'out', 'report.json'), '--config', config, '--json'],
      { cwd: runner.dir },
    );
    expect(fromReport.code, fromReport.stderr).toBe(1);
    expect(JSON.parse(fromReport.stdout).engines).toEqual(engines);
  });

  it('a target that loads with a warning passes deploy-check (exit 0); one that fails it is exit 1', async () => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    const engine = 'models:\n  - name: m\n    onnx: m.onnx\n    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]\n';
    const warned = runner.writeConfig(`output-dir: out\ndeploy: [{ name: h100, gpu: H100 }]\n${engine}`);
    expect((await cli(['run', '--config', warned])).code).toBe(0);
    const manifest = join(runner.dir, 'out', 'manifest.json');
    const check = (config: string) => cli(['deploy-check', manifest, '--config', config, '--json']);
    const warning = await check(warned);
    expect(JSON.parse(warning.stdout).engines[0].targets.map((t: { verdict: string }) => t.verdict)).toEqual([
      'loads-with-warning',
    ]);
    expect(warning.code, warning.stderr).toBe(0);
    // The same plan against a target it does not load on: the one verdict that fails the check.
    const failing = runner.writeConfig(`output-dir: out\ndeploy: [{ name: l4, gpu: L4 }]\n${engine}`, 'l4.yml');
    const failed = await check(failing);
    expect(JSON.parse(failed.stdout).engines[0].targets[0].verdict).toBe('fails');
    expect(failed.code).toBe(1);
  });

  it('a target the flags can never reach, or a GPU the table lacks, is exit 2 before any build', async () => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    const unreachableTarget = runner.writeConfig(
      'output-dir: out\ndeploy: [{ name: t4, gpu: T4 }]\nmodels:\n  - name: m\n    onnx: m.onnx\n' +
        '    extra-args: [--hardwareCompatibilityLevel=ampere+]\n    profiles: [{ name: p, shapes: { x: 1x8 } }]\n',
    );
    const refused = await cli(['run', '--config', unreachableTarget]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      new RegExp(
        'trt-ci\\.yml:\\d+:\\d+ deploy\\[0\\]: --hardwareCompatibilityLevel=ampere\\+ runs on ' +
          'compute capability 8\\.0 and newer, target t4 is 7\\.5',
      ),
    );
    expect(runner.calls()).toEqual([]);
    const typo = runner.writeConfig(
      'output-dir: out\ndeploy: [{ name: x, gpu: H1OO }]\nmodels:\n  - name: m\n    onnx: m.onnx\n' +
        '    profiles: [{ name: p, shapes: { x: 1x8 } }]\n',
      'typo.yml',
    );
    const unknown = await cli(['run', '--config', typo]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /deploy\[0\]\.gpu: expected a GPU model trt-ci knows .* got "H1OO" \(did you mean "H100"\?\)/,
    );
    writeFileSync(join(runner.dir, 'manifest.json'), '{}');
    // deploy-check reads trt-ci.yml as a run does (the models it names need not be there): the typo first.
    const checked = await cli(['deploy-check', join(runner.dir, 'manifest.json'), '--config', typo]);
    expect(checked.code).toBe(2);
    expect(checked.stderr).toMatch(/typo\.yml:\d+:\d+ deploy\[0\]\.gpu: expected a GPU model trt-ci knows/);
    const fine = runner.writeConfig(
      'deploy: [{ name: x, gpu: H100 }]\n' +
        'models: [{ name: m, onnx: gone.onnx, profiles: [{ name: p, shapes: { x: 1x8 } }] }]\n',
      'fine.yml',
    );
    expect((await cli(['deploy-check', join(runner.dir, 'manifest.json'), '--config', fine])).stderr).toMatch(
      /manifest\.json: expected a trt-ci manifest/,
    );
  });
});

describe('flags that contradict each other are exit 2 before any build (issue 27)', () => {
  const refusal = async (flags: string[], extra = '') => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    const config = runner.writeConfig(
      `output-dir: out\nmodels:\n  - name: m\n    onnx: m.onnx\n${extra}` +
        `    extra-args: [${flags.join(', ')}]\n    profiles: [{ name: p, shapes: { x: 1x8 } }]\n`,
    );
    const result = await cli(['run', '--config', config]);
    if (result.code === 2) expect(runner.calls()).toEqual([]);
    return [result.code, result.stderr.trim()] as const;
  };

  it('each in trtexec words where trtexec has them, pointing at the flag', async () => {
    const at = (index: number) => `trt-ci\\.yml:\\d+:\\d+ models\\[0\\]\\.extra-args\\[${index}\\]: `;
    const cases: [string[], string, RegExp][] = [
      [['--excludeLeanRuntime'], '', new RegExp(`${at(0)}--excludeLeanRuntime needs --versionCompatible$`)],
      [['--useRuntime=lean'], '', new RegExp(`${at(0)}Building a TensorRT engine requires --useRuntime=full\\.$`)],
      [
        ['--hardwareCompatibilityLevel=ampere+', '--pluginInstanceNorm'],
        '',
        new RegExp(`${at(1)}Plugin InstanceNorm cannot be used with version compatible or hardware compatible`),
      ],
      [
        ['--runtimePlatform=WindowsAMD64'],
        '    benchmark: true\n',
        new RegExp(`${at(0)}a --runtimePlatform=WindowsAMD64 plan cannot run on the Linux machine that builds it`),
      ],
    ];
    for (const [flags, extra, message] of cases) {
      const [code, stderr] = await refusal(flags, extra);
      expect([code, stderr]).toEqual([2, expect.stringMatching(message)]);
    }
    // Not contradictions: a lean-runtime-free version-compatible plan, and the full runtime named.
    const [code, stderr] = await refusal(['--vc', '--excludeLeanRuntime', '--useRuntime=full']);
    expect([code, stderr]).toEqual([0, expect.stringContaining('✔ m/p: built')]);
  });
});

describe('trt-ci deploy-load: a load on the target machine replaces the prediction (issue 27)', () => {
  it("an L4 refuses the H200 plan with TensorRT's line; an H100 loads it, warned; a wrong target is said", async () => {
    const builder = makeRunner();
    builder.touch('m.onnx');
    const config = builder.writeConfig(
      'output-dir: out\ndeploy:\n  - { name: edge-l4, gpu: L4 }\n  - { name: h100, gpu: H100 }\nmodels:\n' +
        '  - name: m\n    onnx: m.onnx\n    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]\n',
    );
    expect((await cli(['run', '--config', config])).code).toBe(1); // predicted: edge-l4 fails
    const manifest = join(builder.dir, 'out', 'manifest.json');
    // The target machines: the stand-ins as each one's trtexec and nvidia-smi, with that machine's GPU.
    const machine = (name: string, cc: string) => {
      const m = makeRunner({
        trtexecEnv: { TRTEXEC_STANDIN_GPU_NAME: name, TRTEXEC_STANDIN_GPU_CC: cc },
        nvidiaSmiEnv: { NVIDIA_SMI_STANDIN_SET: `name=${name};compute_cap=${cc}` },
      });
      return { trtexec: m.trtexec, nvidiaSmi: m.nvidiaSmi };
    };
    const load = (target: string, on: ReturnType<typeof machine>) =>
      cli([
        'deploy-load',
        manifest,
        ...['--config', config, '--target', target, '--trtexec', on.trtexec, '--nvidia-smi', on.nvidiaSmi, '--json'],
      ]);
    const l4 = await load('edge-l4', machine('NVIDIA L4', '8.9'));
    expect(l4.code).toBe(1);
    expect(JSON.parse(l4.stdout).engines).toEqual([
      expect.objectContaining({
        verdict: 'fails',
        line: expect.stringContaining('expecting compute 8.9 got compute 9.0, please rebuild.'),
        observed: true,
        predicted: 'fails',
        mismatch: false,
      }),
    ]);
    const h100 = await load('h100', machine('NVIDIA H100 80GB HBM3', '9.0'));
    expect(h100.code, h100.stderr).toBe(0);
    expect(JSON.parse(h100.stdout).engines[0]).toMatchObject({
      verdict: 'loads-with-warning',
      line: expect.stringMatching(/^Using an engine plan file across different models of devices/),
      mismatch: false,
    });
    // The "h100" runner is really an L4: refused before any load, naming both (issue 35).
    const wrong = await load('h100', machine('NVIDIA L4', '8.9'));
    expect([wrong.code, wrong.stderr.trim()]).toEqual([
      2,
      "trt-ci: --target h100: this machine's GPU is NVIDIA L4, not the target's H100: run deploy-load on the " +
        "target's machine",
    ]);
    // Plans of models that do not ship to the target: nothing to load is exit 2, never a green "0 loads".
    const other = JSON.parse(readFileSync(manifest, 'utf8'));
    const elsewhere = join(builder.dir, 'other-manifest.json');
    writeFileSync(
      elsewhere,
      JSON.stringify({ ...other, engines: other.engines.map((e: object) => ({ ...e, model: 'x' })) }),
    );
    const none = await cli([
      ...['deploy-load', elsewhere, '--config', config, '--target', 'h100'],
      ...[
        '--trtexec',
        machine('NVIDIA H100 80GB HBM3', '9.0').trtexec,
        '--nvidia-smi',
        machine('NVIDIA H100 80GB HBM3', '9.0').nvidiaSmi,
      ],
    ]);
    expect([none.code, none.stderr.trim()]).toEqual([
      2,
      expect.stringMatching(/other-manifest\.json: no engine to load on h100: it holds x, and m ships there$/),
    ]);
    // A typo'd target is no target: exit 2 with the targets there are.
    const typo = await load('edge-l5', machine('NVIDIA L4', '8.9'));
    expect([typo.code, typo.stderr.trim()]).toEqual([
      2,
      'trt-ci: --target: "edge-l5" is not a deploy target of the config (it has edge-l4, h100); ' +
        'did you mean "edge-l4"?',
    ]);
    // trt-ci.yml is read as a run reads it: a typo is exit 2 at its line; the models need not be on the target.
    rmSync(join(builder.dir, 'm.onnx'));
    const target = machine('NVIDIA H100 80GB HBM3', '9.0');
    expect((await load('h100', target)).code).toBe(0);
    writeFileSync(config, readFileSync(config, 'utf8').replace('output-dir: out', 'output-dir: out\nkill-grase: 1s'));
    const typoKey = await load('h100', target);
    expect(typoKey.code).toBe(2);
    expect(typoKey.stderr).toMatch(
      /trt-ci\.yml:\d+:1 kill-grase: unknown key "kill-grase"; did you mean "kill-grace"\?/,
    );
  });
});

/** A run of one model with deploy-cost: true; its one build. */
async function deployCostRun(runner: ReturnType<typeof makeRunner>) {
  runner.touch('m.onnx');
  const config = runner.writeConfig(
    'output-dir: out\ndeploy-cost: true\nmodels:\n  - name: m\n    onnx: m.onnx\n' +
      '    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]\n',
  );
  const run = await cli(['run', '--config', config, '--json']);
  expect(run.code, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as Report).builds[0]!;
}

describe('deploy-cost: the price of portability, measured (issue 27)', () => {
  it('the ampere+ build of each engine is A/Bed against the native one on the build GPU', async () => {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_LATENCY_MS: 'ampere+=1.06' } });
    const build = await deployCostRun(runner);
    expect(build!.deployCost).toMatchObject({ variant: 'ampere+', note: null, latency: { verdict: 'slower' } });
    expect(build!.deployCost!.latency!.ratio).toBeCloseTo(1.06, 2);
    const variant = runner.calls().find((c) => c.args.includes('--hardwareCompatibilityLevel=ampere+'))!;
    expect(variant.args).toEqual(expect.arrayContaining([`--onnx=${join(runner.dir, 'm.onnx')}`]));
    // The sign in the engine that the flag took effect: another tactic, a bigger plan.
    const native = statSync(build!.plan!).size;
    expect(build!.deployCost!.engine).toEqual({
      nativeBytes: native,
      portableBytes: statSync(join(runner.dir, 'out', 'deploy-cost', 'm.p', 'ampere+.plan')).size,
      regions: 2,
      changedRegions: 1,
      changes: ['tactic'],
    });
    expect(build!.deployCost!.engine!.portableBytes).toBeGreaterThan(native);
    const summary = readFileSync(join(runner.dir, 'out', 'summary.md'), 'utf8');
    expect(summary).toMatch(/- m \/ p: ampere\+ costs \+6\.\d% .* latency on NVIDIA H200; its engine is \+[\d.]+% /);
    expect(summary).toMatch(/its engine .*, tactic changed in 1 of 2 regions/);
  });

  it('a portable build no different from the native one is said to show no sign of the flag', async () => {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_PORTABLE_UNCHANGED: '1' } });
    const build = await deployCostRun(runner);
    expect(build!.deployCost!.engine).toMatchObject({ regions: 2, changedRegions: 0, changes: [] });
    expect(readFileSync(join(runner.dir, 'out', 'summary.md'), 'utf8')).toContain(
      'with the same layers and tactics: no sign in the engine that the flag took effect',
    );
  });

  it('without layer info only the sizes are compared, and said so', async () => {
    const { portableEngineText } = await import('../src/report/sections/deploy.js');
    const { portableDifference } = await import('../src/deploy/cost.js');
    const engine = portableDifference(2 * 1048576, 2 * 1048576, null);
    expect(engine).toEqual({
      nativeBytes: 2097152,
      portableBytes: 2097152,
      regions: null,
      changedRegions: null,
      changes: [],
    });
    expect(portableEngineText(engine)).toBe("its engine is the native one's size (2.00 MiB); no layer info to compare");
  });

  it('a TensorRT without --hardwareCompatibilityLevel (before 8.6) makes deploy-cost a config error', async () => {
    const runner = makeRunner({ version: '8.5.3.1' });
    runner.touch('m.onnx');
    const config = runner.writeConfig(
      'output-dir: out\ndeploy-cost: true\nmodels:\n  - name: m\n    onnx: m.onnx\n' +
        '    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]\n',
    );
    const result = await cli(['run', '--config', config]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/deploy-cost builds with --hardwareCompatibilityLevel=ampere\+ \(TensorRT >= 8\.6\)/);
  });
});

describe('a compatibility flag no load has tried is said to be unproven (issue 27)', () => {
  it('an ampere+ engine only predicted on other GPUs says so; a seen load on another GPU proves it', async () => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    const config = runner.writeConfig(
      'output-dir: out\ndeploy: [{ name: edge-l4, gpu: L4 }]\nmodels:\n  - name: m\n    onnx: m.onnx\n' +
        '    extra-args: [--hardwareCompatibilityLevel=ampere+]\n    profiles: [{ name: p, shapes: { x: 1x8 } }]\n',
    );
    const run = await cli(['run', '--config', config, '--json']);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.builds[0]!.deploy[0]).toMatchObject({ target: 'edge-l4', verdict: 'loads', observed: false });
    const { renderSummary } = await import('../src/report/render.js');
    expect(renderSummary(report)).toContain(
      '`--hardwareCompatibilityLevel=ampere+` not proven to have taken effect: ' +
        'no load on another GPU or TensorRT tried it',
    );
    report.builds[0]!.deploy[0]!.observed = true;
    expect(renderSummary(report)).not.toContain('not proven to have taken effect');
  });
});

describe('deploy-load: only on the target, a manifest it can read, only its own folder (issue 35)', () => {
  const machine = { gpu: 'NVIDIA A100-SXM4-40GB', computeCapability: '8.0', tensorrt: '10.16.1.11' };
  it.each([
    ['every word of the target GPU is the machine’s', { gpu: 'A100 40GB' }, null],
    ['a model alone', { gpu: 'A100' }, null],
    [
      'another memory size',
      { gpu: 'A100 80GB' },
      "this machine's GPU is NVIDIA A100-SXM4-40GB, not the target's A100 80GB",
    ],
    ['another model', { gpu: 'H100' }, "this machine's GPU is NVIDIA A100-SXM4-40GB, not the target's H100"],
    ['by compute capability', { computeCapability: '8.0' }, null],
    ['another compute capability', { computeCapability: '8.6' }, /compute capability 8\.0\), not the target's compute/],
    ['a TensorRT prefix', { gpu: 'A100', tensorrt: '10.16' }, null],
    [
      '10.1 is not 10.16',
      { gpu: 'A100', tensorrt: '10.1' },
      "this machine's TensorRT is 10.16.1.11, not the target's 10.1",
    ],
  ] as const)('%s', (_, over, expected) => {
    const said = notTheTarget({ gpu: null, computeCapability: null, tensorrt: null, ...over }, machine);
    if (expected === null) expect(said).toBeNull();
    else expect(said).toMatch(expected);
  });

  it("a cancel kills the load's process group: exit 130, no trtexec or child of it left", async () => {
    const builder = makeRunner();
    builder.touch('m.onnx');
    const config = builder.writeConfig(
      'output-dir: out\ndeploy: [{ name: h200, gpu: H200 }]\nmodels:\n  - name: m\n    onnx: m.onnx\n' +
        '    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]\n',
    );
    expect((await cli(['run', '--config', config])).code).toBe(0);
    const pids = join(builder.dir, 'child-pids');
    const target = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_HANG: 'load', TRTEXEC_STANDIN_CHILD_PIDS: pids } });
    const controller = new AbortController();
    const cancel = (async () => {
      while (!existsSync(pids) || !readFileSync(pids, 'utf8').trim()) await new Promise((r) => setTimeout(r, 20));
      controller.abort();
    })();
    const manifest = join(builder.dir, 'out', 'manifest.json');
    const args = ['deploy-load', manifest, '--config', config, '--target', 'h200', '--trtexec', target.trtexec];
    const result = await cli(args, { signal: controller.signal });
    await cancel;
    expect(result.code).toBe(130);
    const children = readFileSync(pids, 'utf8').trim().split('\n').map(Number);
    expect(await allGone(children)).toEqual([]);
  });

  it('a target name that is a path or holds a line break is exit 2 at its line', async () => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    for (const name of ['"../../victim/y"', '"a\\n::error::x"']) {
      const config = runner.writeConfig(
        `output-dir: out\ndeploy: [{ name: ${name}, gpu: H200 }]\nmodels:\n  - name: m\n    onnx: m.onnx\n` +
          '    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]\n',
      );
      const refused = await cli(['deploy-check', 'none.json', '--config', config]);
      expect([refused.code, refused.stderr]).toEqual([
        2,
        expect.stringMatching(/trt-ci\.yml:\d+:\d+ deploy\[0\]\.name: expected a target name of letters, digits/),
      ]);
    }
  });

  it('names from outside are one file name each: no folder, no parent', () => {
    expect(['../../victim/y', '..', '.hidden', 'a\\b', 'ok-name_1.2'].map(fileName)).toEqual([
      '%2E.%2F..%2Fvictim%2Fy',
      '%2E.',
      '%2Ehidden',
      'a%5Cb',
      'ok-name_1.2',
    ]);
  });

  it('a bad manifest is exit 2 naming the field; a profile named like a path stays in the log folder', async () => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    const config = runner.writeConfig(
      'output-dir: out\ndeploy: [{ name: h200, gpu: H200 }]\nmodels:\n  - name: m\n    onnx: m.onnx\n' +
        '    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]\n',
    );
    expect((await cli(['run', '--config', config], { cwd: runner.dir })).code).toBe(0);
    const file = join(runner.dir, 'out', 'manifest.json');
    const manifest = JSON.parse(readFileSync(file, 'utf8'));
    const load = () => cli(['deploy-load', file, '--config', config, '--target', 'h200', '--trtexec', runner.trtexec]);
    const broken: [unknown, RegExp][] = [
      [{ ...manifest, engines: [null] }, /manifest\.json: engines\.0: /],
      [{ ...manifest, engines: [{ ...manifest.engines[0], path: undefined }] }, /manifest\.json: engines\.0\.path: /],
      [{ ...manifest, engines: [{ ...manifest.engines[0], flags: '--fp16' }] }, /manifest\.json: engines\.0\.flags: /],
    ];
    for (const [json, message] of broken) {
      writeFileSync(file, JSON.stringify(json));
      const refused = await load();
      expect([refused.code, refused.stderr]).toEqual([2, expect.stringMatching(message)]);
      // deploy-check reads it the same way: exit 2 naming the field, not exit 70.
      const checked = await cli(['deploy-check', file, '--config', config]);
      expect([checked.code, checked.stderr]).toEqual([2, expect.stringMatching(message)]);
    }
    // A manifest from another job's artifact names its profiles as it likes: the load log is still a file of
    // the log folder, never ../../victim.
    const victim = join(tmpdir(), 'victim');
    rmSync(victim, { recursive: true, force: true });
    mkdirSync(victim);
    writeFileSync(
      file,
      JSON.stringify({ ...manifest, engines: [{ ...manifest.engines[0], profile: '../../victim/y' }] }),
    );
    const loaded = await load();
    expect(loaded.code, loaded.stderr).toBe(0);
    expect(readdirSync(victim)).toEqual([]);
    rmSync(victim, { recursive: true });
  });
});
