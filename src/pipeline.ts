import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { buildProfile, newBuildRecord, type BuildEvent, type BuildRecord } from './build/build-profile.js';
import { planBuildJobs, type BuildJob } from './build/jobs.js';
import { buildManifest } from './build/manifest.js';
import { runOnSlots } from './build/scheduler.js';
import { configError, loadConfig, type Config } from './config/load.js';
import { MemorySampler, type MemoryTimeline } from './gpu/memory-sampler.js';
import { queryGpus, type GpuInfo } from './gpu/nvidia-smi.js';
import { killAllProcessGroups } from './proc/run-process.js';
import { renderSummary } from './report/markdown.js';
import { overallStatus, toReportBuild, type Report } from './report/report.js';
import { extraArgProblem, precisionFlag } from './tensorrt/argv.js';
import { detectTensorRtVersion } from './tensorrt/detect.js';
import { formatVersion, type TensorRtVersion } from './tensorrt/version.js';

export interface PipelineOptions {
  configFile: string;
  onEvent?: (event: BuildEvent) => void;
  /** Aborting kills the running builds and skips the rest; the report is still written. */
  signal?: AbortSignal;
  /** Where report paths are relative to. */
  cwd?: string;
}

export interface PipelineResult {
  report: Report;
  reportFile: string;
  summaryFile: string;
  manifestFile: string;
}

/**
 * Everything the config asks of this TensorRT that it cannot do is bad input: found before any
 * build starts, pointed at its line.
 */
export function checkConfigAgainstVersion(config: Config, version: TensorRtVersion): void {
  config.models.forEach((model, m) => {
    const precision = precisionFlag(model.precision, version);
    if ('error' in precision) throw configError(config, ['models', m, 'precision'], `${precision.error}, got "${model.precision}"`);
    model.extraArgs.forEach((arg, i) => {
      const problem = extraArgProblem(arg, version);
      if (!problem) return;
      // The model's list starts with the top-level extra-args; point at the line that holds this one.
      const top = config.extraArgs.length;
      throw configError(config, i < top ? ['extra-args', i] : ['models', m, 'extra-args', i - top], `${problem}, got "${arg}"`);
    });
  });
}

interface GpuPlan {
  slots: (number | null)[];
  gpus: GpuInfo[];
  queryError: string | null;
}

async function planGpus(config: Config): Promise<GpuPlan> {
  const query = await queryGpus(config.nvidiaSmi);
  if (!query.ok) {
    // Without nvidia-smi the builds still run, unpinned and one at a time, without memory figures.
    return { slots: config.gpus === 'all' ? [null] : config.gpus, gpus: [], queryError: query.reason };
  }
  if (config.gpus === 'all') return { slots: query.gpus.map((g) => g.index), gpus: query.gpus, queryError: null };
  const wanted = config.gpus;
  const known = new Set(query.gpus.map((g) => g.index));
  const missing = wanted.findIndex((index) => !known.has(index));
  if (missing !== -1) {
    throw configError(config, ['gpus', missing], `expected a GPU index that nvidia-smi lists (${[...known].join(', ')}), got ${wanted[missing]}`);
  }
  return { slots: wanted, gpus: query.gpus.filter((g) => wanted.includes(g.index)), queryError: null };
}

function attributeMemory(records: BuildRecord[], timeline: MemoryTimeline): void {
  for (const record of records) {
    if (!record.gpu) continue;
    for (const attempt of record.attempts) {
      attempt.peakGpuMemoryMiB = timeline.window(record.gpu.index, attempt.startedAt, attempt.endedAt)?.attributedMiB ?? null;
    }
    record.peakGpuMemoryMiB = record.attempts[record.attempts.length - 1]?.peakGpuMemoryMiB ?? null;
  }
}

function skippedRecord(job: BuildJob, gpu: number | null): BuildRecord {
  return {
    ...newBuildRecord(job, gpu === null ? null : { index: gpu, name: null, computeCapability: null }),
    status: 'skipped',
    failure: { kind: 'other', message: 'the run was cancelled before this build started', hint: 'Run again.' },
  };
}

/** config → build every model × profile → manifest, report and summary in the output folder. */
export async function runPipeline(options: PipelineOptions): Promise<PipelineResult> {
  const startedAt = new Date();
  const config = loadConfig(options.configFile);
  const version = await detectTensorRtVersion(config.trtexec, config.where(['trtexec']));
  checkConfigAgainstVersion(config, version);
  const gpuPlan = await planGpus(config);

  await mkdir(join(config.outputDir, 'logs'), { recursive: true });
  const sampler = gpuPlan.gpus.length > 0 ? new MemorySampler(config.nvidiaSmi) : null;
  sampler?.start();
  await sampler?.waitForBaseline(gpuPlan.slots.filter((s): s is number => s !== null));

  const onAbort = () => killAllProcessGroups('SIGKILL');
  options.signal?.addEventListener('abort', onAbort);
  const gpus = new Map(gpuPlan.gpus.map((g) => [g.index, g]));
  let records: BuildRecord[];
  try {
    records = await runOnSlots(planBuildJobs(config), gpuPlan.slots, (job, gpu) =>
      options.signal?.aborted ? Promise.resolve(skippedRecord(job, gpu)) : buildProfile(job, gpu, { config, version, gpus, ...(options.onEvent && { onEvent: options.onEvent }) }),
    );
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    await sampler?.stop();
  }
  if (sampler) attributeMemory(records, sampler.timeline);

  const tensorrtVersion = formatVersion(version, true);
  const manifestFile = join(config.outputDir, 'manifest.json');
  await writeFile(manifestFile, `${JSON.stringify(buildManifest(records, tensorrtVersion, config.outputDir, startedAt), null, 2)}\n`);

  const cwd = options.cwd ?? process.cwd();
  const rel = (path: string) => relative(cwd, path) || '.';
  const builds = records.map((r) => toReportBuild(r, config.position(['models', r.configIndex.model, 'profiles', r.configIndex.profile]), rel));
  const report: Report = {
    schema: 'trt-ci/report@1',
    status: overallStatus(builds),
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    config: rel(options.configFile),
    environment: { tensorrtVersion, trtexec: config.trtexec, gpus: gpuPlan.gpus, gpuQueryError: gpuPlan.queryError },
    preflight: null,
    builds,
    plans: [],
    budgets: [],
    manifest: rel(manifestFile),
  };
  const reportFile = join(config.outputDir, 'report.json');
  const summaryFile = join(config.outputDir, 'summary.md');
  await writeFile(reportFile, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(summaryFile, renderSummary(report));
  return { report, reportFile, summaryFile, manifestFile };
}
