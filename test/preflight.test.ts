import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import onnxProto from 'onnx-proto';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config/load.js';
import { readElf } from '../src/preflight/elf.js';
import { findCuda, nvinferTarget, pluginFacts } from '../src/preflight/gather.js';
import { pluginCheck, registryLoginCheck } from '../src/preflight/host-checks.js';
import { gpuChecks } from '../src/preflight/gpu-checks.js';
import { parseCsvRows, parseGpuRows } from '../src/gpu/nvidia-smi.js';
import { CHECK_IDS } from '../src/contract/checks.js';
import type { Check, PreflightResult, Report } from '../src/contract/report.js';
import { archSupport } from '../src/tensorrt/compat.js';
import { parseVersion } from '../src/tensorrt/version.js';
import { buildExecutable, buildLibrary, buildPlugin, retarget } from './support/build-elf.js';
import { cli, FIXTURES, makeRunner, type RunnerOptions } from './support/harness.js';

const v = (text: string) => parseVersion(text)!;

/** `trt-ci preflight --json` on a runner whose nvidia-smi answers from the H200 capture, changed by `options`. */
async function preflight(options: RunnerOptions = {}, extraConfig = 'cuda: "13.0"\n') {
  const runner = makeRunner(options);
  runner.touch('m.onnx');
  const config = runner.writeConfig(
    `output-dir: out\n${extraConfig}models: [{ name: m, onnx: m.onnx, profiles: [{ name: p, shapes: { x: 1x8 } }] }]\n`,
  );
  const result = await cli(['preflight', '--config', config, '--json']);
  expect(result.stderr).toBe('');
  return { code: result.code, result: JSON.parse(result.stdout) as PreflightResult & { versionProbeMs: number } };
}

const check = (result: PreflightResult, id: string) => result.checks.find((c) => c.id === id)!;
const smi = (set: string, extra: RunnerOptions['nvidiaSmiEnv'] = {}): RunnerOptions => ({
  nvidiaSmiEnv: { NVIDIA_SMI_STANDIN_SET: set, ...extra },
});

describe('preflight on the recorded H200 runner', () => {
  it('passes every check, with the documented JSON keys', async () => {
    const { code, result } = await preflight();
    expect(code).toBe(0);
    expect(result.status).toBe('pass');
    expect(result.gpus).toEqual([
      {
        index: 0,
        name: 'NVIDIA H200',
        computeCapability: '9.0',
        driverVersion: '580.159.04',
        memoryTotalMiB: 143771,
        memoryUsedMiB: 0,
      },
    ]);
    for (const c of result.checks)
      expect(Object.keys(c).sort()).toEqual(expect.arrayContaining(['hint', 'id', 'message', 'status']));
    // Every check of the registry is judged, once: one added to contract/checks.ts and judged nowhere fails here.
    expect(result.checks.map((c) => c.id).sort()).toEqual([...CHECK_IDS].sort());
    expect(result.checks.map((c) => `${c.id}:${c.status}`)).toEqual([
      'nvidia-smi:pass',
      'driver:pass',
      'gpu-arch:pass',
      'expect-gpu:skip',
      'gpu-memory:pass',
      'gpu-processes:pass',
      'mig:pass',
      'compute-mode:pass',
      'display:pass',
      'ecc:pass',
      'persistence:pass',
      'disk:pass',
      'registry-login:skip',
      'precision:pass',
      'timing-cache:pass',
      'plugins:skip',
    ]);
    expect(check(result, 'driver').message).toBe('driver 580.159.04 runs CUDA 13.0 (from cuda: in trt-ci.yml)');
    // display_mode answers "[Requested functionality has been deprecated]" on this driver: unknown, not an error.
    expect(result.cuda).toEqual({ version: '13.0', source: 'cuda: in trt-ci.yml' });
  });
});

// Each variant of the capture: [what, runner options, extra config, check id, status, message pattern].
const VARIANTS: [string, RunnerOptions, string, string, Check['status'], RegExp][] = [
  [
    'driver below the CUDA 13 floor',
    smi('driver_version=575.57.08'),
    'cuda: "13.0"\n',
    'driver',
    'fail',
    /driver 575\.57\.08 is older than 580\.65\.06, the least any CUDA 13\.x needs; CUDA 13\.0/,
  ],
  [
    'TensorRT 11 on a driver below r580, where a CUDA 12 runtime is found',
    { ...smi('driver_version=575.57.08'), trtexecEnv: { TRTEXEC_STANDIN_VERSION: '11.2.1.2' } },
    'cuda: "12.8"\n',
    'driver',
    'fail',
    /driver 575\.57\.08 is older than 580\.65\.06 \(r580\), the least every TensorRT 11\.2\.1 package/,
  ],
  [
    'TensorRT 11 on the r580 floor itself',
    { ...smi('driver_version=580.65.06'), trtexecEnv: { TRTEXEC_STANDIN_VERSION: '11.2.1.2' } },
    'cuda: "13.0"\n',
    'driver',
    'pass',
    /driver 580\.65\.06 runs CUDA 13\.0/,
  ],
  [
    'TensorRT 10 on r535 with CUDA 12.2: no r580 floor',
    smi('driver_version=535.54.03'),
    'cuda: "12.2"\n',
    'driver',
    'pass',
    /driver 535\.54\.03 runs CUDA 12\.2/,
  ],
  [
    'driver below the CUDA 11 floor',
    smi('driver_version=450.51.06'),
    'cuda: "11.8"\n',
    'driver',
    'fail',
    /older than 450\.80\.02/,
  ],
  [
    'driver in minor-version compatibility',
    smi('driver_version=535.104.05'),
    'cuda: "12.4"\n',
    'driver',
    'warn',
    /below 550\.54\.14, the driver of the CUDA 12\.4 toolkit/,
  ],
  [
    'driver below a pinned min-driver',
    smi(''),
    'cuda: "13.0"\nmin-driver: "590.44.01"\n',
    'driver',
    'fail',
    /driver 580\.159\.04 is below min-driver 590\.44\.01/,
  ],
  ['CUDA unknown', smi(''), '', 'driver', 'warn', /CUDA version this TensorRT uses is unknown/],
  [
    'uncorrected ECC errors',
    smi('ecc.errors.uncorrected.volatile.total=3'),
    'cuda: "13.0"\n',
    'ecc',
    'fail',
    /GPU 0: 3 uncorrected ECC errors since the driver loaded/,
  ],
  [
    'display active',
    smi('display_active=Enabled'),
    'cuda: "13.0"\n',
    'display',
    'warn',
    /GPU 0: a display is active on it/,
  ],
  ['MIG on', smi('mig.mode.current=Enabled'), 'cuda: "13.0"\n', 'mig', 'warn', /GPU 0: MIG mode is enabled/],
  [
    'persistence off',
    smi('persistence_mode=Disabled'),
    'cuda: "13.0"\n',
    'persistence',
    'warn',
    /persistence mode is off/,
  ],
  [
    'a foreign process',
    smi('', { NVIDIA_SMI_STANDIN_APPS: '4242:python3:0:20480' }),
    'cuda: "13.0"\n',
    'gpu-processes',
    'warn',
    /GPU 0: pid 4242 python3 using 20480 MiB/,
  ],
  [
    'exclusive mode held by another process',
    smi('compute_mode=Exclusive_Process', { NVIDIA_SMI_STANDIN_APPS: '4242:python3:0:20480' }),
    'cuda: "13.0"\n',
    'compute-mode',
    'fail',
    /Exclusive_Process and pid 4242 python3/,
  ],
  [
    'exclusive mode',
    smi('compute_mode=Exclusive_Process'),
    'cuda: "13.0"\n',
    'compute-mode',
    'warn',
    /only one process at a time/,
  ],
  ['prohibited mode', smi('compute_mode=Prohibited'), 'cuda: "13.0"\n', 'compute-mode', 'fail', /Prohibited/],
  [
    'too little free memory for the workspace',
    smi('memory.free=3000'),
    'cuda: "13.0"\n',
    'gpu-memory',
    'warn',
    /2\.93 GiB free, a build needs 5\.00 GiB/,
  ],
  [
    'too little free memory even at min-workspace',
    smi('memory.free=1000'),
    'cuda: "13.0"\n',
    'gpu-memory',
    'fail',
    /at least 1\.50 GiB at min-workspace/,
  ],
  [
    'a Volta GPU on TensorRT 10.16',
    smi('compute_cap=7.0;name=Tesla V100-SXM2-32GB'),
    'cuda: "13.0"\n',
    'gpu-arch',
    'fail',
    /needs compute capability >= 7\.5 \(Volta was removed in 10\.5\)/,
  ],
  [
    'compute capability unknown',
    smi('compute_cap=[N/A]'),
    'cuda: "13.0"\n',
    'gpu-arch',
    'warn',
    /compute capability unknown/,
  ],
  [
    'expect-gpu that this GPU is not',
    smi(''),
    'cuda: "13.0"\nexpect-gpu: [A100, H100]\n',
    'expect-gpu',
    'fail',
    /GPU 0 is NVIDIA H200; expected A100 or H100/,
  ],
  [
    'expect-gpu that this GPU is',
    smi(''),
    'cuda: "13.0"\nexpect-gpu: [A100, h200]\n',
    'expect-gpu',
    'pass',
    /every GPU is one of A100, h200/,
  ],
  ['no room on disk', smi(''), 'cuda: "13.0"\nmin-free-disk: 900TB\n', 'disk', 'fail', /free at .*, min-free-disk is/],
  [
    'a check skipped by config',
    smi('ecc.errors.uncorrected.volatile.total=3'),
    'cuda: "13.0"\nskip-checks: [ecc]\n',
    'ecc',
    'skip',
    /^skipped by skip-checks \(GPU 0: 3 uncorrected ECC errors/,
  ],
  [
    'a dead driver (exit 0, no name)',
    smi('name=[Unknown Error]'),
    'cuda: "13.0"\n',
    'nvidia-smi',
    'fail',
    /could not name GPU 0: the driver is not working/,
  ],
  [
    'exit 6: no devices',
    { nvidiaSmiEnv: { NVIDIA_SMI_STANDIN_EXIT: 6 } },
    '',
    'nvidia-smi',
    'fail',
    /found no GPU \(No devices were found\)/,
  ],
  [
    'exit 9: driver not loaded',
    { nvidiaSmiEnv: { NVIDIA_SMI_STANDIN_EXIT: 9 } },
    '',
    'nvidia-smi',
    'fail',
    /exited with status 9 \(the NVIDIA driver is not loaded\): NVIDIA-SMI has failed/,
  ],
  [
    'exit 12: NVML missing',
    { nvidiaSmiEnv: { NVIDIA_SMI_STANDIN_EXIT: 12 } },
    '',
    'nvidia-smi',
    'fail',
    /status 12 \(the NVML library \(libnvidia-ml\.so\) was not found\)/,
  ],
  [
    'exit 18: driver/library mismatch',
    { nvidiaSmiEnv: { NVIDIA_SMI_STANDIN_EXIT: 18 } },
    '',
    'nvidia-smi',
    'fail',
    /status 18 .*Driver\/library version mismatch/,
  ],
  [
    'exit 14: infoROM',
    { nvidiaSmiEnv: { NVIDIA_SMI_STANDIN_EXIT: 14 } },
    'cuda: "13.0"\n',
    'nvidia-smi',
    'warn',
    /status 14: a GPU's infoROM is corrupted \(WARNING: infoROM is corrupted at gpu 0000:00:06\.0\); GPU 0 NVIDIA H200/,
  ],
];

describe('preflight on variants of the capture', () => {
  it.each(VARIANTS)('%s', async (_what, options, config, id, status, message) => {
    const { code, result } = await preflight(options, config);
    const found = check(result, id);
    expect(found.status).toBe(status);
    expect(found.message).toMatch(message);
    if (status === 'fail' || status === 'warn') expect(found.hint, 'a problem comes with what to do').toBeTruthy();
    expect(code).toBe(result.status === 'fail' ? 1 : 0);
    if (status === 'fail') expect(result.status).toBe('fail');
  });

  it("TensorRT 11 below r580 with a CUDA 12 runtime names the cu12 wheel's limit; with CUDA 13 not", async () => {
    const eleven = { ...smi('driver_version=575.57.08'), trtexecEnv: { TRTEXEC_STANDIN_VERSION: '11.2.1.2' } };
    const cu12 = check((await preflight(eleven, 'cuda: "12.8"\n')).result, 'driver');
    expect(cu12.hint).toMatch(/CUDA 12\.8 found \(cuda: in trt-ci\.yml\) is a cu12 runtime: .*ship no trtexec/);
    const cu13 = check((await preflight(eleven, 'cuda: "13.0"\n')).result, 'driver');
    expect(cu13.status).toBe('fail');
    expect(cu13.hint).not.toMatch(/cu12/);
  });

  it('without nvidia-smi every GPU check is skipped and the failure gives the container hint', async () => {
    const { result } = await preflight({}, 'nvidia-smi: /nonexistent/nvidia-smi\n');
    expect(check(result, 'nvidia-smi')).toMatchObject({
      status: 'fail',
      message: '/nonexistent/nvidia-smi: command not found',
    });
    expect(check(result, 'nvidia-smi').hint).toContain('docker run --gpus all');
    expect(result.checks.filter((c) => c.status === 'skip').map((c) => c.id)).toEqual(
      expect.arrayContaining(['driver', 'gpu-arch', 'gpu-memory', 'ecc']),
    );
    expect(result.gpus).toEqual([]);
  });

  it('an exit 14 still reads the GPU facts', async () => {
    const { result } = await preflight({ nvidiaSmiEnv: { NVIDIA_SMI_STANDIN_EXIT: 14 } });
    expect(result.gpus.map((g) => g.name)).toEqual(['NVIDIA H200']);
    expect(check(result, 'gpu-memory').status).toBe('pass');
  });

  it('only the GPUs the builds use are judged', async () => {
    const { result } = await preflight(
      { gpus: 2, nvidiaSmiEnv: { NVIDIA_SMI_STANDIN_SET: '1:ecc.errors.uncorrected.volatile.total=9' } },
      'cuda: "13.0"\ngpus: [0]\n',
    );
    expect(check(result, 'ecc').status).toBe('pass');
    expect(result.gpus.map((g) => g.index)).toEqual([0]);
  });

  it('an unknown skip-checks id is a config error', async () => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    const config = runner.writeConfig(
      'skip-checks: [ecc, eec]\nmodels: [{ name: m, onnx: m.onnx, profiles: [{ name: p, shapes: { x: 1x8 } }] }]\n',
    );
    const result = await cli(['preflight', '--config', config]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /trt-ci\.yml:3:20 skip-checks\[1\]: expected a preflight check id: nvidia-smi, driver, .*, got "eec"/,
    );
  });
});

describe('GPU architecture per TensorRT version', () => {
  it.each([
    ['10.16.1', '9.0', 'pass'],
    ['10.16.1', '8.0', 'pass'],
    ['10.5.0', '7.0', 'fail'],
    ['10.4.0', '7.0', 'warn'],
    ['10.7.0', '12.0', 'fail'],
    ['10.8.0', '12.0', 'warn'],
    ['10.9.0', '12.0', 'pass'],
    ['8.4.1', '8.9', 'fail'],
    ['8.5.1', '8.9', 'pass'],
    ['7.2.3', '8.6', 'fail'],
    ['8.6.1', '5.2', 'fail'],
    ['8.5.3', '5.2', 'pass'],
    ['8.6.1', '6.1', 'warn'],
    ['11.2.1', '7.5', 'warn'],
    ['11.2.1', '10.0', 'pass'],
    ['11.2.1', '13.0', 'warn'],
  ] as const)('TensorRT %s on compute capability %s: %s', (trt, cc, status) => {
    expect(archSupport(v(trt), cc).status).toBe(status);
  });
});

describe('plugins, checked with our own ELF reader on libraries built here', () => {
  const runner = makeRunner();
  const dir = join(runner.dir, 'libs');
  buildLibrary(dir, 'libnvinfer.so.10');
  buildLibrary(dir, 'libnvinfer.so.8');
  buildLibrary(dir, 'libgone.so');
  const plugin10 = buildPlugin(dir, 'libleaky10.so', ['libnvinfer.so.10']);
  const plugin8 = buildPlugin(dir, 'libleaky8.so', ['libnvinfer.so.8']);
  const noCreators = buildPlugin(dir, 'libnocreators.so', ['libnvinfer.so.10'], ['initPlugins']);
  const needsGone = buildPlugin(dir, 'libneedsgone.so', ['libnvinfer.so.10', 'libgone.so']);
  rmSync(join(dir, 'libgone.so'));
  // A real library that is no plugin (as libz.so.1 is), and one that registers its creators as it loads
  // (REGISTER_TENSORRT_PLUGIN: a static constructor calling getPluginRegistry, taken from libnvinfer).
  const notPlugin = buildLibrary(dir, 'libz.so.1', 'libz.so.1', 'int deflate(void) { return 0; }');
  const registering = buildLibrary(
    dir,
    'libregistering.so',
    'libregistering.so',
    'extern void *getPluginRegistry(void);\n' +
      '__attribute__((constructor)) static void add(void) { getPluginRegistry(); }',
  );
  const aarch64 = retarget(plugin10, join(dir, 'libleaky10-aarch64.so'), 183);
  const notElf = join(dir, 'libtext.so');
  writeFileSync(notElf, 'not a library\n');
  const trt10 = { major: 10, source: 'TensorRT 10.16' };

  it('reads DT_NEEDED, the soname and the exports', async () => {
    const read = await readElf(plugin10);
    expect(read.ok && read.elf).toMatchObject({
      bits: 64,
      type: 3,
      needed: expect.arrayContaining(['libnvinfer.so.10']),
      exports: expect.arrayContaining(['getCreators']),
    });
    const lib = await readElf(join(dir, 'libnvinfer.so.8'));
    expect(lib.ok && lib.elf.soname).toBe('libnvinfer.so.8');
  });

  it.each([
    [
      'a plugin linking libnvinfer.so.10',
      () => plugin10,
      false,
      'pass',
      /x86-64 shared object, links libnvinfer\.so\.10|AArch64 shared object, links libnvinfer\.so\.10/,
    ],
    [
      'a plugin linking libnvinfer.so.8',
      () => plugin8,
      false,
      'fail',
      /links libnvinfer\.so\.8, but trtexec uses libnvinfer\.so\.10 \(TensorRT 10\.16\)/,
    ],
    ['a plugin for another architecture', () => aarch64, false, 'fail', /built for AArch64, this runner is x86-64/],
    ['a file that is not ELF', () => notElf, false, 'fail', /libtext\.so: not an ELF file/],
    ['a missing file', () => join(dir, 'nope.so'), false, 'fail', /nope\.so: no such file/],
    [
      'a dynamic plugin without getCreators',
      () => noCreators,
      true,
      'fail',
      /exports neither getCreators nor getPluginCreators/,
    ],
    ['a dynamic plugin with getCreators', () => plugin10, true, 'pass', /shared object/],
    [
      'a library that is no plugin (libz.so.1)',
      () => notPlugin,
      false,
      'fail',
      /libz\.so\.1: exports no TensorRT plugin entry point \(getCreators, getPluginCreators, initLibNvInferPlugins\)/,
    ],
    ['a library that registers its creators as it loads', () => registering, false, 'pass', /shared object/],
    [
      'a plugin whose dependency ldd cannot find',
      () => needsGone,
      false,
      'fail',
      /needs libraries that are not found: libgone\.so/,
    ],
  ] as const)('%s', async (_what, file, dynamic, status, message) => {
    const result = pluginCheck(await pluginFacts(file(), dynamic, process.env), trt10, 'x64');
    expect(result.status).toBe(status);
    expect(result.message).toMatch(message);
  });

  it('takes the libnvinfer major from trtexec itself when trtexec is an ELF file', async () => {
    const trtexec = buildExecutable(dir, 'trtexec', ['libnvinfer.so.8']);
    expect(await nvinferTarget(trtexec, v('10.16.1'))).toEqual({
      major: 8,
      source: `${trtexec} links libnvinfer.so.8`,
    });
    expect(await nvinferTarget(join(dir, 'libtext.so'), v('10.16.1'))).toEqual({ major: 10, source: 'TensorRT 10.16' });
  });

  it("runs from trt-ci preflight with the config's plugins and dynamic plugins", async () => {
    runner.touch('m.onnx');
    const config = runner.writeConfig(`cuda: "13.0"
models:
  - name: m
    onnx: m.onnx
    plugins: [libs/libleaky10.so, libs/libleaky8.so]
    dynamic-plugins: [libs/libnocreators.so]
    profiles: [{ name: p, shapes: { x: 1x8 } }]
`);
    const result = await cli(['preflight', '--config', config, '--json']);
    const plugins = (JSON.parse(result.stdout) as PreflightResult).checks.filter((c) => c.id === 'plugins');
    expect(plugins.map((c) => [c.subject, c.status])).toEqual([
      [plugin10, 'pass'],
      [plugin8, 'fail'],
      [noCreators, 'fail'],
    ]);
    expect(result.code).toBe(1);
  });
});

describe('where the CUDA version comes from', () => {
  const runner = makeRunner();
  const dir = join(runner.dir, 'cuda');
  buildLibrary(dir, 'libcudart.so.12', 'libcudart.so.12.4.127');
  buildLibrary(dir, 'libnvinfer.so.10');
  const trtexec = buildExecutable(dir, 'trtexec', ['libnvinfer.so.10', 'libcudart.so.12']);
  const base = {
    configured: null,
    trtexecPath: null,
    tensorrt: v('10.16.1'),
    // ldd is found on the job's PATH, as trtexec is.
    env: { PATH: process.env.PATH },
    toolkitRoot: join(runner.dir, 'no-toolkit'),
  };

  it('the config first', async () => {
    expect(await findCuda({ ...base, configured: '12.2', trtexecPath: trtexec })).toEqual({
      version: '12.2',
      source: 'cuda: in trt-ci.yml',
    });
  });
  it('then the libcudart trtexec links, to the minor from its real file name', async () => {
    expect(await findCuda({ ...base, trtexecPath: trtexec })).toEqual({
      version: '12.4',
      source: `libcudart.so.12.4.127 that ${trtexec} links`,
    });
  });
  it('then the CUDA toolkit on the machine, then CUDA_VERSION', async () => {
    const toolkit = join(runner.dir, 'toolkit');
    buildLibrary(toolkit, 'placeholder.so');
    writeFileSync(join(toolkit, 'version.json'), JSON.stringify({ cuda: { name: 'CUDA SDK', version: '12.6.3' } }));
    expect(await findCuda({ ...base, toolkitRoot: toolkit })).toEqual({
      version: '12.6',
      source: `the CUDA toolkit at ${toolkit}`,
    });
    expect(await findCuda({ ...base, env: { ...base.env, CUDA_VERSION: '12.8.1' } })).toEqual({
      version: '12.8',
      source: "CUDA_VERSION in the environment (the container's CUDA)",
    });
  });
  it('then what TensorRT 11 implies, else unknown', async () => {
    expect(await findCuda({ ...base, tensorrt: v('11.2.1') })).toEqual({
      version: '13',
      source: 'TensorRT 11, which is built with CUDA 13',
    });
    expect(await findCuda(base)).toBeNull();
  });
});

describe('precisions the GPUs can build', () => {
  async function withPrecision(options: RunnerOptions, precision: string, extraArgs = '[]') {
    const runner = makeRunner(options);
    runner.touch('m.onnx');
    const config = runner.writeConfig(
      `output-dir: out\ncuda: "13.0"\nmodels: [{ name: m, onnx: m.onnx, precision: ${precision}, ` +
        `extra-args: ${extraArgs}, profiles: [{ name: p, shapes: { x: 1x8 } }] }]\n`,
    );
    const result = await cli(['preflight', '--config', config, '--json']);
    return { code: result.code, check: check(JSON.parse(result.stdout) as PreflightResult, 'precision') };
  }

  it('fp8 on a GPU below compute capability 8.9 (an A100) fails before any build', async () => {
    const { code, check: found } = await withPrecision(smi('name=NVIDIA A100-SXM4-80GB;compute_cap=8.0'), 'fp8');
    expect(code).toBe(1);
    expect(found).toMatchObject({
      status: 'fail',
      message: expect.stringMatching(/m: fp8 needs compute capability 8\.9/),
    });
    expect(found.message).toContain('GPU 0 (NVIDIA A100-SXM4-80GB) is 8.0');
  });

  it('fp8 on an H200 passes; int8 without a calibration cache warns, with one it passes', async () => {
    expect((await withPrecision({}, 'fp8')).check.status).toBe('pass');
    const bare = await withPrecision({}, 'int8');
    expect(bare.code).toBe(0);
    expect(bare.check).toMatchObject({
      status: 'warn',
      message: 'm: int8 without a calibration cache (--calib in extra-args, not empty)',
    });
    expect(bare.check.hint).toContain('computes wrong values');
    expect((await withPrecision({}, 'int8', '[--calib=m.onnx]')).check.status).toBe('pass');
  });
  it('int8 on TensorRT 11 (no calibrator) needs Q/DQ nodes in the ONNX: without, it fails before a build', async () => {
    const { onnx } = onnxProto;
    const model = (ops: string[]) =>
      onnx.ModelProto.encode(
        onnx.ModelProto.create({
          irVersion: 8,
          opsetImport: [{ domain: '', version: 17 }],
          graph: onnx.GraphProto.create({
            name: 'g',
            node: ops.map((opType, i) =>
              onnx.NodeProto.create({ opType, name: `n${i}`, input: [], output: [`t${i}`] }),
            ),
          }),
        }),
      ).finish();
    const at = async (version: string, ops: string[]) => {
      const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_VERSION: version } });
      writeFileSync(join(runner.dir, 'm.onnx'), model(ops));
      const config = runner.writeConfig(
        'output-dir: out\nmodels: [{ name: m, onnx: m.onnx, precision: int8, ' +
          'profiles: [{ name: p, shapes: { x: 1x8 } }] }]\n',
      );
      const result = await cli(['preflight', '--config', config, '--json']);
      expect(result.stderr).toBe('');
      return { code: result.code, check: check(JSON.parse(result.stdout) as PreflightResult, 'precision') };
    };
    const bare = await at('11.2.1.2', ['Conv', 'Relu']);
    expect(bare.code).toBe(1);
    expect(bare.check).toMatchObject({ status: 'fail' });
    expect(bare.check.message).toMatch(/m: int8 on TensorRT 11 comes only from Q\/DQ nodes .* would be FP32/);
    expect(bare.check.hint).toMatch(/modelopt\.onnx\.quantization/);
    for (const qdq of ['QuantizeLinear', 'DequantizeLinear'])
      expect((await at('11.2.1.2', [qdq, 'Conv'])).check.status, qdq).toBe('pass');
    // 10.x calibrates: its old warning, not the Q/DQ rule.
    expect((await at('10.16.1.11', ['Conv'])).check.status).toBe('warn');
  });
});

describe('a registry login left on the runner (issue 51)', () => {
  const HOST = '127.0.0.1:5999';
  /** `trt-ci preflight` with an oci:// cache and a HOME whose Docker config logged in to `logins`. */
  async function withLogin(logins: string[], env: NodeJS.ProcessEnv = {}) {
    const runner = makeRunner();
    runner.touch('m.onnx');
    const auths = Object.fromEntries(logins.map((h) => [h, { auth: Buffer.from('u:secret').toString('base64') }]));
    mkdirSync(join(runner.dir, 'home', '.docker'), { recursive: true });
    writeFileSync(join(runner.dir, 'home', '.docker', 'config.json'), JSON.stringify({ auths }));
    const config = runner.writeConfig(
      `output-dir: out\ncuda: "13.0"\ncache-dir: oci://${HOST}/acme/engines\n` +
        'models: [{ name: m, onnx: m.onnx, profiles: [{ name: p, shapes: { x: 1x8 } }] }]\n',
    );
    const { GITHUB_ACTIONS: _a, DOCKER_CONFIG: _d, TRT_CI_DEFAULT_BRANCH: _b, ...rest } = process.env;
    const run = await cli(['preflight', '--config', config, '--json'], {
      env: { ...rest, HOME: join(runner.dir, 'home'), ...env },
    });
    return check(JSON.parse(run.stdout) as PreflightResult, 'registry-login');
  }

  it("warns off the default branch when the Docker config holds the cache registry's login", async () => {
    const found = await withLogin([HOST]);
    expect(found.status).toBe('warn');
    expect(found.message).toMatch(/Docker config holds a credential for 127\.0\.0\.1:5999 on a run that is not/);
    expect(found.message).not.toContain('secret');
    expect(found.hint).toMatch(/docker logout/);
  });

  it("passes with another registry's login, or on a declared default-branch job", async () => {
    expect((await withLogin(['registry.example.com'])).status).toBe('pass');
    expect((await withLogin([HOST], { TRT_CI_DEFAULT_BRANCH: 'true' })).status).toBe('pass');
  });

  it('reads $DOCKER_CONFIG before ~/.docker, and skips without an oci:// cache', async () => {
    const empty = makeRunner();
    writeFileSync(join(empty.dir, 'config.json'), '{}');
    expect((await withLogin([HOST], { DOCKER_CONFIG: empty.dir })).status).toBe('pass');
    expect(registryLoginCheck([], JSON.stringify({ auths: { [HOST]: { auth: 'dTpw' } } }), false).status).toBe('skip');
  });
});

describe('gpus: in preflight', () => {
  it('an index nvidia-smi does not list is exit 2 naming it, as in run', async () => {
    const runner = makeRunner({ gpus: 2 });
    runner.touch('m.onnx');
    const config = runner.writeConfig(
      'cuda: "13.0"\ngpus: [0, 3]\nmodels: [{ name: m, onnx: m.onnx, profiles: [{ name: a, shapes: { x: 1x8 } }] }]\n',
    );
    for (const command of ['preflight', 'run']) {
      const result = await cli([command, '--config', config]);
      expect(result.code, command).toBe(2);
      expect(result.stderr).toMatch(
        /trt-ci\.yml:4:11 gpus\[1\]: expected a GPU index that nvidia-smi lists \(0, 1\), got 3/,
      );
    }
  });
});

describe('preflight in trt-ci run', () => {
  it('a failed check stops the builds, and the report says why', async () => {
    const runner = makeRunner(smi('ecc.errors.uncorrected.volatile.total=2'));
    runner.touch('m.onnx');
    const config = runner.writeConfig(
      'output-dir: out\ncuda: "13.0"\nmodels: [{ name: m, onnx: m.onnx, ' +
        'profiles: [{ name: a, shapes: { x: 1x8 } }, { name: b, shapes: { x: 1x8 } }] }]\n',
    );
    const result = await cli(['run', '--config', config, '--json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as Report;
    expect(report.preflight!.status).toBe('fail');
    expect(report.builds.map((b) => [b.status, b.failure!.kind, b.failure!.message])).toEqual([
      ['skipped', 'preflight-failed', 'preflight failed: ecc'],
      ['skipped', 'preflight-failed', 'preflight failed: ecc'],
    ]);
    expect(runner.calls()).toEqual([]);
    // Said once in the summary, with the engines it kept from building; not a failure per engine.
    const summary = readFileSync(join(runner.dir, 'out', 'summary.md'), 'utf8');
    expect(summary.match(/preflight failed: ecc/g)).toHaveLength(1);
    expect(summary).toContain('#### ❌ Not built: preflight failed: ecc (2 engines: m/a, m/b)');
    expect(summary).not.toMatch(/#### ❌ m \/ a/);
  });

  it('preflight: warn-only builds anyway', async () => {
    const runner = makeRunner(smi('ecc.errors.uncorrected.volatile.total=2'));
    runner.touch('m.onnx');
    const config = runner.writeConfig(
      'output-dir: out\ncuda: "13.0"\npreflight: warn-only\nmodels: [{ ' +
        'name: m, onnx: m.onnx, profiles: [{ name: a, shapes: { x: 1x8 } }] }]\n',
    );
    const result = await cli(['run', '--config', config]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('✘ ecc             GPU 0: 2 uncorrected ECC errors');
    expect(runner.calls()).toHaveLength(1);
  });

  it('config parsing accepts every preflight key', () => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    const config = parseConfig(
      'cuda: "12.4"\nmin-driver: "550.54.14"\nexpect-gpu: [H100]\nmin-free-disk: 50GiB\nskip-checks: ' +
        '[display]\npreflight: warn-only\nmodels: [{ name: m, ' +
        'onnx: m.onnx, profiles: [{ name: p, shapes: { x: 1x8 } }] }]\n',
      join(runner.dir, 't.yml'),
    );
    expect(config).toMatchObject({
      cuda: '12.4',
      minDriver: '550.54.14',
      expectGpu: ['H100'],
      minFreeDiskBytes: 50 * 1024 ** 3,
      skipChecks: ['display'],
      preflight: 'warn-only',
    });
  });
});

describe('the preflight that ran on the real H200 machine', () => {
  const dir = join(FIXTURES, 'preflight');
  const recorded = (name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as PreflightResult;
  const answers = readFileSync(join(dir, 'h200-580.159.04.nvidia-smi-answers.txt'), 'utf8').split('\n');
  const answerAfter = (heading: string) => answers[answers.findIndex((line) => line.startsWith(heading)) + 1]!;
  const gpuLine = answerAfter('# nvidia-smi --query-gpu=');
  const busyApps = answerAfter(
    '# nvidia-smi --query-compute-apps=pid,process_name,gpu_uuid,used_memory --format=csv,noheader,nounits (PyTorch',
  );

  // The real answers, judged again here, must give the verdicts trt-ci gave on the machine.
  const judge = (apps: string, result: PreflightResult) =>
    gpuChecks({
      query: { ok: true, gpus: parseGpuRows(gpuLine), warning: null },
      apps: apps
        ? parseCsvRows(apps, ['pid', 'process_name', 'gpu_uuid', 'used_memory']).map((r) => ({
            pid: Number(r.pid),
            processName: r.process_name ?? null,
            gpuUuid: r.gpu_uuid ?? null,
            usedMemoryMiB: Number(r.used_memory),
          }))
        : [],
      selection: 'all',
      tensorrt: v(result.tensorrtVersion),
      cuda: result.cuda,
      minDriver: null,
      expectGpu: [],
      workspaceBytes: 4 * 1024 ** 3,
      minWorkspaceBytes: 512 * 1024 ** 2,
      devNvidiaPresent: true,
    });

  it('passed on the idle GPU, in 38-44 ms without the version probe', () => {
    const result = recorded('h200-580.159.04.preflight.json');
    expect(result.status).toBe('pass');
    expect(result.cuda).toEqual({ version: '13.0', source: "CUDA_VERSION in the environment (the container's CUDA)" });
    expect(result.elapsedMs).toBeLessThan(300);
    const gpu = result.checks.filter((c) => !['disk', 'plugins'].includes(c.id));
    expect(judge('', result)).toEqual(gpu);
  });

  it('warned about the PyTorch process holding 2 GiB, by pid and name', () => {
    const result = recorded('h200-580.159.04.preflight-foreign-process.json');
    expect(result.status).toBe('warn');
    expect(result.checks.find((c) => c.id === 'gpu-processes')).toMatchObject({
      status: 'warn',
      message: 'GPU 0: pid 584 python3 using 2566 MiB',
    });
    expect(judge(busyApps, result)).toEqual(result.checks.filter((c) => !['disk', 'plugins'].includes(c.id)));
  });
});

describe('Kubernetes container mode: the workflow pod needs its own GPU (issue 36)', () => {
  const noGpu = (kubernetes: boolean) =>
    gpuChecks({
      query: { ok: false, exitCode: 6, reason: 'nvidia-smi found no GPU (No devices were found)' },
      apps: null,
      selection: 'all',
      tensorrt: { major: 10, minor: 16, patch: 1, build: 11 },
      cuda: null,
      minDriver: null,
      expectGpu: [],
      workspaceBytes: 4 * 1024 ** 3,
      minWorkspaceBytes: 512 * 1024 ** 2,
      devNvidiaPresent: false,
      kubernetes,
    })[0]!;

  it('no GPU in a pod names the container hook pod template with nvidia.com/gpu', () => {
    const check = noGpu(true);
    expect(check).toMatchObject({ id: 'nvidia-smi', status: 'fail' });
    expect(check.hint).toContain('ACTIONS_RUNNER_CONTAINER_HOOK_TEMPLATE');
    expect(check.hint).toContain('nvidia.com/gpu: 1');
    expect(check.hint).not.toContain('docker run --gpus all');
  });

  it('outside Kubernetes the hint stays the container runtime one', () => {
    const check = noGpu(false);
    expect(check.hint).toContain('docker run --gpus all');
    expect(check.hint).not.toContain('nvidia.com/gpu');
  });
});

describe('preflight refuses what run refuses (issue 35)', () => {
  it.each([
    ['a flag this trtexec does not take', '[--fp16x]'],
    ['a flag TensorRT 10 removed', '[--workspace=4096]'],
    ['a flag trt-ci sets from the profile', '[--minShapes=x:1x8]'],
  ])('%s: exit 2 at its line from both, the same line', async (_, extra) => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    const config = runner.writeConfig(
      `output-dir: out\nmodels:\n  - name: m\n    onnx: m.onnx\n    extra-args: ${extra}\n` +
        '    profiles: [{ name: p, shapes: { x: 1x8 } }]\n',
    );
    const [preflight, run] = [await cli(['preflight', '--config', config]), await cli(['run', '--config', config])];
    expect([preflight.code, run.code]).toEqual([2, 2]);
    expect(preflight.stderr).toMatch(/trt-ci\.yml:\d+:\d+ models\[0\]\.extra-args\[0\]: /);
    expect(preflight.stderr).toBe(run.stderr);
  });
});
