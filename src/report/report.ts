import type { BuildRecord } from '../builds/build-profile.js';
import type { GpuInfo } from '../gpu/nvidia-smi.js';
import type { BudgetRow, EnvironmentChange } from '../compare/evaluate.js';
import type { Diagnosis } from '../verify/diagnose.js';
import type { PlanScan } from '../verify/scan-plan.js';
import type { PreflightResult } from '../preflight/types.js';
import type { Failure } from '../tensorrt/failures.js';
import type { Perf } from '../builds/build-profile.js';
import { MiB } from '../units.js';

export interface ReportAttempt {
  attempt: number;
  workspaceMiB: number;
  log: string;
  startedAt: string;
  endedAt: string;
  seconds: number;
  exitCode: number | null;
  signal: string | null;
  peakGpuMemoryMiB: number | null;
  failure: Failure | null;
  argv: string[];
}

export interface ReportBuild {
  model: string;
  profile: string;
  status: BuildRecord['status'];
  gpu: BuildRecord['gpu'];
  shapes: BuildRecord['shapes'];
  plan: string | null;
  layerInfo: string | null;
  bytes: number | null;
  sha256: string | null;
  attempts: ReportAttempt[];
  buildSeconds: number | null;
  peakGpuMemoryMiB: number | null;
  perf: Perf | null;
  failure: Failure | null;
  /** `trt-ci.yml:12:5`: where this model's profile is written, for annotations. */
  configLocation: string;
  onnxBytes: number | null;
  /** The same engine in the baseline report, when there is one. */
  baseline: BaselineFigures | null;
  cache: BuildRecord['cache'];
}

export interface BaselineFigures {
  bytes: number | null;
  buildSeconds: number | null;
  peakGpuMemoryMiB: number | null;
  latencyMedianMs: number | null;
}

/** One plan's scan, with the model and profile it was built for and, when it is mostly zeros, why. */
export interface ReportPlan extends PlanScan {
  model: string;
  profile: string;
  diagnosis: Diagnosis | null;
}

export interface CacheSummary {
  /** One key for all of this run's engines, for actions/cache. */
  key: string;
  dir: string;
  hits: number;
  misses: number;
  corrupt: number;
  savedSeconds: number;
  bytes: number | null;
  evicted: number;
}

export interface Comparison {
  /** The baseline report, or null when there is none yet. */
  baseline: string | null;
  /** Where the baseline came from (which run, whether it is the merge-base). */
  note?: string | null;
  environment: EnvironmentChange[];
  /** model/profile pairs built now and not in the baseline, and the other way round. */
  added: string[];
  removed: string[];
}

export interface Report {
  schema: 'trt-ci/report@1';
  status: 'passed' | 'failed';
  startedAt: string;
  finishedAt: string;
  config: string;
  environment: {
    tensorrtVersion: string;
    trtexec: string;
    gpus: GpuInfo[];
    /** Why GPU facts are missing, when they are. */
    gpuQueryError: string | null;
  };
  preflight: PreflightResult | null;
  builds: ReportBuild[];
  plans: ReportPlan[];
  budgets: BudgetRow[];
  comparison: Comparison;
  /** The engine cache: hits, misses, and the GPU time the hits saved (their recorded build time). */
  cache: CacheSummary | null;
  manifest: string | null;
}

export function toReportBuild(
  record: BuildRecord,
  configLocation: string,
  onnxBytes: number | null,
  relativePath: (path: string) => string,
): ReportBuild {
  return {
    model: record.model,
    profile: record.profile,
    status: record.status,
    gpu: record.gpu,
    shapes: record.shapes,
    plan: record.plan && relativePath(record.plan),
    layerInfo: record.layerInfo && relativePath(record.layerInfo),
    bytes: record.bytes,
    sha256: record.sha256,
    attempts: record.attempts.map((a) => ({
      attempt: a.attempt,
      workspaceMiB: Math.floor(a.workspaceBytes / MiB),
      log: relativePath(a.log),
      startedAt: new Date(a.startedAt).toISOString(),
      endedAt: new Date(a.endedAt).toISOString(),
      seconds: (a.endedAt - a.startedAt) / 1000,
      exitCode: a.exitCode,
      signal: a.signal,
      peakGpuMemoryMiB: a.peakGpuMemoryMiB,
      failure: a.failure,
      argv: a.argv,
    })),
    buildSeconds: record.buildSeconds,
    peakGpuMemoryMiB: record.peakGpuMemoryMiB,
    perf: record.perf && { ...record.perf, log: relativePath(record.perf.log) },
    failure: record.failure,
    configLocation,
    onnxBytes,
    baseline: null,
    cache: record.cache,
  };
}

/** The work failed when any build did ('skipped' ones too: a cancelled run), or a budget failed. */
export function overallStatus(
  builds: readonly Pick<ReportBuild, 'status'>[],
  budgets: readonly Pick<BudgetRow, 'status'>[],
): Report['status'] {
  const built = builds.every((b) => b.status === 'built' || b.status === 'cached');
  return built && budgets.every((b) => b.status !== 'fail') ? 'passed' : 'failed';
}
