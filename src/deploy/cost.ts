// The price of portability (deploy-cost: true): the engine built again with --hardwareCompatibilityLevel=
// ampere+, and the latency A/B of the native engine against it on the build GPU, so the comment says what
// the flag costs ("ampere+ costs +6.1% [5.8, 6.4]") measured, not guessed. A variant that cannot be built or
// run is said, never the run. The two engines are compared too (sizes, and the regions of their layer info
// whose tactics, fusions or precisions changed): the sign in the engine that the flag took effect.
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { BuildOutcome } from '../builds/outcome.js';
import { errorMessage } from '../common/errors.js';
import { type JobKey, jobKey, sideJob } from '../builds/jobs.js';
import type { StageContext } from '../builds/stage-context.js';
import type { DeployCost, Explanation, PortableEngine } from '../contract/report.js';
import { readEngineLayers } from '../tensorrt/layer-info.js';
import { explainEngines } from '../explain/regions.js';
import { toLatency } from '../latency/latency-report.js';
import { abOfEngine, smallestChange } from '../latency/stage.js';
import { portabilityOf } from '../tensorrt/deploy-rules.js';

const PORTABLE_FLAG = '--hardwareCompatibilityLevel=ampere+';

/** Each engine whose model asks (deploy-cost: true), by its job: what its ampere+ build costs. */
export async function priceOfPortability(
  outcomes: readonly BuildOutcome[],
  context: StageContext,
): Promise<Map<JobKey, DeployCost>> {
  const { config } = context;
  const costs = new Map<JobKey, DeployCost>();
  for (const outcome of outcomes) {
    const { job, plan } = outcome;
    const built = plan && (outcome.status === 'built' || outcome.status === 'cached');
    if (!job.model.deployCost || !plan || !built || context.signal?.aborted) continue;
    const key = jobKey(job);
    if (portabilityOf(job.model.extraArgs).hardware !== 'none') {
      costs.set(key, {
        variant: 'ampere+',
        latency: null,
        note: 'the engine is already built portable',
        engine: null,
      });
      continue;
    }
    const dir = join(config.outputDir, 'deploy-cost', `${job.model.name}.${job.profile.name}`);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    const model = { ...job.model, extraArgs: [...job.model.extraArgs, PORTABLE_FLAG] };
    const workspaceBytes = outcome.attempts.at(-1)?.workspaceBytes ?? job.model.workspaceBytes;
    const build = await context.buildPlan(
      sideJob(job, dir, 'ampere+', { model, workspaceBytes }),
      outcome.gpu?.index ?? null,
    );
    if (!build.plan) {
      const log = build.attempts.at(-1)?.log;
      costs.set(key, {
        variant: 'ampere+',
        latency: null,
        note: `the ampere+ engine did not build: ${build.failure?.message ?? 'no plan'}${log ? ` (${log})` : ''}`,
        engine: null,
      });
      continue;
    }
    const portable = build.plan.path;
    const engine = await compareEngines(plan, build.plan);
    const budget = smallestChange(job.model.budgets['latency-growth']);
    try {
      const result = await abOfEngine(outcome, { base: plan.path, head: portable }, join(dir, 'ab'), budget, context);
      costs.set(key, {
        variant: 'ampere+',
        latency: toLatency(result, budget, { source: 'given', plan: plan.path }),
        note: null,
        engine,
      });
    } catch (error) {
      costs.set(key, {
        variant: 'ampere+',
        latency: null,
        note: `the A/B could not run: ${errorMessage(error)}`,
        engine,
      });
    }
  }
  return costs;
}

interface BuiltEngine {
  path: string;
  layerInfo: string | null;
}

/** The two engines on disk, compared; a layer-info file that is missing or does not parse compares nothing. */
async function compareEngines(native: BuiltEngine, portable: BuiltEngine): Promise<PortableEngine> {
  const layersOf = (file: string | null) => (file === null ? null : readEngineLayers(file));
  const [nativeBytes, portableBytes] = await Promise.all([stat(native.path), stat(portable.path)]);
  const [nativeLayers, portableLayers] = await Promise.all([layersOf(native.layerInfo), layersOf(portable.layerInfo)]);
  const explanation =
    nativeLayers && portableLayers
      ? explainEngines({ layers: nativeLayers, profiles: [] }, { layers: portableLayers, profiles: [] })
      : null;
  return portableDifference(nativeBytes.size, portableBytes.size, explanation);
}

/** What the regions of native (base) against portable (head) say changed. Pure. */
export function portableDifference(
  nativeBytes: number,
  portableBytes: number,
  explanation: Pick<Explanation, 'regions'> | null,
): PortableEngine {
  const changed = explanation?.regions.filter((r) => r.change.length > 0) ?? [];
  return {
    nativeBytes,
    portableBytes,
    regions: explanation ? explanation.regions.length : null,
    changedRegions: explanation ? changed.length : null,
    changes: [...new Set(changed.flatMap((r) => r.change))],
  };
}
