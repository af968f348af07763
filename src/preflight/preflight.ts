import { fileSize } from '../common/errors.js';
import type { Config } from '../contract/config.js';
import { selectedGpus, selectedInfo } from '../gpu/selection.js';
import { queryComputeApps, queryGpus, type GpuQuery } from '../gpu/nvidia-smi.js';
import type { StartProcess } from '../proc/run-process.js';
import { formatVersion, type TensorRtVersion } from '../tensorrt/version.js';
import { devNvidiaPresent, diskFacts, findCuda, nvinferTarget, pluginFacts, resolveCommand } from './gather.js';
import { gpuChecks } from './gpu-checks.js';
import { precisionCheck } from './precision-check.js';
import { onnxGraphOf } from '../onnx/inputs.js';
import { diskCheck, pluginCheck, registryLoginCheck } from './host-checks.js';
import { dockerConfigText } from '../cache/registry-setup.js';
import { parseOciReference } from '../cache/oci-reference.js';
import { overall } from './types.js';
import { judgeTimingCache } from './timing-cache-check.js';
import type { Check, PreflightResult } from '../contract/report.js';

export interface PreflightEnvironment {
  /** The job's environment: PATH finds trtexec, ldd and nvidia-smi; CUDA_VERSION is read from it. */
  env: NodeJS.ProcessEnv;
  /** The CUDA toolkit whose version.json is read. */
  toolkitRoot?: string;
  devDir?: string;
  /** The GPU query the run already made; preflight makes its own when there is none. */
  gpuQuery?: Promise<GpuQuery>;
  /** The run's cancel: a hung nvidia-smi is stopped at once. */
  signal?: AbortSignal;
  /** Whether this run builds the default branch (github/context.ts's provenance): a registry login is its own. */
  defaultBranch?: boolean;
  /** How nvidia-smi is started: a process of its own group unless a test runs it in-process. */
  startProcess?: StartProcess;
}

type PreflightConfig = Pick<
  Config,
  | 'nvidiaSmi'
  | 'trtexec'
  | 'gpus'
  | 'cuda'
  | 'minDriver'
  | 'expectGpu'
  | 'outputDir'
  | 'minFreeDiskBytes'
  | 'skipChecks'
  | 'models'
  | 'where'
  | 'cacheRegistry'
  | 'timingCache'
>;

/**
 * Proves the runner can build before the GPU hour is spent: gathers every fact at once (one
 * nvidia-smi query for the GPUs, one for their processes, the file system, the plugin files), then
 * judges them. The TensorRT version is detected by the caller, once per run.
 */
export async function runPreflight(
  config: PreflightConfig,
  tensorrt: TensorRtVersion,
  environment: PreflightEnvironment,
): Promise<PreflightResult> {
  const started = performance.now();
  const { env } = environment;
  const smi = { command: config.nvidiaSmi, env, signal: environment.signal, start: environment.startProcess };
  const trtexecPath = resolveCommand(config.trtexec, env);
  const plugins = uniquePlugins(config.models);
  const [query, apps, cuda, target, disk, pluginList] = await Promise.all([
    environment.gpuQuery ?? queryGpus(smi),
    queryComputeApps(smi),
    findCuda({
      configured: config.cuda,
      trtexecPath,
      tensorrt,
      env,
      toolkitRoot: environment.toolkitRoot ?? '/usr/local/cuda',
    }),
    nvinferTarget(trtexecPath, tensorrt),
    diskFacts(config.outputDir),
    Promise.all(plugins.map(({ path, dynamic }) => pluginFacts(path, dynamic, env))),
  ]);
  const timingCache = await judgeTimingCache(config.timingCache, formatVersion(tensorrt, true), query, config.gpus);

  selectedGpus(config, query);
  const checks: Check[] = [
    ...gpuChecks({
      query,
      apps,
      selection: config.gpus,
      tensorrt,
      cuda,
      minDriver: config.minDriver,
      expectGpu: config.expectGpu,
      // The most any model asks: a GPU without room for it fails that model's builds.
      workspaceBytes: Math.max(...config.models.map((m) => m.workspaceBytes)),
      minWorkspaceBytes: Math.max(...config.models.map((m) => m.minWorkspaceBytes)),
      devNvidiaPresent: devNvidiaPresent(environment.devDir),
      kubernetes: Boolean(env.KUBERNETES_SERVICE_HOST),
    }),
    diskCheck(disk, config.minFreeDiskBytes),
    registryLoginCheck(cacheRegistries(config), dockerConfigText(env), environment.defaultBranch ?? false),
    precisionCheck(config.models, query.ok ? selectedInfo(query.gpus, config.gpus) : [], tensorrt, fileSize, onnxOps),
    timingCache,
    ...(pluginList.length > 0
      ? pluginList.map((plugin) => pluginCheck(plugin, target))
      : [{ id: 'plugins' as const, status: 'skip' as const, message: 'no plugins configured', hint: null }]),
  ].map((check) =>
    config.skipChecks.includes(check.id)
      ? { ...check, status: 'skip' as const, message: `skipped by skip-checks (${check.message})`, hint: null }
      : check,
  );

  const gpus = query.ok ? query.gpus.filter((g) => config.gpus === 'all' || config.gpus.includes(g.index)) : [];
  return {
    status: overall(checks),
    gpus: gpus.map((g) => ({
      index: g.index,
      name: g.name,
      computeCapability: g.computeCapability,
      driverVersion: g.driverVersion,
      memoryTotalMiB: g.memoryTotalMiB,
      memoryUsedMiB: g.memoryUsedMiB,
    })),
    checks,
    cuda,
    tensorrtVersion: formatVersion(tensorrt, true),
    elapsedMs: Math.round(performance.now() - started),
  };
}

/** The hosts of the registry cache's repositories (cache-dir: and cache-pr-repository:), once each. */
function cacheRegistries(config: PreflightConfig): string[] {
  const { primary, pr } = config.cacheRegistry ?? { primary: null, pr: null };
  const hosts = [primary, pr].flatMap((text) => {
    const parsed = text ? parseOciReference(text) : null;
    return parsed && typeof parsed !== 'string' ? [parsed.registry] : [];
  });
  return [...new Set(hosts)];
}

function uniquePlugins(models: PreflightConfig['models']): { path: string; dynamic: boolean }[] {
  const seen = new Map<string, boolean>();
  for (const model of models) {
    for (const path of model.plugins) seen.set(path, seen.get(path) ?? false);
    for (const path of model.dynamicPlugins) seen.set(path, true);
  }
  return [...seen].map(([path, dynamic]) => ({ path, dynamic }));
}

/** A model's main-graph op types, read at offsets; null when the file cannot be read (the build says why). */
function onnxOps(onnx: string): ReadonlySet<string> | null {
  try {
    return onnxGraphOf(onnx).ops ?? null;
  } catch {
    return null;
  }
}
