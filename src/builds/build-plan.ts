import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { privateTimingCache, publishTimingCache } from '../cache/timing-cache.js';
import { mayUseTimingCache, recordTimingCacheOrigin } from '../cache/timing-cache-origin.js';
import type { ProcessResult } from '../proc/run-process.js';
import type { BuildGpu, Failure } from '../contract/report.js';
import { type Built, getOrBuild } from '../cache/plan-cache.js';
import { engineOf } from '../runners/plan-runner.js';
import { modelToBuild } from './precision-onnx.js';
import { CANCELLED } from '../tensorrt/failure-hints.js';
import { type ParsedLog, TrtexecLogParser } from '../tensorrt/log-parser.js';
import { formatVersion } from '../tensorrt/version.js';
import { readEngineLayers } from '../tensorrt/layer-info.js';
import { fp32Everywhere, judgesSilentFp32, silentFp32Failure } from '../tensorrt/silent-fp32.js';
import { scanPlan } from '../tensorrt/plan-scan.js';
import { irregularExternalData } from '../onnx/external-data.js';
import { keyRequest } from './cache-key.js';
import type { BuildContext } from './context.js';
import type { PlanRequest } from './plan-producer.js';
import type { BuildJob } from './jobs.js';
import { type Attempt, type BuildOutcome, type BuiltPlan, notRun } from './outcome.js';

/** Why a model whose external data is not there as regular files is not built. */
function externalDataFailure(job: BuildJob, files: readonly string[]): Failure {
  return {
    kind: 'other',
    message:
      `${job.model.onnx} names external data that is missing, not a regular file, or outside its folder: ` +
      files.join(', '),
    hint:
      'Put the external data files beside the ONNX as regular files (not a pipe, a device, or a link that leads ' +
      "out of the model's folder).",
  };
}

/** The next workspace after an out-of-memory failure, or null when the floor is reached. */
export function nextWorkspace(current: number, floor: number): number | null {
  if (current <= floor) return null;
  return Math.max(Math.floor(current / 2), floor);
}

/**
 * The one way a plan is built, for the build stage and for every side build (a marked copy, the ampere+ variant,
 * the base commit's engine): from the engine cache when it holds this exact build, else the run's producer
 * (trtexec, or the user's build command) on one GPU, retried with half the workspace while it runs out of memory,
 * its plan checked (there, whole, not silently FP32), then (if asked) loaded once to prove it deserializes and to
 * measure it.
 */
export async function buildPlan(job: BuildJob, gpu: number | null, context: BuildContext): Promise<BuildOutcome> {
  const info = gpu === null ? undefined : context.gpus.get(gpu);
  const facts: BuildGpu | null =
    gpu === null ? null : { index: gpu, name: info?.name ?? null, computeCapability: info?.computeCapability ?? null };
  await mkdir(dirname(job.logPrefix), { recursive: true });
  // A plan left by an earlier run must never pass for this run's output.
  await rm(job.plan, { force: true });
  await rm(job.layerInfo, { force: true });
  const done = (outcome: BuildOutcome) => {
    context.onEvent?.({ type: 'done', outcome });
    return outcome;
  };

  // External data that is no regular file (a FIFO, /dev/zero) would be read forever, by the key and by trtexec.
  const irregular = await irregularExternalData(job.model.onnx);
  if (irregular.length > 0)
    return done({ ...notRun(job, facts, externalDataFailure(job, irregular)), status: 'failed' });

  // A rebuild proves what a build gives: the cache would hand back the engine it is compared with.
  const cache = job.fresh ? null : (context.cache ?? null);
  const request = cache && keyRequest(job, facts && { ...facts, driverVersion: info?.driverVersion ?? null }, context);
  const got = await getOrBuild(cache, request, job, () => built(job, gpu, facts, context), context.signal);
  // A plan from the cache is measured as a built one is: its latency is this run's, on this GPU.
  if ('served' in got) {
    const { served, verdict } = got;
    const plan = { path: served.plan, layerInfo: served.layerInfo, scan: served.scan };
    const hit = { ...notRun(job, facts, null), status: 'cached' as const, plan, buildSeconds: served.buildSeconds };
    return done(await measured(job, gpu, context, { ...hit, cache: verdict }));
  }
  const outcome = { ...got.built, cache: got.verdict };
  return done(outcome.status === 'built' ? await measured(job, gpu, context, outcome) : outcome);
}

/** The producer's build of the job (its attempts, its plan checked), and the plan for the cache to keep. */
async function built(
  job: BuildJob,
  gpu: number | null,
  facts: BuildGpu | null,
  context: BuildContext,
): Promise<Built<BuildOutcome>> {
  const { attempts, parsed, retryCancelled, timingCache } = await runAttempts(job, gpu, context);
  const last = attempts[attempts.length - 1];
  // Cancelled before its first attempt: it never ran.
  if (!last || !parsed) return { result: notRun(job, facts, CANCELLED), fresh: null };
  const collected = last.failure ? null : await collectPlan(job, last, parsed, context);
  if (!collected || 'failure' in collected) {
    const failure = retryCancelled ? CANCELLED : (collected?.failure ?? last.failure);
    const settled = collected ? [...attempts.slice(0, -1), { ...last, failure }] : attempts;
    return {
      result: { ...notRun(job, facts, failure), status: 'failed', attempts: settled, timingCache },
      fresh: null,
    };
  }
  const gpuFacts = fillGpu(facts, parsed);
  const { plan, buildSeconds } = collected;
  const result: BuildOutcome = { ...notRun(job, gpuFacts, null), status: 'built', attempts, ...collected, timingCache };
  const record = {
    model: job.model.name,
    profile: job.profile.name,
    buildSeconds,
    tensorrtVersion: tensorrtOf(context),
    gpu: gpuFacts && { name: gpuFacts.name, computeCapability: gpuFacts.computeCapability },
    argv: last.argv,
  };
  const fresh = {
    plan: plan.path,
    layerInfo: plan.layerInfo,
    bytes: plan.scan.bytes,
    sha256: plan.scan.sha256,
    record,
  };
  return { result, fresh };
}

/** The outcome with its benchmark, where the model asks for one: the plan loaded once and measured. */
async function measured(
  job: BuildJob,
  gpu: number | null,
  context: BuildContext,
  outcome: BuildOutcome,
): Promise<BuildOutcome> {
  if (!job.model.benchmark) return outcome;
  if (context.signal?.aborted) return { ...outcome, status: 'failed', failure: CANCELLED };
  const place = { gpu, timeoutMs: job.model.buildTimeoutMs, ...(context.signal && { signal: context.signal }) };
  const engine = engineOf(job.plan, job.model, job.profile);
  const bench = await context.runner.benchmark(engine, place, `${job.logPrefix}.bench.log`);
  return { ...outcome, perf: bench.perf, ...(bench.failure && { status: 'failed', failure: bench.failure }) };
}

/**
 * The timing cache a build on `gpuName` starts from: the cache folder's for that GPU model and TensorRT, else
 * trt-ci.yml's `timing-cache:` unless it was written by another TensorRT or GPU model (preflight's timing-cache
 * check says so at the top of the run); then the build starts without one and leaves the file as it is.
 */
async function sharedTimingCache(context: BuildContext, gpuName: string | null): Promise<string | null> {
  const kept = context.timingCacheFor?.(gpuName);
  if (kept) return kept;
  const own = context.config.timingCache;
  if (!own) return null;
  return (await mayUseTimingCache(own, tensorrtOf(context), gpuName)) ? own : null;
}

const tensorrtOf = (context: BuildContext) => formatVersion(context.version, true);

/** trtexec until it builds, runs out of workspace to try, or fails for another reason. */
async function runAttempts(
  job: BuildJob,
  gpu: number | null,
  context: BuildContext,
): Promise<{ attempts: Attempt[]; parsed: ParsedLog | null; retryCancelled: boolean; timingCache: string | null }> {
  const { config, producer } = context;
  const gpuName = gpu === null ? null : (context.gpus.get(gpu)?.name ?? null);
  const sharedTiming = job.withoutTimingCache ? null : await sharedTimingCache(context, gpuName);
  const timingCache = sharedTiming
    ? await privateTimingCache(sharedTiming, `${job.model.name}.${job.profile.name}`, context.cacheTrust)
    : null;
  const attempts: Attempt[] = [];
  let workspace: number | null = job.workspaceBytes ?? job.model.workspaceBytes;
  let parsed: ParsedLog | null = null;
  while (workspace !== null && !context.signal?.aborted) {
    const attempt = attempts.length + 1;
    const paths = { plan: job.plan, layerInfo: job.layerInfo, timingCache };
    const request: PlanRequest = { model: modelToBuild(job), profile: job.profile, workspaceBytes: workspace, paths };
    const argv: string[] = producer.argv(request);
    // The record names the shared timing cache, not this build's private copy of it.
    const recorded = timingCache ? argv.map((a) => a.replace(timingCache, sharedTiming!)) : argv;
    const log = `${job.logPrefix}.${attempt}.log`;
    context.onEvent?.({ type: 'start', job, gpu, attempt, workspaceBytes: workspace });
    const parser = new TrtexecLogParser();
    const began = Date.now();
    let lastLine: string | null = null;
    const heartbeat = setInterval(() => {
      const peakMiB = gpu === null ? null : (context.peakSince?.(gpu, began) ?? null);
      context.onEvent?.({ type: 'heartbeat', job, gpu, attempt, elapsedMs: Date.now() - began, peakMiB, lastLine });
    }, context.heartbeatMs ?? 60_000);
    const result = await producer
      .produce(request, argv, {
        gpu,
        logFile: log,
        timeoutMs: job.model.buildTimeoutMs,
        onLine: (line) => {
          parser.push(line);
          if (line.trim() && !/\[V\]/.test(line)) lastLine = line.trim().slice(0, 200);
        },
        ...(context.signal && { signal: context.signal }),
      })
      .finally(() => clearInterval(heartbeat));
    parsed = parser.result(outcomeOf(result), {
      workspaceBytes: workspace,
      minWorkspaceBytes: job.model.minWorkspaceBytes,
      buildTimeoutMs: job.model.buildTimeoutMs,
      logFile: log,
      profile: { name: job.profile.name, inputs: job.profile.shapes.map((s) => s.input) },
    });
    const failure = result.spawnError
      ? {
          kind: 'other' as const,
          message: result.spawnError,
          hint:
            producer.name === 'trtexec'
              ? 'Set trtexec: in trt-ci.yml to the trtexec binary.'
              : 'Check build.command in trt-ci.yml: its first item is the program, found on PATH or by its path.',
        }
      : result.cancelled
        ? CANCELLED
        : parsed.failure;
    const { startedAt, endedAt, exitCode, signal } = result;
    attempts.push({
      attempt,
      workspaceBytes: workspace,
      argv: recorded,
      log,
      startedAt,
      endedAt,
      exitCode,
      signal,
      failure,
      peakGpuMemoryMiB: null,
    });
    if (!failure) break;
    workspace = failure.kind === 'out-of-memory' ? nextWorkspace(workspace, job.model.minWorkspaceBytes) : null;
    if (workspace !== null) context.onEvent?.({ type: 'retry', job, failure, workspaceBytes: workspace });
  }
  const built = attempts.length > 0 && !attempts[attempts.length - 1]!.failure;
  if (timingCache) {
    const published = await publishTimingCache(timingCache, sharedTiming!, built, context.cacheTrust);
    // trt-ci.yml's own file says where it was written (the cache folder's names say it already).
    if (published.kept && config.timingCache && sharedTiming === config.timingCache)
      await recordTimingCacheOrigin(config.timingCache, published.sha256, tensorrtOf(context), gpuName);
  }
  // Cancelled with a retry still to come: the build did not fail, it was stopped. (A build that passed
  // leaves the loop with its workspace still set: that is no retry.)
  const retryCancelled = workspace !== null && attempts.length > 0 && !built;
  return { attempts, parsed, retryCancelled, timingCache: sharedTiming };
}

/** The plan trtexec says it wrote, scanned once; a pass without a plan is a failure. */
async function collectPlan(
  job: BuildJob,
  last: Attempt,
  parsed: ParsedLog,
  context: Pick<BuildContext, 'version' | 'producer'>,
): Promise<{ plan: BuiltPlan; buildSeconds: number } | { failure: Failure }> {
  const { version, producer } = context;
  const planStat = await stat(job.plan).catch(() => null);
  if (!planStat?.isFile() || planStat.size === 0) {
    return {
      failure: {
        kind: 'other',
        message: `${producer.name} exited 0 but wrote no plan at ${job.plan}`,
        hint:
          producer.name === 'trtexec'
            ? 'Check that the output folder is writable and has free space, ' +
              'and that extra-args does not change --saveEngine.'
            : 'Check that the build command writes its plan where build.plan says, and fails when it cannot.',
      },
    };
  }
  const layerInfo = (await stat(job.layerInfo).catch(() => null))?.isFile() ? job.layerInfo : null;
  const scan = await scanPlan(job.plan);
  // A file that is no TensorRT plan (a build command that wrote its log, or JSON, where build.plan says) is no
  // build: never verified as a note, cached or shipped.
  if (!scan.magic) {
    return {
      failure: {
        kind: 'other',
        message: `${producer.name} exited 0 but wrote no TensorRT plan at ${job.plan}: ${scan.problem}`,
        hint:
          producer.name === 'trtexec'
            ? 'Check that extra-args does not change what --saveEngine writes.'
            : 'Check that the build command writes the serialized engine (ICudaEngine.serialize()) where build.plan ' +
              'says, and nothing else there.',
      },
    };
  }
  // A plan cut short on the way to disk (a full disk, a killed writer) must not be verified, cached or shipped;
  // nor a TensorRT-RTX plan built for no GPU (its header names no compute capability).
  if ((scan.layout === 'ftrt' || scan.layout === 'vtrt') && scan.problem) {
    const targetless = scan.computeCapabilities?.length === 0;
    const what = targetless ? 'is' : 'is damaged';
    return {
      failure: {
        kind: 'other',
        message: `${producer.name} exited 0 but the plan at ${job.plan} ${what}: ${scan.problem}`,
        hint: targetless
          ? 'Name the compute capabilities to build for (--compute-capability 8.9 …): "current" on a GPU ' +
            'TensorRT-RTX does not support builds for none.'
          : 'Check the free space of the output folder, then build again.',
      },
    };
  }
  // Strongly typed (11.x), an engine is what its ONNX holds: FP32 everywhere where fp16 was asked is a failure.
  const written = job.precisionOnnx;
  const narrowed = written ? written.fp16Nodes + written.bf16Nodes : null;
  if (layerInfo && judgesSilentFp32(job.model, version, narrowed)) {
    const layers = await readEngineLayers(layerInfo);
    if (layers && fp32Everywhere(layers.layers)) {
      return { failure: silentFp32Failure(job.model.precision as 'fp16' | 'bf16', layerInfo, narrowed) };
    }
  }
  return {
    plan: { path: job.plan, layerInfo, scan },
    buildSeconds: parsed.buildSeconds ?? (last.endedAt - last.startedAt) / 1000,
  };
}

/** What nvidia-smi did not say about the GPU, trtexec's log may. */
function fillGpu(gpu: BuildGpu | null, parsed: ParsedLog): BuildGpu | null {
  return (
    gpu && {
      index: gpu.index,
      name: gpu.name ?? parsed.device.name,
      computeCapability: gpu.computeCapability ?? parsed.device.computeCapability,
    }
  );
}

function outcomeOf(result: ProcessResult) {
  return { exitCode: result.exitCode, signal: result.signal, timedOut: result.timedOut };
}
