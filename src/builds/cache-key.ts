import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { KeyRequest } from '../cache/plan-cache.js';
import type { BuildGpu } from '../contract/report.js';
import { formatVersion } from '../tensorrt/version.js';
import type { BuildContext } from './context.js';
import type { BuildJob } from './jobs.js';
import { modelToBuild } from './precision-onnx.js';

/** Variables that change what trtexec builds; their values are part of the key. */
// TensorRT's own TRT_* variables change a build; trt-ci's TRT_CI_* (its cache key, a secret) do not.
const BUILD_ENVIRONMENT =
  /^(CUDA_MODULE_LOADING|CUDA_FORCE_PTX_JIT|CUDA_DISABLE_PTX_JIT|CUDA_CACHE_DISABLE|TRT_(?!CI_).+)$/;

/**
 * What the content key is made of: the model's files, the plugins, files named in extra-args, the argv without
 * its paths, TensorRT, the GPU and driver, and the variables that change a build (the cache adds the trtexec
 * binary and its TensorRT libraries). Null when the GPU is unknown: a plan is never served for a GPU nobody named.
 */
export function keyRequest(
  job: BuildJob,
  gpu: (BuildGpu & { driverVersion: string | null }) | null,
  context: Pick<BuildContext, 'producer' | 'env' | 'config' | 'version'>,
): KeyRequest | null {
  if (!gpu?.name) return null;
  // Paths differ between checkouts and runners; what is in the files does not.
  const built = modelToBuild(job);
  const model = {
    ...built,
    onnx: 'model.onnx',
    plugins: job.model.plugins.map((_, i) => `plugin${i}`),
    dynamicPlugins: job.model.dynamicPlugins.map((_, i) => `dynamic${i}`),
  };
  const paths = { plan: 'plan', layerInfo: 'layers.json', timingCache: null };
  // The model's workspace, not where a combined plan started: that follows from its split builds, which
  // are keyed themselves, and must not make a cached split run look like another build.
  const request = { model, profile: job.profile, workspaceBytes: job.model.workspaceBytes, paths };
  const argv = context.producer.argv(request);
  const environment = Object.fromEntries(
    Object.entries(context.env)
      .filter(([name, value]) => BUILD_ENVIRONMENT.test(name) && value !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  ) as Record<string, string>;
  return {
    // The ONNX trtexec is given: for fp16 on 11.x the written one, which the keep-fp32 list shapes.
    onnx: built.onnx,
    plugins: [...job.model.plugins, ...job.model.dynamicPlugins],
    inputs: [
      ...new Set([...filesNamedIn(job.model.extraArgs, context.config.dir), ...context.producer.inputsNamed(argv)]),
    ].sort(),
    argv: [...argv, ...context.producer.keyed(request), `min-workspace=${job.model.minWorkspaceBytes}`],
    tensorrtVersion: formatVersion(context.version, true),
    gpu: { name: gpu.name, computeCapability: gpu.computeCapability, driverVersion: gpu.driverVersion },
    environment,
  };
}

/** Files an extra-args value names (`--calib=x.cache`, `--loadInputs=in:data.bin`), where they exist. */
function filesNamedIn(extraArgs: readonly string[], dir: string): string[] {
  const files = new Set<string>();
  for (const arg of extraArgs) {
    const value = /^--[A-Za-z0-9]+=(.+)$/.exec(arg)?.[1];
    if (!value) continue;
    for (const part of value.split(',').flatMap((item) => [item, ...item.split(':').slice(1)])) {
      const path = resolve(dir, part);
      if (part && statSync(path, { throwIfNoEntry: false })?.isFile()) files.add(path);
    }
  }
  return [...files].sort();
}
