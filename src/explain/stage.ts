// The explain stage: for each engine that changed against its base engine, where and why the two differ, per
// ONNX region. Two ways in: an engine the A/B compared (benchmark: ab), against the plan it ran with; and an
// engine whose plan grew against the baseline's, against the base plan `base-plans:` or the engine cache
// holds (no GPU time: bytes only). An engine the A/B found slower or faster is profiled after its A/B: two
// runs a side, interleaved, on the GPU it was measured on (--exportProfile), so a region's delta is judged
// against its own run-to-run spread. Without a change, or without layer info beside the base plan, it says
// less and why. A profile that cannot be taken is a note, never the run.
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { folderWithin } from '../proc/new-file.js';
import { basename, dirname, join } from 'node:path';
import { type JobKey, jobKey } from '../builds/jobs.js';
import type { BuildOutcome } from '../builds/outcome.js';
import type { CacheTrust } from '../cache/trust.js';
import { TRUST_ALL } from '../cache/trust.js';
import { errorMessage } from '../common/errors.js';
import type { Config } from '../contract/config.js';
import type { Explanation, Latency, Report } from '../contract/report.js';
import { baseBuildOf, findBasePlan } from '../latency/base-plan.js';
import type { RemoteCache } from '../cache/remote-cache.js';
import { engineOf, type EngineSpec, type PlanRunner, type RunPlace } from '../runners/plan-runner.js';
import { MEASUREMENT } from '../tensorrt/measurement.js';
import { readEngineLayers } from '../tensorrt/layer-info.js';
import { type OnnxGraph, readOnnxGraph } from '../onnx/inputs.js';
import { planTail } from '../tensorrt/plan-scan.js';
import type { StageContext } from '../builds/stage-context.js';
import type { LayerTimes } from '../tensorrt/layer-profile.js';
import { explainEngines } from './regions.js';

/** Profile runs a side, and iterations each: enough for a median per layer and a spread, cheap next to the A/B. */
export const PROFILE_RUNS = { runs: 2, iterations: 100 } as const;

/**
 * A plan's layer info as trt-ci keeps it: <stem>.layers.json beside a built or uploaded plan (the pack's
 * plans artifact carries both), layers.json beside a cache entry's `plan`.
 */
const layerInfoBeside = (plan: string) =>
  basename(plan) === 'plan'
    ? join(dirname(plan), 'layers.json')
    : `${plan.replace(/\.(plan|engine|trt)$/, '')}.layers.json`;

/** The engine an explanation compares with: its plan, the ONNX it was built from when known, its A/B. */
export interface BaseSide {
  plan: string;
  onnx: string | null;
  ab: Latency | null;
}

/** Each engine explained against its base engine, by its job; engines with nothing to explain are absent. */
export async function explainChanges(
  outcomes: readonly BuildOutcome[],
  latency: ReadonlyMap<JobKey, Latency>,
  baseline: Report | null,
  context: StageContext,
): Promise<Map<JobKey, Explanation>> {
  const { config, signal } = context;
  const explained = new Map<JobKey, Explanation>();
  // A model's profiles share its graph: read once.
  const graphs = new Map<string, Promise<OnnxGraph>>();
  const graphOf = (onnx: string) => graphs.get(onnx) ?? graphs.set(onnx, readOnnxGraph(onnx)).get(onnx)!;
  for (const outcome of outcomes) {
    const { plan } = outcome;
    const layerInfo = plan?.layerInfo;
    if (!plan || !layerInfo || signal?.aborted) continue;
    const key = jobKey(outcome.job);
    // An engine that cannot be explained (a cache that fails to read, say) is a note on it, never the run.
    try {
      const explanation = await explainOne(outcome, { ...plan, layerInfo }, latency.get(key) ?? null);
      if (explanation) explained.set(key, explanation);
    } catch (error) {
      explained.set(key, { ...EMPTY, notes: [`it could not be explained: ${errorMessage(error)}`] });
    }
  }
  return explained;

  async function explainOne(
    outcome: BuildOutcome,
    plan: NonNullable<BuildOutcome['plan']> & { layerInfo: string },
    ab: Latency | null,
  ): Promise<Explanation | null> {
    const { job } = outcome;
    const base = await baseSideOf(outcome, ab, baseline, config, context.cacheTrust, context.registry ?? null);
    if (!base) return null;
    const baseInfo = layerInfoBeside(base.plan);
    const headGraph = await graphOf(job.model.onnx);
    // A base built from the base commit's ONNX is read against that graph; else against this one's.
    const baseGraph = base.onnx ? await graphOf(base.onnx) : headGraph;
    const head = await readEngineLayers(plan.layerInfo, headGraph);
    const baseLayers = existsSync(baseInfo) ? await readEngineLayers(baseInfo, baseGraph) : null;
    if (!head || !baseLayers) {
      // Said, never a silent gap beside the engines that were explained.
      const missing = !head ? `this engine's layer info (${plan.layerInfo})` : `the base engine's (${baseInfo})`;
      return { ...EMPTY, notes: [`nothing to compare: ${missing} cannot be read`] };
    }
    const notes: string[] = [];
    let profiles: { base: LayerTimes[]; head: LayerTimes[] } = { base: [], head: [] };
    const changed = ab?.verdict === 'slower' || ab?.verdict === 'faster';
    const profile = context.runner.profile;
    if (changed && !profile) notes.push(`no profile runs: ${context.runner.noProfile}, so bytes only`);
    else if (changed && profile) {
      try {
        profiles = await profileBoth(
          { base: engineOf(base.plan, job.model, job.profile), head: engineOf(plan.path, job.model, job.profile) },
          await folderWithin(config.outputDir, 'explain', `${job.model.name}.${job.profile.name}`),
          profile,
          { gpu: outcome.gpu?.index ?? null, timeoutMs: job.model.buildTimeoutMs, ...(signal && { signal }) },
        );
      } catch (error) {
        notes.push(`the engines could not be profiled: ${errorMessage(error)}`);
      }
    } else if (ab) notes.push(`no profile runs: the A/B found no change (${ab.verdict})`);
    else notes.push('no profile runs: this engine has no latency A/B (benchmark: ab), so bytes only');
    if (!base.onnx && baseLayers.layers.some((l) => l.name.includes('{ForeignNode['))) {
      notes.push("the base engine's ForeignNodes are spanned over this commit's ONNX graph, not the base commit's");
    }
    const measured = changed && ab?.base && ab.head ? ab.head.median - ab.base.median : null;
    let basePlan: ReturnType<typeof planTail> | null = null;
    try {
      basePlan = planTail(base.plan);
    } catch (error) {
      notes.push(`the base plan's size is not known: ${errorMessage(error)}`);
    }
    const explanation = explainEngines(
      { layers: baseLayers, profiles: profiles.base, plan: basePlan },
      { layers: head, profiles: profiles.head, plan: plan.scan },
      { measuredChangeMs: measured, graph: headGraph },
    );
    return { ...explanation, notes: [...notes, ...explanation.notes] };
  }
}

/**
 * The base engine to explain against: the A/B's, when it ran (a rebuilt base has its commit's ONNX beside
 * it); else, for a plan that grew against the baseline's, the base plan that `base-plans:` or the cache holds.
 */
export async function baseSideOf(
  outcome: BuildOutcome,
  ab: Latency | null,
  baseline: Report | null,
  config: Pick<Config, 'cacheDir' | 'basePlans'>,
  trust: CacheTrust = TRUST_ALL,
  registry: RemoteCache | null = null,
): Promise<BaseSide | null> {
  const { job, plan } = outcome;
  const abBase = ab?.baseEngine;
  if (abBase) {
    const onnx = abBase.source === 'rebuilt' ? join(dirname(abBase.plan), basename(job.model.onnx)) : null;
    return { plan: abBase.plan, onnx: onnx && existsSync(onnx) ? onnx : null, ab };
  }
  const baseBuild = baseBuildOf(baseline, outcome);
  if (!plan || baseBuild?.bytes == null || plan.scan.bytes <= baseBuild.bytes) return null;
  const found = await findBasePlan(job, baseBuild, config, trust, registry);
  return 'plan' in found ? { plan: found.plan, onnx: null, ab: null } : null;
}

const EMPTY: Explanation = {
  base: { layers: 0, timeMs: null, weightBytes: 0, planBytes: null, paddingBytes: null, otherBytes: null },
  head: { layers: 0, timeMs: null, weightBytes: 0, planBytes: null, paddingBytes: null, otherBytes: null },
  regions: [],
  notes: [],
};

/** base, head, base, head: a drift of the GPU over the runs falls on both sides alike. */
async function profileBoth(
  engines: { base: EngineSpec; head: EngineSpec },
  dir: string,
  profile: NonNullable<PlanRunner['profile']>,
  place: RunPlace,
): Promise<{ base: LayerTimes[]; head: LayerTimes[] }> {
  // The runs' files from an earlier run go; the folder itself was made link-free by folderWithin.
  for (const entry of await readdir(dir)) await rm(join(dir, entry), { recursive: true, force: true });
  const out: { base: LayerTimes[]; head: LayerTimes[] } = { base: [], head: [] };
  for (let i = 1; i <= PROFILE_RUNS.runs; i += 1) {
    for (const side of ['base', 'head'] as const) {
      const request = {
        file: join(dir, `${i}.${side}.profile.json`),
        log: join(dir, `${i}.${side}.log`),
        iterations: PROFILE_RUNS.iterations,
        measurement: MEASUREMENT,
      };
      out[side].push(await profile(engines[side], place, request));
    }
  }
  return out;
}
