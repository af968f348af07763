// The search for which nodes stay FP32 (docs/accuracy.md), as `trt-ci precision` and a run with
// `precision-search: true` both make it: each candidate keep-fp32 list is one run of the model alone, built and
// its accuracy gate checked (the oracle); all-FP16 (or the model's keep-fp32 list as configured, which every
// candidate keeps) first, with its tensors marked, so that the search opens at the node where its error starts;
// then the found list built once more, its gate again and its latency against the first candidate's plan from
// an A/B. The runs themselves are the caller's (`run`), so that this module never knows the pipeline that makes
// them. keep-lists-in-run.ts makes the searches a run asks for.
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { errorMessage, InputError } from '../common/errors.js';
import { logValue } from '../common/log-text.js';
import { type Config, DEFAULT_PRECISION_MAX_BUILDS, type ModelConfig, narrowOf } from '../contract/config.js';
import type { Divergence, Report, ReportBuild } from '../contract/report.js';
import { latencyChange } from '../common/latency-text.js';
import { mixedPrecisionOnnx } from '../onnx/mixed-precision.js';
import { readEngineLayers } from '../tensorrt/layer-info.js';
import { readOnnxGraph } from '../onnx/inputs.js';
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
  /** Why no verdict came (a build that failed, a check that could not run); counted as not passing. */
  unjudged: string | null;
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
 * The nodes a keep-fp32 list may name: those that compute in FP16 (or BF16) when nothing is kept (the writer's
 * own table, so TensorRT 10 and 11 search the same nodes): the main graph's in graph order, then those inside
 * If and Loop bodies (an overflow there is a node to keep like any other; the first-divergence pass marks only
 * the main graph, so they are searched after it).
 */
function keepCandidates(onnx: Buffer, narrow: 'fp16' | 'bf16'): string[] {
  const written = mixedPrecisionOnnx(onnx, { narrow, keep: new Set() });
  const main = new Set(mainGraphNodes(written.nodes));
  const narrowed = written.nodes.filter((n) => n.precision === narrow && n.node);
  return [...narrowed.filter((n) => main.has(n)), ...narrowed.filter((n) => !main.has(n))].map((n) => n.node);
}

export function worstOf(builds: ReportBuild[]): string {
  const outputs = builds.flatMap((b) => b.accuracy?.outputs ?? []);
  const worst = [...outputs].sort((a, b) => b.outOfTolerance - a.outOfTolerance || b.inf - a.inf)[0];
  if (!worst) return builds.map((b) => b.accuracy?.problem ?? b.failure?.message ?? b.status).join('; ');
  const share = `${(worst.outOfTolerance * 100).toFixed(1)}% out of tolerance`;
  return `${worst.name}: ${share}${worst.inf ? `, ${worst.inf} inf` : ''}${worst.nan ? `, ${worst.nan} NaN` : ''}`;
}

/**
 * A candidate's verdict: passed when every engine passed its gate. An engine that did not build, or a check that
 * could not run (no reference, an engine that would not run), gives no verdict: it is counted as not passing, so
 * the search goes on and only a list judged passing is ever its answer, and said (`unjudged`), so no one reads it
 * as the gate failing.
 */
export function verdictOf(builds: readonly ReportBuild[]): { passed: boolean; unjudged: string | null } {
  // The written FP16/BF16 ONNX off from the model on ONNX Runtime is a verdict before the build: it fails.
  if (builds.some((b) => b.failure?.kind === 'precision-onnx-inaccurate')) return { passed: false, unjudged: null };
  const unbuilt = builds.find((b) => b.status !== 'built' && b.status !== 'cached');
  if (unbuilt) return { passed: false, unjudged: `did not build: ${unbuilt.failure?.message ?? unbuilt.status}` };
  const unjudged = builds.find((b) => b.accuracy?.status !== 'passed' && b.accuracy?.status !== 'failed');
  if (unjudged) {
    const why = unjudged.accuracy?.problem ?? `accuracy ${unjudged.accuracy?.status ?? 'not checked'}`;
    return { passed: false, unjudged: `was not judged: ${why}` };
  }
  if (builds.length === 0) return { passed: false, unjudged: 'built no engine' };
  return { passed: builds.every((b) => b.accuracy?.status === 'passed'), unjudged: null };
}

/** A candidate's plans together, in bytes; null when none has a size. */
export const planBytesOf = (builds: readonly ReportBuild[]) =>
  builds.reduce<number | null>((sum, b) => (b.bytes === null ? sum : (sum ?? 0) + b.bytes), null);

/** Node names for a log line: the ONNX's own strings, each kept on the line (no break, no direction control). */
export const namesOf = (nodes: readonly string[]) => nodes.map(logValue).join(', ');

/** The search was cancelled (SIGINT, SIGTERM, a runner's cancel): no list is decided, and no build starts. */
export class SearchCancelled extends Error {
  constructor() {
    super('the search was cancelled');
  }
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
        // A candidate is judged by its accuracy alone: the gate's run checks its batch consistency once.
        consistency: { ...m.consistency, off: 'a keep-fp32 candidate, judged by its accuracy alone' },
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

export interface PrecisionSearch extends Omit<KeepSearch, 'outcome'> {
  /**
   * unjudged: keeping every candidate gave no verdict (its build or check failed), so no list is known;
   * no-evidence: the first candidate gave none, so nothing shows that any node must be kept.
   */
  outcome: KeepSearch['outcome'] | 'unjudged' | 'no-evidence';
  model: string;
  /** The model's keep-fp32 list as configured: kept in every candidate, the search adds to it. */
  start: string[];
  candidates: string[];
  /** How many regions (engine layers) the search went through first; null: node by node. */
  regions: number | null;
  maxBuilds: number;
  /** No candidate build starts after this many milliseconds; null: no time bound. */
  maxMs: number | null;
  trials: PrecisionTrial[];
  /** The first candidate: all-FP16, or only the configured list kept. */
  allFp16: PrecisionTrial;
  answer: PrecisionTrial | null;
  divergence: Divergence | null;
  ranked: string[];
  price: PrecisionPrice | null;
}

/** What bounds a search: its builds, its time, and a cancel. */
export interface SearchBounds {
  maxBuilds: number;
  maxMs: number | null;
  signal?: AbortSignal;
}

/** Candidate runs as the search oracle: each list (the start list added) built once, judged, logged. */
function candidateOracle(start: readonly string[], all: readonly string[], bounds: SearchBounds, run: RunCandidate) {
  const order = new Map(all.map((n, i) => [n, i]));
  const at = (n: string) => order.get(n) ?? all.length;
  const withStart = (keep: readonly string[]) => [...new Set([...start, ...keep])].sort((a, b) => at(a) - at(b));
  const trials: PrecisionTrial[] = [];
  const first = { divergence: null as Divergence | null, layers: null as string | null };
  const known = new Map<string, boolean>();
  const stopIfCancelled = () => {
    if (bounds.signal?.aborted) throw new SearchCancelled();
  };
  const judge = async (candidate: string[], log: (line: string) => void): Promise<boolean> => {
    const keep = withStart(candidate);
    const id = keep.join('\n');
    if (known.has(id)) return known.get(id)!;
    stopIfCancelled();
    const n = trials.length + 1;
    // No latency or deploy work: the gate is the oracle.
    const result = await run(String(n), keep, { benchmark: false }, { first: n === 1, basePlans: null });
    stopIfCancelled();
    const builds = result.report.builds;
    const { passed, unjudged } = verdictOf(builds);
    known.set(id, passed);
    if (n === 1) {
      first.divergence = builds.find((b) => b.accuracy?.divergence)?.accuracy?.divergence ?? null;
      // Beside its report, as every output of a run (the report holds it relative to where trt-ci ran).
      const layers = builds[0]?.layerInfo;
      first.layers = layers ? join(dirname(result.reportFile), basename(layers)) : null;
    }
    trials.push({
      keep,
      passed,
      unjudged,
      worst: worstOf(builds),
      planBytes: planBytesOf(builds),
      report: result.reportFile,
    });
    const verdict = unjudged
      ? `not judged: it ${unjudged} (${result.reportFile}); counted as not passing`
      : passed
        ? 'passed'
        : `failed (${worstOf(builds)})`;
    log(`precision: build ${n} (at most ${bounds.maxBuilds}): keep [${namesOf(keep)}] → ${verdict}`);
    return passed;
  };
  return { judge, trials, first, withStart, stopIfCancelled };
}

/**
 * The smallest keep-fp32 list for `model` (its configured list kept throughout, the search adds to it), each
 * candidate built and checked by `run`. A candidate that gives no verdict counts as not passing (said); a
 * cancel throws SearchCancelled; an ONNX it cannot read throws InputError.
 */
export async function searchPrecision(
  model: ModelConfig,
  outputDir: string,
  bounds: SearchBounds,
  run: RunCandidate,
  log: (line: string) => void,
  now: () => number = Date.now,
): Promise<PrecisionSearch> {
  const { maxBuilds, maxMs } = bounds;
  const deadline = maxMs === null ? null : now() + maxMs;
  let all: string[];
  try {
    all = keepCandidates(readFileSync(model.onnx), narrowOf(model.precision) ?? 'fp16');
  } catch (error) {
    throw new InputError(`${model.onnx}: the search reads the whole ONNX and could not: ${errorMessage(error)}`);
  }
  const start = [...model.keepFp32];
  const candidates = all.filter((n) => !start.includes(n));
  const oracle = candidateOracle(start, all, bounds, run);
  const judge = (keep: string[]) => oracle.judge(keep, log);
  // Where the first candidate's error starts (its run's first-divergence pass): the search opens there.
  const opensAt = () => (oracle.first.divergence?.status === 'found' ? oracle.first.divergence.node : null);
  const ranked = () => rankByDivergence(candidates, opensAt());
  const outOfTime = () => deadline !== null && now() >= deadline;
  // Past EVERY_NODE_UP_TO nodes, regions first: all-FP16 is built, and its engine's layers group the nodes.
  let regions: string[][] | null = null;
  if (candidates.length > EVERY_NODE_UP_TO && !outOfTime() && !(await judge([]))) {
    // Read against the model's graph: a fused Myelin layer names only its ends, the graph gives what is between.
    const file = oracle.first.layers;
    const layers = file && (await readEngineLayers(file, await readOnnxGraph(model.onnx)))?.layers;
    if (layers) regions = layerRegions(candidates, layers);
    else log(`precision: all-FP16's layer info could not be read: the search goes node by node`);
  }
  const search = regions
    ? await searchKeepSetByRegions(regions, judge, maxBuilds, rankRegions(regions, opensAt), outOfTime)
    : await searchKeepSet(candidates, judge, maxBuilds, ranked, outOfTime);
  if (search.spent === 'time')
    log(`precision: the search's time (${maxMs} ms) ran out after ${oracle.trials.length} build(s)`);
  const keep = search.keep && oracle.withStart(search.keep);
  const trials = oracle.trials;
  const same = (t: PrecisionTrial) => keep !== null && t.keep.join('\n') === keep.join('\n');
  // Keeping every candidate gave no verdict: that is not "no list fixes it", only that none could be judged.
  const everyKept = oracle.withStart(candidates).join('\n');
  const unjudged = search.outcome === 'unfixable' && trials.some((t) => t.unjudged && t.keep.join('\n') === everyKept);
  // The first candidate (all-FP16, or the configured list alone) gave no verdict: that it fails is not known, so
  // neither is that anything must be kept; a later candidate that passed proves nothing.
  const noEvidence = !unjudged && trials[0]?.unjudged != null;
  const against = start.length ? 'the configured list' : 'all-FP16';
  const price =
    search.keep?.length && !noEvidence
      ? await priceList(keep!, outputDir, run, oracle.stopIfCancelled, log, against)
      : null;
  return {
    model: model.name,
    start,
    candidates,
    regions: regions?.length ?? null,
    maxBuilds,
    maxMs,
    ...search,
    outcome: unjudged ? 'unjudged' : noEvidence ? 'no-evidence' : search.outcome,
    keep: noEvidence ? null : keep,
    trials,
    allFp16: trials[0]!,
    answer: noEvidence ? null : (trials.find(same) ?? null),
    divergence: oracle.first.divergence,
    ranked: ranked(),
    price,
  };
}

/**
 * The list's price: built once more and A/B'd against the first candidate's engine (all-FP16, or the configured
 * list) on this GPU, its accuracy gate run again (the list re-verified on the build that found it).
 */
async function priceList(
  keep: string[],
  outputDir: string,
  run: RunCandidate,
  stopIfCancelled: () => void,
  log: (line: string) => void,
  against: string,
): Promise<PrecisionPrice> {
  stopIfCancelled();
  const base = join(outputDir, '1');
  const result = await run('price', keep, { benchmark: 'ab' }, { first: false, basePlans: base });
  stopIfCancelled();
  const price = priceOf(result.report.builds, result.reportFile);
  log(`precision: the list re-verified (${price.accuracy}); latency against ${against} ${price.latency}`);
  return price;
}
