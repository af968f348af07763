import type { PlanScan } from '../tensorrt/plan-scan.js';
import type { BuildGpu, BuildStatus, CacheVerdict, Failure, Perf } from '../contract/report.js';
import type { BuildJob } from './jobs.js';

/** One trtexec run of a build. */
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
  /** Charged from the memory stream after the stage; null while unknown. */
  peakGpuMemoryMiB: number | null;
}

/** A plan a build made or the cache restored, with its one scan (size, zeros, header, sha256). */
export interface BuiltPlan {
  path: string;
  layerInfo: string | null;
  scan: PlanScan;
}

/** What the build stage returns for one model × profile; made once, when the build is over. */
export interface BuildOutcome {
  job: BuildJob;
  status: BuildStatus;
  gpu: BuildGpu | null;
  attempts: readonly Attempt[];
  plan: BuiltPlan | null;
  /** trtexec's own "Engine built in" figure for the attempt that succeeded, else its wall time. */
  buildSeconds: number | null;
  peakGpuMemoryMiB: number | null;
  perf: Perf | null;
  failure: Failure | null;
  /** The engine cache's verdict: the content key, whether it hit, and the GPU time the hit saved. */
  cache: CacheVerdict | null;
  /** The shared timing cache the build started from (its private copy of it); null: none, or no build ran. */
  timingCache: string | null;
}

/** A build that never ran: the report still lists it, and why. Other outcomes start from it. */
export function notRun(job: BuildJob, gpu: BuildGpu | null, failure: Failure | null): BuildOutcome {
  return {
    job,
    status: 'skipped',
    gpu,
    attempts: [],
    plan: null,
    buildSeconds: null,
    peakGpuMemoryMiB: null,
    perf: null,
    failure,
    cache: null,
    timingCache: null,
  };
}
