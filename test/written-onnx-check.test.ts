// Issue 37: the FP16 ONNX trt-ci writes for TensorRT 11 is checked by ONNX Runtime (it loads, its outputs agree
// with the user's model within the FP16 band) before any GPU time is spent on it. Real ONNX Runtime, real models.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import onnxProto from 'onnx-proto';
import { describe, expect, it } from 'vitest';
import { checkWrittenOnnx, judgeWritten, WRITTEN_BAND } from '../src/builds/written-onnx-check.js';
import type { ModelConfig } from '../src/contract/config.js';
import type { Report } from '../src/contract/report.js';
import { renderSummary } from '../src/report/render.js';
import { mixedPrecisionOnnx } from '../src/onnx/mixed-precision.js';
import { loadOnnxRuntime, type ReferenceOutput } from '../src/onnx/runtime.js';
import { countingOrt } from './support/counting-ort.js';
import { cli, makeRunner } from './support/harness.js';
import {
  affineOnnx,
  bigWeightOnnx,
  cancellationOnnx,
  externalWeightOnnx,
  plantedChainOnnx,
} from './support/onnx-models.js';
import { tensorrtUpgradeReport } from './support/reports.js';

const out = (name: string, values: number[], type: ReferenceOutput['type'] = 'float32'): ReferenceOutput => ({
  name,
  dims: [values.length],
  type,
  values: type === 'float32' ? Float32Array.from(values) : Float64Array.from(values),
});

describe('judgeWritten: the band, Inf and NaN, missing outputs', () => {
  it('agrees up to the band of the largest value and differs just past it', () => {
    const want = [out('y', [4, -2, 1])];
    // Error measured against the largest magnitude, 4: exactly the band, then just past it.
    const at = 4 * WRITTEN_BAND;
    expect(judgeWritten(want, [out('y', [4 + at, -2, 1])])).toEqual({
      status: 'agrees',
      worst: { output: 'y', error: Math.fround(4 + at) / 4 - 1 },
    });
    expect(judgeWritten(want, [out('y', [4, -2, 1 + 4 * WRITTEN_BAND * 1.01])])!.status).toBe('differs');
  });

  it('Inf or NaN where the model has a number differs (error null); the same Inf or NaN agrees', () => {
    expect(judgeWritten([out('y', [1, 2])], [out('y', [1, Number.POSITIVE_INFINITY])])).toEqual({
      status: 'differs',
      worst: { output: 'y', error: null },
    });
    expect(judgeWritten([out('y', [1, Number.NaN])], [out('y', [1, Number.NaN])])!.status).toBe('agrees');
    expect(judgeWritten([out('y', [1, Number.NaN])], [out('y', [1, 0])])!.status).toBe('differs');
  });

  it('a missing output differs; integer outputs are not compared (none float: no verdict); worst is named', () => {
    expect(judgeWritten([out('y', [1])], [out('z', [1])])!.worst).toEqual({ output: 'y', error: null });
    expect(judgeWritten([out('i', [3], 'int64')], [out('i', [4], 'int64')])).toBeNull();
    const two = judgeWritten([out('a', [1]), out('b', [1])], [out('a', [1.001]), out('b', [1.1])]);
    expect(two!.worst!.output).toBe('b');
  });
});

const model = (over: Partial<ModelConfig> = {}): ModelConfig =>
  ({
    name: 'm',
    onnx: 'm.onnx',
    precision: 'fp16',
    keepFp32: [],
    accuracy: null,
    profiles: [{ name: 'p', shapes: [{ input: 'x', min: [1, 4], opt: [2, 4], max: [4, 4] }] }],
    ...over,
  }) as ModelConfig;
const FLOAT = new Map([['x', 'float32']]);

describe('checkWrittenOnnx on ONNX Runtime', () => {
  it('the written affine model loads and agrees, at the first profile min shape', async () => {
    const source = affineOnnx();
    const written = mixedPrecisionOnnx(Buffer.from(source), { narrow: 'fp16', keep: new Set() }).model;
    const check = await checkWrittenOnnx(model(), source, written, FLOAT, loadOnnxRuntime);
    expect(check).toMatchObject({ status: 'agrees', shape: 'x:1x4', reason: null });
    expect(check.worst!.error).toBeLessThanOrEqual(WRITTEN_BAND);
  });

  it("the user's model runs once for many written copies of it (a search's candidates)", async () => {
    const source = affineOnnx();
    let created = 0;
    const counting = async () => (await countingOrt(() => (created += 1))).ort;
    const profile = { name: 'q', shapes: [{ input: 'x', min: [3, 4], opt: [3, 4], max: [3, 4] }] };
    const once = model({ profiles: [profile] as ModelConfig['profiles'] });
    for (const keep of [[], ['node_of_doubled'], ['node_of_y']]) {
      const written = mixedPrecisionOnnx(Buffer.from(source), { narrow: 'fp16', keep: new Set(keep) }).model;
      expect((await checkWrittenOnnx(once, source, written, FLOAT, counting)).status).toBe('agrees');
    }
    // Three written models, one original: four sessions, not six.
    expect(created).toBe(4);
  });

  it('a weight past FP16 is kept wide by the writer itself: the nodes reading it stay FP32; it agrees', async () => {
    const source = bigWeightOnnx();
    const written = mixedPrecisionOnnx(Buffer.from(source), { narrow: 'fp16', keep: new Set() });
    expect(written.nodes.map((n) => [n.node, n.precision, n.reason])).toEqual([
      ['shrink', 'fp32', 'reads a constant past the narrow range'],
      ['grow', 'fp32', 'reads a constant past the narrow range'],
      ['shift', 'fp16', 'narrowed'],
    ]);
    const all = await checkWrittenOnnx(model(), source, written.model, FLOAT, loadOnnxRuntime);
    expect(all.status).toBe('agrees');
    // In BF16 (range to 3.4e38) 1e5 fits: nothing is kept.
    const bf16 = mixedPrecisionOnnx(Buffer.from(source), { narrow: 'bf16', keep: new Set() });
    expect(bf16.nodes.map((n) => n.reason)).toEqual(['narrowed', 'narrowed', 'narrowed']);
  });

  it('the edge is where FP16 rounds to Inf: 65519 (rounds to 65504) is narrowed, 65520 kept, -65520 too', () => {
    const reasonFor = (w: number) => {
      const graph = onnxProto.onnx.GraphProto.create({
        name: 'edge',
        node: [{ opType: 'Mul', name: 'scale', input: ['x', 'w'], output: ['y'] }],
        initializer: [{ name: 'w', dims: [1], dataType: 1, floatData: [w] }],
        input: [{ name: 'x', type: { tensorType: { elemType: 1, shape: { dim: [{ dimValue: 4 }] } } } }],
        output: [{ name: 'y', type: { tensorType: { elemType: 1, shape: { dim: [{ dimValue: 4 }] } } } }],
      });
      const bytes = onnxProto.onnx.ModelProto.encode({ irVersion: 8, opsetImport: [{ version: 17 }], graph }).finish();
      return mixedPrecisionOnnx(Buffer.from(bytes), { narrow: 'fp16', keep: new Set() }).nodes[0]!.reason;
    };
    expect([reasonFor(65519), reasonFor(65520), reasonFor(-65520)]).toEqual([
      'narrowed',
      'reads a constant past the narrow range',
      'reads a constant past the narrow range',
    ]);
  });

  it('a weight FP16 rounds away differs; kept in FP32 by keep-fp32, it agrees', async () => {
    const source = cancellationOnnx();
    const write = (keep: string[]) => mixedPrecisionOnnx(Buffer.from(source), { narrow: 'fp16', keep: new Set(keep) });
    const all = await checkWrittenOnnx(model(), source, write([]).model, FLOAT, loadOnnxRuntime);
    expect(all).toMatchObject({ status: 'differs', worst: { output: 'y' } });
    const kept = await checkWrittenOnnx(model(), source, write(['scale']).model, FLOAT, loadOnnxRuntime);
    expect(kept.status).toBe('agrees');
  });

  it('a model whose outputs are all integers is not-checked: an agreement over nothing is no check', async () => {
    const { onnx } = onnxProto;
    const info = (name: string, elemType: number, dims: number[]) => ({
      name,
      type: { tensorType: { elemType, shape: { dim: dims.map((dimValue) => ({ dimValue })) } } },
    });
    const argmax = onnx.ModelProto.encode({
      irVersion: 8,
      opsetImport: [{ domain: '', version: 17 }],
      graph: {
        name: 'argmax',
        node: [
          { opType: 'Relu', name: 'act', input: ['x'], output: ['r'] },
          { opType: 'ArgMax', name: 'pick', input: ['r'], output: ['i'], attribute: [{ name: 'axis', type: 2, i: 1 }] },
        ],
        input: [info('x', 1, [1, 4])],
        output: [info('i', 7, [1, 1])],
      },
    }).finish();
    const written = mixedPrecisionOnnx(Buffer.from(argmax), { narrow: 'fp16', keep: new Set() }).model;
    const check = await checkWrittenOnnx(model(), argmax, written, FLOAT, loadOnnxRuntime);
    expect(check).toMatchObject({ status: 'not-checked', worst: null });
    expect(check.reason).toMatch(/no float output to compare/);
  });

  it('bytes ONNX Runtime cannot load are does-not-load; a model it cannot run itself is not-checked', async () => {
    const source = affineOnnx();
    const broken = await checkWrittenOnnx(model(), source, Buffer.from('not an onnx'), FLOAT, loadOnnxRuntime);
    expect(broken.status).toBe('does-not-load');
    expect(broken.reason).toMatch(/^ONNX Runtime cannot run the written model: /);
    // A custom-domain op (a TensorRT plugin's): ONNX Runtime has no kernel for the user's own model.
    const { onnx } = onnxProto;
    const custom = onnx.ModelProto.encode({
      irVersion: 8,
      opsetImport: [
        { domain: '', version: 17 },
        { domain: 'trt.plugins', version: 1 },
      ],
      graph: {
        name: 'plugin',
        node: [{ opType: 'LeakyPlugin', domain: 'trt.plugins', input: ['x'], output: ['y'] }],
        input: [
          { name: 'x', type: { tensorType: { elemType: 1, shape: { dim: [{ dimValue: 1 }, { dimValue: 4 }] } } } },
        ],
        output: [
          { name: 'y', type: { tensorType: { elemType: 1, shape: { dim: [{ dimValue: 1 }, { dimValue: 4 }] } } } },
        ],
      },
    }).finish();
    const unchecked = await checkWrittenOnnx(model(), custom, custom, FLOAT, loadOnnxRuntime);
    expect(unchecked.status).toBe('not-checked');
    expect(unchecked.reason).toMatch(/^ONNX Runtime cannot run the model itself: .*LeakyPlugin/);
  });
});

describe('the check of a long written chain: in pieces, stopped by a cancel', () => {
  const chain = plantedChainOnnx(5, 2500, 0).model;
  const written = mixedPrecisionOnnx(Buffer.from(chain), { narrow: 'fp16', keep: new Set() }).model;
  const counting = (onCreate: (n: number) => void) => async () => (await countingOrt(onCreate)).ort;

  it("a model with external data is checked, its file read from the model's folder (not-checked before)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trt-ci-written-ext-'));
    const { model: source, data } = externalWeightOnnx();
    writeFileSync(join(dir, 'w.bin'), data);
    const written = mixedPrecisionOnnx(Buffer.from(source), { narrow: 'fp16', keep: new Set() }).model;
    const profile = { name: 'e', shapes: [{ input: 'x', min: [1, 64], opt: [1, 64], max: [1, 64] }] };
    const config = model({ onnx: join(dir, 'ext.onnx'), profiles: [profile] } as Partial<ModelConfig>);
    const check = await checkWrittenOnnx(config, source, written, FLOAT, loadOnnxRuntime);
    expect(check, check.reason ?? '').toMatchObject({ status: 'agrees', shape: 'x:1x64' });
  });

  it('runs each model as pieces of 1,000 nodes, and agrees', async () => {
    const sessions: number[] = [];
    const check = await checkWrittenOnnx(
      model(),
      chain,
      written,
      FLOAT,
      counting((n) => sessions.push(n)),
    );
    expect(check.status).toBe('agrees');
    // 2,500 nodes and the writer's two Casts: three pieces for the user's model, three for the written one.
    expect(sessions).toHaveLength(6);
  });

  it('a cancel while the written model runs stops it at its next piece: not-checked, cancelled', async () => {
    const controller = new AbortController();
    let created = 0;
    // Another chain: the user's model's outputs are not yet kept from a check before.
    const other = plantedChainOnnx(6, 2500, 0).model;
    const check = await checkWrittenOnnx(
      model(),
      other,
      mixedPrecisionOnnx(Buffer.from(other), { narrow: 'fp16', keep: new Set() }).model,
      FLOAT,
      counting((n) => {
        created = n;
        if (n === 5) controller.abort();
      }),
      { signal: controller.signal },
    );
    expect(check).toMatchObject({ status: 'not-checked', reason: 'the run was cancelled' });
    expect(created).toBe(5);
  });
});

describe('a run on TensorRT 11 builds nothing from a written ONNX that does not agree', () => {
  const run = async (keep: string, onnx = cancellationOnnx()) => {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_VERSION: '11.2.1.2' } });
    writeFileSync(join(runner.dir, 'big.onnx'), onnx);
    const config = runner.writeConfig(
      `output-dir: out\nmodels:\n  - name: big\n    onnx: big.onnx\n    precision: fp16\n${keep}` +
        '    profiles: [{ name: p, shapes: { x: { min: 1x4, opt: 2x4, max: 4x4 } } }]\n',
    );
    const result = await cli(['run', '--config', config, '--json']);
    const builds = runner.calls().filter((c) => c.args.some((a) => a.startsWith('--saveEngine=')));
    return { result, report: JSON.parse(result.stdout || '{}') as Report, builds, runner };
  };

  it('all-FP16: the build fails before trtexec, naming the output and the fix; kept, it builds', async () => {
    const refused = await run('');
    expect(refused.result.code, refused.result.stderr).toBe(1);
    expect(refused.builds).toEqual([]);
    const build = refused.report.builds[0]!;
    expect(build.status).toBe('failed');
    // An accuracy verdict on the narrow model (a precision search counts it as failing), not a broken build.
    expect(build.failure!.kind).toBe('precision-onnx-inaccurate');
    expect(build.failure!.message).toMatch(
      new RegExp(
        '^the FP16 ONNX trt-ci wrote from big\\.onnx was not built: on ONNX Runtime its output y is off ' +
          "from the model's by [\\d.]+% of its largest value at x:1x4 \\(band 0\\.78%\\)$",
      ),
    );
    expect(build.failure!.hint).toMatch(/keep-fp32/);
    expect(renderSummary(refused.report)).toMatch(/was not built: on ONNX Runtime/);

    const kept = await run('    keep-fp32: [scale]\n');
    expect(kept.result.code, kept.result.stderr).toBe(0);
    expect(kept.builds).toHaveLength(1);
    expect(kept.report.builds[0]!.builtFrom!.check).toMatchObject({ status: 'agrees', shape: 'x:1x4', reason: null });
  });
});

describe('TensorRT 11, a constant past FP16 (1e5): built, with no keep-fp32 list, and said', () => {
  it('the writer keeps the nodes that read it FP32; the summary names them; precision-search can start', async () => {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_VERSION: '11.2.1.2' } });
    writeFileSync(join(runner.dir, 'big.onnx'), bigWeightOnnx());
    const config = runner.writeConfig(
      'output-dir: out\nmodels:\n  - name: big\n    onnx: big.onnx\n    precision: fp16\n' +
        '    profiles: [{ name: p, shapes: { x: { min: 1x4, opt: 2x4, max: 4x4 } } }]\n',
    );
    const result = await cli(['run', '--config', config, '--json']);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as Report;
    expect(report.builds[0]!.status).toBe('built');
    expect(report.builds[0]!.builtFrom).toMatchObject({ keptWide: ['shrink', 'grow'], check: { status: 'agrees' } });
    expect(renderSummary(report)).toMatch(/`shrink`, `grow` stayed FP32 on their own: they read a constant past FP16/);
  });
});

describe('a written ONNX built without the check is said at the top', () => {
  it('the headline names the model and why; a checked one says nothing', () => {
    const report = tensorrtUpgradeReport();
    const builtFrom = (status: 'agrees' | 'not-checked') => ({
      onnx: 'out/fp16-onnx/up/up.onnx',
      fp16Nodes: 3,
      fp32Nodes: 0,
      kept: [],
      keptWide: [],
      casts: 2,
      check: {
        status,
        worst: null,
        band: WRITTEN_BAND,
        shape: 'x:1x4',
        reason: status === 'agrees' ? null : 'ONNX Runtime cannot run the model itself: no kernel for LeakyPlugin',
      },
    });
    const withCheck = (status: 'agrees' | 'not-checked') => ({
      ...report,
      builds: report.builds.map((b, i) => (i === 0 ? { ...b, builtFrom: builtFrom(status) } : b)),
    });
    const said = renderSummary(withCheck('not-checked'));
    expect(said).toContain(
      `The FP16 ONNX trt-ci wrote for **${report.builds[0]!.model}** was built without ONNX Runtime's check: ` +
        'ONNX Runtime cannot run the model itself: no kernel for LeakyPlugin.',
    );
    expect(renderSummary(withCheck('agrees'))).not.toContain("without ONNX Runtime's check");
    const bf16 = withCheck('not-checked');
    bf16.builds[0] = { ...bf16.builds[0]!, builtFrom: { ...bf16.builds[0]!.builtFrom!, narrow: 'bf16' } };
    expect(renderSummary(bf16)).toContain(`The BF16 ONNX trt-ci wrote for **${report.builds[0]!.model}**`);
  });
});
