import { createHash } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { writeNewFile } from '../proc/new-file.js';
import { basename, dirname, join } from 'node:path';
import { type CacheTrust, isPlainFile } from '../cache/trust.js';
import { placeSigned, servedFile } from '../cache/signed-file.js';
import type { RemoteCache } from '../cache/remote-cache.js';
import { elementBytes, isElementType, readElements } from '../onnx/element-type.js';
import type { ReferenceOutput } from '../onnx/runtime.js';
import type { InputTensor } from '../onnx/seeded-inputs.js';

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
  registry: RemoteCache | null = null,
): Promise<{ outputs: ReferenceOutput[]; cached: boolean }> {
  const hash = createHash('sha256')
    .update(REFERENCE_RUNTIME)
    .update(modelDigest ?? '');
  for (const input of inputs) {
    // float32 inputs hash as they did before types: a kept reference stays valid.
    const type = input.type === 'float32' ? '' : `:${input.type}`;
    hash.update(`${input.name}:${input.dims.join('x')}${type}`).update(elementBytes(input.type, input.values));
  }
  const key = hash.digest('hex');
  const file = cacheDir && modelDigest && join(cacheDir, 'references', `${key}.json`);
  if (!file && modelDigest) return { outputs: await computedOnce(key, compute), cached: false };
  if (file && registry && !(await isPlainFile(file))) {
    await mkdir(dirname(file), { recursive: true }).catch(() => {});
    await registry.pullFile('reference', basename(file), file);
  }
  const served = file && (await servedFile('reference', file, trust));
  const kept = served ? decode(served.toString('utf8')) : null;
  if (kept) return { outputs: kept, cached: true };
  const outputs = await compute();
  if (file) {
    const staging = `${file}.${process.pid}.tmp`;
    await mkdir(dirname(file), { recursive: true })
      .then(() => writeNewFile(staging, encode(outputs)))
      .then(() => placeSigned('reference', staging, file, trust))
      .then(({ sha256, signature }) => registry?.pushFile('reference', basename(file), file, sha256, signature))
      .catch(() => rm(staging, { force: true }));
  }
  return { outputs, cached: false };
}

/**
 * References this process computed without a cache folder, by the key a folder would file them under: a keep-fp32
 * search checks the same model on the same inputs once per candidate, each a run of its own in this process. The
 * last few are kept; one that failed (or was cancelled) is computed again.
 */
const computed = new Map<string, Promise<ReferenceOutput[]>>();
const COMPUTED_KEPT = 4;

function computedOnce(key: string, compute: () => Promise<ReferenceOutput[]>): Promise<ReferenceOutput[]> {
  let outputs = computed.get(key);
  if (!outputs) {
    outputs = compute();
    computed.set(key, outputs);
    outputs.catch(() => computed.delete(key));
    if (computed.size > COMPUTED_KEPT) computed.delete(computed.keys().next().value!);
  }
  return outputs;
}

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
