import type { BuildOutcome } from '../builds/outcome.js';
import { shapesOf } from '../builds/jobs.js';
import { MiB } from '../common/units.js';
import type { ConfigPosition, ReportBuild } from '../contract/report.js';

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
    // Filled by the accuracy, latency and explain stages, after the builds.
    accuracy: null,
    latency: null,
    explain: null,
    deploy: [],
    deployCost: null,
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
