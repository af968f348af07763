import type { Config } from '../contract/config.js';
import { selectedGpus } from '../gpu/selection.js';
import { MemorySampler, type MemoryTimeline } from '../gpu/memory-sampler.js';
import { queryGpus, type GpuInfo, type GpuQuery, type NvidiaSmi } from '../gpu/nvidia-smi.js';
import { killAllProcessGroups } from '../proc/run-process.js';
import type { Failure } from '../contract/report.js';
import type { Trtexec } from '../tensorrt/trtexec.js';
import type { PlanRunner } from '../runners/plan-runner.js';
import { formatVersion, type TensorRtVersion } from '../tensorrt/version.js';
import { EngineCache, EngineKeys, type FileDigests, type Provenance } from '../cache/engine-cache.js';
import { join } from 'node:path';
import type { RemoteCache } from '../cache/remote-cache.js';
import { type CacheTrust, TRUST_ALL } from '../cache/trust.js';
import { buildPlan } from './build-plan.js';
import { CANCELLED } from '../tensorrt/failure-hints.js';
import type { BuildContext, BuildEvent } from './context.js';
import { producerFor } from './producer-for.js';
import { PlanCache } from '../cache/plan-cache.js';
import { notRun, type BuildOutcome } from './outcome.js';
import { type BuildJob, planBuildJobs } from './jobs.js';
import { withPrecisionOnnx } from './precision-onnx.js';
import type { JobSelection } from './shard.js';
import { lddOf, whichCommand } from '../proc/ldd.js';
import { runOnSlots } from './scheduler.js';

/** What every build of a run shares, the build stage's and the side builds' alike. */
export interface PlanBuildingOptions {
  /** The one way trtexec is run: it builds plans unless trt-ci.yml has build:. */
  trtexec: Trtexec;
  /** What loads and measures the plans: trtexec, or the user's run command. */
  runner: PlanRunner;
  /** The job's environment: nvidia-smi and ldd run in it, and the engine cache keys the build variables in it. */
  env: NodeJS.ProcessEnv;
  /** Aborting kills the running builds and skips the rest. */
  signal?: AbortSignal;
  /** File digests the run shares (the cache keys and the manifest read each file once). */
  digests?: FileDigests;
  /** Who this run is, as the engine cache records it (null: unknown). */
  provenance?: Provenance | null;
  /** Which cache entries this run may take (cache/trust.ts); default: all of them. */
  cacheTrust?: CacheTrust;
  /** The fleet's shared store behind cache-dir's folder (cache-dir: oci://…), or null. */
  registry?: RemoteCache | null;
}

/**
 * The context every build of the run is handed (build-plan.ts): the producer, the engine cache and its keys, the
 * timing cache per GPU model, whom the cache serves. The GPUs are the stage's to fill in.
 */
export function planBuilding(
  config: Config,
  version: TensorRtVersion,
  options: PlanBuildingOptions,
): BuildContext & { gpus: Map<number, GpuInfo> } {
  const cacheTrust = options.cacheTrust ?? TRUST_ALL;
  const cache = config.cacheDir
    ? new PlanCache(
        new EngineCache(config.cacheDir, config.cacheMaxBytes),
        new EngineKeys(options.digests),
        cacheTrust,
        () => toolchainOf(config.trtexec, options.env),
        options.provenance ?? null,
        options.registry ?? null,
      )
    : null;
  const producer = producerFor(config, options.trtexec, version, {
    env: options.env,
    ...(options.signal && { signal: options.signal }),
  });
  return {
    config,
    producer,
    runner: options.runner,
    env: options.env,
    version,
    gpus: new Map(),
    cache,
    cacheTrust,
    ...(config.cacheDir && { timingCacheFor: timingCacheIn(config.cacheDir, version) }),
    ...(options.signal && { signal: options.signal }),
  };
}

export interface BuildStageOptions {
  /** What every build of the run shares (planBuilding). */
  building: BuildContext;
  /** The job's environment: nvidia-smi runs in it. */
  env: NodeJS.ProcessEnv;
  /** nvidia-smi as the run calls it (how it is started, too); config's nvidia-smi in `env` when not given. */
  nvidiaSmi?: NvidiaSmi;
  onEvent?: (event: BuildEvent) => void;
  /** Aborting kills the running builds and skips the rest. */
  signal?: AbortSignal;
  /** The GPU query the run already made (for preflight); the stage makes its own when there is none. */
  gpuQuery?: Promise<GpuQuery>;
  /** The pairs this run builds (`--shard`, `--only`); all when not given. */
  selection?: JobSelection;
  /** How often a running build says where it is (default a minute). */
  heartbeatMs?: number;
}

export interface BuildStageResult {
  outcomes: BuildOutcome[];
  gpus: GpuInfo[];
  /** Why there are no GPU facts, when there are none. */
  gpuQueryError: string | null;
  /** The engine cache's size after eviction, and how many entries eviction removed. */
  cacheBytes: number | null;
  evicted: number;
  /** Why eviction stopped part way (an entry that could not be removed), or null. */
  evictProblem: string | null;
}

interface GpuPlan {
  slots: (number | null)[];
  gpus: GpuInfo[];
  queryError: string | null;
}

async function planGpus(config: Config, smi: NvidiaSmi, made: Promise<GpuQuery> | undefined): Promise<GpuPlan> {
  const query = await (made ?? queryGpus(smi));
  if (!query.ok) {
    // Without nvidia-smi the builds still run, unpinned and one at a time, without memory figures.
    return { slots: config.gpus === 'all' ? [null] : config.gpus, gpus: [], queryError: query.reason };
  }
  const wanted = selectedGpus(config, query);
  if (!wanted) return { slots: query.gpus.map((g) => g.index), gpus: query.gpus, queryError: null };
  return { slots: wanted, gpus: query.gpus.filter((g) => wanted.includes(g.index)), queryError: null };
}

/**
 * The workspace a model's split builds got through with (the largest, after any back-off), for its
 * combined plan; the model's own when none of them built.
 */
function provenWorkspace(job: BuildJob, split: readonly BuildOutcome[]): number {
  const proven = split
    .filter((o) => o.job.model === job.model && o.status === 'built')
    .map((o) => o.attempts.at(-1)!.workspaceBytes);
  return proven.length ? Math.min(Math.max(...proven), job.model.workspaceBytes) : job.model.workspaceBytes;
}

/**
 * The slots builds run in: one per GPU unless `max-parallel` says otherwise. Fewer uses the first GPUs;
 * more deals the GPUs out in turn, so each GPU holds about as many builds as the others.
 */
function parallelSlots<Slot>(gpus: readonly Slot[], maxParallel: number | null): Slot[] {
  if (maxParallel === null) return [...gpus];
  return Array.from({ length: maxParallel }, (_, i) => gpus[i % gpus.length]!);
}

/** The trtexec binary and the libnvinfer* libraries it links, as the dynamic linker resolves them. */
async function toolchainOf(trtexec: string, env: NodeJS.ProcessEnv): Promise<{ trtexec: string; libraries: string[] }> {
  const binary = whichCommand(trtexec, env) ?? trtexec;
  const linked = await lddOf(binary, env);
  const libraries = [...(linked?.resolved.entries() ?? [])]
    .filter(([name]) => name.startsWith('libnvinfer'))
    .map(([, path]) => path)
    .sort();
  return { trtexec: binary, libraries };
}

/** Each attempt's peak memory from the stream, by its GPU and time window; the build's is its last attempt's. */
function withPeakMemory(outcomes: readonly BuildOutcome[], timeline: MemoryTimeline): BuildOutcome[] {
  return outcomes.map((outcome) => {
    const gpu = outcome.gpu;
    if (!gpu) return outcome;
    const attempts = outcome.attempts.map((a) => {
      const peak = timeline.window(gpu.index, a.startedAt, a.endedAt)?.attributedMiB ?? null;
      // An attempt that showed nothing above the idle GPU ran between two samples (a build holds a CUDA context
      // at the least): what it held is unknown, never 0 B within a budget.
      return { ...a, peakGpuMemoryMiB: peak === 0 ? null : peak };
    });
    return { ...outcome, attempts, peakGpuMemoryMiB: attempts[attempts.length - 1]?.peakGpuMemoryMiB ?? null };
  });
}

/** Every build of the config, not run: the report still lists what was not built, and why. */
export function skipBuildStage(config: Config, failure: Failure, selection?: JobSelection): BuildStageResult {
  return {
    outcomes: planBuildJobs(config, selection).map((job) => notRun(job, null, failure)),
    gpus: [],
    gpuQueryError: null,
    cacheBytes: null,
    evicted: 0,
    evictProblem: null,
  };
}

/**
 * The GPUs to build on, and the memory stream watching them: started while the GPUs are being listed, it has
 * its baseline before the first build; without GPUs it is stopped unused.
 */
async function watchedGpus(
  config: Config,
  options: BuildStageOptions,
): Promise<{ sampler: MemorySampler | null; gpuPlan: GpuPlan }> {
  const smi = options.nvidiaSmi ?? { command: config.nvidiaSmi, env: options.env, signal: options.signal };
  const sampler = new MemorySampler({ command: smi.command, env: smi.env, start: smi.start });
  sampler.start();
  let gpuPlan: GpuPlan;
  try {
    gpuPlan = await planGpus(config, smi, options.gpuQuery);
  } catch (error) {
    await sampler.stop();
    throw error;
  }
  if (gpuPlan.gpus.length === 0) {
    await sampler.stop();
    return { sampler: null, gpuPlan };
  }
  await sampler.waitForBaseline(gpuPlan.slots.filter((s): s is number => s !== null));
  return { sampler, gpuPlan };
}

/** With a cache folder, the timing cache is kept there per TensorRT version and GPU model. */
function timingCacheIn(cacheDir: string, version: TensorRtVersion): (gpuName: string | null) => string {
  return (gpuName) =>
    join(
      cacheDir,
      'timing',
      `${formatVersion(version, true)}-${(gpuName ?? 'unknown-gpu').replace(/[^A-Za-z0-9._-]+/g, '-')}.cache`,
    );
}

/**
 * Every model × profile, one trtexec each, one build per GPU at a time with the GPUs in parallel,
 * under one nvidia-smi memory stream whose samples are charged to the builds afterwards.
 */
export async function runBuildStage(config: Config, options: BuildStageOptions): Promise<BuildStageResult> {
  const { version } = options.building;
  const { sampler, gpuPlan } = await watchedGpus(config, options);
  const onAbort = () => killAllProcessGroups('SIGKILL');
  options.signal?.addEventListener('abort', onAbort);
  const gpus = new Map(gpuPlan.gpus.map((g) => [g.index, g]));
  const { building } = options;
  const { cache, timingCacheFor } = building;
  const timing =
    cache?.registry && timingCacheFor
      ? await cache.pullTimingCaches(gpuPlan.gpus.flatMap((gpu) => timingCacheFor(gpu.name) ?? []))
      : null;
  let outcomes: BuildOutcome[];
  const jobsPlanned = planBuildJobs(config, options.selection);
  const prepared = await withPrecisionOnnx(jobsPlanned, version, config.outputDir, undefined, options.signal);
  const jobs = prepared.jobs;
  const slots = parallelSlots(gpuPlan.slots, config.maxParallel);
  try {
    const unwritten = (job: BuildJob) => prepared.failures.get(job.model.name);
    const build = (job: BuildJob, gpu: number | null) =>
      options.signal?.aborted
        ? Promise.resolve(
            notRun(job, gpu === null ? null : { index: gpu, name: null, computeCapability: null }, CANCELLED),
          )
        : unwritten(job)
          ? Promise.resolve({ ...notRun(job, null, unwritten(job)!), status: 'failed' as const })
          : buildPlan(job, gpu, {
              ...building,
              gpus,
              ...(options.onEvent && { onEvent: options.onEvent }),
              ...(options.heartbeatMs && { heartbeatMs: options.heartbeatMs }),
              ...(sampler && {
                peakSince: (gpu: number, since: number) =>
                  sampler?.timeline.window(gpu, since, Date.now())?.attributedMiB ?? null,
              }),
            });
    // The plans with every profile come after the split ones, starting from the workspace those proved.
    const split = await runOnSlots(
      jobs.filter((job) => !job.profile.parts),
      slots,
      build,
    );
    const combined = await runOnSlots(
      jobs.filter((job) => job.profile.parts).map((job) => ({ ...job, workspaceBytes: provenWorkspace(job, split) })),
      slots,
      build,
    );
    const done = [...split, ...combined];
    outcomes = jobs.map((job) => done.find((o) => o.job.plan === job.plan)!);
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    await sampler?.stop();
  }
  if (sampler) outcomes = withPeakMemory(outcomes, sampler.timeline);
  if (timing) await cache?.pushTimingCaches(timing);
  // With a registry the run's folder goes with the run: the limits apply to what this repository pushed.
  const evicted = await cache?.evict({ maxBytes: config.cacheMaxBytes, maxAgeMs: config.cacheMaxAgeMs });
  return {
    outcomes,
    gpus: gpuPlan.gpus,
    gpuQueryError: gpuPlan.queryError,
    cacheBytes: evicted?.bytes ?? null,
    evicted: evicted?.removed ?? 0,
    evictProblem: evicted?.problem ?? null,
  };
}
