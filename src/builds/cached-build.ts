import { rm } from 'node:fs/promises';
import type { EngineCache } from '../cache/engine-cache.js';
import { scanPlan } from '../verify/scan-plan.js';
import { buildArgv } from '../tensorrt/argv.js';
import { formatVersion, type TensorRtVersion } from '../tensorrt/version.js';
import type { Attempt, BuildContext, BuildRecord } from './build-profile.js';
import type { BuildJob } from './jobs.js';

/** The content key: the model's files, the plugins, the argv without its paths, TensorRT and the GPU. */
export function cacheKey(job: BuildJob, record: BuildRecord, context: BuildContext): Promise<string> {
  // Paths differ between checkouts and runners; what is in the files does not.
  const model = {
    ...job.model,
    onnx: 'model.onnx',
    plugins: job.model.plugins.map((_, i) => `plugin${i}`),
    dynamicPlugins: job.model.dynamicPlugins.map((_, i) => `dynamic${i}`),
  };
  const argv = buildArgv(context.version, model, job.profile, context.config.workspaceBytes, {
    plan: 'plan',
    layerInfo: 'layers.json',
    timingCache: null,
  });
  return context.cache!.keys.key({
    onnx: job.model.onnx,
    plugins: [...job.model.plugins, ...job.model.dynamicPlugins],
    argv: [...argv, `min-workspace=${context.config.minWorkspaceBytes}`],
    tensorrtVersion: formatVersion(context.version, true),
    gpu: record.gpu && { name: record.gpu.name, computeCapability: record.gpu.computeCapability },
  });
}

/** A cache hit: the plan comes from the cache and is still verified; a mismatch is rebuilt. */
export async function restoreFromCache(
  job: BuildJob,
  record: BuildRecord,
  key: string,
  cache: EngineCache,
): Promise<boolean> {
  const entry = await cache.lookup(key);
  if (entry === null || entry === 'corrupt') {
    record.cache = { key, hit: false, savedSeconds: null, corrupt: entry === 'corrupt' };
    return false;
  }
  await cache.restore(entry, job.plan, job.layerInfo);
  const scan = await scanPlan(job.plan);
  if (scan.sha256 !== entry.record.sha256) {
    await cache.remove(key);
    await rm(job.plan, { force: true });
    await rm(job.layerInfo, { force: true });
    record.cache = { key, hit: false, savedSeconds: null, corrupt: true };
    return false;
  }
  Object.assign(record, {
    status: 'cached',
    plan: job.plan,
    layerInfo: entry.record.hasLayerInfo ? job.layerInfo : null,
    scan,
    bytes: scan.bytes,
    sha256: scan.sha256,
    buildSeconds: entry.record.buildSeconds,
    failure: null,
    cache: { key, hit: true, savedSeconds: entry.record.buildSeconds, corrupt: false },
  });
  return true;
}

/** A plan that built is kept under its key, with what the report needs to stand in for the build. */
export async function storeInCache(
  cache: EngineCache,
  key: string,
  record: BuildRecord,
  job: BuildJob,
  last: Attempt,
  version: TensorRtVersion,
): Promise<void> {
  if (record.status === 'built' && record.scan?.sha256) {
    await cache.store(
      {
        key,
        model: record.model,
        profile: record.profile,
        bytes: record.scan.bytes,
        sha256: record.scan.sha256,
        buildSeconds: record.buildSeconds,
        tensorrtVersion: formatVersion(version, true),
        gpu: record.gpu && { name: record.gpu.name, computeCapability: record.gpu.computeCapability },
        argv: last.argv,
        createdAt: new Date().toISOString(),
        hasLayerInfo: record.layerInfo !== null,
      },
      job.plan,
      record.layerInfo,
    );
  }
  record.cache = { key, hit: false, savedSeconds: null, corrupt: record.cache?.corrupt ?? false };
}
