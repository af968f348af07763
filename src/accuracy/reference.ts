import type { InputTensor } from './inputs.js';

export interface ReferenceOutput {
  name: string;
  dims: number[];
  values: Float32Array;
}

/** The part of ONNX Runtime's JavaScript API the reference needs (onnxruntime-web and -node share it). */
export interface OnnxRuntime {
  env: { wasm?: { numThreads?: number } };
  Tensor: new (type: 'float32', data: Float32Array, dims: readonly number[]) => unknown;
  InferenceSession: {
    create(model: Uint8Array): Promise<{
      inputNames: readonly string[];
      outputNames: readonly string[];
      run(feeds: Record<string, unknown>): Promise<Record<string, { dims: readonly number[]; data: unknown }>>;
    }>;
  };
}

/**
 * The reference outputs: the ONNX model run by ONNX Runtime on the CPU in FP32, on the same inputs the
 * engine gets. The runtime is passed in: it is loaded only when a model asks for an accuracy check.
 */
export async function referenceOutputs(
  ort: OnnxRuntime,
  model: Uint8Array,
  inputs: readonly InputTensor[],
): Promise<ReferenceOutput[]> {
  const session = await ort.InferenceSession.create(model);
  const given = new Map(inputs.map((input) => [input.name, input]));
  const feeds: Record<string, unknown> = {};
  for (const name of session.inputNames) {
    const input = given.get(name);
    if (!input) throw new Error(`the model's input ${name} has no shape in this profile`);
    feeds[name] = new ort.Tensor('float32', input.values, input.dims);
  }
  const results = await session.run(feeds);
  return session.outputNames.map((name) => {
    const tensor = results[name]!;
    if (!(tensor.data instanceof Float32Array)) {
      throw new Error(`the model's output ${name} is not float32: only float outputs are compared`);
    }
    return { name, dims: [...tensor.dims], values: tensor.data };
  });
}
