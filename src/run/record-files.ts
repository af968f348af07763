// What a run records once its stages are done: the comparison, the report (its entries written once each, in
// record/), the manifest of its plans, where it ran, and the summary; the files written.
import { mkdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { searchKeepLists } from '../accuracy/keep-lists-in-run.js';
import type { checkConsistency } from '../accuracy/consistency-stage.js';
import type { checkStability } from '../stability/stage.js';
import type { checkAccuracy } from '../accuracy/stage.js';
import type { BuildStageResult } from '../builds/build-stage.js';
import { buildManifest } from '../builds/manifest.js';
import type { BuildOutcome } from '../builds/outcome.js';
import { cacheSummary } from '../builds/run-cache.js';
import type { StageContext } from '../builds/stage-context.js';
import { fileSize } from '../common/errors.js';
import { environmentOf } from '../compare/baseline.js';
import { compareRun, measureRun } from '../compare/compare-run.js';
import type { PreflightResult, Report } from '../contract/report.js';
import type { priceOfPortability } from '../deploy/cost.js';
import type { predictDeploy } from '../deploy/stage.js';
import type { explainChanges } from '../explain/stage.js';
import type { compareLatency } from '../latency/stage.js';
import { writeNewFiles } from '../proc/new-file.js';
import { assembleReport } from '../record/assemble.js';
import { renderSummary } from '../report/render.js';
import { MEASUREMENT } from '../tensorrt/measurement.js';
import { formatVersion, productOf } from '../tensorrt/version.js';
import type { verifyBuilds } from '../verify/verify-stage.js';
import type { PipelineOptions, PipelineResult, RunStart } from './options.js';

/** What the stages after the builds found, as each returned it, and the first stage a cancel stopped. */
export interface RunFindings {
  preflight: PreflightResult | null;
  scans: Awaited<ReturnType<typeof verifyBuilds>>;
  accuracy: Awaited<ReturnType<typeof checkAccuracy>>;
  consistency: Awaited<ReturnType<typeof checkConsistency>>;
  stability: Awaited<ReturnType<typeof checkStability>>;
  latency: Awaited<ReturnType<typeof compareLatency>>;
  explain: Awaited<ReturnType<typeof explainChanges>>;
  deploy: ReturnType<typeof predictDeploy>;
  deployCost: Awaited<ReturnType<typeof priceOfPortability>>;
  precisionSearch: Awaited<ReturnType<typeof searchKeepLists>>;
  interrupted: string | null;
}

/** The manifest of every plan, with the digest of each model's ONNX. */
async function manifestOf(
  outcomes: readonly BuildOutcome[],
  context: StageContext,
  createdAt: Date,
  commit: string | null,
) {
  const onnxSha256 = new Map<string, string>();
  for (const model of context.config.models) {
    const digest = await context.digests.of(model.onnx);
    if (digest) onnxSha256.set(model.onnx, digest);
  }
  return buildManifest(outcomes, {
    tensorrtVersion: formatVersion(context.version, true),
    outputDir: context.config.outputDir,
    createdAt,
    commit,
    onnxSha256,
  });
}

/** What the report says of where the run ran. */
function runEnvironment(context: StageContext, stage: BuildStageResult): Report['environment'] {
  return {
    tensorrtVersion: formatVersion(context.version, true),
    product: productOf(context.version),
    trtexec: context.config.trtexec,
    gpus: stage.gpus,
    gpuQueryError: stage.gpuQueryError,
    image: context.env.TRT_CI_IMAGE || null,
    measurement: MEASUREMENT,
  };
}

/** The stages' results, recorded: the comparison, the report, the manifest and the summary, written. */
export async function recordRun(
  context: StageContext,
  start: RunStart,
  stage: BuildStageResult,
  found: RunFindings,
  options: PipelineOptions,
): Promise<PipelineResult> {
  const { config } = context;
  const { outcomes } = stage;
  const { preflight, scans, accuracy, consistency, latency, explain, deploy, deployCost, precisionSearch } = found;
  const { interrupted, stability } = found;
  const environment = runEnvironment(context, stage);
  // Each model's size read once, for the budgets and the entries alike (a model has several profiles).
  const sizes = new Map(config.models.map((m) => [m.onnx, fileSize(m.onnx)]));
  const onnxBytes = (onnx: string) => sizes.get(onnx) ?? null;
  const modelIndex = (name: string) => config.models.findIndex((m) => m.name === name);
  const compared = compareRun(
    measureRun(outcomes, { scans, accuracy, latency: latency.latency }, onnxBytes),
    environmentOf({ environment, preflight }),
    start.baseline && start.baselineFile
      ? { report: start.baseline, path: start.baselineFile, note: options.baselineNote }
      : null,
    {
      budgetsFor: (name) => config.models[modelIndex(name)]!.budgets,
      positionOf: (name, metric) => config.position(['models', modelIndex(name), 'budgets', metric]),
    },
  );
  const outputs = {
    manifest: join(config.outputDir, 'manifest.json'),
    report: join(config.outputDir, 'report.json'),
    summary: join(config.outputDir, 'summary.md'),
  };
  const comparison = {
    ...compared.comparison,
    ...(start.baselineRefused && { note: `the base branch's report was not used: ${start.baselineRefused}` }),
    latencyNotes: start.basePlansNote ? [start.basePlansNote, ...latency.notes] : latency.notes,
  };
  const report = assembleReport(
    {
      ...start,
      finishedAt: new Date(),
      config,
      environment,
      preflight,
      outcomes,
      comparison,
      onnxBytes,
      cache: cacheOf(context, stage, start),
      manifest: outputs.manifest,
      interrupted,
      precisionSearch,
    },
    { scans, accuracy, consistency, stability, latency: latency.latency, explain, deploy, deployCost, ...compared },
    (path) => relative(options.cwd, path) || '.',
  );
  const manifest = await manifestOf(outcomes, context, start.startedAt, options.commit ?? null);
  await mkdir(config.outputDir, { recursive: true });
  const unwritten = await writeNewFiles([
    [outputs.manifest, `${JSON.stringify(manifest, null, 2)}\n`],
    [outputs.report, `${JSON.stringify(report, null, 2)}\n`],
    [outputs.summary, renderSummary(report)],
  ]);
  return {
    report,
    reportFile: outputs.report,
    summaryFile: outputs.summary,
    manifestFile: outputs.manifest,
    unwritten,
  };
}

/** What the engine cache did this run, for the report. */
function cacheOf(context: StageContext, stage: BuildStageResult, start: RunStart) {
  const { config, registry, cacheTrust } = context;
  return cacheSummary(config, stage, registry ?? null, start.registryCredentials ?? null, cacheTrust.defaultBranch);
}
