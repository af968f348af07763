// The latency stage (benchmark: ab): each built engine against its base engine, on the GPU it was built
// on, one A/B at a time (two at once on one GPU would measure each other). The base engine is the base
// branch's: its plan from `base-plans:` (as that job uploaded it), else the engine cache's entry under the
// key the base branch's report gives, when this run trusts it, else (base-ref:, when the user allows the
// build) one built from the base commit's ONNX. The memory sampler is not running now.
import { join } from 'node:path';
import type { BuildOutcome } from '../builds/outcome.js';
import { type JobKey, jobKey, shapesOf } from '../builds/jobs.js';
import type { StageContext } from '../builds/stage-context.js';
import type { Limit } from '../contract/metrics.js';
import { errorMessage } from '../common/errors.js';
import type { Latency, Report, ReportBuild } from '../contract/report.js';
import { engineOf } from '../runners/plan-runner.js';
import { scanPlan } from '../tensorrt/plan-scan.js';
import { baseBuildOf, findBasePlan } from './base-plan.js';
import { rebuildBase } from './base-rebuild.js';
import { toLatency, unmeasured } from './latency-report.js';
import { AB_DEFAULTS, AbContractError, EngineRunError, runAb } from './plan-ab.js';

const SAME_PLAN = 'the same plan as the base engine (sha256): nothing to measure';

export interface LatencyStageResult {
  /** Each compared engine's A/B by its job. */
  latency: Map<JobKey, Latency>;
  /** Engines asked for an A/B that had no base engine to run against, and why. */
  notes: string[];
}

export async function compareLatency(
  outcomes: readonly BuildOutcome[],
  baseline: Report | null,
  context: StageContext,
): Promise<LatencyStageResult> {
  const { config, version } = context;
  const latency = new Map<JobKey, Latency>();
  const notes: string[] = [];
  /** Plans taken from the engine cache, with the digest their (trusted) record gives. */
  const recorded = new Map<string, string>();
  const host = { env: context.env, killGraceMs: config.killGraceMs };
  for (const outcome of outcomes) {
    const { job, plan } = outcome;
    if (job.model.benchmark !== 'ab' || !plan || (outcome.status !== 'built' && outcome.status !== 'cached')) continue;
    if (context.signal?.aborted) break;
    const key = jobKey(job);
    const name = `${job.model.name}/${job.profile.name}`;
    // A base plan that cannot be read, a cache that fails, a trtexec that cannot run: a note, never the run.
    try {
      const baseBuild = baseBuildOf(baseline, outcome);
      const base = await baseEngine(outcome, baseBuild);
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
        latency.set(key, unmeasured('same', SAME_PLAN, budget, base));
        continue;
      }
      const headShapes = JSON.stringify(shapesOf(job.profile));
      if (baseBuild && JSON.stringify(baseBuild.shapes) !== headShapes) {
        const reason =
          `the base engine was built for other shapes (${shapeText(baseBuild.shapes)}) ` +
          `than this one (${shapeText(shapesOf(job.profile))})`;
        latency.set(key, unmeasured('contract-mismatch', reason, budget, base));
        continue;
      }
      if (baseScan.tensorrtVersion !== plan.scan.tensorrtVersion) {
        const reason = `the base plan is TensorRT ${baseScan.tensorrtVersion}, this one ${plan.scan.tensorrtVersion}`;
        latency.set(key, unmeasured('contract-mismatch', reason, budget, base));
        continue;
      }
      const result = await abOfEngine(
        outcome,
        { base: base.plan, head: plan.path },
        join(config.outputDir, 'ab', `${job.model.name}.${job.profile.name}`),
        budget,
        context,
      );
      latency.set(key, toLatency(result, budget, base));
    } catch (error) {
      // The head engine built and then could not be run: that is this engine's failure, not a missing A/B.
      if (error instanceof AbContractError) {
        latency.set(
          key,
          unmeasured('contract-mismatch', error.message, smallestChange(job.model.budgets['latency-growth']), null),
        );
      } else if (error instanceof EngineRunError && error.side === 'head' && !context.signal?.aborted) {
        const budget = smallestChange(job.model.budgets['latency-growth']);
        latency.set(key, unmeasured('head-failed', error.message, budget, null));
      } else notes.push(`${name}: the latency A/B could not run: ${errorMessage(error)}`);
    }
  }
  return { latency, notes };

  /** The base branch's plan of this engine, and where it came from; or why there is none. */
  async function baseEngine(
    outcome: BuildOutcome,
    baseBuild: ReportBuild | null,
  ): Promise<NonNullable<Latency['baseEngine']> | { missing: string }> {
    const found = await findBasePlan(outcome.job, baseBuild, config, context.cacheTrust, context.registry ?? null);
    if ('plan' in found) {
      if (found.sha256) recorded.set(found.plan, found.sha256);
      return { source: found.source, plan: found.plan };
    }
    if (!config.baseRef) return found;
    const [model, profile] = [outcome.job.model.name, outcome.job.profile.name];
    // Beside the A/B's folder, which is emptied when the A/B starts.
    const dir = join(config.outputDir, 'ab', `${model}.${profile}.base`);
    const rebuilt = await rebuildBase(config.baseRef, outcome, context.buildPlan, host, version, dir, context.signal);
    return 'plan' in rebuilt
      ? { source: 'rebuilt', plan: rebuilt.plan }
      : { missing: `${found.missing}; ${rebuilt.missing}` };
  }
}

/**
 * The A/B of two plans of one built engine, as trt-ci runs it after the builds (the latency stage's base
 * against head, deploy-cost's native against ampere+): on the GPU the engine was built on, with its shapes,
 * trt-ci's defaults, a retry when unstable, and the build's timeout for each run.
 */
export function abOfEngine(
  outcome: Pick<BuildOutcome, 'job' | 'gpu'>,
  plans: { base: string; head: string },
  dir: string,
  budget: number,
  run: Pick<StageContext, 'runner' | 'nvidiaSmi' | 'signal'>,
) {
  const { job } = outcome;
  return runAb(
    {
      runner: run.runner,
      nvidiaSmi: run.nvidiaSmi,
      gpuIndex: outcome.gpu?.index ?? 0,
      engines: {
        base: engineOf(plans.base, job.model, job.profile),
        head: engineOf(plans.head, job.model, job.profile),
      },
      iterations: AB_DEFAULTS.iterations,
      dir,
      timeoutMs: job.model.buildTimeoutMs,
      ...(run.signal && { signal: run.signal }),
    },
    { repetitions: AB_DEFAULTS.repetitions, budget, retry: true },
  );
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
