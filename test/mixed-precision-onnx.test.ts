// The TensorRT 11 mixed-precision ONNX writer on every model the project's tests run and on graphs with
// If/Loop, an int64 shape path, Resize scales, Cast and ConstantOfShape: ONNX Runtime loads what it writes,
// its outputs agree with the FP32 model within the narrow type's band, and each node is FP16 (or BF16) where
// it must be and FP32 where its types are fixed or the user keeps it (a node-by-node table per model).
import onnxProto from 'onnx-proto';
import * as ort from 'onnxruntime-web';
import { describe, expect, it } from 'vitest';
import { mixedPrecisionOnnx } from '../src/onnx/mixed-precision.js';
import { type NarrowType, narrowValues } from '../src/onnx/graph.js';
import { widenToFloat32 } from '../src/onnx/widen-model.js';
import { affineOnnx, classifierOnnx, controlFlowOnnx, encoderOnnx, twoOutputsOnnx } from './support/onnx-models.js';

const { onnx } = onnxProto;
type Feeds = Record<string, ort.Tensor>;

function seeded(count: number, seed: number, low: number, high: number): Float32Array {
  let state = seed;
  return Float32Array.from({ length: count }, () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return low + (state / 0x7fffffff) * (high - low);
  });
}

async function outputs(model: Uint8Array, feeds: Feeds): Promise<Record<string, Float32Array | BigInt64Array>> {
  const session = await ort.InferenceSession.create(model);
  const result = await session.run(feeds);
  return Object.fromEntries(Object.entries(result).map(([k, v]) => [k, v.data as Float32Array | BigInt64Array]));
}

/** The elem type of every tensor each node reads, from the written model (onnx-proto decodes it). */
function inputTypes(model: Buffer): Map<string, number[]> {
  const decoded = onnx.ModelProto.decode(model);
  const out = new Map<string, number[]>();
  const walk = (graph: onnxProto.onnx.IGraphProto, outer: Map<string, number>) => {
    const types = new Map(outer);
    for (const t of graph.initializer ?? []) types.set(t.name!, t.dataType!);
    for (const v of [...(graph.input ?? []), ...(graph.valueInfo ?? [])])
      types.set(v.name!, v.type?.tensorType?.elemType ?? 0);
    for (const n of graph.node ?? []) {
      const name = n.name || `node_of_${n.output![0]!.replace(/__trtci_fp16$/, '')}`;
      if (!name.endsWith('__cast'))
        out.set(
          name,
          n.input!.map((i) => (i ? (types.get(i) ?? -1) : 0)),
        );
      for (const a of n.attribute ?? []) if (a.g) walk(a.g, types);
      const to = n.attribute?.find((a) => a.name === 'to')?.i;
      // Outputs take the type the node computes in: a Cast's target, else its first float input's.
      const computed =
        n.opType === 'Cast'
          ? Number(to)
          : ['Shape', 'ArgMax'].includes(n.opType!)
            ? 7
            : n.input!.map((i) => types.get(i)).find((t) => t === 1 || t === 10 || t === 7);
      for (const o of n.output ?? []) if (!types.has(o) && computed) types.set(o, computed);
    }
  };
  walk(decoded.graph!, new Map());
  return out;
}

const table = (written: ReturnType<typeof mixedPrecisionOnnx>) =>
  Object.fromEntries(written.nodes.map((n) => [n.node, `${n.precision} ${n.reason}`]));

function expectClose(got: Float32Array, want: Float32Array, band: number): void {
  expect(got.length).toBe(want.length);
  const scale = Math.max(1e-3, ...Array.from(want, Math.abs));
  for (let i = 0; i < want.length; i++) expect(Math.abs(got[i]! - want[i]!)).toBeLessThanOrEqual(band * scale);
}

const cases: { name: string; model: () => Uint8Array; feeds: () => Feeds }[] = [
  {
    name: 'classifier',
    model: () => classifierOnnx(),
    feeds: () => ({ x: new ort.Tensor('float32', seeded(2 * 3 * 8 * 8, 1, -1, 1), [2, 3, 8, 8]) }),
  },
  { name: 'affine', model: affineOnnx, feeds: () => ({ x: new ort.Tensor('float32', seeded(8, 2, -2, 2), [2, 4]) }) },
  {
    name: 'two outputs',
    model: () => twoOutputsOnnx(['a', 'b']),
    feeds: () => ({ x: new ort.Tensor('float32', seeded(8, 3, -2, 2), [2, 4]) }),
  },
  {
    name: 'encoder',
    model: () => encoderOnnx(50),
    feeds: () => ({
      input_ids: new ort.Tensor('int64', BigInt64Array.from([1n, 7n, 49n, 0n, 3n, 22n]), [2, 3]),
      attention_mask: new ort.Tensor('int64', BigInt64Array.from([1n, 1n, 0n, 1n, 0n, 1n]), [2, 3]),
    }),
  },
  {
    name: 'control flow',
    model: controlFlowOnnx,
    feeds: () => ({ x: new ort.Tensor('float32', seeded(8, 4, 0.1, 1), [2, 4]) }),
  },
];

describe('mixedPrecisionOnnx', () => {
  for (const narrow of ['fp16'] as NarrowType[]) {
    for (const c of cases) {
      it(`${c.name} (${narrow}): ONNX Runtime loads it and agrees with the FP32 model within the band`, async () => {
        const written = mixedPrecisionOnnx(Buffer.from(c.model()), { narrow, keep: new Set() });
        const want = await outputs(c.model(), c.feeds());
        const got = await outputs(written.model, c.feeds());
        expect(Object.keys(got).sort()).toEqual(Object.keys(want).sort());
        for (const [name, values] of Object.entries(want)) {
          if (values instanceof BigInt64Array) expect(got[name]).toEqual(values);
          // FP16 keeps 11 significant bits: a few roundings along the graph stay inside 2^-7 of the scale.
          else expectClose(got[name] as Float32Array, values, 2 ** -7);
        }
        expect(written.nodes.some((n) => n.precision === narrow)).toBe(true);
      });
    }
  }

  // ONNX Runtime's CPU has no BF16 kernels: it resolves a BF16 model (every type checked against ONNX's schemas)
  // and stops at the first node it has no kernel for. Widened to FP32, the BF16 weights as the values they hold,
  // it runs: the numbers within BF16's band (8 significant bits: 2^-4 is 16 units in the last place).
  for (const c of cases) {
    it(`${c.name} (bf16): ONNX Runtime resolves its types, and widened it agrees within the band`, async () => {
      const written = mixedPrecisionOnnx(Buffer.from(c.model()), { narrow: 'bf16', keep: new Set() });
      expect(written.nodes.some((n) => n.precision === 'bf16')).toBe(true);
      expect(written.nodes.some((n) => n.precision === 'fp16')).toBe(false);
      const resolved = await ort.InferenceSession.create(written.model).then(
        () => 'ran',
        (error: Error) => error.message,
      );
      expect(resolved).toMatch(/^(ran|.*Could not find an implementation for)/);
      const want = await outputs(c.model(), c.feeds());
      const got = await outputs(widenToFloat32(written.model)!, c.feeds());
      for (const [name, values] of Object.entries(want)) {
        if (values instanceof BigInt64Array) expect(got[name]).toEqual(values);
        else expectClose(got[name] as Float32Array, values, 2 ** -4);
      }
    });
  }

  it('writes BF16 only where the opset admits it: Conv from opset 22, not 17', () => {
    const at = (opset: number) => {
      const model = onnx.ModelProto.decode(classifierOnnx());
      model.opsetImport = [{ domain: '', version: opset }];
      return mixedPrecisionOnnx(Buffer.from(onnx.ModelProto.encode(model).finish()), {
        narrow: 'bf16',
        keep: new Set(),
      });
    };
    expect(table(at(17))).toEqual({
      node_of_conv: 'fp32 op not narrowed',
      node_of_relu: 'bf16 narrowed',
      node_of_flat: 'bf16 narrowed',
      node_of_logits: 'bf16 narrowed',
      node_of_prob: 'bf16 narrowed',
    });
    expect(table(at(21)).node_of_conv).toBe('fp32 op not narrowed');
    expect(table(at(22)).node_of_conv).toBe('bf16 narrowed');
    // Relu takes BF16 from opset 13 (Relu-13), not at 12; FP16 it took from the first.
    expect(table(at(12)).node_of_relu).toBe('fp32 op not narrowed');
    expect(table(at(13)).node_of_relu).toBe('bf16 narrowed');
    const weights = onnx.ModelProto.decode(at(22).model).graph!.initializer!;
    expect(weights.map((t) => [t.name, t.dataType])).toEqual([
      ['conv.w__trtci_bf16', 16],
      ['fc.w__trtci_bf16', 16],
    ]);
  });

  it('rounds weights to BF16 to nearest even, keeping NaN and Inf', () => {
    const bits = (values: number[]) =>
      Array.from(new Uint16Array(narrowValues(Float32Array.from(values), 'bf16').buffer.slice(0)));
    // 1 + 2^-8 is halfway between 1 and 1 + 2^-7: to even (1); 1 + 3 * 2^-8 to 1 + 2^-6 (even mantissa).
    expect(bits([1, 1 + 2 ** -8, 1 + 3 * 2 ** -8, 1 + 2 ** -8 + 2 ** -20])).toEqual([0x3f80, 0x3f80, 0x3f82, 0x3f81]);
    expect(bits([Number.POSITIVE_INFINITY, -0, 3.4e38])).toEqual([0x7f80, 0x8000, 0x7f80]);
    expect(Number.isNaN(new Float32Array(Uint32Array.of(bits([Number.NaN])[0]! << 16).buffer)[0])).toBe(true);
  });

  it('writes the classifier FP16 node by node, its I/O FP32, and keeps what it is told to', () => {
    const plain = mixedPrecisionOnnx(Buffer.from(classifierOnnx()), { narrow: 'fp16', keep: new Set() });
    expect(table(plain)).toEqual({
      node_of_conv: 'fp16 narrowed',
      node_of_relu: 'fp16 narrowed',
      node_of_flat: 'fp16 narrowed',
      node_of_logits: 'fp16 narrowed',
      node_of_prob: 'fp16 narrowed',
    });
    // x is cast in, prob cast out; every weight is an FP16 initializer, not a Cast.
    expect(plain.casts).toBe(2);
    const types = inputTypes(plain.model);
    expect(types.get('node_of_conv')).toEqual([10, 10]);
    expect(types.get('node_of_logits')).toEqual([10, 10]);
    const decoded = onnx.ModelProto.decode(plain.model).graph!;
    expect(decoded.input!.map((v) => v.type!.tensorType!.elemType)).toEqual([1]);
    expect(decoded.output!.map((v) => [v.name, v.type!.tensorType!.elemType])).toEqual([['prob', 1]]);
    expect(decoded.initializer!.map((t) => [t.name, t.dataType])).toEqual([
      ['conv.w__trtci_fp16', 10],
      ['fc.w__trtci_fp16', 10],
    ]);

    const kept = mixedPrecisionOnnx(Buffer.from(classifierOnnx()), {
      narrow: 'fp16',
      keep: new Set(['node_of_prob', 'nope']),
    });
    expect(table(kept).node_of_prob).toBe('fp32 kept');
    expect(inputTypes(kept.model).get('node_of_prob')).toEqual([1]);
    expect(kept.unmatched).toEqual(['nope']);
  });

  it('leaves the shape path, Resize scales and the subgraphs’ interfaces alone', () => {
    const written = mixedPrecisionOnnx(Buffer.from(controlFlowOnnx()), { narrow: 'fp16', keep: new Set() });
    expect(table(written)).toEqual({
      shape: 'fp32 op not narrowed',
      rows: 'fp32 no FP32 input',
      rows1: 'fp32 no FP32 input',
      shape4: 'fp32 no FP32 input',
      x4: 'fp16 narrowed',
      up: 'fp16 narrowed',
      up_shape: 'fp32 op not narrowed',
      zeros: 'fp32 op not narrowed',
      added: 'fp16 narrowed',
      total: 'fp16 narrowed',
      positive: 'fp16 narrowed',
      then_out: 'fp16 narrowed',
      else_out: 'fp16 narrowed',
      chosen: 'fp32 holds a subgraph',
      cond_out: 'fp32 no FP32 input',
      carried_out: 'fp16 narrowed',
      y: 'fp32 holds a subgraph',
      trips: 'fp16 narrowed',
    });
    const types = inputTypes(written.model);
    expect(types.get('rows')).toEqual([7, 7]);
    expect(types.get('up')).toEqual([10, 0, 1]);
    expect(types.get('added')).toEqual([10, 10]);
    expect(types.get('then_out')).toEqual([10, 10]);
    expect(types.get('carried_out')).toEqual([10, 10]);
  });
});

describe('a weight larger than a chunk (1,048,576 floats), wherever its raw data lies', () => {
  const count = (1 << 20) + 3;
  /** x * w, w's raw data after a graph name of `name`'s length: four lengths put it on each 4-byte offset. */
  const mulBy = (name: string, values: Float32Array) => {
    const T = onnx.TensorProto.DataType;
    const info = (n: string) =>
      onnx.ValueInfoProto.create({
        name: n,
        type: { tensorType: { elemType: T.FLOAT, shape: { dim: [{ dimValue: count }] } } },
      });
    const graph = onnx.GraphProto.create({
      name,
      node: [onnx.NodeProto.create({ opType: 'Mul', name: 'mul', input: ['x', 'w'], output: ['y'] })],
      initializer: [
        onnx.TensorProto.create({
          name: 'w',
          dims: [count],
          dataType: T.FLOAT,
          rawData: new Uint8Array(values.buffer),
        }),
      ],
      input: [info('x')],
      output: [info('y')],
    });
    return Buffer.from(onnx.ModelProto.encode({ irVersion: 8, opsetImport: [{ version: 17 }], graph }).finish());
  };
  const offsets = new Set<number>();

  it('is narrowed to the same bits as the whole tensor at once, and one past FP16 in its last chunk keeps it', () => {
    const values = seeded(count, 5, -4, 4);
    const whole = Buffer.from(Float16Array.from(values).buffer);
    for (const name of ['w', 'ww', 'www', 'wwww']) {
      const model = mulBy(name, values);
      offsets.add((model.byteOffset + model.indexOf(Buffer.from(values.buffer, 0, 16))) % 4);
      const written = onnx.ModelProto.decode(mixedPrecisionOnnx(model, { narrow: 'fp16', keep: new Set() }).model);
      const narrowed = written.graph!.initializer!.find((t) => t.name === 'w__trtci_fp16')!;
      expect(Buffer.from(narrowed.rawData!).equals(whole), name).toBe(true);
      // Past FP16's range only in the last chunk's last float: the Mul reads it wide.
      const past = values.slice();
      past[count - 1] = 70_000;
      const kept = mixedPrecisionOnnx(mulBy(name, past), { narrow: 'fp16', keep: new Set() });
      expect(kept.nodes.find((n) => n.node === 'mul')?.reason, name).toBe('reads a constant past the narrow range');
    }
    expect([...offsets].sort()).toEqual([0, 1, 2, 3]);
  });
});
