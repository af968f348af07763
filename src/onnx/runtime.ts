// ONNX Runtime on the CPU (onnxruntime-web's WebAssembly, one thread): the FP32 reference a check compares with,
// computed from an ONNX model on the inputs an engine gets. Loaded the first time something asks for it.
import { type ElementType, isElementType, isIntegral, type TensorValues } from './element-type.js';
import type { InputTensor } from './seeded-inputs.js';

/** A reference output: float32 for float outputs (the reference is FP32), or the model's integers and booleans. */
export interface ReferenceOutput {
  name: string;
  dims: number[];
  type: ElementType;
  values: TensorValues;
}

/** A loaded model: ONNX Runtime's InferenceSession, as much of it as the reference needs. */
export interface ReferenceSession {
  inputNames: readonly string[];
  outputNames: readonly string[];
  run(
    feeds: Record<string, unknown>,
  ): Promise<Record<string, { type: string; dims: readonly number[]; data: unknown }>>;
  /** Frees the session's memory (onnxruntime-web's WebAssembly heap) at once. */
  release?(): Promise<void>;
}

/** The part of ONNX Runtime's JavaScript API the reference needs (onnxruntime-web and -node share it). */
export interface OnnxRuntime {
  env: { wasm?: { numThreads?: number } };
  Tensor: new (type: string, data: unknown, dims: readonly number[]) => unknown;
  InferenceSession: {
    create(
      model: Uint8Array,
      options?: {
        externalData?: readonly { path: string; data: Uint8Array }[];
        extra?: { session?: Record<string, string> };
      },
    ): Promise<ReferenceSession>;
  };
}

/**
 * How a reference session is made: each runs once or a few times, so MatMul weights are not prepacked (a prepacked
 * copy doubles the weights in WebAssembly's heap: a 1 GiB MatMul weight peaked at 3.2 GiB prepacked, 2.2 GiB
 * not, and started 5x sooner).
 */
export const SESSION_OPTIONS = { extra: { session: { disable_prepacking: '1' } } };

/** ONNX Runtime (WebAssembly, on the CPU), loaded the first time a model asks for it. */
export async function loadOnnxRuntime(): Promise<OnnxRuntime> {
  const ort = (await import('onnxruntime-web')) as unknown as OnnxRuntime;
  if (ort.env.wasm) ort.env.wasm.numThreads = 1;
  return ort;
}

/**
 * An input as ONNX Runtime takes it: the reference model is FP32 (widen-model.ts), so FP16 and BF16 inputs
 * go in as the float32 values they hold; integers in their own type.
 */
export function feed(ort: Pick<OnnxRuntime, 'Tensor'>, input: InputTensor): unknown {
  const { type, values, dims } = input;
  if (!isIntegral(type)) return new ort.Tensor('float32', Float32Array.from(values), dims);
  if (type === 'int64')
    return new ort.Tensor(
      'int64',
      BigInt64Array.from(values, (v) => BigInt(v)),
      dims,
    );
  const arrays = { int32: Int32Array, int8: Int8Array, uint8: Uint8Array, bool: Uint8Array } as const;
  return new ort.Tensor(type, arrays[type as keyof typeof arrays].from(values), dims);
}

/** ONNX Runtime's output as a reference: float32 as it is, integers and booleans as numbers. */
export function referenceOf(
  name: string,
  tensor: { type: string; dims: readonly number[]; data: unknown },
): ReferenceOutput {
  const dims = [...tensor.dims];
  if (tensor.type === 'float32' && tensor.data instanceof Float32Array) {
    return { name, dims, type: 'float32', values: tensor.data };
  }
  if (isElementType(tensor.type) && isIntegral(tensor.type)) {
    const data = tensor.data as ArrayLike<number | bigint>;
    return {
      name,
      dims,
      type: tensor.type,
      values: Float64Array.from({ length: data.length }, (_, i) => Number(data[i])),
    };
  }
  throw new Error(`the model's output ${name} is ${tensor.type}: float32, integer and bool outputs are compared`);
}

/**
 * The reference outputs: the ONNX model (a session opened once per model, its FP16/BF16 tensors widened to
 * FP32) run by ONNX Runtime on the CPU in FP32, on the same inputs the engine gets.
 */
export async function referenceOutputs(
  ort: Pick<OnnxRuntime, 'Tensor'>,
  session: ReferenceSession,
  inputs: readonly InputTensor[],
): Promise<ReferenceOutput[]> {
  const given = new Map(inputs.map((input) => [input.name, input]));
  const feeds: Record<string, unknown> = {};
  for (const name of session.inputNames) {
    const input = given.get(name);
    if (!input) throw new Error(`the model's input ${name} has no shape in this profile`);
    feeds[name] = feed(ort, input);
  }
  const results = await session.run(feeds);
  return session.outputNames.map((name) => referenceOf(name, results[name]!));
}
