import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { writeNewFile } from '../proc/new-file.js';
import { basename, dirname, join } from 'node:path';
import { type CacheTrust, isPlainFile, mayServe, signEntry } from '../cache/trust.js';
import { float32Bytes, type InputTensor } from './inputs.js';

export interface ReferenceOutput {
  name: string;
  dims: number[];
  values: Float32Array;
}

/** A loaded model: ONNX Runtime's InferenceSession, as much of it as the reference needs. */
export interface ReferenceSession {
  inputNames: readonly string[];
  outputNames: readonly string[];
  run(feeds: Record<string, unknown>): Promise<Record<string, { dims: readonly number[]; data: unknown }>>;
}

/** The part of ONNX Runtime's JavaScript API the reference needs (onnxruntime-web and -node share it). */
export interface OnnxRuntime {
  env: { wasm?: { numThreads?: number } };
  Tensor: new (type: 'float32', data: Float32Array, dims: readonly number[]) => unknown;
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
): Promise<{ outputs: ReferenceOutput[]; cached: boolean }> {
  const hash = createHash('sha256')
    .update(REFERENCE_RUNTIME)
    .update(modelDigest ?? '');
  for (const input of inputs) hash.update(`${input.name}:${input.dims.join('x')}`).update(float32Bytes(input.values));
  const file = cacheDir && modelDigest && join(cacheDir, 'references', `${hash.digest('hex')}.json`);
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
      .catch(() => rm(staging, { force: true }));
  }
  return { outputs, cached: false };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Which runtime computed a kept reference: another version may round differently. */
const REFERENCE_RUNTIME = 'onnxruntime-web 1.30 cpu fp32\0';

const encode = (outputs: readonly ReferenceOutput[]) =>
  JSON.stringify(
    outputs.map((o) => ({ name: o.name, dims: o.dims, values: float32Bytes(o.values).toString('base64') })),
  );

function decode(text: string): ReferenceOutput[] | null {
  try {
    const data = JSON.parse(text) as { name: string; dims: number[]; values: string }[];
    return data.map((o) => {
      const bytes = Buffer.from(o.values, 'base64');
      const values = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
      if (values.length !== o.dims.reduce((a, b) => a * b, 1)) throw new Error('damaged');
      return { name: o.name, dims: o.dims, values };
    });
  } catch {
    return null; // damaged: computed again
  }
}

/**
 * The reference outputs: the ONNX model (a session opened once per model) run by ONNX Runtime on the CPU
 * in FP32, on the same inputs the engine gets.
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
