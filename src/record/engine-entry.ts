// An engine's entry in the report, written once, here: the build's outcome with every stage's result for its
// job. No stage writes an entry, and nothing patches one afterwards; paths are made relative later, in one
// pass over the whole report (relative-paths.ts).
import { type JobKey, jobKey, shapesOf } from '../builds/jobs.js';
import type { BuildOutcome } from '../builds/outcome.js';
import { MiB } from '../common/units.js';
import type {
  Accuracy,
  Consistency,
  Stability,
  BaselineFigures,
  BudgetRow,
  ConfigPosition,
  DeployCost,
  DeployRow,
  EngineScan,
  Explanation,
  Latency,
  ReportBuild,
} from '../contract/report.js';

/** What the stages after the builds found, each keyed by the job. */
export interface EngineResults {
  scans: ReadonlyMap<JobKey, EngineScan>;
  accuracy: ReadonlyMap<JobKey, Accuracy>;
  consistency: ReadonlyMap<JobKey, Consistency>;
  stability: ReadonlyMap<JobKey, Stability>;
  latency: ReadonlyMap<JobKey, Latency>;
  explain: ReadonlyMap<JobKey, Explanation>;
  deploy: ReadonlyMap<JobKey, { targets: DeployRow[]; claims: string[] }>;
  deployCost: ReadonlyMap<JobKey, DeployCost>;
  figures: ReadonlyMap<JobKey, BaselineFigures>;
  budgets: ReadonlyMap<JobKey, BudgetRow[]>;
}

/** Where an engine is written in trt-ci.yml: its profile, and its model's accuracy: line. */
export interface EnginePositions {
  profile: ConfigPosition | null;
  accuracy: ConfigPosition | null;
  /** The model's keep-fp32: line (its own line without one): where a first divergence is acted on. */
  keep?: ConfigPosition | null;
}

/** A build as the report writes it, with what each stage found for it; times as ISO strings. */
export function engineEntry(
  outcome: BuildOutcome,
  results: EngineResults,
  positions: EnginePositions,
  onnxBytes: number | null,
): ReportBuild {
  const { job, plan } = outcome;
  const key = jobKey(job);
  const accuracy = results.accuracy.get(key);
  return {
    model: job.model.name,
    profile: job.profile.name,
    status: outcome.status,
    gpu: outcome.gpu,
    shapes: shapesOf(job.profile),
    plan: plan?.path ?? null,
    layerInfo: plan?.layerInfo ?? null,
    bytes: plan?.scan.bytes ?? null,
    sha256: plan?.scan.sha256 ?? null,
    attempts: outcome.attempts.map((a) => ({
      attempt: a.attempt,
      workspaceMiB: Math.floor(a.workspaceBytes / MiB),
      log: a.log,
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
    perf: outcome.perf,
    failure: outcome.failure,
    configPosition: positions.profile,
    onnxBytes,
    baseline: results.figures.get(key) ?? null,
    cache: outcome.cache,
    builtFrom: outcome.job.precisionOnnx ?? null,
    // A failure is annotated at the model's accuracy: line (its model's line when it takes the top-level one).
    accuracy: accuracy
      ? {
          ...accuracy,
          configPosition: positions.accuracy,
          divergence: accuracy.divergence && { ...accuracy.divergence, configPosition: positions.keep ?? null },
        }
      : null,
    consistency: results.consistency.get(key) ?? null,
    stability: results.stability.get(key) ?? null,
    latency: results.latency.get(key) ?? null,
    explain: results.explain.get(key) ?? null,
    deploy: results.deploy.get(key)?.targets ?? [],
    portabilityFlags: results.deploy.get(key)?.claims ?? [],
    deployCost: results.deployCost.get(key) ?? null,
    scan: results.scans.get(key) ?? null,
    budgets: results.budgets.get(key) ?? [],
  };
}
