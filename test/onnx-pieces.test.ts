// ONNX Runtime run in pieces (src/onnx/pieces.ts): the same outputs as the whole model, bit for bit in
// FP32, whatever the cut (tensors read pieces later, initializers shared, If and Loop bodies capturing outer
// tensors, int64 shape paths across an edge); a session per piece; a cancel stops at the next piece; a model
// whose pieces fail says the whole model's own error.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import onnxProto from 'onnx-proto';
import { loadOnnxRuntime, type ReferenceOutput, referenceOutputs } from '../src/onnx/runtime.js';
import { runInPieces } from '../src/onnx/pieces.js';
import type { InputTensor } from '../src/onnx/seeded-inputs.js';
import { countingOrt } from './support/counting-ort.js';
import { controlFlowOnnx, plantedChainOnnx, TRAP_KINDS } from './support/onnx-models.js';

const x = (dims: number[], values: number[]): InputTensor[] =>
  [{ name: 'x', dims, type: 'float32', values: Float32Array.from(values) }] as unknown as InputTensor[];
const bits = (outputs: ReferenceOutput[]) =>
  outputs.map((o) => ({ name: o.name, dims: o.dims, values: [...o.values].map((v) => (Object.is(v, -0) ? '-0' : v)) }));

/** y = x * w, w [count] FP32 with `data` as its TensorProto's data fields. */
function mulModel(count: number, data: onnxProto.onnx.ITensorProto): Buffer {
  const { onnx } = onnxProto;
  const info = (name: string) =>
    onnx.ValueInfoProto.create({
      name,
      type: { tensorType: { elemType: 1, shape: { dim: [{ dimValue: 1 }, { dimValue: count }] } } },
    });
  const graph = onnx.GraphProto.create({
    name: 'mul',
    node: [onnx.NodeProto.create({ opType: 'Mul', name: 'mul', input: ['x', 'w'], output: ['y'] })],
    initializer: [onnx.TensorProto.create({ name: 'w', dims: [count], dataType: 1, ...data })],
    input: [info('x')],
    output: [info('y')],
  });
  return Buffer.from(onnx.ModelProto.encode({ irVersion: 8, opsetImport: [{ version: 17 }], graph }).finish());
}

describe('runInPieces', () => {
  const flow = Buffer.from(controlFlowOnnx());
  const flowInputs = x([2, 4], [0.5, -1.25, 2, 0.75, 1.5, -0.5, 0.25, 3]);

  it("gives ONNX Runtime's own outputs, bit for bit, at every cut of a control-flow graph", async () => {
    const ort = await loadOnnxRuntime();
    const wanted = bits(await referenceOutputs(ort, await ort.InferenceSession.create(flow), flowInputs));
    expect(wanted.map((o) => o.name)).toEqual(['y', 'trips']);
    for (const size of [1, 2, 3, 5, 13, 1000])
      expect(bits(await runInPieces(ort, flow, flowInputs, { size: { nodes: size } })), `size ${size}`).toEqual(wanted);
  });

  it("hands large weights and external data to ONNX Runtime as each piece's own external data", async () => {
    const ort = await loadOnnxRuntime();
    const count = (1 << 19) + 5;
    const w = Float32Array.from({ length: count }, (_, i) => ((i * 7919) % 1000) / 250 - 2);
    const inputs = x(
      [1, count],
      Array.from({ length: count }, (_, i) => (i % 13) / 7),
    );
    const inline = mulModel(count, { rawData: new Uint8Array(w.buffer) });
    const wanted = bits(await referenceOutputs(ort, await ort.InferenceSession.create(inline), inputs));
    expect(bits(await runInPieces(ort, inline, inputs))).toEqual(wanted);
    // The same weight in a file beside the model, 16 bytes in.
    const dir = mkdtempSync(join(tmpdir(), 'trt-ci-pieces-'));
    writeFileSync(join(dir, 'w.bin'), Buffer.concat([Buffer.alloc(16, 7), Buffer.from(w.buffer)]));
    const external = (location: string) =>
      mulModel(count, {
        dataLocation: 1,
        externalData: [
          { key: 'location', value: location },
          { key: 'offset', value: '16' },
          { key: 'length', value: String(w.byteLength) },
        ],
      });
    expect(bits(await runInPieces(ort, external('w.bin'), inputs, { dir }))).toEqual(wanted);
    await expect(runInPieces(ort, external('../w.bin'), inputs, { dir })).rejects.toThrow(
      "external data ../w.bin is outside the model's folder",
    );
  });

  it('a range the file does not hold, or a link out of the folder, is said naming the tensor (issue 58)', async () => {
    const ort = await loadOnnxRuntime();
    const count = 8;
    const w = Float32Array.from({ length: count }, (_, i) => i);
    const inputs = x(
      [1, count],
      Array.from({ length: count }, () => 1),
    );
    const dir = mkdtempSync(join(tmpdir(), 'trt-ci-pieces-'));
    writeFileSync(join(dir, 'w.bin'), Buffer.from(w.buffer));
    const external = (location: string, offset: string, length: string) =>
      mulModel(count, {
        dataLocation: 1,
        externalData: [
          { key: 'location', value: location },
          { key: 'offset', value: offset },
          { key: 'length', value: length },
        ],
      });
    const said = (offset: string, length: string) =>
      `w: external data w.bin holds 32 bytes; offset ${offset} and length ${length} are not a range of it`;
    for (const [offset, length] of [
      ['-4', '32'],
      ['0', '-1'],
      ['4', '32'],
      ['0', '99999999999'],
    ] as const)
      await expect(runInPieces(ort, external('w.bin', offset, length), inputs, { dir })).rejects.toThrow(
        said(offset, length),
      );
    // Exactly the file: read.
    await expect(runInPieces(ort, external('w.bin', '0', '32'), inputs, { dir })).resolves.toBeDefined();
    // A link beside the model that leads out of its folder: refused, though its name is inside.
    const outside = mkdtempSync(join(tmpdir(), 'trt-ci-outside-'));
    writeFileSync(join(outside, 'secret.bin'), Buffer.from(w.buffer));
    symlinkSync(join(outside, 'secret.bin'), join(dir, 'link.bin'));
    await expect(runInPieces(ort, external('link.bin', '0', '32'), inputs, { dir })).rejects.toThrow(
      "w: external data link.bin is outside the model's folder",
    );
  });

  it('a chain of every trap in pieces of 7 agrees with it whole; one session per piece', async () => {
    const chain = Buffer.from(plantedChainOnnx(3, 120, TRAP_KINDS.length, TRAP_KINDS).model);
    const inputs = x([1, 4], [1.5, 2, 2.5, 3]);
    const whole = await countingOrt();
    const wanted = bits(await runInPieces(whole.ort, chain, inputs, { size: { nodes: 100_000 } }));
    expect(whole.state.created).toBe(1);
    const cut = await countingOrt();
    expect(bits(await runInPieces(cut.ort, chain, inputs, { size: { nodes: 7 } }))).toEqual(wanted);
    const nodes = (await import('../src/onnx/graph.js')).fieldsOf;
    const graph = nodes(chain).find((f) => f.number === 7)!;
    const count = nodes(chain.subarray(graph.payload, graph.end)).filter((f) => f.number === 1).length;
    expect(cut.state.created).toBe(Math.ceil(count / 7));
  });

  it('closes a piece before the weights it reads pass the bound; one larger weight is a piece of its own', async () => {
    // x * w0 * w1 * w2, each weight 4 KiB: under an 8 KiB bound, two pieces (w0 and w1, then w2); under 4 KiB - 1,
    // each weight its own piece; the outputs the same.
    const { onnx } = onnxProto;
    const n = 1024;
    const info = (name: string) =>
      onnx.ValueInfoProto.create({
        name,
        type: { tensorType: { elemType: 1, shape: { dim: [{ dimValue: 1 }, { dimValue: n }] } } },
      });
    const weight = (k: number) =>
      onnx.TensorProto.create({
        name: `w${k}`,
        dims: [n],
        dataType: 1,
        rawData: new Uint8Array(Float32Array.from({ length: n }, (_, i) => 1 + ((i * (k + 3)) % 17) / 64).buffer),
      });
    const graph = onnx.GraphProto.create({
      name: 'weights',
      node: [0, 1, 2].map((k) =>
        onnx.NodeProto.create({
          opType: 'Mul',
          input: [k ? `m${k - 1}` : 'x', `w${k}`],
          output: [k === 2 ? 'y' : `m${k}`],
        }),
      ),
      initializer: [0, 1, 2].map(weight),
      input: [info('x')],
      output: [info('y')],
    });
    const model = Buffer.from(onnx.ModelProto.encode({ irVersion: 8, opsetImport: [{ version: 17 }], graph }).finish());
    const inputs = x(
      [1, n],
      Array.from({ length: n }, (_, i) => (i % 5) - 2),
    );
    const sessions = async (weights: number) => {
      const { ort, state } = await countingOrt();
      const out = bits(await runInPieces(ort, model, inputs, { size: { weights } }));
      return { out, created: state.created };
    };
    const whole = await sessions(3 * 4 * n);
    expect(whole.created).toBe(1);
    expect(await sessions(2 * 4 * n)).toEqual({ out: whole.out, created: 2 });
    expect(await sessions(2 * 4 * n - 1)).toEqual({ out: whole.out, created: 3 });
    expect(await sessions(1)).toEqual({ out: whole.out, created: 3 });
  });

  it('a cancel stops the run at the next piece: no session after it', async () => {
    const controller = new AbortController();
    const { ort, state } = await countingOrt((n) => {
      if (n === 2) controller.abort(new Error('cancelled by the test'));
    });
    await expect(runInPieces(ort, flow, flowInputs, { size: { nodes: 2 }, signal: controller.signal })).rejects.toThrow(
      'cancelled by the test',
    );
    expect(state.created).toBe(2);
  });

  it('a cancel from a timer or a signal handler (a macrotask) is seen at the next piece, not at the end', async () => {
    const chain = Buffer.from(plantedChainOnnx(3, 400, 0).model);
    const controller = new AbortController();
    const { ort, state } = await countingOrt((n) => {
      // The abort comes as SIGTERM's does: from the event loop, after this session's start.
      if (n === 3) setTimeout(() => controller.abort(new Error('SIGTERM')), 0);
    });
    const run = runInPieces(ort, chain, x([1, 4], [1, 2, 3, 4]), { size: { nodes: 4 }, signal: controller.signal });
    await expect(run).rejects.toThrow('SIGTERM');
    // ONNX Runtime settles its promises as microtasks: without a turn of the event loop all 100 pieces would run.
    expect(state.created).toBeLessThan(10);
  });

  it("a model whose pieces fail says the whole model's error, not a piece's", async () => {
    // The Loop's body reads a bias that no graph defines: ONNX Runtime refuses the whole model.
    const broken = Buffer.from(flow.toString('latin1').replace('bias', 'bia5'), 'latin1');
    const ort = await loadOnnxRuntime();
    const whole = await runInPieces(ort, broken, flowInputs, { size: { nodes: 1000 } }).catch((e: Error) => e.message);
    expect(whole).toMatch(/bia5|bias/);
    const pieces = await runInPieces(ort, broken, flowInputs, { size: { nodes: 2 } }).catch((e: Error) => e.message);
    expect(pieces).toBe(whole);
  });
});
