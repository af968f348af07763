// The search for which nodes stay FP32 (docs/accuracy.md), as `trt-ci precision` and a run with
// `precision-search: true` both make it: each candidate keep-fp32 list is one run of the model alone, built and
// its accuracy gate checked (the oracle); all-FP16 first, with its tensors marked, so that the search opens at
// the node where its error starts; then the found list built once more, its gate again and its latency
// against all-FP16's plan from an A/B. The runs themselves are the caller's (`run`), so that this module
// never knows the pipeline that makes them.
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { type JobKey, jobKey } from '../builds/jobs.js';
import type { BuildOutcome } from '../builds/outcome.js';
import { errorMessage, InputError } from '../common/errors.js';
import { type Config, DEFAULT_PRECISION_MAX_BUILDS, type ModelConfig, narrowOf } from '../contract/config.js';
import type { Divergence, PrecisionSearchRecord, Report, ReportBuild } from '../contract/report.js';
import { latencyChange } from '../common/latency-text.js';
import { mixedPrecisionOnnx } from '../tensorrt/mixed-precision-onnx.js';
import { readEngineLayers } from '../tensorrt/layer-info.js';
import { readOnnxGraph } from '../tensorrt/onnx-inputs.js';
import { EVERY_NODE_UP_TO, mainGraphNodes } from './first-divergence.js';
import {
  type KeepSearch,
  layerRegions,
  rankByDivergence,
  searchKeepSet,
  searchKeepSetByRegions,
} from './keep-search.js';

/** One candidate set, built and checked. */
export interface PrecisionTrial {
  keep: string[];
  passed: boolean;
  /** Each engine's worst output (the largest share out of tolerance), as the report gives it. */
  worst: string;
  planBytes: number | null;
  report: string;
}

/** The found list built once more, beside all-FP16: its gate again, and its latency from an A/B. */
export interface PrecisionPrice {
  accuracy: string;
  /** "+1.2% [0.8, 1.6] (same)", or why there is no figure. */
  latency: string;
  ratio: number | null;
  planBytes: number | null;
  report: string;
}

function priceOf(builds: ReportBuild[], report: string): PrecisionPrice {
  const build = builds[0];
  const latency = build?.latency;
  return {
    // Not checked at all (the build failed, say) reads as that, with why, never as an accuracy verdict.
    accuracy:
      build?.accuracy?.status ??
      `not checked: the build ${build?.status ?? 'did not run'}${build?.failure ? ` (${build.failure.message})` : ''}`,
    latency: !latency
      ? 'not measured (no A/B ran)'
      : latency.ratio === null
        ? `not measured (${latency.verdict}: ${latency.reason ?? 'no figure'})`
        : `${latencyChange(latency)} (${latency.verdict}, A/B on this GPU)`,
    ratio: latency?.ratio ?? null,
    planBytes: build?.bytes ?? null,
    report,
  };
}

export const DEFAULT_MAX_BUILDS = DEFAULT_PRECISION_MAX_BUILDS;

/**
 * The nodes a keep-fp32 list may name: those of the main graph that compute in FP16 (or BF16) when nothing is
 * kept (the writer's own table, so TensorRT 10 and 11 search the same nodes), in graph order.
 */
function keepCandidates(onnx: Buffer, narrow: 'fp16' | 'bf16'): string[] {
  const written = mixedPrecisionOnnx(onnx, { narrow, keep: new Set() });
  return mainGraphNodes(written.nodes)
    .filter((n) => n.precision === narrow)
    .map((n) => n.node);
}

function worstOf(builds: ReportBuild[]): string {
  const outputs = builds.flatMap((b) => b.accuracy?.outputs ?? []);
  const worst = [...outputs].sort((a, b) => b.outOfTolerance - a.outOfTolerance || b.inf - a.inf)[0];
  if (!worst) return builds.map((b) => b.accuracy?.problem ?? b.failure?.message ?? b.status).join('; ');
  const share = `${(worst.outOfTolerance * 100).toFixed(1)}% out of tolerance`;
  return `${worst.name}: ${share}${worst.inf ? `, ${worst.inf} inf` : ''}${worst.nan ? `, ${worst.nan} NaN` : ''}`;
}

/**
 * Whether a candidate's engines passed their gate. Only a verdict decides: an engine that did not build, or a
 * check that could not run (no reference, an engine that would not run), stops the search (exit 2) rather
 * than count as a failure.
 */
function judged(builds: ReportBuild[], what: string, reportFile: string): boolean {
  const unbuilt = builds.find((b) => b.status !== 'built' && b.status !== 'cached');
  if (unbuilt)
    throw new InputError(
      `precision: ${what} did not build: ${unbuilt.failure?.message ?? unbuilt.status} (${reportFile})`,
    );
  const unjudged = builds.find((b) => b.accuracy?.status !== 'passed' && b.accuracy?.status !== 'failed');
  if (unjudged) {
    const why = unjudged.accuracy?.problem ?? `accuracy ${unjudged.accuracy?.status ?? 'not checked'}`;
    throw new InputError(`precision: ${what} was not judged: ${why} (${reportFile})`);
  }
  return builds.every((b) => b.accuracy?.status === 'passed');
}

/** Region ids ranked as rankByDivergence ranks nodes: the region holding the node where the error starts first. */
function rankRegions(regions: readonly (readonly string[])[], opensAt: () => string | null) {
  return () => {
    const node = opensAt();
    const at = node === null ? -1 : regions.findIndex((r) => r.includes(node));
    const ids = regions.map((_, i) => String(i));
    return rankByDivergence(ids, at < 0 ? null : String(at)).map(Number);
  };
}

/** Where a model's search puts its candidate runs: one folder each, under the run's output folder. */
export const searchFolder = (outputDir: string, model: string) => join(outputDir, 'precision', model);

/**
 * The config of one candidate run: this model alone with `keep` kept, no deploy, budgets or search of its
 * own; only the first (all-FP16) is built once more with its tensors marked.
 */
export function candidateConfig(
  loaded: Config,
  model: string,
  outputDir: string,
  keep: string[],
  changes: Partial<ModelConfig>,
  first: boolean,
  basePlans: string | null,
): Config {
  return {
    ...loaded,
    outputDir,
    ...(basePlans && { basePlans }),
    models: loaded.models
      .filter((m) => m.name === model)
      .map((m) => ({
        ...m,
        keepFp32: keep,
        deploy: [],
        deployCost: false,
        budgets: {},
        precisionSearch: null,
        ...changes,
        accuracy: m.accuracy && { ...m.accuracy, firstDivergence: first },
      })),
  };
}

/** One candidate run: the model alone, `keep` kept, into `folder` under the search's folder. */
export type RunCandidate = (
  folder: string,
  keep: string[],
  changes: Partial<ModelConfig>,
  options: { first: boolean; basePlans: string | null },
) => Promise<{ report: Report; reportFile: string }>;

export interface PrecisionSearch extends KeepSearch {
  model: string;
  candidates: string[];
  /** How many regions (engine layers) the search went through first; null: node by node. */
  regions: number | null;
  maxBuilds: number;
  /** No candidate build starts after this many milliseconds; null: no time bound. */
  maxMs: number | null;
  trials: PrecisionTrial[];
  allFp16: PrecisionTrial;
  answer: PrecisionTrial | null;
  divergence: Divergence | null;
  ranked: string[];
  price: PrecisionPrice | null;
}

/**
 * The smallest keep-fp32 list for `model`, each candidate built and checked by `run`. Throws InputError when
 * a candidate cannot be judged (a build that failed, a check that could not run): no list is decided then.
 */
export async function searchPrecision(
  model: ModelConfig,
  outputDir: string,
  budget: { maxBuilds: number; maxMs: number | null },
  run: RunCandidate,
  log: (line: string) => void,
  now: () => number = Date.now,
): Promise<PrecisionSearch> {
  const { maxBuilds, maxMs } = budget;
  const deadline = maxMs === null ? null : now() + maxMs;
  let candidates: string[];
  try {
    candidates = keepCandidates(readFileSync(model.onnx), narrowOf(model.precision) ?? 'fp16');
  } catch (error) {
    throw new InputError(`${model.onnx}: the search reads the whole ONNX and could not: ${errorMessage(error)}`);
  }
  const trials: PrecisionTrial[] = [];
  // Where the all-FP16 engine's error starts (its run's first-divergence pass): the search opens there.
  let divergence: Divergence | null = null;
  let allFp16Layers: string | null = null;
  const known = new Map<string, boolean>();
  const judge = async (keep: string[]): Promise<boolean> => {
    const id = keep.join('\n');
    if (known.has(id)) return known.get(id)!;
    const n = trials.length + 1;
    // No latency or deploy work: the gate is the oracle.
    const result = await run(String(n), keep, { benchmark: false }, { first: n === 1, basePlans: null });
    const builds = result.report.builds;
    const passed = judged(builds, `candidate ${n} (keep ${JSON.stringify(keep)})`, result.reportFile);
    known.set(id, passed);
    if (n === 1) {
      divergence = builds.find((b) => b.accuracy?.divergence)?.accuracy?.divergence ?? null;
      // Beside its report, as every output of a run (the report holds it relative to where trt-ci ran).
      const layers = builds[0]?.layerInfo;
      allFp16Layers = layers ? join(dirname(result.reportFile), basename(layers)) : null;
    }
    const planBytes = builds.reduce<number | null>((sum, b) => (b.bytes === null ? sum : (sum ?? 0) + b.bytes), null);
    trials.push({ keep, passed, worst: worstOf(builds), planBytes, report: result.reportFile });
    log(
      `precision: build ${n} (at most ${maxBuilds}): keep [${keep.join(', ')}] → ${passed ? 'passed' : 'failed'}` +
        `${passed ? '' : ` (${worstOf(builds)})`}`,
    );
    return passed;
  };
  const opensAt = () => (divergence?.status === 'found' ? divergence.node : null);
  const ranked = () => rankByDivergence(candidates, opensAt());
  const outOfTime = () => deadline !== null && now() >= deadline;
  // Past EVERY_NODE_UP_TO nodes, regions first: all-FP16 is built, and its engine's layers group the nodes.
  let regions: string[][] | null = null;
  if (candidates.length > EVERY_NODE_UP_TO && !outOfTime() && !(await judge([]))) {
    // Read against the model's graph: a fused Myelin layer names only its ends, the graph gives what is between.
    const layers = allFp16Layers && (await readEngineLayers(allFp16Layers, await readOnnxGraph(model.onnx)))?.layers;
    if (layers) regions = layerRegions(candidates, layers);
    else log(`precision: all-FP16's layer info could not be read: the search goes node by node`);
  }
  const search = regions
    ? await searchKeepSetByRegions(regions, judge, maxBuilds, rankRegions(regions, opensAt), outOfTime)
    : await searchKeepSet(candidates, judge, maxBuilds, ranked, outOfTime);
  if (search.spent === 'time')
    log(`precision: the search's time (${maxMs} ms) ran out after ${trials.length} build(s)`);
  // The list's price: built once more and A/B'd against the all-FP16 engine (candidate 1's plan) on this
  // GPU, its accuracy gate run again (the list re-verified on the build that found it).
  let price: PrecisionPrice | null = null;
  if (search.keep?.length) {
    const base = join(outputDir, '1');
    const result = await run('price', search.keep, { benchmark: 'ab' }, { first: false, basePlans: base });
    price = priceOf(result.report.builds, result.reportFile);
    log(`precision: the list re-verified (${price.accuracy}); latency against all-FP16 ${price.latency}`);
  }
  const answer = search.keep ? (trials.find((t) => t.keep.join('\n') === search.keep!.join('\n')) ?? null) : null;
  return {
    model: model.name,
    candidates,
    regions: regions?.length ?? null,
    maxBuilds,
    maxMs,
    ...search,
    trials,
    allFp16: trials[0]!,
    answer,
    divergence,
    ranked: ranked(),
    price,
  };
}

/**
 * A run's searches: for each model with precision-search whose fp16 engine failed its gate, the list that
 * passes it, as the report keeps it. A search that cannot judge a candidate is said (`error`), never the run's
 * failure: the run's verdict is its engines'.
 */
/** What a run asks of each model: its search (its engine failed), its list rechecked (after a step), or nothing. */
interface SearchPlan {
  failed: (model: string) => boolean;
  passed: (model: string) => boolean;
  /** "TensorRT 10.16 → 11.5" when this run's TensorRT minor is not its baseline's, else null. */
  step: string | null;
}

async function searchModels(
  models: readonly ModelConfig[],
  plan: SearchPlan,
  outputDir: string,
  run: (model: string, folder: string) => RunCandidate,
  log: (line: string) => void,
  positionOf: (model: string) => PrecisionSearchRecord['configPosition'],
): Promise<PrecisionSearchRecord[]> {
  const records: PrecisionSearchRecord[] = [];
  for (const model of models.filter((m) => m.precisionSearch)) {
    const folder = searchFolder(outputDir, model.name);
    const recheck = plan.step !== null && model.keepFp32.length > 0 && plan.passed(model.name);
    if (!plan.failed(model.name) && !recheck) continue;
    const base = {
      ...{ model: model.name, folder, configPosition: positionOf(model.name) },
      maxBuilds: model.precisionSearch!.maxBuilds,
      maxSeconds: model.precisionSearch!.maxMs === null ? null : model.precisionSearch!.maxMs / 1000,
      spent: null,
      regions: null,
      ...{ dropped: [], step: recheck ? plan.step : null, error: null },
    };
    try {
      if (recheck) records.push({ ...base, ...(await recheckList(model, run(model.name, folder), log)) });
      else {
        const found = await searchPrecision(model, folder, model.precisionSearch!, run(model.name, folder), log);
        records.push({ ...base, ...recordOf(found) });
      }
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      log(`precision: ${model.name}: ${error.message}`);
      const none = { keep: null, candidates: 0, builds: [], openedAt: null, price: null };
      records.push({ ...base, ...none, outcome: 'error', error: error.message });
    }
  }
  return records;
}

/**
 * A committed list after a TensorRT step: each kept node left out in turn (the others kept), built and
 * checked; a node whose absence still passes is no longer needed on this TensorRT, and stays out.
 */
async function recheckList(model: ModelConfig, run: RunCandidate, log: (line: string) => void) {
  let keep = [...model.keepFp32];
  const builds: PrecisionSearchRecord['builds'] = [];
  const dropped: string[] = [];
  for (const node of model.keepFp32) {
    const trial = keep.filter((n) => n !== node);
    const n = builds.length + 1;
    const result = await run(`recheck-${n}`, trial, { benchmark: false }, { first: false, basePlans: null });
    const passed = judged(result.report.builds, `recheck ${n} (keep ${JSON.stringify(trial)})`, result.reportFile);
    const planBytes = result.report.builds.reduce<number | null>(
      (t, b) => (b.bytes === null ? t : (t ?? 0) + b.bytes),
      null,
    );
    builds.push({ keep: trial, passed, worst: worstOf(result.report.builds), planBytes });
    log(`precision: recheck ${n}: keep [${trial.join(', ')}] without ${node} → ${passed ? 'passed' : 'failed'}`);
    if (passed) {
      keep = trial;
      dropped.push(node);
    }
  }
  const none = { candidates: model.keepFp32.length, openedAt: null, price: null };
  return { ...none, outcome: 'rechecked' as const, keep, builds, dropped };
}

function recordOf(
  found: PrecisionSearch,
): Omit<PrecisionSearchRecord, 'model' | 'folder' | 'configPosition' | 'error' | 'dropped' | 'step'> {
  return {
    outcome: found.outcome,
    keep: found.keep,
    candidates: found.candidates.length,
    regions: found.regions,
    maxBuilds: found.maxBuilds,
    maxSeconds: found.maxMs === null ? null : found.maxMs / 1000,
    spent: found.spent,
    builds: found.trials.map(({ keep, passed, worst, planBytes }) => ({ keep, passed, worst, planBytes })),
    openedAt: found.divergence?.status === 'found' ? found.divergence.node : null,
    price: found.price && {
      accuracy: found.price.accuracy,
      latency: found.price.latency,
      ratio: found.price.ratio,
      planBytes: found.price.planBytes,
    },
  };
}

/**
 * precision-search in a run: for each model asking it whose fp16 engine failed its gate, the search (and
 * after a TensorRT step, for one that passed with a committed list, that list rechecked node by node), each
 * candidate a run of the pipeline of its own (`run`: the config adjusted, with or without preflight), the
 * model alone, into output-dir/precision/<model>/<n>.
 */
export function searchKeepLists(
  outcomes: readonly BuildOutcome[],
  accuracy: ReadonlyMap<JobKey, { status: string }>,
  config: Config,
  log: (line: string) => void,
  pipeline: {
    run: (adjust: (config: Config) => Config, preflight: boolean) => Promise<{ report: Report; reportFile: string }>;
  },
  /** "TensorRT 10.16 → 11.5" when the baseline ran another TensorRT minor: committed lists are rechecked. */
  step: string | null = null,
): Promise<PrecisionSearchRecord[]> {
  const candidate =
    (model: string, folder: string): RunCandidate =>
    (name, keep, changes, { first, basePlans }) =>
      pipeline.run(
        (loaded) => candidateConfig(loaded, model, join(folder, name), keep, changes, first, basePlans),
        first,
      );
  const statuses = (model: string) =>
    outcomes.filter((o) => o.job.model.name === model).map((o) => accuracy.get(jobKey(o.job))?.status);
  const plan = {
    failed: (model: string) => statuses(model).includes('failed'),
    passed: (model: string) => statuses(model).length > 0 && statuses(model).every((s) => s === 'passed'),
    step,
  };
  const position = (model: string) => config.position(['models', config.models.findIndex((m) => m.name === model)]);
  return searchModels(config.models, plan, config.outputDir, candidate, log, position);
}
