import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { EngineCache, EngineKeys } from '../cache/engine-cache.js';
import { privateTimingCache, publishTimingCache } from '../cache/timing-cache.js';
import type { Config } from '../config/load.js';
import type { GpuInfo } from '../gpu/nvidia-smi.js';
import { scanPlan, type PlanScan } from '../verify/scan-plan.js';
import { runProcess, type ProcessResult } from '../proc/run-process.js';
import { benchmarkArgv, buildArgv } from '../tensorrt/argv.js';
import type { Failure } from '../tensorrt/failures.js';
import { TrtexecLogParser, type ParsedLog, type TimingStats } from '../tensorrt/log-parser.js';
import type { TensorRtVersion } from '../tensorrt/version.js';
import { cacheKey, restoreFromCache, storeInCache } from './cached-build.js';
import type { BuildJob } from './jobs.js';

export interface Attempt {
  attempt: number;
  workspaceBytes: number;
  argv: string[];
  log: string;
  startedAt: number;
  endedAt: number;
  exitCode: number | null;
  signal: string | null;
  failure: Failure | null;
  peakGpuMemoryMiB: number | null;
}

export interface Perf {
  throughputQps: number | null;
  latencyMs: TimingStats | null;
  gpuComputeMs: TimingStats | null;
  log: string;
}

export interface BuildRecord {
  model: string;
  profile: string;
  status: 'built' | 'cached' | 'failed' | 'skipped';
  gpu: { index: number; name: string | null; computeCapability: string | null } | null;
  shapes: Record<string, { min: string; opt: string; max: string }>;
  plan: string | null;
  layerInfo: string | null;
  bytes: number | null;
  sha256: string | null;
  attempts: Attempt[];
  /** trtexec's own "Engine built in" figure for the attempt that succeeded, else its wall time. */
  buildSeconds: number | null;
  peakGpuMemoryMiB: number | null;
  perf: Perf | null;
  failure: Failure | null;
  /** Where the model and profile are in trt-ci.yml. */
  configIndex: { model: number; profile: number };
  /** The plan's one scan: size, zeros, header, sha256. */
  scan: PlanScan | null;
  /** The engine cache's verdict: the content key, whether it hit, and the GPU time the hit saved. */
  cache: { key: string; hit: boolean; savedSeconds: number | null; corrupt: boolean } | null;
}

export type BuildEvent =
  | { type: 'start'; job: BuildJob; gpu: number | null; attempt: number; workspaceBytes: number }
  | { type: 'retry'; job: BuildJob; failure: Failure; workspaceBytes: number }
  | { type: 'done'; record: BuildRecord };

export interface BuildContext {
  config: Pick<
    Config,
    'trtexec' | 'workspaceBytes' | 'minWorkspaceBytes' | 'timingCache' | 'buildTimeoutMs' | 'killGraceMs'
  >;
  version: TensorRtVersion;
  /** Engines by content key; a hit replaces the build. */
  cache?: { engines: EngineCache; keys: EngineKeys } | null;
  /** The timing cache for a GPU model, when it is kept per TensorRT version and GPU model. */
  timingCacheFor?: (gpuName: string | null) => string | null;
  gpus: ReadonlyMap<number, GpuInfo>;
  onEvent?: (event: BuildEvent) => void;
}

const gpuFacts = (info: GpuInfo | undefined) => ({
  name: info?.name ?? null,
  computeCapability: info?.computeCapability ?? null,
});

/** A build that has not run yet: it fails until it is shown to have built. */
export function newBuildRecord(job: BuildJob, gpu: BuildRecord['gpu']): BuildRecord {
  return {
    model: job.model.name,
    profile: job.profile.name,
    status: 'failed',
    gpu,
    shapes: Object.fromEntries(
      job.profile.shapes.map((s) => [s.input, { min: s.min.join('x'), opt: s.opt.join('x'), max: s.max.join('x') }]),
    ),
    plan: null,
    layerInfo: null,
    bytes: null,
    sha256: null,
    attempts: [],
    buildSeconds: null,
    peakGpuMemoryMiB: null,
    perf: null,
    failure: null,
    configIndex: { model: job.modelIndex, profile: job.profileIndex },
    scan: null,
    cache: null,
  };
}

/** The next workspace after an out-of-memory failure, or null when the floor is reached. */
export function nextWorkspace(current: number, floor: number): number | null {
  if (current <= floor) return null;
  return Math.max(Math.floor(current / 2), floor);
}

/**
 * Builds one profile: trtexec on one GPU, retried with half the workspace while it runs out of
 * memory, then (if asked) loaded once to prove the plan deserializes and to measure it.
 */
export async function buildProfile(job: BuildJob, gpu: number | null, context: BuildContext): Promise<BuildRecord> {
  const { config, version } = context;
  const env = gpu === null ? process.env : { ...process.env, CUDA_VISIBLE_DEVICES: String(gpu) };
  await mkdir(dirname(job.logPrefix), { recursive: true });
  // A plan left by an earlier run must never pass for this run's output.
  await rm(job.plan, { force: true });
  await rm(job.layerInfo, { force: true });

  const record = newBuildRecord(job, gpu === null ? null : { index: gpu, ...gpuFacts(context.gpus.get(gpu)) });

  const key = context.cache ? await cacheKey(job, record, context) : null;
  if (context.cache && key) {
    const restored = await restoreFromCache(job, record, key, context.cache.engines);
    if (restored) {
      context.onEvent?.({ type: 'done', record });
      return record;
    }
  }

  const sharedTiming = context.timingCacheFor?.(record.gpu?.name ?? null) ?? config.timingCache;
  const timingCache = sharedTiming
    ? await privateTimingCache(sharedTiming, `${job.model.name}.${job.profile.name}`)
    : null;
  let workspace: number | null = config.workspaceBytes;
  let parsed: ParsedLog | null = null;
  while (workspace !== null) {
    const attempt = record.attempts.length + 1;
    const argv = buildArgv(version, job.model, job.profile, workspace, {
      plan: job.plan,
      layerInfo: job.layerInfo,
      timingCache,
    });
    const log = `${job.logPrefix}.${attempt}.log`;
    context.onEvent?.({ type: 'start', job, gpu, attempt, workspaceBytes: workspace });
    const parser = new TrtexecLogParser();
    const result = await runProcess({
      command: config.trtexec,
      args: argv,
      env,
      logFile: log,
      timeoutMs: config.buildTimeoutMs,
      killGraceMs: config.killGraceMs,
      onLine: (line) => parser.push(line),
    });
    parsed = parser.result(outcomeOf(result), {
      workspaceBytes: workspace,
      minWorkspaceBytes: config.minWorkspaceBytes,
      buildTimeoutMs: config.buildTimeoutMs,
      logFile: log,
    });
    const failure = result.spawnError
      ? {
          kind: 'other' as const,
          message: result.spawnError,
          hint: 'Set trtexec: in trt-ci.yml to the trtexec binary.',
        }
      : parsed.failure;
    record.attempts.push({
      attempt,
      workspaceBytes: workspace,
      argv,
      log,
      startedAt: result.startedAt,
      endedAt: result.endedAt,
      exitCode: result.exitCode,
      signal: result.signal,
      failure,
      peakGpuMemoryMiB: null,
    });
    if (!failure) break;
    record.failure = failure;
    workspace = failure.kind === 'out-of-memory' ? nextWorkspace(workspace, config.minWorkspaceBytes) : null;
    if (workspace !== null) context.onEvent?.({ type: 'retry', job, failure, workspaceBytes: workspace });
  }

  const last = record.attempts[record.attempts.length - 1]!;
  if (timingCache) await publishTimingCache(timingCache, sharedTiming!, !last.failure);
  if (!last.failure) await collectPlan(record, job, last, parsed!);
  if (context.cache && key) await storeInCache(context.cache.engines, key, record, job, last, version);
  if (record.status === 'built' && job.model.benchmark) await benchmark(record, job, env, context);
  context.onEvent?.({ type: 'done', record });
  return record;
}

async function collectPlan(record: BuildRecord, job: BuildJob, last: Attempt, parsed: ParsedLog): Promise<void> {
  const planStat = await stat(job.plan).catch(() => null);
  if (!planStat?.isFile() || planStat.size === 0) {
    record.failure = {
      kind: 'other',
      message: `trtexec passed but wrote no plan at ${job.plan}`,
      hint:
        'Check that the output folder is writable and has free ' +
        'space, and that extra-args does not change --saveEngine.',
    };
    last.failure = record.failure;
    return;
  }
  record.status = 'built';
  record.failure = null;
  record.plan = job.plan;
  record.scan = await scanPlan(job.plan);
  record.bytes = record.scan.bytes;
  record.sha256 = record.scan.sha256;
  record.layerInfo = (await stat(job.layerInfo).catch(() => null))?.isFile() ? job.layerInfo : null;
  record.buildSeconds = parsed.buildSeconds ?? (last.endedAt - last.startedAt) / 1000;
  if (record.gpu && parsed.device.name && !record.gpu.name) record.gpu.name = parsed.device.name;
  if (record.gpu && parsed.device.computeCapability && !record.gpu.computeCapability)
    record.gpu.computeCapability = parsed.device.computeCapability;
}

async function benchmark(
  record: BuildRecord,
  job: BuildJob,
  env: NodeJS.ProcessEnv,
  context: BuildContext,
): Promise<void> {
  const log = `${job.logPrefix}.bench.log`;
  const parser = new TrtexecLogParser();
  const result = await runProcess({
    command: context.config.trtexec,
    args: benchmarkArgv(context.version, job.model, job.profile, job.plan),
    env,
    logFile: log,
    timeoutMs: context.config.buildTimeoutMs,
    killGraceMs: context.config.killGraceMs,
    onLine: (line) => parser.push(line),
  });
  const parsed = parser.result(outcomeOf(result), { buildTimeoutMs: context.config.buildTimeoutMs, logFile: log });
  record.perf = {
    throughputQps: parsed.throughputQps,
    latencyMs: parsed.latencyMs,
    gpuComputeMs: parsed.gpuComputeMs,
    log,
  };
  if (parsed.failure) {
    record.status = 'failed';
    record.failure = { ...parsed.failure, message: `the plan did not load: ${parsed.failure.message}` };
  }
}

function outcomeOf(result: ProcessResult) {
  return { exitCode: result.exitCode, signal: result.signal, timedOut: result.timedOut };
}
