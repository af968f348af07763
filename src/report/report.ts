import type { BuildOutcome } from '../builds/outcome.js';
import { isBuilt } from '../builds/outcome.js';
import { shapesOf } from '../builds/jobs.js';
import { MiB } from '../units.js';
import type { Accuracy, BudgetRow, ConfigPosition, Report, ReportBuild } from './schema.js';

export type * from './schema.js';

/** A build as the report writes it: paths relative to where trt-ci was run, times as ISO strings. */
export function toReportBuild(
  outcome: BuildOutcome,
  configPosition: ConfigPosition | null,
  onnxBytes: number | null,
  relativePath: (path: string) => string,
): ReportBuild {
  const { job, plan } = outcome;
  return {
    model: job.model.name,
    profile: job.profile.name,
    status: outcome.status,
    gpu: outcome.gpu,
    shapes: shapesOf(job.profile),
    // Filled by the accuracy and latency stages, after the builds.
    accuracy: null,
    latency: null,
    plan: plan && relativePath(plan.path),
    layerInfo: plan?.layerInfo ? relativePath(plan.layerInfo) : null,
    bytes: plan?.scan.bytes ?? null,
    sha256: plan?.scan.sha256 ?? null,
    attempts: outcome.attempts.map((a) => ({
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
    buildSeconds: outcome.buildSeconds,
    peakGpuMemoryMiB: outcome.peakGpuMemoryMiB,
    perf: outcome.perf && { ...outcome.perf, log: relativePath(outcome.perf.log) },
    failure: outcome.failure,
    configPosition,
    onnxBytes,
    baseline: null,
    cache: outcome.cache,
  };
}

/** The work failed when any build did ('skipped' ones too: a cancelled run), or a budget failed. */
export function overallStatus(
  builds: readonly (Pick<ReportBuild, 'status'> & { accuracy?: Pick<Accuracy, 'status'> | null })[],
  budgets: readonly Pick<BudgetRow, 'status'>[],
): Report['status'] {
  // An engine that built but computes the wrong answer fails the run like one that did not build.
  const right = (b: (typeof builds)[number]) => isBuilt(b) && b.accuracy?.status !== 'failed';
  return builds.every(right) && budgets.every((b) => b.status !== 'fail') ? 'passed' : 'failed';
}
