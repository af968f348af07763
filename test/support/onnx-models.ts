// Small real ONNX models, written with onnx-proto (ONNX's own protobuf schema) so ONNX Runtime runs them:
// what the trtexec stand-in infers with, and what trt-ci's accuracy gate will take its reference from.
import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;

/** Seeded weights: the same model bytes every time. */
function weights(count: number, seed: number, scale: number): Float32Array {
  let state = seed;
  return Float32Array.from({ length: count }, () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return (state / 0x7fffffff - 0.5) * 2 * scale;
  });
}

const initializer = (name: string, dims: number[], data: Float32Array) =>
  onnx.TensorProto.create({
    name,
    dims,
    dataType: onnx.TensorProto.DataType.FLOAT,
    rawData: new Uint8Array(data.buffer),
  });

const ints = (name: string, values: number[]) =>
  onnx.AttributeProto.create({ name, ints: values, type: onnx.AttributeProto.AttributeType.INTS });

const tensorType = (name: string, dims: (number | string)[]) =>
  onnx.ValueInfoProto.create({
    name,
    type: {
      tensorType: {
        elemType: onnx.TensorProto.DataType.FLOAT,
        shape: { dim: dims.map((d) => (typeof d === 'string' ? { dimParam: d } : { dimValue: d })) },
      },
    },
  });

/**
 * A classifier: x [batch, 3, 8, 8] -> Conv 3x3 (4 filters) -> Relu -> Flatten -> MatMul -> Softmax ->
 * prob [batch, 10]. The batch is dynamic. `scale` multiplies the MatMul's weights: a large one makes
 * logits that overflow FP16 (65504) before the softmax, as a real activation can.
 */
export function classifierOnnx(options: { scale?: number } = {}): Uint8Array {
  const scale = options.scale ?? 1;
  const graph = onnx.GraphProto.create({
    name: 'classifier',
    node: [
      onnx.NodeProto.create({
        opType: 'Conv',
        input: ['x', 'conv.w'],
        output: ['conv'],
        attribute: [ints('pads', [1, 1, 1, 1])],
      }),
      onnx.NodeProto.create({ opType: 'Relu', input: ['conv'], output: ['relu'] }),
      onnx.NodeProto.create({ opType: 'Flatten', input: ['relu'], output: ['flat'] }),
      onnx.NodeProto.create({ opType: 'MatMul', input: ['flat', 'fc.w'], output: ['logits'] }),
      onnx.NodeProto.create({
        opType: 'Softmax',
        input: ['logits'],
        output: ['prob'],
        attribute: [onnx.AttributeProto.create({ name: 'axis', i: 1, type: onnx.AttributeProto.AttributeType.INT })],
      }),
    ],
    initializer: [
      initializer('conv.w', [4, 3, 3, 3], weights(4 * 3 * 3 * 3, 7, 0.5)),
      initializer('fc.w', [256, 10], weights(256 * 10, 11, 0.2 * scale)),
    ],
    input: [tensorType('x', ['batch', 3, 8, 8])],
    output: [tensorType('prob', ['batch', 10])],
  });
  const model = onnx.ModelProto.create({
    irVersion: 8,
    opsetImport: [{ domain: '', version: 17 }],
    producerName: 'trt-ci tests',
    graph,
  });
  return onnx.ModelProto.encode(model).finish();
}

/** y = 2x + 1 on x [batch, 4] (Mul, Add): outputs a test can also compute with NumPy, for given references. */
export function affineOnnx(): Uint8Array {
  const graph = onnx.GraphProto.create({
    name: 'affine',
    node: [
      onnx.NodeProto.create({ opType: 'Mul', input: ['x', 'two'], output: ['doubled'] }),
      onnx.NodeProto.create({ opType: 'Add', input: ['doubled', 'one'], output: ['y'] }),
    ],
    initializer: [initializer('two', [1], Float32Array.of(2)), initializer('one', [1], Float32Array.of(1))],
    input: [tensorType('x', ['batch', 4])],
    output: [tensorType('y', ['batch', 4])],
  });
  const model = onnx.ModelProto.create({ irVersion: 8, opsetImport: [{ domain: '', version: 17 }], graph });
  return onnx.ModelProto.encode(model).finish();
}

/** x [1, 4] -> y through one node of an op no ONNX importer has (TrtCiUnknownOp): an unsupported op. */
export function unknownOpOnnx(): Uint8Array {
  const graph = onnx.GraphProto.create({
    name: 'unknown-op',
    node: [onnx.NodeProto.create({ opType: 'TrtCiUnknownOp', name: 'mystery', input: ['x'], output: ['y'] })],
    input: [tensorType('x', [1, 4])],
    output: [tensorType('y', [1, 4])],
  });
  const model = onnx.ModelProto.create({ irVersion: 8, opsetImport: [{ domain: '', version: 17 }], graph });
  return onnx.ModelProto.encode(model).finish();
}

/** x [batch, 4] -> two outputs, 2x (`names[0]`) and x + 1 (`names[1]`): for outputs whose names trtexec mixes up. */
export function twoOutputsOnnx(names: [string, string]): Uint8Array {
  const graph = onnx.GraphProto.create({
    name: 'two-outputs',
    node: [
      onnx.NodeProto.create({ opType: 'Mul', input: ['x', 'two'], output: [names[0]] }),
      onnx.NodeProto.create({ opType: 'Add', input: ['x', 'one'], output: [names[1]] }),
    ],
    initializer: [initializer('two', [1], Float32Array.of(2)), initializer('one', [1], Float32Array.of(1))],
    input: [tensorType('x', ['batch', 4])],
    output: [tensorType(names[0], ['batch', 4]), tensorType(names[1], ['batch', 4])],
  });
  const model = onnx.ModelProto.create({ irVersion: 8, opsetImport: [{ domain: '', version: 17 }], graph });
  return onnx.ModelProto.encode(model).finish();
}

/**
 * A model with these inputs (each passed through an Identity to an output): for what a config must say
 * about a model's inputs. `dims` as ONNX writes them: a number, or a name for a dynamic dimension.
 */
export function inputsOnnx(
  inputs: { name: string; type: 'float32' | 'int64'; dims: (number | string)[] }[],
  /** Weights also listed as graph inputs, as exporters did before IR version 4. */
  initializers: string[] = [],
) {
  const elem = { float32: onnx.TensorProto.DataType.FLOAT, int64: onnx.TensorProto.DataType.INT64 };
  const info = (name: string, type: 'float32' | 'int64', dims: (number | string)[]) =>
    onnx.ValueInfoProto.create({
      name,
      type: {
        tensorType: {
          elemType: elem[type],
          shape: { dim: dims.map((d) => (typeof d === 'string' ? { dimParam: d } : { dimValue: d })) },
        },
      },
    });
  const graph = onnx.GraphProto.create({
    name: 'inputs',
    node: inputs.map((i) => onnx.NodeProto.create({ opType: 'Identity', input: [i.name], output: [`${i.name}_out`] })),
    input: [...inputs.map((i) => info(i.name, i.type, i.dims)), ...initializers.map((n) => info(n, 'float32', [4]))],
    output: inputs.map((i) => info(`${i.name}_out`, i.type, i.dims)),
    initializer: initializers.map((n) => initializer(n, [4], Float32Array.of(1, 2, 3, 4))),
  });
  const model = onnx.ModelProto.create({ irVersion: 8, opsetImport: [{ domain: '', version: 17 }], graph });
  return onnx.ModelProto.encode(model).finish();
}

const valueInfo = (name: string, elemType: number, dims: (number | string)[]) =>
  onnx.ValueInfoProto.create({
    name,
    type: {
      tensorType: {
        elemType,
        shape: { dim: dims.map((d) => (typeof d === 'string' ? { dimParam: d } : { dimValue: d })) },
      },
    },
  });

/**
 * A BERT-like encoder's front: input_ids and attention_mask (int64 [batch, seq]) -> Gather from a [vocab, 8]
 * embedding -> times the mask -> hidden (float32 [batch, seq, 8]), and ArgMax over it -> ids (int64
 * [batch, seq]): integer inputs in a vocabulary's range, and an integer output to compare exactly.
 */
export function encoderOnnx(vocab = 1000): Uint8Array {
  const T = onnx.TensorProto.DataType;
  const graph = onnx.GraphProto.create({
    name: 'encoder',
    node: [
      onnx.NodeProto.create({ opType: 'Gather', input: ['embedding', 'input_ids'], output: ['embedded'] }),
      onnx.NodeProto.create({
        opType: 'Cast',
        input: ['attention_mask'],
        output: ['mask'],
        attribute: [
          onnx.AttributeProto.create({ name: 'to', i: T.FLOAT, type: onnx.AttributeProto.AttributeType.INT }),
        ],
      }),
      onnx.NodeProto.create({ opType: 'Unsqueeze', input: ['mask', 'last'], output: ['mask3'] }),
      onnx.NodeProto.create({ opType: 'Mul', input: ['embedded', 'mask3'], output: ['hidden'] }),
      onnx.NodeProto.create({
        opType: 'ArgMax',
        input: ['hidden'],
        output: ['ids'],
        attribute: [
          onnx.AttributeProto.create({ name: 'axis', i: 2, type: onnx.AttributeProto.AttributeType.INT }),
          onnx.AttributeProto.create({ name: 'keepdims', i: 0, type: onnx.AttributeProto.AttributeType.INT }),
        ],
      }),
    ],
    initializer: [
      initializer('embedding', [vocab, 8], weights(vocab * 8, 5, 1)),
      onnx.TensorProto.create({ name: 'last', dims: [1], dataType: T.INT64, int64Data: [2] }),
    ],
    input: [valueInfo('input_ids', T.INT64, ['batch', 'seq']), valueInfo('attention_mask', T.INT64, ['batch', 'seq'])],
    output: [valueInfo('hidden', T.FLOAT, ['batch', 'seq', 8]), valueInfo('ids', T.INT64, ['batch', 'seq'])],
  });
  const model = onnx.ModelProto.create({ irVersion: 8, opsetImport: [{ domain: '', version: 17 }], graph });
  return onnx.ModelProto.encode(model).finish();
}

/**
 * A strongly typed network: y = relu(x * w + b) on x [batch, 4], every tensor FP16 or BF16 (weights kept as
 * their 16-bit patterns in int32_data, as exporters write them), as TensorRT 11 builds only.
 */
export function typedAffineOnnx(type: 'float16' | 'bfloat16'): Uint8Array {
  const T = onnx.TensorProto.DataType;
  const elem = type === 'float16' ? T.FLOAT16 : T.BFLOAT16;
  const bits = (values: number[]) =>
    values.map((v) =>
      type === 'float16'
        ? new Uint16Array(Float16Array.of(v).buffer)[0]!
        : new Uint32Array(Float32Array.of(v).buffer)[0]! >>> 16,
    );
  const narrow = (name: string, values: number[]) =>
    onnx.TensorProto.create({ name, dims: [4], dataType: elem, int32Data: bits(values) });
  const graph = onnx.GraphProto.create({
    name: `affine-${type}`,
    node: [
      onnx.NodeProto.create({ opType: 'Mul', input: ['x', 'w'], output: ['scaled'] }),
      onnx.NodeProto.create({ opType: 'Add', input: ['scaled', 'b'], output: ['shifted'] }),
      onnx.NodeProto.create({ opType: 'Relu', input: ['shifted'], output: ['y'] }),
    ],
    initializer: [narrow('w', [1.5, -2, 0.75, 3]), narrow('b', [0.25, 0.5, -0.125, 1])],
    input: [valueInfo('x', elem, ['batch', 4])],
    output: [valueInfo('y', elem, ['batch', 4])],
  });
  const model = onnx.ModelProto.create({ irVersion: 8, opsetImport: [{ domain: '', version: 17 }], graph });
  return onnx.ModelProto.encode(model).finish();
}

/**
 * The graph of NVIDIA/trt-samples-for-hackathon-cn's trtexec sample model (cookbook/08-Tool/trtexec/
 * getOnnxModel.py @3c25bc54, TensorRT 8.6; the same nodes @88fe8012, TensorRT 8.4): its node names, order
 * and tensors, which test/fixtures/explain/cookbook-mnist-*.layers.json were exported from. Weights are left
 * out (explain reads the graph's structure only): a graph to read, not a model to run.
 */
export function cookbookMnistOnnx(): Uint8Array {
  const chain: [string, string, string[]][] = [
    ['Conv', 'Conv-1', ['constant32x1', 'constant32']],
    ['Relu', 'ReLU-2', []],
    ['MaxPool', 'MaxPool-3', []],
    ['Conv', 'Conv-4', ['constant64x32', 'constant64']],
    ['Relu', 'ReLU-5', []],
    ['MaxPool', 'MaxPool-6', []],
    ['Transpose', 'Transpose-7', []],
    ['Reshape', 'Reshape-7', ['constantM1Comma3136']],
    ['MatMul', 'MatMul-9', ['constant3136x1024']],
    ['Add', 'Add-10', ['constant1024']],
    ['Relu', 'ReLU-11', []],
    ['MatMul', 'MatMul-12', ['constant1024x10']],
    ['Add', 'Add-13', ['constant10']],
    ['Softmax', 'Softmax-14', []],
    ['ArgMax', 'ArgMax-15', []],
  ];
  const graph = onnx.GraphProto.create({
    name: 'cookbook-trtexec',
    node: chain.map(([opType, name, constants], i) =>
      onnx.NodeProto.create({ opType, name, input: [`tensor-${i}`, ...constants], output: [`tensor-${i + 1}`] }),
    ),
    input: [tensorType('tensor-0', ['B', 1, 28, 28])],
    output: [tensorType('tensor-15', ['B'])],
  });
  const model = onnx.ModelProto.create({ irVersion: 8, opsetImport: [{ domain: '', version: 17 }], graph });
  return onnx.ModelProto.encode(model).finish();
}

const intAttr = (name: string, i: number) =>
  onnx.AttributeProto.create({ name, i, type: onnx.AttributeProto.AttributeType.INT });
const graphAttr = (name: string, g: onnxProto.onnx.IGraphProto) =>
  onnx.AttributeProto.create({ name, g, type: onnx.AttributeProto.AttributeType.GRAPH });
const int64s = (name: string, values: number[]) =>
  onnx.TensorProto.create({
    name,
    dims: [values.length],
    dataType: onnx.TensorProto.DataType.INT64,
    int64Data: values,
  });

/**
 * What a mixed-precision writer must leave alone and still get through: x [2, 4] -> an int64 shape path
 * (Shape, Gather, Unsqueeze, Concat) feeding Reshape -> Resize with FP32 scales -> ConstantOfShape (FP32
 * zeros, from a shape) added -> an If on ReduceSum > 0 whose branches multiply by an outer weight -> a Loop
 * of 2 iterations adding an outer bias to its carried value -> y [1, 2, 2, 8] and the Loop's count, Cast.
 */
export function controlFlowOnnx(): Uint8Array {
  const T = onnx.TensorProto.DataType;
  const node = (opType: string, input: string[], output: string[], attribute: onnxProto.onnx.IAttributeProto[] = []) =>
    onnx.NodeProto.create({ opType, name: output[0], input, output, attribute });
  const branch = (name: string, factor: string) =>
    onnx.GraphProto.create({
      name,
      node: [node('Mul', ['added', factor], [`${name}_out`])],
      output: [valueInfo(`${name}_out`, T.FLOAT, [1, 2, 2, 8])],
    });
  const body = onnx.GraphProto.create({
    name: 'body',
    node: [node('Identity', ['cond_in'], ['cond_out']), node('Add', ['carried', 'bias'], ['carried_out'])],
    input: [valueInfo('i', T.INT64, []), valueInfo('cond_in', T.BOOL, []), valueInfo('carried', T.FLOAT, [1, 2, 2, 8])],
    output: [valueInfo('cond_out', T.BOOL, []), valueInfo('carried_out', T.FLOAT, [1, 2, 2, 8])],
  });
  const graph = onnx.GraphProto.create({
    name: 'control-flow',
    node: [
      node('Shape', ['x'], ['shape']),
      node('Gather', ['shape', 'zero'], ['rows'], [intAttr('axis', 0)]),
      node('Unsqueeze', ['rows', 'axes0'], ['rows1']),
      node('Concat', ['one', 'rows1', 'one', 'four'], ['shape4'], [intAttr('axis', 0)]),
      node('Reshape', ['x', 'shape4'], ['x4']),
      node('Resize', ['x4', '', 'scales'], ['up']),
      node('Shape', ['up'], ['up_shape']),
      node('ConstantOfShape', ['up_shape'], ['zeros']),
      node('Add', ['up', 'zeros'], ['added']),
      node('ReduceSum', ['added'], ['total'], [intAttr('keepdims', 0)]),
      node('Greater', ['total', 'zero_f'], ['positive']),
      node(
        'If',
        ['positive'],
        ['chosen'],
        [graphAttr('then_branch', branch('then', 'w')), graphAttr('else_branch', branch('else', 'w2'))],
      ),
      node('Loop', ['trip', 'keep_going', 'chosen'], ['y'], [graphAttr('body', body)]),
      node('Cast', ['trip'], ['trips'], [intAttr('to', T.FLOAT)]),
    ],
    initializer: [
      onnx.TensorProto.create({ name: 'zero', dataType: T.INT64, int64Data: [0] }),
      int64s('axes0', [0]),
      int64s('one', [1]),
      int64s('four', [4]),
      onnx.TensorProto.create({ name: 'trip', dataType: T.INT64, int64Data: [2] }),
      onnx.TensorProto.create({ name: 'keep_going', dataType: T.BOOL, int32Data: [1] }),
      onnx.TensorProto.create({ name: 'scales', dims: [4], dataType: T.FLOAT, floatData: [1, 1, 2, 2] }),
      onnx.TensorProto.create({ name: 'zero_f', dataType: T.FLOAT, floatData: [0] }),
      initializer('w', [8], weights(8, 11, 2)),
      initializer('w2', [8], weights(8, 12, 2)),
      initializer('bias', [8], weights(8, 13, 1)),
    ],
    input: [valueInfo('x', T.FLOAT, [2, 4])],
    output: [valueInfo('y', T.FLOAT, [1, 2, 2, 8]), valueInfo('trips', T.FLOAT, [])],
  });
  const model = onnx.ModelProto.create({ irVersion: 8, opsetImport: [{ domain: '', version: 17 }], graph });
  return onnx.ModelProto.encode(model).finish();
}

/**
 * An overflow inside an If branch: x [1, 16] (about 10-12) -> ReduceSum > 0 -> If: then Exp(x) (e^12 = 162755,
 * past FP16's 65504) times 1e-6, else x / 2 -> y [1, 16]. In FP16 the branch's Exp overflows; kept FP32, its
 * product by 1e-6 reads the FP32 162755 cast to FP16 (Inf): t_exp and t_out, both inside the branch, must stay
 * FP32.
 */
export function ifOverflowOnnx(): Uint8Array {
  const T = onnx.TensorProto.DataType;
  const node = (opType: string, input: string[], output: string, attribute: onnxProto.onnx.IAttributeProto[] = []) =>
    onnx.NodeProto.create({ opType, name: output, input, output: [output], attribute });
  const branch = (name: string, nodes: onnxProto.onnx.INodeProto[], out: string) =>
    onnx.GraphProto.create({ name, node: nodes, output: [valueInfo(out, T.FLOAT, [1, 16])] });
  const then = branch('then', [node('Exp', ['x'], 't_exp'), node('Mul', ['t_exp', 'tiny'], 't_out')], 't_out');
  const otherwise = branch('else', [node('Mul', ['x', 'half'], 'e_out')], 'e_out');
  const graph = onnx.GraphProto.create({
    name: 'if-overflow',
    node: [
      node('ReduceSum', ['x', 'axes1'], 'total', [intAttr('keepdims', 0)]),
      node('Greater', ['total', 'zero_f'], 'positive'),
      node('If', ['positive'], 'y', [graphAttr('then_branch', then), graphAttr('else_branch', otherwise)]),
    ],
    initializer: [
      int64s('axes1', [0, 1]),
      onnx.TensorProto.create({ name: 'zero_f', dataType: T.FLOAT, floatData: [0] }),
      initializer('tiny', [1], Float32Array.of(1e-6)),
      initializer('half', [1], Float32Array.of(0.5)),
    ],
    input: [valueInfo('x', T.FLOAT, [1, 16])],
    output: [valueInfo('y', T.FLOAT, [1, 16])],
  });
  const model = onnx.ModelProto.create({ irVersion: 8, opsetImport: [{ domain: '', version: 17 }], graph });
  return onnx.ModelProto.encode(model).finish();
}

/**
 * A log-sum-exp with no max subtracted, as a hand-written softmax denominator is: x [1, 16] (about 10-12)
 * -> Exp (e^12 = 162755, past FP16's 65504) -> ReduceSum -> Log -> Mul by w -> y [1, 1]. In FP16 the Exp
 * overflows; kept in FP32, the sum (about 2.6e6) overflows in FP16, and kept too, it overflows where an FP16
 * Log reads it: exp, sum and log must stay FP32 (the Mul of a value near 15 may be FP16).
 */
export function logSumExpOnnx(nameOf: (node: string) => string = (node) => node): Uint8Array {
  const T = onnx.TensorProto.DataType;
  // Each node named after its output, or what `nameOf` makes of that (a name tensors never carry).
  const node = (opType: string, input: string[], output: string, attribute: onnxProto.onnx.IAttributeProto[] = []) =>
    onnx.NodeProto.create({ opType, name: nameOf(output), input, output: [output], attribute });
  const graph = onnx.GraphProto.create({
    name: 'log-sum-exp',
    node: [
      node('Exp', ['x'], 'exp'),
      node('ReduceSum', ['exp', 'axes1'], 'sum', [intAttr('keepdims', 1)]),
      node('Log', ['sum'], 'log'),
      node('Mul', ['log', 'w'], 'y'),
    ],
    initializer: [int64s('axes1', [1]), initializer('w', [1], Float32Array.of(0.5))],
    input: [valueInfo('x', T.FLOAT, [1, 16])],
    output: [valueInfo('y', T.FLOAT, [1, 1])],
  });
  const model = onnx.ModelProto.create({ irVersion: 8, opsetImport: [{ domain: '', version: 17 }], graph });
  return onnx.ModelProto.encode(model).finish();
}

/** The FP16 traps a planted graph can hold (issue 37's list). */
export const TRAP_KINDS = ['mul', 'exp', 'variance', 'accumulate', 'softmax'] as const;
export type TrapKind = (typeof TRAP_KINDS)[number];

/**
 * A chain of FP16-safe nodes (Relu, Sqrt, Abs, Mul 0.75 + Add 0.5: exact FP16 constants, values kept in
 * [1, 3]) with `plants` FP16 traps at seeded places, of the `kinds` given in turn. Each trap starts at
 * s = 0.1 v + 0.8 in [0.9, 1.1] (an affine step, not a Sigmoid: an Inf from an earlier trap must reach the
 * output, not saturate to 1) and ends in [1, 3] again. Its planted nodes [P] are the optimum by
 * construction: without any one of them an FP16 tensor holds a value past 65504 (or reads one), and the Inf
 * or NaN reaches y; with all of them every FP16 value is small and its rounding stays under the tolerance.
 * - mul: Mul 300 (270-330: fine) -> Mul 300 [P] (81000 and more) -> Mul 1/90000 [P] (reads it) -> Add 1.
 * - exp: Mul 13 (11.7-14.3) -> Exp [P] (e^11.7 = 120000) -> Mul 1e-6 [P] (reads it) -> Add 10 -> Mul 0.1.
 * - softmax, no max subtracted: Add 11 (11.9-12.1) -> Exp [P] -> ReduceSum [P] -> Div [P] (the sum by each
 *   exp: 1 / softmax, so that a sum made Inf is Inf here, not a probability of 0 a long chain could absorb)
 *   -> Mul 0.02 -> Add 1.
 * - variance (an RMSNorm's, unshifted): Mul 300 -> Mul by itself [P] (72900 and more) -> ReduceMean [P] ->
 *   Sqrt [P] (reads the mean) -> Mul 1/300 (the RMS of s, about 1) -> Add s (back to 4 values).
 * - accumulate: Mul 20000 (18000-22000: fine) -> ReduceSum [P] of the 4 (72000 and more) -> Mul 1e-5 [P]
 *   (reads it) -> Add s (back to 4 values).
 * x [1, 4] in [1, 3] -> y [1, 4]; `length` nodes or a few more. `planted` lists the planted nodes in graph order.
 */
export function plantedChainOnnx(
  seed: number,
  length: number,
  plants: number,
  kinds: readonly TrapKind[] = ['mul'],
): { model: Uint8Array; planted: string[]; kinds: TrapKind[] } {
  const T = onnx.TensorProto.DataType;
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  const nodes: onnxProto.onnx.INodeProto[] = [];
  const constants = new Map<number, string>();
  const constant = (value: number) => {
    if (!constants.has(value)) constants.set(value, `c${constants.size}`);
    return constants.get(value)!;
  };
  let current = 'x';
  /** A node named after its place and op, reading `inputs` (the current value first unless given). */
  const node = (opType: string, inputs: string[], attribute: onnxProto.onnx.IAttributeProto[] = []) => {
    const name = `n${nodes.length}_${opType.toLowerCase()}`;
    nodes.push(onnx.NodeProto.create({ opType, name, input: inputs, output: [name], attribute }));
    current = name;
    return name;
  };
  const add = (opType: string, extra: string[] = []) => node(opType, [current, ...extra]);
  const keep1 = [intAttr('keepdims', 1)];
  /** The trap's first value: 0.1 v + 0.8, in [0.9, 1.1] for v in [1, 3]; Inf stays Inf. */
  const start = () => {
    add('Mul', [constant(0.1)]);
    return add('Add', [constant(0.8)]);
  };
  const traps: Record<TrapKind, () => string[]> = {
    mul: () => {
      start();
      add('Mul', [constant(300)]);
      const planted = [add('Mul', [constant(300)]), add('Mul', [constant(1 / 90000)])];
      add('Add', [constant(1)]);
      return planted;
    },
    exp: () => {
      start();
      add('Mul', [constant(13)]);
      const planted = [add('Exp'), add('Mul', [constant(1e-6)])];
      add('Add', [constant(10)]);
      add('Mul', [constant(0.1)]);
      return planted;
    },
    softmax: () => {
      start();
      add('Add', [constant(11)]);
      const exp = add('Exp');
      const sum = add('ReduceSum', ['axes1']);
      nodes.at(-1)!.attribute = keep1;
      const div = node('Div', [sum, exp]);
      add('Mul', [constant(0.02)]);
      add('Add', [constant(1)]);
      return [exp, sum, div];
    },
    variance: () => {
      const s = start();
      const scaled = add('Mul', [constant(300)]);
      const square = node('Mul', [scaled, scaled]);
      const mean = add('ReduceMean', []);
      nodes.at(-1)!.attribute = [intAttr('keepdims', 1), ints('axes', [1])];
      const rms = add('Sqrt');
      add('Mul', [constant(1 / 300)]);
      node('Add', [current, s]);
      return [square, mean, rms];
    },
    accumulate: () => {
      const s = start();
      add('Mul', [constant(20000)]);
      const sum = add('ReduceSum', ['axes1']);
      nodes.at(-1)!.attribute = keep1;
      const scale = add('Mul', [constant(1e-5)]);
      node('Add', [scale, s]);
      return [sum, scale];
    },
  };
  const trapsAt = new Set<number>();
  // Places 0..n-1 for n at least `plants`: a short chain still has a place for every trap.
  while (trapsAt.size < plants) trapsAt.add(Math.floor(random() * Math.max(plants, length - 5 * plants)));
  const planted: string[] = [];
  const used: TrapKind[] = [];
  for (let i = 0; nodes.length < length || used.length < plants; i++) {
    if (trapsAt.has(i)) {
      const kind = kinds[used.length % kinds.length]!;
      used.push(kind);
      planted.push(...traps[kind]());
      continue;
    }
    const pick = Math.floor(random() * 4);
    if (pick === 0) add('Relu');
    else if (pick === 1) add('Sqrt');
    else if (pick === 2) add('Abs');
    else {
      add('Mul', [constant(0.75)]);
      add('Add', [constant(0.5)]);
    }
  }
  const last = nodes.at(-1)!;
  last.output = ['y'];
  const graph = onnx.GraphProto.create({
    name: `planted-${seed}`,
    node: nodes,
    initializer: [
      ...[...constants].map(([value, name]) => initializer(name, [1], Float32Array.of(value))),
      ...(used.some((k) => k === 'softmax' || k === 'accumulate') ? [int64s('axes1', [1])] : []),
    ],
    input: [valueInfo('x', T.FLOAT, [1, 4])],
    output: [valueInfo('y', T.FLOAT, [1, 4])],
  });
  const model = onnx.ModelProto.create({ irVersion: 8, opsetImport: [{ domain: '', version: 17 }], graph });
  return { model: onnx.ModelProto.encode(model).finish(), planted, kinds: used };
}

/**
 * y = x / 1e5 * 1e5 + 1 on x [batch, 4] (nodes `shrink`, `grow`, `shift`): the weights (1e5) are past FP16's
 * 65504, so an FP16 copy of either is infinity (x / Inf * Inf is NaN). With `shrink` and `grow` kept in FP32 no
 * value past FP16 is left, and the written model agrees with this one.
 */
export function bigWeightOnnx(): Uint8Array {
  const graph = onnx.GraphProto.create({
    name: 'big-weight',
    node: [
      onnx.NodeProto.create({ opType: 'Div', name: 'shrink', input: ['x', 'big'], output: ['small'] }),
      onnx.NodeProto.create({ opType: 'Mul', name: 'grow', input: ['small', 'big_again'], output: ['back'] }),
      onnx.NodeProto.create({ opType: 'Add', name: 'shift', input: ['back', 'one'], output: ['y'] }),
    ],
    initializer: [
      initializer('big', [1], Float32Array.of(1e5)),
      initializer('big_again', [1], Float32Array.of(1e5)),
      initializer('one', [1], Float32Array.of(1)),
    ],
    input: [tensorType('x', ['batch', 4])],
    output: [tensorType('y', ['batch', 4])],
  });
  const model = onnx.ModelProto.create({ irVersion: 8, opsetImport: [{ domain: '', version: 17 }], graph });
  return onnx.ModelProto.encode(model).finish();
}

/**
 * y = x·1024.25 − x·1024: in FP16 1024.25 rounds to 1024 (its spacing there is 1), so the written model's y is 0
 * where the model's is x/4: an FP16 precision loss (no Inf) that ONNX Runtime's check of a written ONNX catches.
 */
export function cancellationOnnx(): Uint8Array {
  const graph = onnx.GraphProto.create({
    name: 'cancellation',
    node: [
      onnx.NodeProto.create({ opType: 'Mul', name: 'scale', input: ['x', 'w'], output: ['a'] }),
      onnx.NodeProto.create({ opType: 'Mul', name: 'base', input: ['x', 'v'], output: ['b'] }),
      onnx.NodeProto.create({ opType: 'Sub', name: 'diff', input: ['a', 'b'], output: ['y'] }),
    ],
    initializer: [initializer('w', [1], Float32Array.of(1024.25)), initializer('v', [1], Float32Array.of(1024))],
    input: [tensorType('x', ['batch', 4])],
    output: [tensorType('y', ['batch', 4])],
  });
  const model = onnx.ModelProto.create({ irVersion: 8, opsetImport: [{ domain: '', version: 17 }], graph });
  return onnx.ModelProto.encode(model).finish();
}

/**
 * y = x * w, x [1, n], w [n] FP32 kept in external data: `w.bin` beside the model, 16 bytes in. Returns the model
 * and the weight file's bytes (write both into one folder).
 */
export function externalWeightOnnx(n = 64): { model: Uint8Array; data: Buffer } {
  const w = Float32Array.from({ length: n }, (_, i) => (i % 7) / 3 - 1);
  const graph = onnx.GraphProto.create({
    name: 'external-weight',
    node: [onnx.NodeProto.create({ opType: 'Mul', name: 'mul', input: ['x', 'w'], output: ['y'] })],
    initializer: [
      onnx.TensorProto.create({
        name: 'w',
        dims: [n],
        dataType: onnx.TensorProto.DataType.FLOAT,
        dataLocation: onnx.TensorProto.DataLocation.EXTERNAL,
        externalData: [
          { key: 'location', value: 'w.bin' },
          { key: 'offset', value: '16' },
          { key: 'length', value: String(n * 4) },
        ],
      }),
    ],
    input: [tensorType('x', [1, n])],
    output: [tensorType('y', [1, n])],
  });
  const model = onnx.ModelProto.encode({ irVersion: 8, opsetImport: [{ version: 17 }], graph }).finish();
  return { model, data: Buffer.concat([Buffer.alloc(16, 9), Buffer.from(w.buffer)]) };
}
