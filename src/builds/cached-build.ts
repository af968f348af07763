import { statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CachedRecord, EngineCache, Provenance } from '../cache/engine-cache.js';
import type { RemoteCache } from '../cache/remote-cache.js';
import { type CacheTrust, mayServe, signEntry } from '../cache/trust.js';
import { errorMessage } from '../common/errors.js';
import type { BuildGpu, CacheVerdict } from '../contract/report.js';
import { formatVersion } from '../tensorrt/version.js';
import { scanPlan } from '../tensorrt/plan-scan.js';
import type { BuildContext } from './context.js';
import type { BuildJob } from './jobs.js';
import { modelToBuild } from './precision-onnx.js';
import type { Attempt, BuiltPlan } from './outcome.js';

/** Variables that change what trtexec builds; their values are part of the key. */
// TensorRT's own TRT_* variables change a build; trt-ci's TRT_CI_* (its cache key, a secret) do not.
const BUILD_ENVIRONMENT =
  /^(CUDA_MODULE_LOADING|CUDA_FORCE_PTX_JIT|CUDA_DISABLE_PTX_JIT|CUDA_CACHE_DISABLE|TRT_(?!CI_).+)$/;

/**
 * The content key: the model's files, the plugins, files named in extra-args, the argv without its
 * paths, TensorRT, the trtexec binary and its TensorRT libraries, the GPU and driver, and the variables
 * that change a build. Null when the GPU is unknown: a plan is never served for a GPU nobody named.
 */
export async function cacheKey(
  job: BuildJob,
  gpu: (BuildGpu & { driverVersion: string | null }) | null,
  context: BuildContext,
): Promise<string | null> {
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
  const toolchain = await context.cache!.toolchain();
  const environment = Object.fromEntries(
    Object.entries(context.env)
      .filter(([name, value]) => BUILD_ENVIRONMENT.test(name) && value !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  ) as Record<string, string>;
  return context.cache!.keys.key({
    // The ONNX trtexec is given: for fp16 on 11.x the written one, which the keep-fp32 list shapes.
    onnx: built.onnx,
    plugins: [...job.model.plugins, ...job.model.dynamicPlugins],
    inputs: [
      ...new Set([...filesNamedIn(job.model.extraArgs, context.config.dir), ...context.producer.inputsNamed(argv)]),
    ].sort(),
    argv: [...argv, ...context.producer.keyed(request), `min-workspace=${job.model.minWorkspaceBytes}`],
    tensorrtVersion: formatVersion(context.version, true),
    trtexec: toolchain.trtexec,
    libraries: toolchain.libraries,
    gpu: { name: gpu.name, computeCapability: gpu.computeCapability, driverVersion: gpu.driverVersion },
    environment,
  });
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

/** What a cache that cannot be read or written (a full, read-only or damaged disk) did; said in the report. */
export function cacheProblem(what: 'read' | 'written' | 'trimmed to cache-max-size', error: unknown): string {
  return `the engine cache could not be ${what}: ${errorMessage(error)}`;
}

/** A miss for an entry that could not be read: the engine is built as if the cache were empty. */
export function unreadableCache(key: string, error: unknown, registry: RemoteCache | null): CacheVerdict {
  return {
    key,
    hit: false,
    savedSeconds: null,
    corrupt: false,
    untrusted: false,
    problem: cacheProblem('read', error),
    registry: registry && NOT_PULLED,
  };
}

const NOT_PULLED = { pulledFrom: null, builtBy: null, pushed: false, duplicate: false };

/** Who built an entry, as its record says (never trusted: it is what the report shows). */
function builtBy(record: CachedRecord): string | null {
  const p = record.provenance;
  if (!p) return null;
  return p.run ?? `${p.event}${p.commit ? ` ${p.commit.slice(0, 12)}` : ''}`;
}

export type CacheLookup =
  | { plan: BuiltPlan; buildSeconds: number | null; verdict: CacheVerdict }
  | { plan: null; verdict: CacheVerdict };

/**
 * A cache hit: the plan comes from the cache and is still verified; a mismatch is removed and rebuilt.
 * An entry this run does not trust (a pull request's, read by the default branch) is not served. With a
 * registry, an entry the run's folder lacks is pulled into it first, and served by the same checks.
 */
export async function restoreFromCache(
  job: BuildJob,
  key: string,
  cache: EngineCache,
  trust: CacheTrust,
  registry: RemoteCache | null = null,
): Promise<CacheLookup> {
  let entry = await cache.lookup(key);
  let pulled: { from: string | null; problem: string | null } = { from: null, problem: null };
  if (entry === null && registry) {
    pulled = await registry.pullEngine(key, cache);
    if (pulled.from) entry = await cache.lookup(key);
  }
  const remote = registry && {
    ...NOT_PULLED,
    pulledFrom: pulled.from,
    builtBy: pulled.from && entry && entry !== 'corrupt' ? builtBy(entry.record) : null,
  };
  const miss = (corrupt: boolean, untrusted = false): CacheLookup => ({
    plan: null,
    verdict: { key, hit: false, savedSeconds: null, corrupt, untrusted, problem: pulled.problem, registry: remote },
  });
  if (entry === null || entry === 'corrupt') return miss(entry === 'corrupt');
  const { record } = entry;
  if (!mayServe(trust, 'engine', key, record.sha256, record.signature)) return miss(false, true);
  await cache.restore(entry, job.plan, job.layerInfo);
  const scan = await scanPlan(job.plan);
  if (scan.sha256 !== entry.record.sha256) {
    await cache.remove(key);
    await rm(job.plan, { force: true });
    await rm(job.layerInfo, { force: true });
    return miss(true);
  }
  const { buildSeconds } = entry.record;
  return {
    plan: { path: job.plan, layerInfo: entry.record.hasLayerInfo ? job.layerInfo : null, scan },
    buildSeconds,
    verdict: {
      key,
      hit: true,
      savedSeconds: buildSeconds,
      corrupt: false,
      untrusted: false,
      problem: null,
      registry: remote,
    },
  };
}

/** A plan that built is kept under its key, with what the report needs to stand in for the build. */
export async function storeInCache(
  cache: EngineCache,
  key: string,
  built: { plan: BuiltPlan; buildSeconds: number | null; gpu: BuildGpu | null; last: Attempt },
  job: BuildJob,
  tensorrtVersion: string,
  writer: { provenance: Provenance | null; replace: boolean; trust: CacheTrust },
): Promise<void> {
  const { plan, gpu } = built;
  if (!plan.scan.sha256) return;
  const signature = signEntry(writer.trust, 'engine', key, plan.scan.sha256);
  await cache.store(
    {
      key,
      model: job.model.name,
      profile: job.profile.name,
      bytes: plan.scan.bytes,
      sha256: plan.scan.sha256,
      buildSeconds: built.buildSeconds,
      tensorrtVersion,
      gpu: gpu && { name: gpu.name, computeCapability: gpu.computeCapability },
      argv: built.last.argv,
      createdAt: new Date().toISOString(),
      hasLayerInfo: plan.layerInfo !== null,
      ...(writer.provenance && { provenance: writer.provenance }),
      ...(signature && { signature }),
    },
    plan.path,
    plan.layerInfo,
    { replace: writer.replace },
  );
}

/**
 * Pushes the entry a build just stored to the registry this run writes (none: nothing is tried). The
 * verdict says whether it went, or whether another run's push of the same key got there first.
 */
export async function pushToRegistry(
  cache: EngineCache,
  key: string,
  registry: RemoteCache,
  verdict: CacheVerdict,
): Promise<CacheVerdict> {
  if (!registry.writes) return verdict;
  const entry = await cache.lookup(key);
  if (!entry || entry === 'corrupt') return verdict;
  const pushed = await registry.pushEngine(key, entry.dir, entry.record);
  const problem = [verdict.problem, pushed.problem].filter((p) => p !== null).join('; ') || null;
  return {
    ...verdict,
    problem,
    registry: { ...(verdict.registry ?? NOT_PULLED), pushed: pushed.pushed, duplicate: pushed.already },
  };
}
