// Where the base branch's plan of an engine is, without building it: the plan `base-plans:` holds (as the base
// job uploaded it, its layer info beside it), else the engine cache's entry under the key the base branch's
// report gives, when this run trusts whoever stored it. The latency A/B runs against it; explain reads the
// layer info beside it. (A third source, base-ref:, costs a build: base-rebuild.ts, for the A/B only.)
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { BuildOutcome } from '../builds/outcome.js';
import { EngineCache } from '../cache/engine-cache.js';
import type { RemoteCache } from '../cache/remote-cache.js';
import { type CacheTrust, mayServe } from '../cache/trust.js';
import type { Config } from '../contract/config.js';
import type { Report, ReportBuild } from '../contract/report.js';

export type BasePlan =
  /** `sha256`: the digest a cache entry's (trusted) record gives, to check the plan against when it is read. */
  { source: 'plans' | 'cache'; plan: string; sha256: string | null } | { missing: string };

/** The baseline's build of this engine on this GPU model; null when it has none. */
export function baseBuildOf(baseline: Report | null, outcome: Pick<BuildOutcome, 'job' | 'gpu'>): ReportBuild | null {
  const { job, gpu } = outcome;
  return (
    baseline?.builds.find(
      (b) =>
        b.model === job.model.name && b.profile === job.profile.name && (b.gpu?.name ?? null) === (gpu?.name ?? null),
    ) ?? null
  );
}

export async function findBasePlan(
  job: BuildOutcome['job'],
  baseBuild: ReportBuild | null,
  config: Pick<Config, 'cacheDir' | 'basePlans'>,
  trust: CacheTrust,
  /** The fleet's registry: a base engine the run's folder lacks is pulled from it (the default branch's). */
  registry: RemoteCache | null = null,
): Promise<BasePlan> {
  const uploaded = config.basePlans && join(config.basePlans, `${job.model.name}.${job.profile.name}.plan`);
  if (uploaded && existsSync(uploaded)) return { source: 'plans', plan: uploaded, sha256: null };
  // base-plans: names a folder that is there (the config's load checks it): one without this plan says so.
  const notUploaded = uploaded ? `${config.basePlans} has no ${basename(uploaded)}, and ` : '';
  if (!baseBuild) return { missing: `${notUploaded}the base branch has no report of this engine on this GPU model` };
  const key = baseBuild.cache?.key;
  if (!config.cacheDir || !key) return { missing: 'no base plan, and no engine cache entry to take it from' };
  const engines = new EngineCache(config.cacheDir, null);
  let entry = await engines.lookup(key);
  if (entry === null && registry && (await registry.pullEngine(key, engines)).from) entry = await engines.lookup(key);
  if (!entry || entry === 'corrupt')
    return { missing: `the base engine (cache key ${key.slice(0, 12)}) is not in the cache` };
  if (!mayServe(trust, 'engine', key, entry.record.sha256, entry.record.signature)) {
    return { missing: 'the cache entry of the base engine was stored by a run this one does not take plans from' };
  }
  // The signature vouches for the recorded digest: the plan beside it is checked against it when scanned.
  return { source: 'cache', plan: join(entry.dir, 'plan'), sha256: entry.record.sha256 };
}
