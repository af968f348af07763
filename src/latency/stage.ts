// The latency stage (benchmark: ab): each built engine against its base engine, on the GPU it was built
// on, one A/B at a time (two at once on one GPU would measure each other). The base engine is the base
// branch's: its plan from `base-plans:` (as that job uploaded it), else the engine cache's entry under the
// key the base branch's report gives, when this run trusts it, else (base-ref:, when the user allows the
// build) one built from the base commit's ONNX. The memory sampler is not running now.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildOutcome } from '../builds/outcome.js';
import { shapesOf } from '../builds/jobs.js';
import { EngineCache } from '../cache/engine-cache.js';
import { type CacheTrust, mayServe, TRUST_ALL } from '../cache/trust.js';
import type { Limit } from '../contract/metrics.js';
import type { Config } from '../contract/config.js';
import { errorMessage } from '../common/errors.js';
import type { Latency, Report, ReportBuild } from '../contract/report.js';
import { measurementArgs } from '../tensorrt/argv.js';
import type { TensorRtVersion } from '../tensorrt/version.js';
import { scanPlan } from '../tensorrt/plan-scan.js';
import { rebuildBase } from './base-rebuild.js';
import type { Trtexec } from '../tensorrt/trtexec.js';
import { toLatency, unmeasured } from './latency-report.js';
import { AB_DEFAULTS, AbContractError, EngineRunError, trtexecAb } from './trtexec-ab.js';

const SAME_PLAN = 'the same plan as the base engine (sha256): nothing to measure';

export interface LatencyStageResult {
  /** Each compared engine's A/B by its plan path. */
  latency: Map<string, Latency>;
  /** Engines asked for an A/B that had no base engine to run against, and why. */
  notes: string[];
}

export async function compareLatency(
  outcomes: readonly BuildOutcome[],
  config: Pick<Config, 'nvidiaSmi' | 'outputDir' | 'killGraceMs' | 'cacheDir' | 'cacheTrust' | 'basePlans' | 'baseRef'>,
  trtexec: Trtexec,
  version: TensorRtVersion,
  baseline: Report | null,
  options: { env: NodeJS.ProcessEnv; signal?: AbortSignal; cacheTrust?: CacheTrust },
): Promise<LatencyStageResult> {
  const latency = new Map<string, Latency>();
  const notes: string[] = [];
  /** Plans taken from the engine cache, with the digest their (trusted) record gives. */
  const recorded = new Map<string, string>();
  const host = { env: options.env, killGraceMs: config.killGraceMs };
  for (const outcome of outcomes) {
    const { job, plan } = outcome;
    if (job.model.benchmark !== 'ab' || !plan || (outcome.status !== 'built' && outcome.status !== 'cached')) continue;
    if (options.signal?.aborted) break;
    const name = `${job.model.name}/${job.profile.name}`;
    // A base plan that cannot be read, a cache that fails, a trtexec that cannot run: a note, never the run.
    try {
      const baseBuild = baseline?.builds.find(
        (b) =>
          b.model === job.model.name &&
          b.profile === job.profile.name &&
          (b.gpu?.name ?? null) === (outcome.gpu?.name ?? null),
      );
      const base = await baseEngine(outcome, baseBuild ?? null);
      if ('missing' in base) {
        notes.push(`${name}: no latency A/B: ${base.missing}`);
        continue;
      }
      const budget = smallestChange(job.model.budgets['latency-growth']);
      // The head plan was scanned when it was built or restored; the base plan is read once, for its digest.
      const baseScan = await scanPlan(base.plan);
      if (recorded.has(base.plan) && baseScan.sha256 !== recorded.get(base.plan)) {
        notes.push(`${name}: no latency A/B: the base engine in the cache is not the plan its record names`);
        continue;
      }
      if (baseScan.sha256 && baseScan.sha256 === plan.scan.sha256) {
        // The base engine itself (a cache hit of the same key): an A/A, which would cost GPU time to say "same".
        latency.set(plan.path, unmeasured('same', SAME_PLAN, budget, base));
        continue;
      }
      const headShapes = JSON.stringify(shapesOf(job.profile));
      if (baseBuild && JSON.stringify(baseBuild.shapes) !== headShapes) {
        const reason =
          `the base engine was built for other shapes (${shapeText(baseBuild.shapes)}) ` +
          `than this one (${shapeText(shapesOf(job.profile))})`;
        latency.set(plan.path, unmeasured('contract-mismatch', reason, budget, base));
        continue;
      }
      if (baseScan.tensorrtVersion !== plan.scan.tensorrtVersion) {
        const reason = `the base plan is TensorRT ${baseScan.tensorrtVersion}, this one ${plan.scan.tensorrtVersion}`;
        latency.set(plan.path, unmeasured('contract-mismatch', reason, budget, base));
        continue;
      }
      const result = await trtexecAb(
        {
          trtexec,
          env: options.env,
          nvidiaSmi: config.nvidiaSmi,
          gpuIndex: outcome.gpu?.index ?? 0,
          plans: { base: base.plan, head: plan.path },
          contract: measurementArgs(version, job.model, job.profile),
          iterations: AB_DEFAULTS.iterations,
          dir: join(config.outputDir, 'ab', `${job.model.name}.${job.profile.name}`),
          timeoutMs: job.model.buildTimeoutMs,
          ...(options.signal && { signal: options.signal }),
        },
        { repetitions: AB_DEFAULTS.repetitions, budget, retry: true },
      );
      latency.set(plan.path, toLatency(result, budget, base));
    } catch (error) {
      // The head engine built and then could not be run: that is this engine's failure, not a missing A/B.
      if (error instanceof AbContractError) {
        latency.set(
          plan.path,
          unmeasured('contract-mismatch', error.message, smallestChange(job.model.budgets['latency-growth']), null),
        );
      } else if (error instanceof EngineRunError && error.side === 'head' && !options.signal?.aborted) {
        const budget = smallestChange(job.model.budgets['latency-growth']);
        latency.set(plan.path, unmeasured('head-failed', error.message, budget, null));
      } else notes.push(`${name}: the latency A/B could not run: ${errorMessage(error)}`);
    }
  }
  return { latency, notes };

  /** The base branch's plan of this engine, and where it came from; or why there is none. */
  async function baseEngine(
    outcome: BuildOutcome,
    baseBuild: ReportBuild | null,
  ): Promise<NonNullable<Latency['baseEngine']> | { missing: string }> {
    const [model, profile] = [outcome.job.model.name, outcome.job.profile.name];
    const uploaded = config.basePlans && join(config.basePlans, `${model}.${profile}.plan`);
    if (uploaded && existsSync(uploaded)) return { source: 'plans', plan: uploaded };
    const fromCache = await cachedBase(baseBuild);
    if ('plan' in fromCache || !config.baseRef) return fromCache;
    // Beside the A/B's folder, which is emptied when the A/B starts.
    const dir = join(config.outputDir, 'ab', `${model}.${profile}.base`);
    const rebuilt = await rebuildBase(config.baseRef, outcome, trtexec, host, version, dir, options.signal);
    return 'plan' in rebuilt
      ? { source: 'rebuilt', plan: rebuilt.plan }
      : { missing: `${fromCache.missing}; ${rebuilt.missing}` };
  }

  async function cachedBase(
    baseBuild: ReportBuild | null,
  ): Promise<{ source: 'cache'; plan: string } | { missing: string }> {
    if (!baseBuild) return { missing: 'the base branch has no report of this engine on this GPU model' };
    const key = baseBuild.cache?.key;
    if (!config.cacheDir || !key) return { missing: 'no base plan, and no engine cache entry to take it from' };
    const entry = await new EngineCache(config.cacheDir, null).lookup(key);
    if (!entry || entry === 'corrupt')
      return { missing: `the base engine (cache key ${key.slice(0, 12)}) is not in the cache` };
    if (!mayServe(options.cacheTrust ?? TRUST_ALL, 'engine', key, entry.record.sha256, entry.record.signature)) {
      return { missing: 'the cache entry of the base engine was stored by a run this one does not take plans from' };
    }
    // The signature vouches for the recorded digest: the plan beside it is checked against it when scanned.
    const plan = join(entry.dir, 'plan');
    recorded.set(plan, entry.record.sha256);
    return { source: 'cache', plan };
  }
}

/** The smallest latency-growth threshold (fail or warn) as a fraction: the A/B's budget. */
/** The smallest change of latency that counts for a model: its latency-growth budget, else the A/B's default. */
export function smallestChange(limit: Limit | undefined): number {
  const values = [limit?.fail, limit?.warn].filter((t) => t && t.unit === 'fraction').map((t) => t!.value);
  return values.length ? Math.min(...values) : AB_DEFAULTS.budget;
}

const shapeText = (shapes: ReportBuild['shapes']) =>
  Object.entries(shapes)
    .map(([input, s]) => `${input}:${s.opt}`)
    .join(',');
