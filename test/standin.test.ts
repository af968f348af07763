// The trtexec stand-in must behave like the trtexec it pretends to be, or the other tests prove
// nothing. Its output is checked against real trtexec output (test/fixtures/trtexec-logs).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ort from 'onnxruntime-web';
import { describe, expect, it } from 'vitest';
import { compareOutput, judgeOutput } from '../src/common/compare-output.js';
import { parseExportedOutput } from '../src/tensorrt/export-output.js';
import { FIXTURES, makeRunner, STANDIN_NVIDIA_SMI, STANDIN_TRTEXEC } from './support/harness.js';
import { classifierOnnx } from './support/onnx-models.js';

ort.env.wasm.numThreads = 1;

/** The stand-in server's client, in a test run whose global setup started the server (global-setup.ts). */
const CLIENT = process.env.STANDIN_CLIENT;

/** One trtexec call: through the test run's stand-in server when there is one, or the stand-in program. */
function trtexec(
  version: string,
  args: string[],
  env: Record<string, string> = {},
  options: { program?: boolean; cwd?: string } = {},
) {
  return standin('trtexec', args, { TRTEXEC_STANDIN_VERSION: version, ...env }, options);
}

function standin(
  name: 'trtexec' | 'nvidia-smi',
  args: string[],
  env: Record<string, string>,
  options: { program?: boolean; cwd?: string },
) {
  const source = name === 'trtexec' ? STANDIN_TRTEXEC : STANDIN_NVIDIA_SMI;
  const argv = CLIENT && !options.program ? [CLIENT, ...args] : [process.execPath, source, ...args];
  const result = spawnSync(argv[0]!, argv.slice(1), {
    env: { ...process.env, STANDIN_PROGRAM: name, ...env },
    encoding: 'utf8',
    ...(options.cwd && { cwd: options.cwd }),
  });
  return {
    status: result.status,
    signal: result.signal,
    out: `${result.stdout}${result.stderr}`,
    lines: `${result.stdout}${result.stderr}`.split('\n'),
  };
}
const real = (file: string) => readFileSync(join(FIXTURES, 'trtexec-logs', file), 'utf8').split('\n');
const TIMESTAMP = String.raw`\[\d\d/\d\d/\d{4}-\d\d:\d\d:\d\d\]`;

describe('the trtexec stand-in speaks like real trtexec', () => {
  it('rejects flags removed in 10.0 with the line 10.3 prints, then FAILED and exit 1', () => {
    const run = trtexec('10.3.0.26', ['--onnx=m.onnx', '--workspace=2048', '--buildOnly']);
    expect(run.status).toBe(1);
    const pattern = new RegExp(`^${TIMESTAMP} \\[E\\] Unknown option: --workspace 2048$`);
    expect(real('unknown-option-removed-flags-trt10.3-FAILED.log').some((l) => pattern.test(l))).toBe(true);
    expect(run.lines.some((l) => pattern.test(l))).toBe(true);
    expect(run.lines).toContainEqual(expect.stringMatching(/\[E\] Unknown option: --buildOnly $/));
    expect(run.lines).toContain(
      '&&&& FAILED TensorRT.trtexec [TensorRT v100300] # trtexec --onnx=m.onnx --workspace=2048 --buildOnly',
    );
  });

  it('11.1 returns the parse error without a FAILED line (trtexec.cpp @v11.1)', () => {
    const run = trtexec('11.1.0.5', ['--onnx=m.onnx', '--fp16']);
    expect(run.status).toBe(1);
    expect(run.out).toMatch(/\[E\] Unknown option: --fp16 \n/);
    expect(run.out).not.toContain('&&&& FAILED');
  });

  it.each([
    ['8.6.1.6', '--profile=0'],
    ['8.6.1.6', '--bf16'],
    ['8.2.1.8', '--memPoolSize=workspace:1024'],
    ['8.5.3.1', '--skipInference'],
    ['10.16.1.11', '--workspace=1024'],
    ['11.2.1.2', '--fp16'],
    ['11.2.1.2', '--int8'],
    ['10.16.1.11', '--engineCollection=x'],
  ])('%s does not know %s', (version, flag) => {
    expect(trtexec(version, ['--onnx=m.onnx', flag]).out).toContain(`Unknown option: ${flag.split('=')[0]}`);
  });

  it.each([
    ['8.4.1.5', '--memPoolSize=workspace:1024'],
    ['8.6.1.6', '--staticPlugins=x.so'],
    ['10.16.1.11', '--profile=0'],
    ['11.2.1.2', '--stronglyTyped'],
  ])('%s knows %s', (version, flag) => {
    expect(trtexec(version, ['--help', flag]).out).not.toContain('Unknown option');
  });

  it.each([
    ['11.3.0.1', '--greenContext=sm:32'],
    ['11.4.0.1', '--independentWeightLayouts'],
    ['11.0.0.1', '--tuneBuildRoutes=x'],
  ])('%s does not know %s yet', (version, flag) => {
    expect(trtexec(version, ['--onnx=m.onnx', flag]).out).toContain(`Unknown option: ${flag.split('=')[0]}`);
  });

  it('a repeated flag: up to 11.3 the second copy is an unknown option, from 11.4 a warning', () => {
    const args = ['--onnx=m.onnx', '--noTF32', '--noTF32', '--skipInference', '--saveEngine=x.plan'];
    for (const version of ['10.16.1.11', '11.1.0.5', '11.3.0.1']) {
      const run = trtexec(version, args);
      expect(run.status, version).toBe(1);
      expect(run.out).toMatch(/\[E\] Unknown option: --noTF32 \n/);
    }
    const run = trtexec('11.4.0.1', ['--help', '--noTF32', '--noTF32']);
    expect(run.status).toBe(0);
    expect(run.out).toMatch(/\[W\] --noTF32 is specified more than once/);
    // The plugin lists are read in a loop: every copy is taken.
    expect(trtexec('11.1.0.5', ['--help', '--dynamicPlugins=a.so', '--dynamicPlugins=b.so']).out).not.toContain(
      'Unknown option',
    );
  });

  it('prints the options block as real 10.14.1 and 11.0.0 runs do: precision and what it measures', () => {
    const lines = (text: string[]) =>
      text
        .map((l) => l.replace(/^\[[^\]]+\] /, ''))
        .filter((l) => /^\[I\] (Precision|LayerPrecisions|Calibration|Data transfers|Spin-wait|CUDA Graph):/.test(l));
    const ten = trtexec('10.14.1.48', ['--onnx=m.onnx', '--fp16', '--skipInference', '--saveEngine=x.plan']);
    expect(lines(ten.lines)).toEqual(lines(real('options-fp16-trt10.14.1-rtx6000ada-cookbook.log')));
    const eleven = trtexec('11.0.0.114', ['--onnx=m.onnx', '--skipInference', '--saveEngine=x.plan']);
    expect(lines(eleven.lines)).toEqual(lines(real('options-strongly-typed-trt11.0.0-b200-cookbook.log')));
  });

  it("11.1's reference outputs need inference; 11.5's safety .so needs --safe", () => {
    const refs = ['--loadEngine=e.plan', '--loadInputs=x:x.raw', '--loadRefOutputs=y:y.raw', '--accuracyThreshold=0.1'];
    expect(trtexec('11.1.0.5', [...refs, '--skipInference']).out).toContain(
      '--loadRefOutputs/--refPair cannot be used with --skipInference',
    );
    expect(trtexec('11.5.0.1', ['--onnx=m.onnx', '--saveEngineSo=e.so']).out).toContain(
      '--saveEngineSo requires --safe.',
    );
  });

  it('prints the banner as each version did: v8401 with no build tag, v101601 [b11]', () => {
    const realBanner = (file: string) =>
      real(file)
        .find((l) => l.startsWith('&&&& RUNNING'))!
        .replace(/ # .*/, '');
    expect(trtexec('8.4.1.5', ['--help']).lines[0]!.replace(/ # .*/, '')).toBe(
      realBanner('success-build-bench-trt8.4.1-cookbook.log'),
    );
    expect(trtexec('10.16.1.11', ['--help']).lines[0]!.replace(/ # .*/, '')).toBe(
      realBanner('success-build-bench-trt10.16.1-h100-cookbook.log'),
    );
  });

  it('prints the build lines in the real 10.16 and 8.6 formats, and writes a plan with the real header', () => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    const plan = join(runner.dir, 'm.plan');
    const shapes = ['--minShapes=x:1x1x28x28', '--optShapes=x:4x1x28x28', '--maxShapes=x:16x1x28x28'];
    const v10 = trtexec(
      '10.16.1.11',
      [`--onnx=${join(runner.dir, 'm.onnx')}`, `--saveEngine=${plan}`, ...shapes, '--skipInference'],
      { TRTEXEC_STANDIN_PLAN_BYTES: '100000' },
    );
    expect(v10.status).toBe(0);
    const formats = [
      /^Created engine with size: \d+\.\d+ MiB$/,
      /^Engine built in \d+\.\d+ sec\.$/,
      /^TensorRT version: \d+\.\d+\.\d+$/,
      /^Selected Device: .+$/,
      /^Compute Capability: \d+\.\d+$/,
      /^\[TRT\] Loaded engine size: \d+ MiB$/,
    ];
    const body = (lines: string[]) => lines.map((l) => l.replace(new RegExp(`^${TIMESTAMP} \\[[IWEV]\\] `), ''));
    for (const format of formats) {
      expect(
        body(real('success-build-bench-trt10.16.1-h100-cookbook.log')).some((l) => format.test(l)),
        `real log has ${format}`,
      ).toBe(true);
      expect(
        body(v10.lines).some((l) => format.test(l)),
        `stand-in has ${format}`,
      ).toBe(true);
    }
    const bytes = readFileSync(plan);
    expect(bytes.length).toBe(100000);
    expect(bytes.toString('latin1', 0, 4)).toBe('ftrt');
    expect(bytes.readUInt32LE(4)).toBe(0);
    expect(Number(bytes.readBigUInt64LE(16))).toBe(100000);
    expect([...bytes.subarray(24, 28)]).toEqual([10, 16, 1, 11]);
    expect(bytes.toString('latin1', 28, 36)).toBe('rtrtNGNE');

    // 8.6 binaries print "Engine built in" but no "Created engine with size" (docs/trtexec-flags.md).
    const v86 = trtexec('8.6.0.12', [
      `--onnx=${join(runner.dir, 'm.onnx')}`,
      `--saveEngine=${plan}`,
      ...shapes,
      '--skipInference',
    ]);
    expect(v86.out).not.toContain('Created engine with size');
    expect(v86.out).toContain('Skipped inference phase since --skipInference is added.');
    expect(
      real('success-build-skipInference-trt8.6.0-cookbook.log').some((l) =>
        l.endsWith('Skipped inference phase since --skipInference is added.'),
      ),
    ).toBe(true);
  });

  it('runs out of memory above a workspace with the lines of the real 10.3 failure', () => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    const run = trtexec('10.16.1.11', [`--onnx=${join(runner.dir, 'm.onnx')}`, '--memPoolSize=workspace:4096'], {
      TRTEXEC_STANDIN_OOM_ABOVE_MIB: '2048',
    });
    expect(run.status).toBe(1);
    const strip = (l: string) => l.replace(new RegExp(`^${TIMESTAMP} `), '').replace(/\d{6,}/g, 'N');
    const realLines = real('oom-build-failed-no-implementation-trt10.3.log')
      .filter((l) => l.startsWith('['))
      .map(strip);
    const telling = realLines.filter((l) =>
      /out of memory|could not be allocated|Could not find any implementation|could not be created/.test(l),
    );
    expect(telling).toHaveLength(4);
    for (const line of telling) expect(run.lines.map(strip)).toContain(line);
    expect(run.out).toContain('&&&& FAILED');
  });

  it('8.6 aborts without a FAILED line when the driver is too old; 10.x exits 1', () => {
    const old = trtexec('8.6.1.6', ['--onnx=m.onnx'], { TRTEXEC_STANDIN_CRASH: 'driver' });
    expect(old.signal).toBe('SIGABRT');
    expect(old.out).toContain('Cuda failure: CUDA driver version is insufficient for CUDA runtime version');
    expect(old.out).not.toContain('&&&& FAILED');
    const recent = trtexec('10.16.1.11', ['--onnx=m.onnx'], { TRTEXEC_STANDIN_CRASH: 'driver' });
    expect(recent.status).toBe(1);
    expect(recent.out).toMatch(/Cuda failure at .*: CUDA driver version is insufficient/);
  });
});

describe('inference outputs: the model run by ONNX Runtime, in trtexec --exportOutput layout', () => {
  /** Builds the classifier with the stand-in, then runs it with --loadInputs and --exportOutput. */
  async function infer(env: Record<string, string> = {}) {
    const runner = makeRunner();
    const onnx = join(runner.dir, 'classifier.onnx');
    writeFileSync(onnx, classifierOnnx());
    const plan = join(runner.dir, 'c.plan');
    const shapes = 'x:1x3x8x8';
    const built = trtexec('10.16.1.11', [
      `--onnx=${onnx}`,
      `--saveEngine=${plan}`,
      `--minShapes=${shapes}`,
      `--optShapes=${shapes}`,
      `--maxShapes=${shapes}`,
      '--skipInference',
    ]);
    expect(built.status, built.out).toBe(0);
    const input = Float32Array.from({ length: 3 * 8 * 8 }, (_, i) => Math.cos(i) * 2);
    writeFileSync(join(runner.dir, 'x.bin'), Buffer.from(input.buffer));
    const exported = join(runner.dir, 'out.json');
    const run = trtexec(
      '10.16.1.11',
      [
        `--loadEngine=${plan}`,
        `--shapes=${shapes}`,
        `--loadInputs=x:${join(runner.dir, 'x.bin')}`,
        `--exportOutput=${exported}`,
      ],
      env,
    );
    expect(run.status, run.out).toBe(0);
    const session = await ort.InferenceSession.create(classifierOnnx());
    const reference = (await session.run({ x: new ort.Tensor('float32', input, [1, 3, 8, 8]) })).prob!;
    return { text: readFileSync(exported, 'utf8'), reference: Float32Array.from(reference.data as Float32Array) };
  }
  const exact = { atol: 0, rtol: 1e-5, cosine: null, topK: 1 };

  it("are the ONNX model's outputs for the loaded inputs, to trtexec's 6 printed digits", async () => {
    const { text, reference } = await infer();
    // The layout exportJSONOutput writes: the spacing, then ten numbers printed as `os << v`.
    const lines = text.split('\n');
    expect(lines.slice(0, 3)).toEqual(['[', '  { "name" : "prob"', '  , "dimensions" : "1x10"']);
    expect(lines[3]).toMatch(/^ {2}, "values" : \[ [\d.e+-]+(, [\d.e+-]+){9} \]$/);
    expect(lines.slice(4)).toEqual(['  }', ']', '']);
    const [prob] = parseExportedOutput(text);
    const error = compareOutput(prob!.values, reference, prob!.dimensions, exact);
    expect(judgeOutput(error, exact)).toBeNull();
    expect(error.maxRelError!).toBeGreaterThan(0); // printed with 6 digits, not bit for bit
  });

  it('carry the error a test asks for: relative noise, an all-zeros output, a NaN', async () => {
    const noisy = await infer({ TRTEXEC_STANDIN_OUTPUT_ERROR: 'noise:0.01' });
    const [prob] = parseExportedOutput(noisy.text);
    const error = compareOutput(prob!.values, noisy.reference, prob!.dimensions, exact);
    expect(error.maxRelError!).toBeGreaterThan(0.001);
    expect(error.maxRelError!).toBeLessThanOrEqual(0.0101);
    const zeros = await infer({ TRTEXEC_STANDIN_OUTPUT_ERROR: 'zeros' });
    expect([...parseExportedOutput(zeros.text)[0]!.values]).toEqual(new Array(10).fill(0));
    const nan = await infer({ TRTEXEC_STANDIN_OUTPUT_ERROR: 'nan' });
    // As real trtexec prints it: a bare nan, which is not JSON.
    expect(nan.text).toContain('"values" : [ nan, ');
    expect(() => JSON.parse(nan.text)).toThrow();
    expect(compareOutput(parseExportedOutput(nan.text)[0]!.values, nan.reference, [1, 10], exact).nan).toBe(1);
  });
});

describe('the stand-in server', () => {
  // What differs between two runs of the same call: the time stamps and the times it reports.
  const steady = (out: string) =>
    out.replace(new RegExp(TIMESTAMP, 'g'), '[time]').replace(/ in [\d.]+ (sec|seconds)\./g, ' in [t] $1.');

  it.skipIf(!CLIENT)('answers each call as the stand-in programs do: output, exit, signal, files', () => {
    const runner = makeRunner();
    writeFileSync(join(runner.dir, 'c.onnx'), classifierOnnx());
    const shapes = 'x:1x3x8x8';
    const trt = (version: string, args: string[], env: Record<string, string> = {}) =>
      ['trtexec', args, { TRTEXEC_STANDIN_VERSION: version, ...env }] as const;
    const smi = (args: string[], env: Record<string, string> = {}) =>
      ['nvidia-smi', args, { NVIDIA_SMI_STANDIN_GPUS: '2', STANDIN_GPU_STATE: runner.dir, ...env }] as const;
    // A build on GPU 1 that holds 3 GiB (a live process: this one) and was slowed 0.2 s, for nvidia-smi to see.
    writeFileSync(join(runner.dir, `gpu1.${process.pid}.mib`), '3072');
    writeFileSync(join(runner.dir, 'gpu1.sw_thermal_slowdown.slowed-us'), '200000');
    const gpuFields = 'index,uuid,pci.bus_id,memory.used,memory.free,clocks_event_reasons_counters.sw_thermal_slowdown';
    const calls = [
      trt('10.16.1.11', ['--help']),
      trt('10.3.0.26', ['--onnx=c.onnx', '--workspace=2048']),
      trt('8.6.1.6', ['--onnx=c.onnx'], { TRTEXEC_STANDIN_CRASH: 'driver' }),
      trt('10.16.1.11', ['--onnx=missing.onnx']),
      trt('10.16.1.11', ['--onnx=c.onnx', `--maxShapes=${shapes}`, '--saveEngine=c.plan', '--skipInference']),
      // Relative paths resolve in the caller's working folder; the dump is written there.
      trt('10.16.1.11', [
        '--loadEngine=c.plan',
        `--shapes=${shapes}`,
        '--exportTimes=t.json',
        '--dumpRawBindingsToFile',
      ]),
      smi([`--query-gpu=${gpuFields}`, '--format=csv']),
      smi([`--query-gpu=${gpuFields}`, '--format=csv,noheader,nounits'], { NVIDIA_SMI_STANDIN_SET: '1:index=7' }),
      smi(['--query-gpu=index,bogus', '--format=csv']),
      smi(['--query-compute-apps=pid,gpu_uuid,used_memory', '--format=csv,noheader'], {
        NVIDIA_SMI_STANDIN_APPS: '4242:python3:1:20480',
      }),
      smi(['--query-gpu=index', '--format=csv'], { NVIDIA_SMI_STANDIN_EXIT: '9' }),
    ];
    for (const [name, args, env] of calls) {
      const files = () =>
        Object.fromEntries(
          readdirSync(runner.dir)
            .filter((f) => /\.(plan|json|raw)$/.test(f))
            .map((f) => [f, readFileSync(join(runner.dir, f)).toString('base64')]),
        );
      const before = files();
      const program = standin(name, args, env, { program: true, cwd: runner.dir });
      const fromProgram = files();
      for (const f of Object.keys(fromProgram)) if (!(f in before)) rmSync(join(runner.dir, f));
      const served = standin(name, args, env, { cwd: runner.dir });
      expect({ status: served.status, signal: served.signal }, args.join(' ')).toEqual({
        status: program.status,
        signal: program.signal,
      });
      expect(steady(served.out)).toEqual(steady(program.out));
      expect(files()).toEqual(fromProgram);
    }
    expect(readdirSync(runner.dir).filter((f) => f.endsWith('.raw'))).toHaveLength(2);
    const [, query, smiEnv] = calls[6]!;
    expect(standin('nvidia-smi', [...query], smiEnv, {}).out).toContain(', 3072 MiB, 140084 MiB, 200000 us');
  });
});
