import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { BuildEvent } from './builds/build-profile.js';
import { runBuildStage, skipBuildStage } from './builds/build-stage.js';
import { buildManifest } from './builds/manifest.js';
import { applyBaseline, loadReport, measuredBuilds } from './compare/baseline.js';
import { evaluateBudgets } from './compare/evaluate.js';
import { loadConfig } from './config/load.js';
import { queryGpus } from './gpu/nvidia-smi.js';
import { verifyBuilds } from './verify/verify-stage.js';
import { runPreflight } from './preflight/preflight.js';
import { renderSummary } from './report/markdown.js';
import { overallStatus, toReportBuild, type Report } from './report/report.js';
import { checkConfigAgainstVersion } from './tensorrt/config-check.js';
import { detectTensorRtVersion } from './tensorrt/detect.js';
import { formatVersion } from './tensorrt/version.js';

export interface PipelineOptions {
  configFile: string;
  onEvent?: (event: BuildEvent) => void;
  /** A report from the base branch: budgets on growth compare against it. */
  baselineFile?: string | null;
  /** Where the baseline came from, said next to the comparison. */
  baselineNote?: string | null;
  /** `trt-ci build` builds without preflight; `run` and the action check the runner first. */
  preflight?: boolean;
  /** Aborting kills the running builds and skips the rest; the report is still written. */
  signal?: AbortSignal;
}

export interface PipelineResult {
  report: Report;
  reportFile: string;
  summaryFile: string;
  manifestFile: string;
}

function fileSize(path: string): number | null {
  try {
    return statSync(path).size;
  } catch {
    return null;
  }
}

/**
 * config → TensorRT version → preflight → build every model × profile → verify the plans → budgets against the baseline
 * → report.
 */
export async function runPipeline(options: PipelineOptions): Promise<PipelineResult> {
  const startedAt = new Date();
  const config = loadConfig(options.configFile);
  const baseline = options.baselineFile ? await loadReport(options.baselineFile) : null;
  const version = await detectTensorRtVersion(config.trtexec, config.where(['trtexec']));
  checkConfigAgainstVersion(config, version);
  // One nvidia-smi query serves preflight and the build stage.
  const gpuQuery = queryGpus(config.nvidiaSmi);
  const preflight = options.preflight === false ? null : await runPreflight(config, version, { gpuQuery });
  const blocking = preflight?.checks.filter((c) => c.status === 'fail') ?? [];
  const built =
    blocking.length > 0 && config.preflight === 'enforce'
      ? skipBuildStage(config, {
          kind: 'other',
          message: `preflight failed: ${blocking.map((c) => c.id).join(', ')}`,
          hint: 'Fix what the preflight section says, or set preflight: warn-only in trt-ci.yml to build anyway.',
        })
      : await runBuildStage(config, version, { ...options, gpuQuery });
  const { records } = built;

  await mkdir(config.outputDir, { recursive: true });
  const tensorrtVersion = formatVersion(version, true);
  const manifestFile = join(config.outputDir, 'manifest.json');
  await writeFile(
    manifestFile,
    `${JSON.stringify(buildManifest(records, tensorrtVersion, config.outputDir, startedAt), null, 2)}\n`,
  );

  const rel = (path: string) => relative(process.cwd(), path) || '.';
  const builds = records.map((r) => {
    const model = config.models[r.configIndex.model]!;
    return toReportBuild(
      r,
      config.position(['models', r.configIndex.model, 'profiles', r.configIndex.profile]),
      fileSize(model.onnx),
      rel,
    );
  });
  const plans = await verifyBuilds(records, rel);
  const environment = {
    tensorrtVersion,
    trtexec: config.trtexec,
    gpus: built.gpus,
    gpuQueryError: built.gpuQueryError,
  };
  const measured = measuredBuilds({ builds, plans });
  const before = baseline ? measuredBuilds(baseline) : null;
  const modelIndex = (name: string) => config.models.findIndex((m) => m.name === name);
  const budgets = evaluateBudgets(measured, (name) => config.models[modelIndex(name)]!.budgets, before).map((row) => ({
    ...row,
    configLocation: config.position(['models', modelIndex(row.model), 'budgets', row.metric]),
  }));
  const report: Report = {
    schema: 'trt-ci/report@1',
    status: overallStatus(builds, budgets),
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    config: rel(options.configFile),
    environment,
    preflight,
    builds,
    plans,
    budgets,
    comparison: { baseline: null, environment: [], added: [], removed: [] },
    cache: config.cacheDir
      ? {
          key: `trt-ci-${createHash('sha256')
            .update(
              records
                .map((r) => r.cache?.key ?? '')
                .sort()
                .join('\n'),
            )
            .digest('hex')
            .slice(0, 32)}`,
          dir: rel(config.cacheDir),
          hits: records.filter((r) => r.cache?.hit).length,
          misses: records.filter((r) => r.cache && !r.cache.hit).length,
          corrupt: records.filter((r) => r.cache?.corrupt).length,
          savedSeconds: records.reduce((sum, r) => sum + (r.cache?.savedSeconds ?? 0), 0),
          bytes: built.cacheBytes,
          evicted: built.evicted,
        }
      : null,
    manifest: rel(manifestFile),
  };
  if (baseline) applyBaseline(report, baseline, rel(options.baselineFile!), options.baselineNote ?? null);
  const reportFile = join(config.outputDir, 'report.json');
  const summaryFile = join(config.outputDir, 'summary.md');
  await writeFile(reportFile, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(summaryFile, renderSummary(report));
  return { report, reportFile, summaryFile, manifestFile };
}
