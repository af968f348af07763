// The run's stage order, and nothing else: its setup is run/open-run.ts, its record and files
// run/record-files.ts. ARCHITECTURE.md lists the stages and what each takes and returns.
import { searchKeepLists } from './accuracy/keep-lists-in-run.js';
import { checkAccuracy } from './accuracy/stage.js';
import { checkConsistency } from './accuracy/consistency-stage.js';
import { checkStability } from './stability/stage.js';
import { type BuildStageResult, runBuildStage, skipBuildStage } from './builds/build-stage.js';
import type { StageContext } from './builds/stage-context.js';
import type { Config } from './contract/config.js';
import type { PreflightResult, Report } from './contract/report.js';
import { priceOfPortability } from './deploy/cost.js';
import { predictDeploy } from './deploy/stage.js';
import { explainChanges } from './explain/stage.js';
import { compareLatency } from './latency/stage.js';
import { runPreflight } from './preflight/preflight.js';
import { judgeTimingCache } from './preflight/timing-cache-check.js';
import { openRun } from './run/open-run.js';
import type { PipelineOptions, PipelineResult, RunStart } from './run/options.js';
import { recordRun } from './run/record-files.js';
import { hintFor } from './tensorrt/failure-hints.js';
import { formatVersion } from './tensorrt/version.js';
import { verifyBuilds } from './verify/verify-stage.js';

/**
 * A run: set up (run/open-run.ts), its stages in order, recorded (run/record-files.ts); what setup holds is
 * given back however it ends.
 */
export async function runPipeline(given: PipelineOptions): Promise<PipelineResult> {
  const run = await openRun(given);
  try {
    return await buildAndReport(run.context, run.start, run.options);
  } finally {
    await run.close();
  }
}

/** Preflight for this run: the GPU query it already made, and whether it builds the default branch. */
const preflightOf = (context: StageContext, start: RunStart, options: PipelineOptions) =>
  runPreflight(context.config, context.version, {
    env: context.env,
    gpuQuery: start.gpuQuery,
    defaultBranch: options.provenance?.defaultBranch ?? false,
    ...(options.startProcess && { startProcess: options.startProcess }),
    ...(context.signal && { signal: context.signal }),
  });

/**
 * Without preflight (trt-ci build, stability), its one check that changes what a build is given: a timing-cache:
 * the builds will not use (written by another TensorRT or GPU model), or use as given, is said before they start.
 */
async function sayTimingCache(context: StageContext, start: RunStart, options: PipelineOptions): Promise<void> {
  const { config, version } = context;
  if (!config.timingCache || config.cacheDir) return;
  const check = await judgeTimingCache(
    config.timingCache,
    formatVersion(version, true),
    await start.gpuQuery,
    config.gpus,
  );
  if (check.status === 'warn') options.onEvent?.({ type: 'note', line: `⚠ timing-cache: ${check.message}` });
}

/**
 * Preflight, builds, then each stage on the builds' outcomes, the record of it all, and the files: in an
 * output folder this run holds.
 */
async function buildAndReport(
  context: StageContext,
  start: RunStart,
  options: PipelineOptions,
): Promise<PipelineResult> {
  const { config } = context;
  const preflight = options.preflight === false ? null : await preflightOf(context, start, options);
  if (preflight) options.onEvent?.({ type: 'preflight', preflight });
  else await sayTimingCache(context, start, options);
  // The first stage a cancel stopped: it and the ones after it did not finish, and the report says so.
  let interrupted: string | null = null;
  const ran = <T>(stage: string, result: T): T => {
    if (context.signal?.aborted) interrupted ??= stage;
    return result;
  };
  const stage = ran('builds', await buildsUnlessBlocked(context, preflight, start, options));
  const { outcomes } = stage;
  const scans = await verifyBuilds(outcomes);
  // Built is not enough: engines whose model asks are run against ONNX Runtime's outputs; then, one at a time
  // on the GPU each was built on, engines with benchmark: ab against their base engines.
  const accuracy = ran('accuracy', await checkAccuracy(outcomes, context));
  // Right for one sample is not right in a batch: engines whose profile has a range are run in company too.
  const consistency = ran('consistency', await checkConsistency(outcomes, context));
  const latency = ran('latency', await compareLatency(outcomes, start.baseline, context));
  // The engine tested is the engine served only if a rebuild gives it: `stability:` rebuilds and measures.
  const stability = ran('stability', await checkStability(outcomes, context));
  const explain = ran('explain', await explainChanges(outcomes, latency.latency, start.baseline, context));
  // trt-ci builds where it runs: a Windows runner makes Windows plans.
  const deploy = predictDeploy(outcomes, process.platform === 'win32' ? 'windows' : 'linux');
  const deployCost = ran('deploy-cost', await priceOfPortability(outcomes, context));
  // Last, since each candidate is a run of its own: the keep-fp32 list of a model whose fp16 engine failed.
  const say = (line: string) => options.onEvent?.({ type: 'note', line });
  const step = tensorrtStep(start.baseline, context.version);
  const searched = await searchKeepLists(outcomes, accuracy, config, say, candidateRuns(options), step);
  const precisionSearch = ran('precision-search', searched);
  const checks = { accuracy, consistency, stability };
  const found = { preflight, scans, ...checks, latency, explain, deploy, deployCost, precisionSearch };
  return recordRun(context, start, stage, { ...found, interrupted }, options);
}

/** "TensorRT 10.16 → 11.5" when the baseline ran another TensorRT minor than this run, else null. */
function tensorrtStep(baseline: Report | null, version: StageContext['version']): string | null {
  const minor = (text: string) => text.split('.').slice(0, 2).join('.');
  const [before, now] = [baseline && minor(baseline.environment.tensorrtVersion), minor(formatVersion(version))];
  return before && before !== now ? `TensorRT ${before} → ${now}` : null;
}

/** precision-search's candidates: each a run of this pipeline of its own, its config adjusted. */
function candidateRuns(options: PipelineOptions) {
  return {
    run: (adjust: (config: Config) => Config, preflight: boolean) =>
      runPipeline({
        ...{ configFile: options.configFile, cwd: options.cwd, env: options.env, preflight },
        ...(options.configEnv && { configEnv: options.configEnv }),
        provenance: options.provenance ?? null,
        ...(options.signal && { signal: options.signal }),
        ...(options.startProcess && { startProcess: options.startProcess }),
        adjustConfig: (loaded) => adjust(options.adjustConfig ? options.adjustConfig(loaded) : loaded),
      }),
    ...(options.signal && { signal: options.signal }),
  };
}

/** The build stage, or every build skipped when preflight failed and is enforced. */
async function buildsUnlessBlocked(
  context: StageContext,
  preflight: PreflightResult | null,
  start: RunStart,
  options: PipelineOptions,
): Promise<BuildStageResult> {
  const { config } = context;
  const blocking = preflight?.checks.filter((c) => c.status === 'fail') ?? [];
  if (blocking.length > 0 && config.preflight === 'enforce') {
    const failure = {
      kind: 'preflight-failed' as const,
      message: `preflight failed: ${blocking.map((c) => c.id).join(', ')}`,
      hint: hintFor('preflight-failed', ''),
    };
    return skipBuildStage(config, failure, start.selection);
  }
  const built = await runBuildStage(config, {
    ...options,
    building: start.building,
    nvidiaSmi: context.nvidiaSmi,
    gpuQuery: start.gpuQuery,
    selection: start.selection,
  });
  // Side builds (a marked copy, the ampere+ variant, the base's engine) on the GPUs the stage found, the cache
  // keyed by their names as the stage's builds were.
  for (const gpu of built.gpus) start.building.gpus.set(gpu.index, gpu);
  return built;
}
