import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { BuildEvent } from './build/build-profile.js';
import { runBuildStage, skipBuildStage } from './build/build-stage.js';
import { buildManifest } from './build/manifest.js';
import { loadConfig } from './config/load.js';
import { runPreflight } from './preflight/preflight.js';
import { renderSummary } from './report/markdown.js';
import { overallStatus, toReportBuild, type Report } from './report/report.js';
import { checkConfigAgainstVersion } from './tensorrt/config-check.js';
import { detectTensorRtVersion } from './tensorrt/detect.js';
import { formatVersion } from './tensorrt/version.js';

export interface PipelineOptions {
  configFile: string;
  onEvent?: (event: BuildEvent) => void;
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

/** config → TensorRT version → preflight → build every model × profile → manifest, report and summary in the output folder. */
export async function runPipeline(options: PipelineOptions): Promise<PipelineResult> {
  const startedAt = new Date();
  const config = loadConfig(options.configFile);
  const version = await detectTensorRtVersion(config.trtexec, config.where(['trtexec']));
  checkConfigAgainstVersion(config, version);
  const preflight = options.preflight === false ? null : await runPreflight(config, version);
  const blocking = preflight?.checks.filter((c) => c.status === 'fail') ?? [];
  const built =
    blocking.length > 0 && config.preflight === 'enforce'
      ? skipBuildStage(config, {
          kind: 'other',
          message: `preflight failed: ${blocking.map((c) => c.id).join(', ')}`,
          hint: 'Fix what the preflight section says, or set preflight: warn-only in trt-ci.yml to build anyway.',
        })
      : await runBuildStage(config, version, options);
  const { records } = built;

  await mkdir(config.outputDir, { recursive: true });
  const tensorrtVersion = formatVersion(version, true);
  const manifestFile = join(config.outputDir, 'manifest.json');
  await writeFile(manifestFile, `${JSON.stringify(buildManifest(records, tensorrtVersion, config.outputDir, startedAt), null, 2)}\n`);

  const rel = (path: string) => relative(process.cwd(), path) || '.';
  const builds = records.map((r) => toReportBuild(r, config.position(['models', r.configIndex.model, 'profiles', r.configIndex.profile]), rel));
  const report: Report = {
    schema: 'trt-ci/report@1',
    status: overallStatus(builds),
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    config: rel(options.configFile),
    environment: { tensorrtVersion, trtexec: config.trtexec, gpus: built.gpus, gpuQueryError: built.gpuQueryError },
    preflight,
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
