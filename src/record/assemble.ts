// The record of a run: the one place a report is put together, from what the run was (its config, machine,
// preflight and builds) and what each stage found for each engine. Paths become relative at the end, in
// one pass; the run's status is judged from the finished entries.
import type { BuildOutcome } from '../builds/outcome.js';
import { overallStatus } from '../compare/status.js';
import type { Config } from '../contract/config.js';
import {
  type CacheSummary,
  type Comparison,
  flatViews,
  type PreflightResult,
  REPORT_SCHEMA,
  type Report,
} from '../contract/report.js';
import { type EngineResults, engineEntry } from './engine-entry.js';
import { withRelativePaths } from './relative-paths.js';

/** What the run was, apart from what the stages found per engine. */
export interface RunFacts {
  startedAt: Date;
  finishedAt: Date;
  config: Pick<Config, 'file' | 'position'>;
  environment: Report['environment'];
  preflight: PreflightResult | null;
  outcomes: readonly BuildOutcome[];
  comparison: Comparison;
  cache: CacheSummary | null;
  /** Where the run writes its manifest. */
  manifest: string;
  /** A model's ONNX size, for plan-to-onnx. */
  onnxBytes: (onnx: string) => number | null;
  /** The stage a cancel stopped, or null. */
  interrupted: string | null;
  /** precision-search's searches (paths absolute, made relative here). */
  precisionSearch: Report['precisionSearch'];
}

/** The report of a run; `rel` makes a path relative to where trt-ci ran. */
export function assembleReport(run: RunFacts, results: EngineResults, rel: (path: string) => string): Report {
  const builds = run.outcomes.map((o) => {
    const at = (...path: (string | number)[]) => run.config.position(['models', o.job.modelIndex, ...path]);
    const positions = {
      profile: at('profiles', o.job.profileIndex),
      accuracy: at('accuracy'),
      // Where a first divergence is acted on: keep-fp32 (the model's line where it has none).
      keep: at('keep-fp32'),
    };
    return engineEntry(o, results, positions, run.onnxBytes(o.job.model.onnx));
  });
  const report: Report = {
    schema: REPORT_SCHEMA,
    status: overallStatus({ builds, interrupted: run.interrupted }),
    interrupted: run.interrupted,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt.toISOString(),
    config: run.config.file,
    environment: run.environment,
    preflight: run.preflight,
    builds,
    ...flatViews(builds),
    comparison: run.comparison,
    cache: run.cache,
    manifest: run.manifest,
    precisionSearch: run.precisionSearch.map((p) => ({ ...p, folder: rel(p.folder) })),
  };
  return withRelativePaths(report, rel);
}
