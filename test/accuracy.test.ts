// The accuracy gate's core: reading trtexec's --exportOutput and measuring an output against the reference.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ort from 'onnxruntime-web';
import { describe, expect, it } from 'vitest';
import { compareOutput, judgeOutput, type Tolerance } from '../src/common/compare-output.js';
import { parseExportedOutput } from '../src/tensorrt/export-output.js';
import { type InputTensor, seededInputs } from '../src/onnx/seeded-inputs.js';
import { cachedReferenceOutputs } from '../src/accuracy/reference.js';
import { TRUST_ALL } from '../src/cache/trust.js';
import { elementBytes, readElements } from '../src/onnx/element-type.js';
import { parseNpz } from '../src/accuracy/npz.js';
import { widenToFloat32 } from '../src/onnx/widen-model.js';
import onnxProto from 'onnx-proto';
import { decodeRaw, filenameSafe, findRawOutput } from '../src/tensorrt/raw-bindings.js';
import { type OnnxRuntime, referenceOutputs } from '../src/onnx/runtime.js';
import type { ProfileConfig } from '../src/contract/config.js';
import { readTrtexecCheck } from '../src/tensorrt/trtexec-check.js';
import { reportAnnotations } from '../src/github/annotations.js';
import { cli, FIXTURES, makeRunner } from './support/harness.js';
import { affineOnnx, classifierOnnx, encoderOnnx, externalWeightOnnx, typedAffineOnnx } from './support/onnx-models.js';

ort.env.wasm.numThreads = 1;

describe('trtexec --exportOutput', () => {
  it('reads the real layout, with the bare nan, -nan, inf and -inf it prints (not JSON)', () => {
    const text = readFileSync(join(FIXTURES, 'trtexec-outputs', 'two-outputs-nan-inf.json'), 'utf8');
    expect(() => JSON.parse(text)).toThrow();
    const [prob, named] = parseExportedOutput(text);
    expect(prob!.name).toBe('prob');
    expect(prob!.dimensions).toEqual([2, 3]);
    expect([...prob!.values.slice(0, 3)]).toEqual([0.1, 0.7, 0.2]);
    expect(Number.isNaN(prob!.values[3]!) && Number.isNaN(prob!.values[4]!)).toBe(true);
    expect(prob!.values[5]).toBe(Number.POSITIVE_INFINITY);
    // A tensor may be called "inf": names are strings and stay as they are.
    expect(named!.name).toBe('inf');
    expect([...named!.values]).toEqual([Number.NEGATIVE_INFINITY, 1.23457e-7]);
  });

  it('refuses what is not an export, saying what was expected', () => {
    expect(() => parseExportedOutput('{}')).toThrow(/expected a list of outputs/);
    expect(() => parseExportedOutput('[ { "name" : "x" } ]')).toThrow(/output 0 needs name, dimensions and values/);
    expect(() => parseExportedOutput('[ { "name" : "x", "dimensions" : "2x2", "values" : [ 1, 2, 3 ] } ]')).toThrow(
      /output x has dimensions 2x2 but 3 values/,
    );
  });
});

describe('an output against the reference', () => {
  const tolerance = (over: Partial<Tolerance> = {}): Tolerance => ({
    atol: 0.01,
    rtol: 0.01,
    cosine: null,
    topK: null,
    ...over,
  });

  it('measures the largest errors, the share out of tolerance, NaN and cosine over the finite pairs', () => {
    const error = compareOutput([1, 2.001, 3.5, Number.NaN], [1, 2, 3, 4], [4], tolerance());
    expect(error.maxAbsError).toBeCloseTo(0.5, 12);
    expect(error.maxRelError).toBeCloseTo(0.5 / 3, 12);
    // 3.5 vs 3 is off by more than both 0.01 and 1% of 3; the NaN is out too.
    expect(error.outOfTolerance).toBe(0.5);
    expect(error.nan).toBe(1);
    expect(error.cosine).toBeCloseTo(15.502 / Math.sqrt(17.254001 * 14), 12);
    expect(judgeOutput(error, tolerance())).toBe('1 NaN where the reference is finite');
  });

  it('fails an element only when it is off by more than atol AND rtol (Polygraphy): big values and zeros', () => {
    // 0.5 off a reference of 1000 is past atol but within 0.1%: it passes. 1e-4 off a zero is within atol.
    const error = compareOutput([1000.5, 1e-4], [1000, 0], [2], tolerance({ atol: 0.1, rtol: 0.001 }));
    expect(error.outOfTolerance).toBe(0);
    // The relative error of an element whose reference is 0 is not defined: it is left out, not infinite.
    expect(error.maxRelError).toBeCloseTo(0.0005, 12);
    expect(judgeOutput(error, tolerance({ atol: 0.1, rtol: 0.001 }))).toBeNull();
  });

  it('an all-zeros output (an INT8 engine gone wrong) fails on tolerance and has cosine 0', () => {
    const error = compareOutput([0, 0, 0], [0.5, -1, 2], [3], tolerance({ cosine: 0.99 }));
    expect(error.cosine).toBe(0);
    expect(error.outOfTolerance).toBe(1);
    expect(judgeOutput(error, tolerance({ cosine: 0.99 }))).toMatch(/^100% of elements off by more than atol/);
  });

  it('top-k: each row of a classifier (the last dimension) must name the same k classes', () => {
    const reference = [0.1, 0.5, 0.2, 0.9, 0.0, /* row 2 */ 0.3, 0.2, 0.1, 0.0, 0.8];
    const engine = [0.1, 0.51, 0.2, 0.89, 0.0, /* row 2: class 1 overtakes class 0 */ 0.2, 0.3, 0.1, 0.0, 0.8];
    const lenient = tolerance({ atol: 1, rtol: 1, topK: 2 });
    const error = compareOutput(engine, reference, [2, 5], lenient);
    expect(error.topK).toEqual({ k: 2, rows: 2, agree: 1 });
    expect(judgeOutput(error, lenient)).toBe('top-2 classes differ in 1 of 2 rows');
    expect(compareOutput(engine, reference, [2, 5], { ...lenient, topK: 1 }).topK).toEqual({ k: 1, rows: 2, agree: 2 });
  });

  it('a NaN or infinity in the reference itself matches only the same', () => {
    const error = compareOutput(
      [Number.NaN, Number.POSITIVE_INFINITY, 1],
      [Number.NaN, Number.NEGATIVE_INFINITY, 1],
      [3],
      tolerance(),
    );
    expect(error.outOfTolerance).toBeCloseTo(1 / 3, 12);
    expect(error.nan).toBe(0);
  });
});

describe('inputs and the reference', () => {
  const profile: ProfileConfig = {
    name: 'p',
    shapes: [{ input: 'x', min: [1, 3, 8, 8], opt: [2, 3, 8, 8], max: [4, 3, 8, 8] }],
  };

  it('auto inputs are seeded: the same for the same profile, in [-1, 1), at the chosen shape', () => {
    const [opt] = seededInputs(profile, 'opt');
    expect(opt!.dims).toEqual([2, 3, 8, 8]);
    expect(opt!.values).toHaveLength(2 * 3 * 8 * 8);
    expect(seededInputs(profile, 'opt')[0]!.values).toEqual(opt!.values);
    expect(Math.min(...opt!.values)).toBeGreaterThanOrEqual(-1);
    expect(Math.max(...opt!.values)).toBeLessThan(1);
    expect(new Set(opt!.values).size).toBeGreaterThan(300);
    expect(seededInputs(profile, 'max')[0]!.dims).toEqual([4, 3, 8, 8]);
    const raw = elementBytes('float32', opt!.values);
    expect(raw).toHaveLength(opt!.values.length * 4);
    expect(raw.readFloatLE(4 * 7)).toBe(opt!.values[7]);
  });

  it('the engine given those inputs agrees with ONNX Runtime; FP16 rounding fails FP32 tolerances only', async () => {
    const runner = makeRunner();
    const onnx = join(runner.dir, 'classifier.onnx');
    writeFileSync(onnx, classifierOnnx());
    const inputs = seededInputs(profile, 'opt');
    writeFileSync(join(runner.dir, 'x.bin'), elementBytes('float32', inputs[0]!.values));
    const plan = join(runner.dir, 'c.plan');
    const standin = (args: string[], env: NodeJS.ProcessEnv = {}) =>
      execFileSync(runner.trtexec, args, { env: { ...process.env, ...env } });
    standin([
      `--onnx=${onnx}`,
      `--saveEngine=${plan}`,
      '--minShapes=x:1x3x8x8',
      '--optShapes=x:2x3x8x8',
      '--maxShapes=x:4x3x8x8',
      '--skipInference',
    ]);
    const infer = (env: NodeJS.ProcessEnv = {}) => {
      const out = join(runner.dir, 'out.json');
      standin(
        [
          `--loadEngine=${plan}`,
          '--shapes=x:2x3x8x8',
          `--loadInputs=x:${join(runner.dir, 'x.bin')}`,
          `--exportOutput=${out}`,
        ],
        env,
      );
      return parseExportedOutput(readFileSync(out, 'utf8'))[0]!;
    };
    const runtime = ort as unknown as OnnxRuntime;
    const session = await runtime.InferenceSession.create(classifierOnnx());
    const [reference] = await referenceOutputs(runtime, session, inputs);
    expect(reference!.dims).toEqual([2, 10]);
    const fp32: Tolerance = { atol: 0, rtol: 1e-5, cosine: 0.99999, topK: 1 };
    const clean = infer();
    expect(judgeOutput(compareOutput(clean.values, reference!.values, clean.dimensions, fp32), fp32)).toBeNull();
    const half = infer({ TRTEXEC_STANDIN_OUTPUT_ERROR: 'fp16' });
    const error = compareOutput(half.values, reference!.values, half.dimensions, fp32);
    expect(judgeOutput(error, fp32)).toMatch(/of elements off by more than atol 0 and rtol 0\.00001/);
    // What FP16 rounding costs is within what an FP16 engine is allowed: judged with its own tolerance.
    const fp16: Tolerance = { atol: 1e-4, rtol: 1e-3, cosine: 0.9999, topK: 1 };
    expect(judgeOutput(compareOutput(half.values, reference!.values, half.dimensions, fp16), fp16)).toBeNull();
  });
});

describe('trt-ci run with accuracy:', () => {
  async function run(
    precision: string | null,
    error: string | null,
    accuracy = '{ top-k: 1 }',
    trtexecEnv: Record<string, string> = {},
  ) {
    const runner = makeRunner({ trtexecEnv: { ...trtexecEnv, ...(error && { TRTEXEC_STANDIN_OUTPUT_ERROR: error }) } });
    writeFileSync(join(runner.dir, 'classifier.onnx'), classifierOnnx());
    const config = runner.writeConfig(
      `output-dir: out\nmodels:\n  - name: cls\n    onnx: classifier.onnx\n` +
        (precision ? `    precision: ${precision}\n` : '') +
        `    accuracy: ${accuracy}\n` +
        '    profiles: [{ name: p, shapes: { x: { min: 1x3x8x8, opt: 2x3x8x8, max: 4x3x8x8 } } }]\n',
    );
    const result = await cli(['run', '--config', config, '--json']);
    return { result, report: JSON.parse(result.stdout || '{}'), runner };
  }

  it('a model whose weights are in external data is checked: the reference reads them beside the ONNX', async () => {
    const runner = makeRunner();
    const { model, data } = externalWeightOnnx();
    writeFileSync(join(runner.dir, 'ext.onnx'), model);
    writeFileSync(join(runner.dir, 'w.bin'), data);
    const config = runner.writeConfig(
      'output-dir: out\nmodels:\n  - name: ext\n    onnx: ext.onnx\n    accuracy: {}\n' +
        '    profiles: [{ name: p, shapes: { x: 1x64 } }]\n',
    );
    const result = await cli(['run', '--config', config, '--json']);
    expect(result.code, result.stderr).toBe(0);
    const { accuracy } = JSON.parse(result.stdout).builds[0];
    expect(accuracy.status, accuracy.problem).toBe('passed');
    expect(accuracy.outputs[0]).toMatchObject({ name: 'y', maxAbsError: 0 });
  });

  it('within tolerance: FP16 rounding on an fp16 model passes, with the figures in the report', async () => {
    const { result, report } = await run('fp16', 'fp16');
    expect(result.code, result.stderr).toBe(0);
    const [build] = report.builds;
    expect(build.accuracy.status).toBe('passed');
    // Seeded inputs sweep the profile's range: its corners, and a seeded shape inside it (1..4 around opt 2: 3).
    expect(build.accuracy.outputs.map((o: { shape: string; at: string }) => `${o.shape} ${o.at}`)).toEqual([
      'opt x:2x3x8x8',
      'min x:1x3x8x8',
      'max x:4x3x8x8',
      'interior x:3x3x8x8',
    ]);
    const output = build.accuracy.outputs[0];
    expect(output).toMatchObject({ shape: 'opt', name: 'prob', nan: 0, inf: 0, failure: null, rtol: 0.005 });
    expect(output.maxAbsError).toBeGreaterThan(0);
    expect(output.cosine).toBeGreaterThan(0.9999);
  });

  it('out of tolerance: 5% noise fails the run (exit 1) and says which output, by how much', async () => {
    const { result, report, runner } = await run('fp16', 'noise:0.05');
    expect(result.code).toBe(1);
    expect(report.status).toBe('failed');
    expect(report.builds[0].status).toBe('built');
    expect(report.builds[0].accuracy.status).toBe('failed');
    expect(report.builds[0].accuracy.outputs[0].failure).toMatch(
      /of elements off by more than atol [\d.e-]+ and rtol 0\.005/,
    );
    const summary = readFileSync(join(runner.dir, 'out', 'summary.md'), 'utf8');
    expect(summary).toContain('## trt-ci ❌ failed');
    expect(summary).toContain('#### ❌ Accuracy against ONNX Runtime: 0/1 within tolerance');
    // The check run annotates the model's accuracy: line.
    const configLines = readFileSync(join(runner.dir, 'trt-ci.yml'), 'utf8').split('\n');
    const [annotation] = reportAnnotations(report, (path) => path);
    expect(annotation).toMatchObject({
      startLine: configLines.findIndex((l) => l.trimStart().startsWith('accuracy:')) + 1,
      level: 'failure',
      title: 'cls/p: out of tolerance against ONNX Runtime',
      message: expect.stringMatching(/^prob \(opt\): [\d.]+% of elements off/),
    });
    expect(summary).toMatch(
      /\| ❌ \| cls \/ p \| NVIDIA H200 \| prob \((min|opt|max|interior)\) \| [\d.e-]+ \| [\d.e-]+ \| [\d.]+% \| 0\.9/,
    );
  });

  it('a NaN fails even the loosest tolerance', async () => {
    const { result, report } = await run('int8', 'nan', '{ atol: 100, rtol: 100 }');
    expect(result.code).toBe(1);
    expect(report.builds[0].accuracy.outputs[0]).toMatchObject({
      nan: 1,
      failure: '1 NaN where the reference is finite',
    });
  });

  it('reads the outputs from the full-precision dump (8.6+), in the type the engine wrote them', async () => {
    // An FP16 output binding: its values are the engine's FP16 numbers, not JSON's six digits of them.
    const { result, report, runner } = await run('fp16', null, '{}', { TRTEXEC_STANDIN_OUTPUT_TYPE: 'fp16' });
    expect(result.code, result.stderr).toBe(0);
    const dir = join(runner.dir, 'out', 'accuracy', 'cls.p.opt');
    expect(readdirSync(dir)).toContain('prob.output.2.10.fp16.raw');
    const [output] = report.builds[0].accuracy.outputs;
    expect(output).toMatchObject({ judgedBy: 'trt-ci', failure: null });
    // Real FP16 through the graph (every layer's output and weights rounded, the stand-in's arithmetic):
    // more than the output's own rounding (half an FP16 step, 2^-11), inside the fp16 band (rtol 0.005).
    expect(output.maxRelError).toBeGreaterThan(2 ** -11);
    expect(output.maxRelError).toBeLessThan(0.005);
    const argv = readFileSync(join(dir, 'trtexec.log'), 'utf8').split('\n')[0];
    expect(argv).toContain('--dumpRawBindingsToFile');
    expect(argv).toContain('--warmUp=0 --duration=0 --iterations=1');
  });

  it('before 8.6 (no dump), the outputs come from --exportOutput and are judged the same', async () => {
    const within = await run('fp16', 'fp16', '{}', { TRTEXEC_STANDIN_VERSION: '8.4.1.5' });
    expect(within.result.code, within.result.stderr).toBe(0);
    const out = await run('fp16', 'noise:0.05', '{}', { TRTEXEC_STANDIN_VERSION: '8.4.1.5' });
    expect(out.result.code).toBe(1);
    expect(out.report.builds[0].accuracy.outputs[0].failure).toMatch(/of elements off by more than atol .* and rtol/);
    const log = readFileSync(join(out.runner.dir, 'out', 'accuracy', 'cls.p.opt', 'trtexec.log'), 'utf8');
    expect(log.split('\n')[0]).toMatch(/--exportOutput=\S+output\.json/);
  });

  describe('on trtexec 11.1, trtexec judges with its own check (--loadRefOutputs, L0)', () => {
    const v11 = { TRTEXEC_STANDIN_VERSION: '11.1.0.5' };
    it('within tolerance: passes, judged by trtexec, with the same report', async () => {
      const { result, report, runner } = await run(null, 'noise:0.0001', '{}', v11);
      expect(result.code, result.stderr).toBe(0);
      expect(report.builds[0].accuracy.outputs[0]).toMatchObject({ judgedBy: 'trtexec', failure: null, nan: 0 });
      const log = readFileSync(join(runner.dir, 'out', 'accuracy', 'cls.p.opt', 'trtexec.log'), 'utf8');
      expect(log).toMatch(
        /--loadRefOutputs=prob:\S+reference0\.bin --accuracyAlgorithm=l0 --atol=[\d.e-]+ --rtol=0\.001/,
      );
      expect(log).toContain('Accuracy loss for tensor prob (L0): 0.000000');
    });
    it("out of tolerance: trtexec's verdict (exit 1, outputs written) fails the build, with its share", async () => {
      const { result, report } = await run(null, 'noise:0.05', '{}', v11);
      expect(result.code).toBe(1);
      const [output] = report.builds[0].accuracy.outputs;
      expect(report.builds[0].accuracy.problem).toBeNull();
      expect(output.judgedBy).toBe('trtexec');
      expect(output.failure).toMatch(
        /^[\d.]+% of elements off by more than atol [\d.e-]+ \+ rtol 0\.001 × \|reference\| \(trtexec's check\)$/,
      );
      expect(output.outOfTolerance).toBeGreaterThan(0.1);
      expect(output.maxAbsError).toBeGreaterThan(0);
    });
    it('a NaN, which L0 counts as no mismatch (NaN compares false), still fails: trt-ci counts it', async () => {
      const { result, report } = await run(null, 'nan', '{ atol: 100, rtol: 100 }', v11);
      expect(result.code).toBe(1);
      expect(report.builds[0].accuracy.outputs[0]).toMatchObject({
        judgedBy: 'trtexec',
        outOfTolerance: 0,
        nan: 1,
        failure: '1 NaN where the reference is finite',
      });
    });
  });
});

describe('the reference, kept', () => {
  it("without a cache folder, a process computes a model's reference once per inputs (a search)", async () => {
    let computed = 0;
    const compute = async () => {
      computed += 1;
      return [{ name: 'y', dims: [1], type: 'float32' as const, values: Float32Array.of(computed) }];
    };
    const inputs = (v: number) =>
      [{ name: 'x', dims: [1], type: 'float32', values: Float32Array.of(v) }] as unknown as InputTensor[];
    const reference = (digest: string | null, v: number, how = compute) =>
      cachedReferenceOutputs(null, digest, inputs(v), how, TRUST_ALL);
    expect((await reference('model-a', 1)).outputs[0]!.values[0]).toBe(1);
    expect((await reference('model-a', 1)).outputs[0]!.values[0]).toBe(1);
    expect(computed).toBe(1);
    await reference('model-b', 1);
    await reference('model-a', 2);
    expect(computed).toBe(3);
    // No digest (a model that could not be read): never kept.
    await reference(null, 1);
    await reference(null, 1);
    expect(computed).toBe(5);
    // One that failed (or was cancelled) is computed again.
    await expect(reference('model-c', 1, () => Promise.reject(new Error('cancelled')))).rejects.toThrow('cancelled');
    await reference('model-c', 1);
    expect(computed).toBe(6);
  });

  it('is computed once per ONNX and inputs and kept in the cache folder; a damaged one is computed again', async () => {
    const runner = makeRunner();
    writeFileSync(join(runner.dir, 'classifier.onnx'), classifierOnnx());
    const config = runner.writeConfig(
      'output-dir: out\ncache-dir: cache\nmodels:\n  - name: cls\n    onnx: classifier.onnx\n    accuracy: {}\n' +
        '    profiles: [{ name: p, shapes: { x: 2x3x8x8 } }]\n',
    );
    const status = async () => {
      const result = await cli(['run', '--config', config, '--json']);
      return JSON.parse(result.stdout).builds[0].accuracy.status as string;
    };
    expect(await status()).toBe('passed');
    const folder = join(runner.dir, 'cache', 'references');
    const [kept] = readdirSync(folder);
    expect(kept).toMatch(/^[0-9a-f]{64}\.json$/);
    // Proof the kept one is what the next run compares with: made wrong, it fails the engine.
    const outputs = JSON.parse(readFileSync(join(folder, kept!), 'utf8'));
    const bytes = Buffer.from(outputs[0].values, 'base64');
    const doubled = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)).map(
      (v) => v * 2,
    );
    outputs[0].values = Buffer.from(doubled.buffer).toString('base64');
    writeFileSync(join(folder, kept!), JSON.stringify(outputs));
    expect(await status()).toBe('failed');
    writeFileSync(join(folder, kept!), '{ not json');
    expect(await status()).toBe('passed');
  });
});

/** Bytes as np.save writes a float32 array (format 1.0, numpy/lib/format.py: header padded to 64 bytes). */
/** A .npy as np.save writes it; `values` as float32, or the data's own bytes for another descr. */
function npy(dims: number[], values: Float32Array | Buffer, descr = '<f4'): Buffer {
  const shape = `(${dims.join(', ')}${dims.length === 1 ? ',' : ''})`;
  const dict = `{'descr': '${descr}', 'fortran_order': False, 'shape': ${shape}, }`;
  const header = `${dict}${' '.repeat(64 - ((10 + dict.length + 1) % 64))}\n`;
  const prefix = Buffer.alloc(10);
  prefix.write('\x93NUMPY', 0, 'latin1');
  prefix.writeUInt8(1, 6);
  prefix.writeUInt8(0, 7);
  prefix.writeUInt16LE(header.length, 8);
  const data = Buffer.isBuffer(values) ? values : Buffer.from(values.buffer);
  return Buffer.concat([prefix, Buffer.from(header, 'latin1'), data]);
}

describe('real samples (inputs: a folder of .npy files)', () => {
  it('are read by input name at the checked shape; a wrong shape or dtype is said, naming the file', async () => {
    const runner = makeRunner();
    writeFileSync(join(runner.dir, 'classifier.onnx'), classifierOnnx());
    mkdirSync(join(runner.dir, 'samples'));
    const values = Float32Array.from({ length: 2 * 3 * 8 * 8 }, (_, i) => Math.sin(i / 7));
    writeFileSync(join(runner.dir, 'samples', 'x.npy'), npy([2, 3, 8, 8], values));
    const config = (shape: string) =>
      runner.writeConfig(
        'output-dir: out\nmodels:\n  - name: cls\n    onnx: classifier.onnx\n    accuracy: { inputs: samples }\n' +
          `    profiles: [{ name: p, shapes: { x: ${shape} } }]\n`,
      );
    const ok = await cli(['run', '--config', config('2x3x8x8'), '--json']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout).builds[0].accuracy.status).toBe('passed');
    // The engine got exactly the sample's bytes.
    expect(readFileSync(join(runner.dir, 'out', 'accuracy', 'cls.p.opt', 'input0.bin'))).toEqual(
      Buffer.from(values.buffer),
    );
    const wrongShape = await cli(['run', '--config', config('4x3x8x8'), '--json']);
    expect(wrongShape.code).toBe(1);
    expect(JSON.parse(wrongShape.stdout).builds[0].accuracy.problem).toMatch(
      /samples\/x\.npy: shape 2x3x8x8, but the opt shape of this profile is 4x3x8x8$/,
    );
    writeFileSync(join(runner.dir, 'samples', 'x.npy'), npy([2, 3, 8, 8], values, '<f8'));
    const wrongType = await cli(['run', '--config', config('2x3x8x8'), '--json']);
    expect(JSON.parse(wrongType.stdout).builds[0].accuracy.problem).toMatch(
      /expected float32, float16, int8, uint8, int32, int64 or bool in C order, got <f8/,
    );
  });
});

describe('the engine outputs at full precision (--dumpRawBindingsToFile)', () => {
  it('decodes FP16 and BF16 bits, and trtexec file names (made file-safe, long ones cut in the middle)', () => {
    // FP16 bits: 1, -2, the largest (65504), the smallest subnormal, ±infinity, NaN.
    const halves = Buffer.from(Uint16Array.of(0x3c00, 0xc000, 0x7bff, 0x0001, 0x7c00, 0xfc00, 0x7e00).buffer);
    const fp16 = [...decodeRaw(halves, 'fp16', 7, 'f')];
    expect(fp16.slice(0, 6)).toEqual([1, -2, 65504, 2 ** -24, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]);
    expect(fp16[6]).toBeNaN();
    // A dump read from an odd offset of a larger buffer (a Buffer from Node's pool) decodes all the same.
    const offset = Buffer.concat([Buffer.from([9]), Buffer.from(Float32Array.of(1.5, -3).buffer)]).subarray(1);
    expect([...decodeRaw(offset, 'fp32', 2, 'f')]).toEqual([1.5, -3]);
    // BF16 1.5 is 0x3fc0; -0.0078125 is 0xbc00.
    const bf16 = decodeRaw(Buffer.from([0xc0, 0x3f, 0x00, 0xbc]), 'bf16', 2, 'f');
    expect([...bf16]).toEqual([1.5, -0.0078125]);
    expect(() => decodeRaw(Buffer.alloc(6), 'fp32', 2, 'out.raw')).toThrow('out.raw: 6 bytes, expected 8 (2 × fp32)');
    expect(filenameSafe('logits:0/a b')).toBe('logits_0_a_b');
    const long = filenameSafe('n'.repeat(200));
    // (150 - 3) / 2 = 73 characters each side, in C++'s integer division.
    expect(long).toHaveLength(149);
    expect(long.slice(73, 76)).toBe('...');
    const files = ['x.input.2.4.fp32.raw', 'logits_0.output.2.10.fp16.raw', 'other.output.3.fp32.raw'];
    expect(findRawOutput(files, 'logits:0')).toEqual({ file: files[1], dims: [2, 10], dtype: 'fp16' });
    expect(findRawOutput(files, 'x')).toBeNull();
  });
});

describe("trtexec 11.1's own check, from its log", () => {
  it('reads each tensor loss and the FAIL marks, and whether the check failed as a whole', () => {
    const log = [
      '[11/30/2026-07:00:00] [I] Accuracy loss for tensor prob (L0): 0.012500 [FAIL: >= threshold 0.000000]',
      '[11/30/2026-07:00:00] [I] Accuracy loss for tensor Identity:0 (L0): 0.000000',
      '[11/30/2026-07:00:00] [E] Accuracy validation FAILED: one or more tensors exceeded the threshold.',
    ].join('\n');
    const check = readTrtexecCheck(log);
    expect(check.failed).toBe(true);
    expect(check.losses.get('prob')).toEqual({ algorithm: 'L0', loss: 0.0125, failed: true });
    expect(check.losses.get('Identity:0')).toEqual({ algorithm: 'L0', loss: 0, failed: false });
    expect(readTrtexecCheck('[I] PASSED').failed).toBe(false);
  });
});

describe('.npz archives (np.savez, np.savez_compressed)', () => {
  const fixture = (name: string) => readFileSync(join(FIXTURES, 'npz', name));
  const exact = (count: number) => Float32Array.from({ length: count }, (_, i) => (i % 17) / 8 - 1);
  it('reads stored and deflated members with their ZIP64 headers, as NumPy writes them', () => {
    for (const name of ['samples.npz', 'samples-compressed.npz']) {
      const arrays = parseNpz(fixture(name), name);
      expect(arrays.get('x')).toEqual({ dims: [2, 3, 8, 8], type: 'float32', values: exact(384) });
    }
    expect(parseNpz(fixture('samples.npz'), 's').get('note')?.values).toEqual(Float32Array.of(0, 1, 2));
  });
  it('says what is wrong with a file that is not one, naming it', () => {
    expect(() => parseNpz(Buffer.from('not a zip'), 'refs.npz')).toThrow(
      'refs.npz: expected a NumPy .npz archive (np.savez), found no ZIP directory',
    );
    expect(() => parseNpz(fixture('not-float32.npz'), 'n.npz')).toThrow(
      /n\.npz:x\.npy: expected float32, .* in C order, got <f8/,
    );
    const cut = fixture('samples.npz');
    cut.writeUInt32LE(0, cut.lastIndexOf(Buffer.from('PK\x01\x02', 'latin1')));
    expect(() => parseNpz(cut, 'cut.npz')).toThrow(
      'cut.npz: expected a NumPy .npz archive (np.savez), its directory is damaged',
    );
  });

  it('inputs: samples.npz and reference: refs.npz check the engine against outputs the user computed', async () => {
    const runner = makeRunner();
    writeFileSync(join(runner.dir, 'affine.onnx'), affineOnnx());
    for (const name of ['affine-inputs.npz', 'affine-reference.npz', 'affine-reference-off.npz']) {
      writeFileSync(join(runner.dir, name), fixture(name));
    }
    const config = (accuracy: string) =>
      runner.writeConfig(
        `output-dir: out\nmodels:\n  - name: affine\n    onnx: affine.onnx\n    accuracy: ${accuracy}\n` +
          '    profiles: [{ name: p, shapes: { x: 2x4 } }]\n',
      );
    const run = async (accuracy: string) => {
      const result = await cli(['run', '--config', config(accuracy), '--json']);
      return { code: result.code, accuracy: JSON.parse(result.stdout || '{}').builds?.[0]?.accuracy, result };
    };
    const right = await run('{ inputs: affine-inputs.npz, reference: affine-reference.npz }');
    expect(right.code, right.result.stderr).toBe(0);
    expect(right.accuracy.outputs[0]).toMatchObject({ name: 'y', maxAbsError: 0, failure: null });
    // No ONNX Runtime reference was computed: none was kept.
    expect(existsSync(join(runner.dir, 'out', 'cache', 'references'))).toBe(false);
    const off = await run('{ inputs: affine-inputs.npz, reference: affine-reference-off.npz, atol: 0.01 }');
    expect(off.code).toBe(1);
    expect(off.accuracy.outputs[0].maxAbsError).toBeCloseTo(0.05, 6);
    // A reference that is not there is found before the build (issue 35): exit 2 at its line, no GPU time.
    const missing = await run('{ inputs: affine-inputs.npz, reference: nowhere.npz }');
    expect([missing.code, missing.result.stderr]).toEqual([
      2,
      expect.stringMatching(
        /trt-ci\.yml:\d+:\d+ models\[0\]\.accuracy\.reference: expected a file, got .*nowhere\.npz, which does not/,
      ),
    ]);
    expect(missing.result.stdout).toBe('');
    const auto = await run('{ reference: affine-reference.npz }');
    expect(auto.code).toBe(2);
    expect(auto.result.stderr).toMatch(
      /accuracy\.inputs: expected inputs: the samples the reference was computed from/,
    );
  });
});

describe('every model has an accuracy row (issue 24)', () => {
  const config = (runner: ReturnType<typeof makeRunner>) =>
    runner.writeConfig(
      'output-dir: out\naccuracy: {}\nmodels:\n' +
        '  - name: checked\n    onnx: classifier.onnx\n    profiles: [{ name: p, shapes: { x: 2x3x8x8 } }]\n' +
        '  - name: skipped\n    onnx: classifier.onnx\n    accuracy: false\n' +
        '    profiles: [{ name: p, shapes: { x: 2x3x8x8 } }]\n',
    );

  it('accuracy: false is a clear "not checked" row, never a silent gap, and fails nothing', async () => {
    const runner = makeRunner();
    writeFileSync(join(runner.dir, 'classifier.onnx'), classifierOnnx());
    const result = await cli(['run', '--config', config(runner), '--json']);
    expect(result.code, result.stderr).toBe(0);
    const builds = JSON.parse(result.stdout).builds;
    expect(builds.map((b: { accuracy: { status: string } }) => b.accuracy.status)).toEqual(['passed', 'not-checked']);
    const summary = readFileSync(join(runner.dir, 'out', 'summary.md'), 'utf8');
    expect(summary).toContain('#### ✅ Accuracy against ONNX Runtime: 1/1 within tolerance');
    expect(summary).toMatch(/\| ⏭️ \| skipped \/ p \| .*\| not checked \(accuracy: false\) \|/);
  });

  it("an engine trtexec cannot run on the inputs is an error with trtexec's last error, not a failure", async () => {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_RUN_NO_KERNEL: '1' } });
    writeFileSync(join(runner.dir, 'classifier.onnx'), classifierOnnx());
    const result = await cli(['run', '--config', config(runner), '--json']);
    expect(result.code).toBe(1);
    const [checked] = JSON.parse(result.stdout).builds;
    expect(checked.accuracy).toMatchObject({
      status: 'error',
      problem: expect.stringMatching(/trtexec said: \[TRT\] FAILED_EXECUTION: std::exception$/),
    });
    const summary = readFileSync(join(runner.dir, 'out', 'summary.md'), 'utf8');
    expect(summary).toMatch(/\| ❗ \| checked \/ p \| .*\| error: trtexec could not run the engine/);
    expect(summary).toContain('Accuracy against ONNX Runtime: 0/1 within tolerance');
  });
});

describe('integer, boolean, FP16 and BF16 tensors (issue 24)', () => {
  const dumped = (dir: string, prefix: string) => {
    const file = readdirSync(dir).find((f) => f.startsWith(prefix))!;
    const raw = /\.(int64|fp16|bf16|fp32)\.raw$/.exec(file)![1]!;
    const type = ({ int64: 'int64', fp16: 'float16', bf16: 'bfloat16', fp32: 'float32' } as const)[raw]!;
    return [...readElements(type, readFileSync(join(dir, file)))];
  };
  const encoder = (accuracy: string, trtexecEnv: Record<string, string> = {}) => {
    const runner = makeRunner({ trtexecEnv });
    writeFileSync(join(runner.dir, 'encoder.onnx'), encoderOnnx());
    const config = runner.writeConfig(
      `output-dir: out\nmodels:\n  - name: bert\n    onnx: encoder.onnx\n    accuracy: ${accuracy}\n` +
        '    profiles: [{ name: s128, shapes: { input_ids: 1x128, attention_mask: 1x128 } }]\n',
    );
    return { runner, config };
  };

  it('a BERT-like model: token ids in their range, a 0/1 mask, and an int64 output compared exactly', async () => {
    const { runner, config } = encoder('{ inputs: { input_ids: { range: [0, 999] } } }');
    const result = await cli(['run', '--config', config, '--json']);
    expect(result.code, result.stderr).toBe(0);
    const { accuracy } = JSON.parse(result.stdout).builds[0];
    expect(accuracy.status).toBe('passed');
    expect(accuracy.outputs.map((o: { name: string }) => o.name)).toEqual(['hidden', 'ids']);
    expect(accuracy.outputs[1]).toMatchObject({ name: 'ids', atol: 0, rtol: 0, maxAbsError: 0, outOfTolerance: 0 });
    // What the engine was given, as its input bindings' dumps show: int64 ids across the vocabulary, a 0/1 mask.
    const dir = join(runner.dir, 'out', 'accuracy', 'bert.s128.opt');
    const ids = dumped(dir, 'input_ids.input.');
    const mask = dumped(dir, 'attention_mask.input.');
    expect(ids).toHaveLength(128);
    expect(Math.min(...ids)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ids)).toBeLessThanOrEqual(999);
    expect(Math.max(...ids)).toBeGreaterThan(500);
    expect(ids.every(Number.isInteger)).toBe(true);
    expect(new Set(mask)).toEqual(new Set([0, 1]));
  });

  it('an integer output one index off fails, though its float output is within tolerance', async () => {
    const { config } = encoder('{ inputs: { input_ids: { range: [0, 999] } } }', {
      TRTEXEC_STANDIN_OUTPUT_ERROR: 'noise:0.000001',
    });
    const result = await cli(['run', '--config', config, '--json']);
    expect(result.code).toBe(1);
    const { accuracy } = JSON.parse(result.stdout).builds[0];
    expect(accuracy.status).toBe('failed');
    const [hidden, ids] = accuracy.outputs;
    expect(hidden.failure).toBeNull();
    expect(ids).toMatchObject({ maxAbsError: 1, outOfTolerance: 1 / 128 });
    expect(ids.failure).toMatch(/^0\.781% of elements off by more than/);
  });

  it('int64 samples feed integer inputs; float samples for them are refused, naming the file', async () => {
    const { runner, config } = encoder('{ inputs: samples }');
    mkdirSync(join(runner.dir, 'samples'));
    const ints = (values: number[]) => Buffer.from(BigInt64Array.from(values, BigInt).buffer);
    const tokens = Array.from({ length: 128 }, (_, i) => (i * 37) % 1000);
    writeFileSync(join(runner.dir, 'samples', 'input_ids.npy'), npy([1, 128], ints(tokens), '<i8'));
    writeFileSync(
      join(runner.dir, 'samples', 'attention_mask.npy'),
      npy([1, 128], ints(tokens.map((t) => t % 2)), '<i8'),
    );
    const ok = await cli(['run', '--config', config, '--json']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(dumped(join(runner.dir, 'out', 'accuracy', 'bert.s128.opt'), 'input_ids.input.')).toEqual(tokens);
    const floats = Float32Array.from(tokens);
    writeFileSync(join(runner.dir, 'samples', 'input_ids.npy'), npy([1, 128], floats));
    const refused = await cli(['run', '--config', config, '--json']);
    expect(JSON.parse(refused.stdout).builds[0].accuracy).toMatchObject({
      status: 'error',
      problem: expect.stringMatching(/input_ids\.npy: float32 values, but the model's input is int64$/),
    });
  });

  it.each([
    [
      'input_id',
      /accuracy\.inputs\.input_id: expected an input of the model, got "input_id" \(did you mean "input_ids"\?\)/,
    ],
    ['input_ids', /accuracy\.inputs\.input_ids: expected whole numbers for the int64 input, got \[0\.5, 3\]/],
  ])('a range for %s is refused before any build (exit 2, at its line)', async (name, message) => {
    const { runner, config } = encoder(
      `{ inputs: { ${name}: { range: [${name === 'input_id' ? '0, 9' : '0.5, 3'}] } } }`,
    );
    const result = await cli(['run', '--config', config]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toMatch(/trt-ci\.yml:\d+:\d+ models\[0\]\.accuracy\.inputs\./);
    expect(runner.calls()).toEqual([]);
  });

  it('a range [high, low] is refused by the schema', async () => {
    const { config } = encoder('{ inputs: { input_ids: { range: [9, 0] } } }');
    const result = await cli(['run', '--config', config]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/accuracy\.inputs\.input_ids\.range: expected \[low, high\] with low <= high/);
  });

  it.each([
    ['float16', 'fp16'],
    ['bfloat16', 'bf16'],
  ] as const)('a strongly typed %s network on TensorRT 11 is checked against an FP32 reference', async (type, raw) => {
    const runner = makeRunner({ version: '11.2.1.2' });
    writeFileSync(join(runner.dir, 'typed.onnx'), typedAffineOnnx(type));
    const config = runner.writeConfig(
      'output-dir: out\nmodels:\n  - name: typed\n    onnx: typed.onnx\n    accuracy: {}\n' +
        '    profiles: [{ name: p, shapes: { x: 2x4 } }]\n',
    );
    const result = await cli(['run', '--config', config, '--json']);
    expect(result.code, result.stderr).toBe(0);
    const { accuracy } = JSON.parse(result.stdout).builds[0];
    // The network's own precision sets the defaults (fp16 0.005, bf16 0.02); trtexec reads references in the
    // binding's type, so trt-ci judges these itself.
    expect(accuracy).toMatchObject({ status: 'passed' });
    expect(accuracy.outputs[0]).toMatchObject({ name: 'y', judgedBy: 'trt-ci', rtol: raw === 'fp16' ? 0.005 : 0.02 });
    const dir = join(runner.dir, 'out', 'accuracy', 'typed.p.opt');
    expect(readdirSync(dir)).toEqual(expect.arrayContaining([`x.input.2.4.${raw}.raw`, `y.output.2.4.${raw}.raw`]));
    // The engine's input file holds 16-bit values: 2 bytes each.
    expect(readFileSync(join(dir, 'input0.bin'))).toHaveLength(8 * 2);
    expect(accuracy.outputs[0].maxAbsError).toBeGreaterThan(0);
  });
});

describe('the FP32 reference of an FP16 or BF16 network (widen-model.ts)', () => {
  const { onnx } = onnxProto;

  it.each(['float16', 'bfloat16'] as const)('%s: every tensor, weight and type becomes FP32', async (type) => {
    const wide = widenToFloat32(Buffer.from(typedAffineOnnx(type)))!;
    const model = onnx.ModelProto.decode(wide);
    expect(model.graph!.input![0]!.type!.tensorType!.elemType).toBe(onnx.TensorProto.DataType.FLOAT);
    expect(model.graph!.output![0]!.type!.tensorType!.elemType).toBe(onnx.TensorProto.DataType.FLOAT);
    expect(model.graph!.initializer!.map((t) => [t.dataType, t.int32Data!.length])).toEqual([
      [1, 0],
      [1, 0],
    ]);
    const session = await ort.InferenceSession.create(wide);
    const x = Float32Array.of(1, 1, 1, 1, -2, 0.5, 4, 0);
    const { y } = await session.run({ x: new ort.Tensor('float32', x, [2, 4]) });
    // relu(x * [1.5, -2, 0.75, 3] + [0.25, 0.5, -0.125, 1]), exactly: every value is a short binary fraction.
    expect([...(y!.data as Float32Array)]).toEqual([1.75, 0, 0.625, 4, 0, 0, 2.875, 1]);
  });

  it('a Cast to FP16 becomes a Cast to FP32; an FP32 model is left as it is (null)', () => {
    const T = onnx.TensorProto.DataType;
    const info = (name: string, elemType: number) =>
      onnx.ValueInfoProto.create({ name, type: { tensorType: { elemType, shape: { dim: [{ dimValue: 2 }] } } } });
    const cast = (to: number) =>
      onnx.ModelProto.encode(
        onnx.ModelProto.create({
          irVersion: 8,
          opsetImport: [{ domain: '', version: 17 }],
          graph: {
            name: 'cast',
            node: [
              {
                opType: 'Cast',
                input: ['x'],
                output: ['y'],
                attribute: [{ name: 'to', i: to, type: onnx.AttributeProto.AttributeType.INT }],
              },
            ],
            input: [info('x', T.FLOAT)],
            output: [info('y', to)],
          },
        }),
      ).finish();
    const wide = onnx.ModelProto.decode(widenToFloat32(Buffer.from(cast(T.FLOAT16)))!);
    expect(Number(wide.graph!.node![0]!.attribute![0]!.i)).toBe(T.FLOAT);
    expect(widenToFloat32(Buffer.from(cast(T.INT64)))).toBeNull();
    expect(widenToFloat32(Buffer.from(classifierOnnx()))).toBeNull();
  });

  it('FP16 weights in external data are said, not widened to garbage', () => {
    const model = onnx.ModelProto.decode(typedAffineOnnx('float16'));
    model.graph!.initializer![0] = onnx.TensorProto.create({
      name: 'w',
      dims: [4],
      dataType: onnx.TensorProto.DataType.FLOAT16,
      dataLocation: onnx.TensorProto.DataLocation.EXTERNAL,
      externalData: [{ key: 'location', value: 'w.bin' }],
    });
    expect(() => widenToFloat32(Buffer.from(onnx.ModelProto.encode(model).finish()))).toThrow(
      /FP16\/BF16 weights are in external data/,
    );
  });
});
