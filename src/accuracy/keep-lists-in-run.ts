// The keep-fp32 searches a run asks for (precision-search: true, docs/accuracy.md): for each model whose fp16 or
// bf16 engine failed its gate, the search of precision-search.ts, its candidate runs made by the run's own
// pipeline; after a TensorRT step, a committed list rechecked node by node. What it finds is the report's
// precisionSearch[]; a search that cannot run is said (`error`), never the run's failure: the run's verdict is
// its engines'.
import { join } from 'node:path';
import { type JobKey, jobKey } from '../builds/jobs.js';
import type { BuildOutcome } from '../builds/outcome.js';
import { InputError } from '../common/errors.js';
import type { Config, ModelConfig } from '../contract/config.js';
import type { PrecisionSearchRecord, Report } from '../contract/report.js';
import {
  candidateConfig,
  namesOf,
  planBytesOf,
  type PrecisionSearch,
  type RunCandidate,
  searchFolder,
  SearchCancelled,
  searchPrecision,
  verdictOf,
  worstOf,
} from './precision-search.js';

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
  signal: AbortSignal | undefined,
): Promise<PrecisionSearchRecord[]> {
  const records: PrecisionSearchRecord[] = [];
  for (const model of models.filter((m) => m.precisionSearch)) {
    // A cancelled run starts no search (the run says it was interrupted).
    if (signal?.aborted) break;
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
      if (recheck) records.push({ ...base, ...(await recheckList(model, run(model.name, folder), log, signal)) });
      else {
        const bounds = { ...model.precisionSearch!, ...(signal && { signal }) };
        const found = await searchPrecision(model, folder, bounds, run(model.name, folder), log);
        records.push({ ...base, ...recordOf(found) });
      }
    } catch (error) {
      if (!(error instanceof InputError || error instanceof SearchCancelled)) throw error;
      log(`precision: ${model.name}: ${error.message}`);
      const none = { keep: null, start: model.keepFp32, candidates: 0, builds: [], openedAt: null, price: null };
      records.push({ ...base, ...none, outcome: 'error', error: error.message });
    }
  }
  return records;
}

/**
 * A committed list after a TensorRT step: each kept node left out in turn (the others kept), built and
 * checked; a node whose absence still passes is no longer needed on this TensorRT, and stays out.
 */
async function recheckList(
  model: ModelConfig,
  run: RunCandidate,
  log: (line: string) => void,
  signal: AbortSignal | undefined,
) {
  let keep = [...model.keepFp32];
  const builds: PrecisionSearchRecord['builds'] = [];
  const dropped: string[] = [];
  for (const node of model.keepFp32) {
    // A cancel decides nothing: no more builds, and no node is dropped on a build it cut short.
    if (signal?.aborted) throw new SearchCancelled();
    const trial = keep.filter((n) => n !== node);
    const n = builds.length + 1;
    const result = await run(`recheck-${n}`, trial, { benchmark: false }, { first: false, basePlans: null });
    if (signal?.aborted) throw new SearchCancelled();
    // A recheck with no verdict keeps its node: only a list judged passing drops one.
    const { passed, unjudged } = verdictOf(result.report.builds);
    builds.push({
      keep: trial,
      passed,
      unjudged,
      worst: worstOf(result.report.builds),
      planBytes: planBytesOf(result.report.builds),
    });
    const verdict = unjudged ? `not judged: it ${unjudged}; ${node} stays` : passed ? 'passed' : 'failed';
    log(`precision: recheck ${n}: keep [${namesOf(trial)}] without ${namesOf([node])} → ${verdict}`);
    if (passed) {
      keep = trial;
      dropped.push(node);
    }
  }
  const none = { candidates: model.keepFp32.length, openedAt: null, price: null, start: model.keepFp32 };
  return { ...none, outcome: 'rechecked' as const, keep, builds, dropped };
}

function recordOf(
  found: PrecisionSearch,
): Omit<PrecisionSearchRecord, 'model' | 'folder' | 'configPosition' | 'error' | 'dropped' | 'step'> {
  return {
    outcome: found.outcome,
    keep: found.keep,
    start: found.start,
    candidates: found.candidates.length,
    regions: found.regions,
    maxBuilds: found.maxBuilds,
    maxSeconds: found.maxMs === null ? null : found.maxMs / 1000,
    spent: found.spent,
    builds: found.trials.map(({ keep, passed, unjudged, worst, planBytes }) => ({
      ...{ keep, passed, unjudged },
      ...{ worst, planBytes },
    })),
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
    signal?: AbortSignal;
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
  return searchModels(config.models, plan, config.outputDir, candidate, log, position, pipeline.signal);
}
