// TensorRT 11 builds what the ONNX holds: an fp16 model whose engine is FP32 everywhere fails with that
// reason before its size or latency could read as a regression (roboflow/rf-detr#1453). The stand-in's 11.x
// layer info is the ONNX's own float type (FP32 when no tensor of it is FP16 or BF16).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import onnxProto from 'onnx-proto';
import { describe, expect, it } from 'vitest';
import type { EngineLayer } from '../src/tensorrt/layer-info.js';
import { fp32Everywhere, judgesSilentFp32 } from '../src/tensorrt/silent-fp32.js';
import { parseVersion } from '../src/tensorrt/version.js';
import { cli, makeRunner } from './support/harness.js';
import { logSumExpOnnx } from './support/onnx-models.js';

const layer = (precisions: string[], reformat = false): EngineLayer => ({
  name: 'l',
  type: reformat ? 'Reformat' : 'CaskConvolution',
  onnxNodes: reformat ? [] : ['n'],
  reformatOf: null,
  precisions,
  formats: [],
  tactic: null,
  weightBytes: 0,
  auxiliaryStream: false,
});

describe('fp32Everywhere', () => {
  it('is true only when every float a computing layer holds is FP32', () => {
    expect(fp32Everywhere([layer(['fp32']), layer(['fp32', 'int64'])])).toBe(true);
    expect(fp32Everywhere([layer(['fp32']), layer(['fp16'])])).toBe(false);
    expect(fp32Everywhere([layer(['fp32']), layer(['int8'])])).toBe(false);
    // Indices only (no float at all), or no layers: nothing says FP32 was built in place of FP16.
    expect(fp32Everywhere([layer(['int32', 'int64', 'bool'])])).toBe(false);
    expect(fp32Everywhere([])).toBe(false);
    // A reformat's FP16 is a copy, not the network computing in FP16.
    expect(fp32Everywhere([layer(['fp32']), layer(['fp16'], true)])).toBe(true);
  });
});

describe('judgesSilentFp32', () => {
  const v = (text: string) => parseVersion(text)!;
  const fp16 = { precision: 'fp16' as const, keepFp32: [] };

  it('judges strongly typed fp16/bf16 builds from 11.0 on, whatever the written ONNX holds', () => {
    expect(judgesSilentFp32(fp16, v('11.0.0'), 3)).toBe(true);
    expect(judgesSilentFp32(fp16, v('11.0.0'), 0)).toBe(true);
    expect(judgesSilentFp32(fp16, v('11.0.0'), null)).toBe(true);
    expect(judgesSilentFp32({ ...fp16, precision: 'bf16' }, v('11.5.0'), 2)).toBe(true);
    expect(judgesSilentFp32(fp16, v('10.16.1'), null)).toBe(false);
    expect(judgesSilentFp32({ ...fp16, precision: 'strongly-typed' }, v('11.2.1'), null)).toBe(false);
  });

  it('exempts a keep-fp32 list only where it left no narrow node: FP32 everywhere is then what was asked', () => {
    const kept = { ...fp16, keepFp32: ['a'] };
    expect(judgesSilentFp32(kept, v('11.2.1'), 0)).toBe(false);
    expect(judgesSilentFp32(kept, v('11.2.1'), 1)).toBe(true);
    // No written ONNX to show the list kept everything: no evidence, judged.
    expect(judgesSilentFp32(kept, v('11.2.1'), null)).toBe(true);
  });
});

/** x -> Hardmax -> y: an op the FP16 writer keeps in FP32, so the written ONNX holds no FP16 at all. */
function hardmaxOnnx(): Uint8Array {
  const { onnx } = onnxProto;
  const info = (name: string) =>
    onnx.ValueInfoProto.create({
      name,
      type: { tensorType: { elemType: 1, shape: { dim: [{ dimValue: 1 }, { dimValue: 4 }] } } },
    });
  const graph = onnx.GraphProto.create({
    name: 'hardmax',
    node: [onnx.NodeProto.create({ opType: 'Hardmax', name: 'hardmax', input: ['x'], output: ['y'] })],
    input: [info('x')],
    output: [info('y')],
  });
  return onnx.ModelProto.encode(
    onnx.ModelProto.create({ irVersion: 8, opsetImport: [{ domain: '', version: 17 }], graph }),
  ).finish();
}

async function run(version: string, model: Uint8Array, shape: string, keep = '', switches = {}) {
  const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_VERSION: version, ...switches } });
  writeFileSync(join(runner.dir, 'm.onnx'), model);
  const config = runner.writeConfig(
    `output-dir: out\nmodels:\n  - name: m\n    onnx: m.onnx\n    precision: fp16\n${keep}` +
      `    profiles: [{ name: p, shapes: { x: ${shape} } }]\n`,
  );
  const result = await cli(['run', '--config', config, '--json']);
  return { result, report: JSON.parse(result.stdout || '{}') };
}

describe('an fp16 model built FP32 everywhere on TensorRT 11', () => {
  it('fails with the reason and the fix, naming the written ONNX', async () => {
    const { result, report } = await run('11.2.1.2', hardmaxOnnx(), '1x4');
    expect(result.code, result.stderr).toBe(1);
    expect(report.builds[0].status).toBe('failed');
    expect(report.builds[0].failure.kind).toBe('silent-fp32');
    expect(report.builds[0].failure.message).toMatch(
      /computes in FP32 everywhere .* asks for fp16: the FP16 ONNX trt-ci wrote has no FP16 node: every op of/,
    );
    expect(report.builds[0].failure.hint).toMatch(/strongly-typed/);
    // FP32 asked for by keep-fp32 (the search keeps every candidate once) is what was asked: built.
    const kept = await run('11.2.1.2', hardmaxOnnx(), '1x4', '    keep-fp32: [hardmax]\n');
    expect(kept.report.builds[0].status, kept.result.stderr).toBe('built');
  });

  it('a keep-fp32 list that leaves FP16 nodes is judged: an engine FP32 everywhere fails all the same', async () => {
    // exp, sum and log kept: y (the Mul) is the written ONNX's one FP16 node, fused into an FP32 kernel.
    const keep = '    keep-fp32: [exp, sum, log]\n';
    const fellBack = await run('11.2.1.2', logSumExpOnnx(), '1x16', keep, { TRTEXEC_STANDIN_FUSED_TO_FP32: '1' });
    expect(fellBack.result.code, fellBack.result.stderr).toBe(1);
    expect(fellBack.report.builds[0].builtFrom.fp16Nodes).toBe(1);
    expect(fellBack.report.builds[0].failure).toMatchObject({ kind: 'silent-fp32' });
    expect(fellBack.report.builds[0].failure.message).toMatch(
      /the FP16 ONNX trt-ci wrote has 1 FP16 node\(s\), and TensorRT still built every layer in FP32$/,
    );
    // The same list with the FP16 layer built FP16: built.
    const honest = await run('11.2.1.2', logSumExpOnnx(), '1x16', keep);
    expect(honest.report.builds[0].status, honest.result.stderr).toBe('built');
  });

  it('a model the writer narrows builds as before; 10.x (FP16 allowed, not forced) is not judged', async () => {
    const narrowed = await run('11.2.1.2', logSumExpOnnx(), '1x16');
    expect(narrowed.report.builds[0].status, narrowed.result.stderr).toBe('built');
    const weak = await run('10.16.1.11', hardmaxOnnx(), '1x4');
    expect(weak.report.builds[0].status, weak.result.stderr).toBe('built');
  });
});
