import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { writeNewFile } from '../proc/new-file.js';
import { basename, dirname, join } from 'node:path';
import { type CacheTrust, isPlainFile, mayServe, signEntry } from '../cache/trust.js';
import type { RegistryCache } from '../cache/registry-cache.js';
import {
  type ElementType,
  elementBytes,
  isElementType,
  isIntegral,
  readElements,
  type TensorValues,
} from '../tensorrt/element-type.js';
import type { InputTensor } from './inputs.js';

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
}

/** The part of ONNX Runtime's JavaScript API the reference needs (onnxruntime-web and -node share it). */
export interface OnnxRuntime {
  env: { wasm?: { numThreads?: number } };
  Tensor: new (type: string, data: unknown, dims: readonly number[]) => unknown;
  InferenceSession: { create(model: Uint8Array): Promise<ReferenceSession> };
}

/**
 * The reference outputs, kept in the engine cache's folder by (ONNX digest, inputs, runtime): a model
 * whose ONNX did not change is not run on the CPU again, nor even read. A cache that cannot be read or
 * written costs a computation, never the check.
 */
export async function cachedReferenceOutputs(
  cacheDir: string | null,
  modelDigest: string | null,
  inputs: readonly InputTensor[],
  compute: () => Promise<ReferenceOutput[]>,
  /** A reference another job could have rewritten (to zeros, so that a broken engine passes) is used only
   * when the cache's trust says so: a plain file, signed where signatures count (cache/trust.ts). */
  trust: CacheTrust,
  /** The fleet's registry: a reference the folder lacks is pulled from it, one computed here pushed to it. */
  registry: RegistryCache | null = null,
): Promise<{ outputs: ReferenceOutput[]; cached: boolean }> {
  const hash = createHash('sha256')
    .update(REFERENCE_RUNTIME)
    .update(modelDigest ?? '');
  for (const input of inputs) {
    // float32 inputs hash as they did before types: a kept reference stays valid.
    const type = input.type === 'float32' ? '' : `:${input.type}`;
    hash.update(`${input.name}:${input.dims.join('x')}${type}`).update(elementBytes(input.type, input.values));
  }
  const file = cacheDir && modelDigest && join(cacheDir, 'references', `${hash.digest('hex')}.json`);
  if (file && registry && !(await isPlainFile(file))) {
    await mkdir(dirname(file), { recursive: true }).catch(() => {});
    await registry.pullFile('reference', basename(file), file);
  }
  if (file && (await isPlainFile(file))) {
    const text = await readFile(file, 'utf8').catch(() => null);
    const signature = await readFile(`${file}.sig`, 'utf8').catch(() => null);
    const served = text !== null && mayServe(trust, 'reference', basename(file), sha256(text), signature?.trim());
    const kept = served ? decode(text) : null;
    if (kept) return { outputs: kept, cached: true };
  }
  const outputs = await compute();
  if (file) {
    const staging = `${file}.${process.pid}.tmp`;
    const text = encode(outputs);
    const signature = signEntry(trust, 'reference', basename(file), sha256(text));
    await mkdir(dirname(file), { recursive: true })
      .then(() => writeNewFile(staging, text))
      .then(() => rm(`${file}.sig`, { force: true }))
      .then(() => rename(staging, file))
      .then(() => (signature ? writeNewFile(`${file}.sig`, `${signature}\n`) : undefined))
      .then(() => registry?.pushFile('reference', basename(file), file, sha256(text), signature))
      .catch(() => rm(staging, { force: true }));
  }
  return { outputs, cached: false };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Which runtime computed a kept reference: another version may round differently. */
const REFERENCE_RUNTIME = 'onnxruntime-web 1.30 cpu fp32\0';

/** Each output's values in its type's bytes (a float32 output as before types: no `type` key). */
const encode = (outputs: readonly ReferenceOutput[]) =>
  JSON.stringify(
    outputs.map((o) => ({
      name: o.name,
      dims: o.dims,
      ...(o.type !== 'float32' && { type: o.type }),
      values: elementBytes(o.type, o.values).toString('base64'),
    })),
  );

function decode(text: string): ReferenceOutput[] | null {
  try {
    const data = JSON.parse(text) as { name: string; dims: number[]; type?: string; values: string }[];
    return data.map((o) => {
      const type = o.type ?? 'float32';
      if (!isElementType(type)) throw new Error('damaged');
      const values = readElements(type, Buffer.from(o.values, 'base64'));
      if (values.length !== o.dims.reduce((a, b) => a * b, 1)) throw new Error('damaged');
      return { name: o.name, dims: o.dims, type, values };
    });
  } catch {
    return null; // damaged: computed again
  }
}

/**
 * An input as ONNX Runtime takes it: the reference model is FP32 (widen-model.ts), so FP16 and BF16 inputs
 * go in as the float32 values they hold; integers in their own type.
 */
function feed(ort: Pick<OnnxRuntime, 'Tensor'>, input: InputTensor): unknown {
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
function referenceOf(name: string, tensor: { type: string; dims: readonly number[]; data: unknown }): ReferenceOutput {
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
