import { searchKeepLists } from './accuracy/keep-lists-in-run.js';
import { resolveBaseRef, withFoundBasePlans } from './run/base.js';
import { manifestOf, runEnvironment } from './run/record-files.js';
import { mkdir } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import type { BuildEvent } from './builds/context.js';
import { type BuildStageResult, planBuilding, runBuildStage, skipBuildStage } from './builds/build-stage.js';
import { buildPlan } from './builds/build-plan.js';
import type { BuildContext } from './builds/context.js';
import { claimOutputDir } from './builds/output-dir.js';
import { cacheSummary, openRunCache } from './builds/run-cache.js';
import { planBuildJobs } from './builds/jobs.js';
import type { JobSelection } from './builds/shard.js';
import { FileDigests, type Provenance } from './cache/engine-cache.js';
import { buildSecondsOf, environmentOf, readBaseline } from './compare/baseline.js';
import { compareRun, measureRun } from './compare/compare-run.js';
import { loadConfig } from './config/load.js';
import type { StageContext } from './builds/stage-context.js';
import type { Config } from './contract/config.js';
import { type GpuInfo, type GpuQuery, queryGpus } from './gpu/nvidia-smi.js';
import { cacheTrustOf } from './cache/trust.js';
import { writeNewFiles } from './proc/new-file.js';
import { withoutVariables } from './proc/child-env.js';
import { checkAccuracy } from './accuracy/stage.js';
import { compareLatency } from './latency/stage.js';
import { explainChanges } from './explain/stage.js';
import { predictDeploy } from './deploy/stage.js';
import { priceOfPortability } from './deploy/cost.js';
import { runPreflight } from './preflight/preflight.js';
import type { PreflightResult, Report } from './contract/report.js';
import { assembleReport } from './record/assemble.js';
import { renderSummary } from './report/render.js';
import { probeForConfig } from './tensorrt/config-check.js';
import { hintFor } from './tensorrt/failures.js';
import { createTrtexec } from './tensorrt/trtexec.js';
import { commandRunnerOf } from './runners/runner-for.js';
import { trtexecRunner } from './runners/trtexec-runner.js';
import { formatVersion } from './tensorrt/version.js';
import { verifyBuilds } from './verify/verify-stage.js';
import { fileSize } from './common/errors.js';

/** What the run says as it goes: the preflight as soon as it is done, then each build's events. */
export type PipelineEvent =
  | BuildEvent
  | { type: 'preflight'; preflight: PreflightResult }
  /** A line a later stage says while it goes (precision-search: a line per candidate built). */
  | { type: 'note'; line: string };

export interface PipelineOptions {
  configFile: string;
  /** Where trt-ci runs: relative paths in arguments and in the report are relative to it. */
  cwd: string;
  /** The job's environment: `${NAME}` in trt-ci.yml is filled from it and trtexec runs in it (less credentials). */
  env: NodeJS.ProcessEnv;
  onEvent?: (event: PipelineEvent) => void;
  /** How often a running build says where it is (default a minute). */
  heartbeatMs?: number;
  /** A report from the base branch: budgets on growth compare against it. */
  baselineFile?: string | null;
  /** Where the baseline came from, said next to the comparison. */
  baselineNote?: string | null;
  /**
   * A baseline the user named is input (one that cannot be read is exit 2 before any build); one found
   * for them (the action's `baseline: auto`) is only help: when it cannot be read, the run goes on
   * without it and the report says why.
   */
  baselineFound?: boolean;
  /** `trt-ci build` builds without preflight; `run` and the action check the runner first. */
  preflight?: boolean;
  /** Aborting kills the running builds and skips the rest; the report is still written. */
  signal?: AbortSignal;
  /** The commit being built, for the manifest (the action passes GITHUB_SHA). */
  commit?: string | null;
  /** Who this run is: the engine cache records it and serves the default branch only its own entries. */
  provenance?: Provenance | null;
  /** The model/profile pairs to build (`--shard`, `--only`); every pair when not given. */
  selection?: JobSelection;
  /**
   * Where base engines come from when trt-ci.yml names no base-plans (the action's `base-plans: auto`: the
   * base branch's uploaded plans); asked only when a model has benchmark: ab. Null: there are none.
   */
  findBasePlans?: () => Promise<{ dir: string; note: string } | null>;
  /** The environment trt-ci.yml's `${NAME}` are read from, when not `env` (a candidate run's: its parent's). */
  configEnv?: NodeJS.ProcessEnv;
  /** The loaded config changed before the run (`trt-ci precision`: one model, a candidate keep-fp32 list). */
  adjustConfig?: (config: Config) => Config;
}

export interface PipelineResult {
  report: Report;
  reportFile: string;
  summaryFile: string;
  manifestFile: string;
  /** The output files that could not be written (a full disk), each with why; the report is still returned. */
  unwritten: string[];
}

/**
 * config → TensorRT version → preflight → builds → verify → compare (budgets, baseline) → report. Each
 * stage takes what the one before returned; the manifest, report and summary are written at the end.
 */
export async function runPipeline(given: PipelineOptions): Promise<PipelineResult> {
  const startedAt = new Date();
  const configEnv = given.configEnv ?? given.env;
  const read = loadConfig(given.configFile, given.cwd, configEnv);
  // The signing key's variables go no further than trt-ci.yml: no program trt-ci runs is handed them.
  const options = { ...given, env: withoutVariables(given.env, read.secretVariables ?? []), configEnv };
  const loaded = await resolveBaseRef(options.adjustConfig ? options.adjustConfig(read) : read, options);
  const { config, basePlansNote } = await withFoundBasePlans(loaded, options);
  const baselineFile = options.baselineFile ? resolve(options.cwd, options.baselineFile) : null;
  const { baseline, baselineRefused } = await readBaseline(baselineFile, options.baselineFound ?? false);
  // A shard is balanced by the build times of a baseline the user named (every shard must be given the
  // same file, or the shards would split differently); one found per job (the action's, which is that
  // shard's own) balances nothing. A bad --only is exit 2 at once.
  const weights = options.baselineFound ? undefined : buildSecondsOf(baseline);
  const selection = options.selection && { ...options.selection, ...(weights && { weights }) };
  if (selection) planBuildJobs(config, selection);
  // One nvidia-smi query serves preflight and the build stage; it runs while trtexec is asked its version.
  const gpuQuery = queryGpus(config.nvidiaSmi, options.env, options.signal);
  const trtexec = createTrtexec({
    command: config.trtexec,
    env: options.env,
    killGraceMs: config.killGraceMs,
    ...(options.signal && { signal: options.signal }),
  });
  // With a build command and a run command nothing runs trtexec: the run command says which TensorRT it runs.
  const runCommand = commandRunnerOf(config, options);
  const { version } =
    config.build && runCommand
      ? await probeForConfig(config, runCommand, 'run')
      : await probeForConfig(config, trtexec);
  const runner = runCommand ?? trtexecRunner(trtexec, version);
  const release = await claimOutputDir(config, options.cwd);
  const registry = await openRunCache(config, options);
  let sweepBuilder = () => Promise.resolve<unknown>(undefined);
  try {
    const defaultBranch = options.provenance?.defaultBranch ?? false;
    const trust = cacheTrustOf(registry.config, defaultBranch);
    // What the cache may serve this run, decided once: its signature keys, and whether it is for what ships.
    // From a registry, whom it serves is who may push there (the run reads only repositories it trusts);
    // signatures still decide where trt-ci.yml has a public key.
    const cacheTrust = registry.cache && !trust.publicKey ? { ...trust, trust: 'any' as const } : trust;
    const digests = new FileDigests(options.signal);
    const building = planBuilding(registry.config, version, {
      trtexec,
      runner,
      env: options.env,
      digests,
      provenance: options.provenance ?? null,
      cacheTrust,
      registry: registry.cache,
      ...(options.signal && { signal: options.signal }),
    });
    sweepBuilder = () => building.producer.sweep();
    const context: StageContext = {
      config: registry.config,
      trtexec,
      runner,
      version,
      env: options.env,
      signal: options.signal,
      cacheTrust,
      digests,
      registry: registry.cache,
      buildPlan: (job, gpu) => buildPlan(job, gpu, building),
    };
    const start = { baseline, baselineFile, baselineRefused, basePlansNote, startedAt, gpuQuery, selection, building };
    return await buildAndReport(context, { ...start, registryCredentials: registry.credentials }, options);
  } finally {
    // Nothing a build left running outside its process group outlives the run (trtexec's, a build command's).
    await trtexec.sweep();
    await runner.sweep();
    await sweepBuilder();
    await registry.release();
    await release();
  }
}

/** What the run found out before its output folder was claimed, for the stages after it. */
interface RunStart {
  baseline: Report | null;
  baselineFile: string | null;
  baselineRefused: string | null;
  basePlansNote: string | null;
  startedAt: Date;
  gpuQuery: Promise<GpuQuery>;
  selection: JobSelection | undefined;
  /** Where the registry cache's credentials came from (never them), with an oci:// cache. */
  registryCredentials?: string | null;
  /** What every build of the run shares; the GPUs the build stage found are filled in after it. */
  building: BuildContext & { gpus: Map<number, GpuInfo> };
}

/** Preflight for this run: the GPU query it already made, and whether it builds the default branch. */
const preflightOf = (context: StageContext, start: RunStart, options: PipelineOptions) =>
  runPreflight(context.config, context.version, {
    env: context.env,
    gpuQuery: start.gpuQuery,
    defaultBranch: options.provenance?.defaultBranch ?? false,
    ...(context.signal && { signal: context.signal }),
  });

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
  const latency = ran('latency', await compareLatency(outcomes, start.baseline, context));
  const explain = ran('explain', await explainChanges(outcomes, latency.latency, start.baseline, context));
  // trt-ci builds where it runs: a Windows runner makes Windows plans.
  const deploy = predictDeploy(outcomes, process.platform === 'win32' ? 'windows' : 'linux');
  const deployCost = ran('deploy-cost', await priceOfPortability(outcomes, context));
  // Last, since each candidate is a run of its own: the keep-fp32 list of a model whose fp16 engine failed.
  const say = (line: string) => options.onEvent?.({ type: 'note', line });
  const step = tensorrtStep(start.baseline, context.version);
  const searched = await searchKeepLists(outcomes, accuracy, config, say, candidateRuns(options), step);
  const precisionSearch = ran('precision-search', searched);
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
    { scans, accuracy, latency: latency.latency, explain, deploy, deployCost, ...compared },
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
    gpuQuery: start.gpuQuery,
    selection: start.selection,
  });
  // Side builds (a marked copy, the ampere+ variant, the base's engine) on the GPUs the stage found, the cache
  // keyed by their names as the stage's builds were.
  for (const gpu of built.gpus) start.building.gpus.set(gpu.index, gpu);
  return built;
}
