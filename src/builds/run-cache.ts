// The run's engine cache as the pipeline opens and accounts for it: with cache-dir: oci://…, the registry
// and a folder of the run's own as its first tier; at the end, what the cache did, for the report.
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Provenance } from '../cache/engine-cache.js';
import type { RemoteCache } from '../cache/remote-cache.js';
import { openRegistryCache } from '../cache/registry-setup.js';
import { unusedSigningKey } from '../cache/trust.js';
import type { Config } from '../contract/config.js';
import type { CacheSummary } from '../contract/report.js';
import type { BuildStageResult } from './build-stage.js';
import type { BuildOutcome } from './outcome.js';

/**
 * cache-dir: oci://…: the registry, and a folder of the run's own as its first tier (removed at the end:
 * the registry is what outlives the run). A plain cache-dir: is used as it is.
 */
export async function openRunCache(
  config: Config,
  options: { env: NodeJS.ProcessEnv; provenance?: Provenance | null; signal?: AbortSignal },
): Promise<{ config: Config; cache: RemoteCache | null; credentials: string | null; release: () => Promise<void> }> {
  if (!config.cacheRegistry) return { config, cache: null, credentials: null, release: () => Promise.resolve() };
  const folder = await mkdtemp(join(options.env.RUNNER_TEMP || tmpdir(), 'trt-ci-registry-cache-'));
  const setup = openRegistryCache(config.cacheRegistry, {
    timeoutMs: config.cacheTimeoutMs,
    env: options.env,
    provenance: options.provenance ?? null,
    ...(options.signal && { signal: options.signal }),
  });
  return {
    config: { ...config, cacheDir: folder },
    cache: setup.cache,
    credentials: setup.credentials,
    release: () => rm(folder, { recursive: true, force: true }),
  };
}

/** The engine cache's account of this run; one key for all its engines, for actions/cache. */
export function cacheSummary(
  config: Config,
  stage: BuildStageResult,
  registry: RemoteCache | null,
  credentials: string | null,
  /** Whether this run builds the default branch: a signing key anywhere else is said. */
  defaultBranch = false,
): CacheSummary | null {
  if (!config.cacheDir) return null;
  const verdicts = stage.outcomes.flatMap((o: BuildOutcome) => (o.cache ? [o.cache] : []));
  const keys = stage.outcomes.map((o) => o.cache?.key ?? '').sort();
  const problems = [
    // A registry given up is what the run says first: it changes every engine after it.
    registry?.givenUp ?? null,
    unusedSigningKey(config, defaultBranch),
    ...verdicts.map((c) => c.problem),
    stage.evictProblem,
    ...(registry?.account.problems ?? []),
  ];
  return {
    key: `trt-ci-${createHash('sha256').update(keys.join('\n')).digest('hex').slice(0, 32)}`,
    dir: config.cacheRegistry?.primary ?? config.cacheDir,
    hits: verdicts.filter((c) => c.hit).length,
    misses: verdicts.filter((c) => !c.hit).length,
    corrupt: verdicts.filter((c) => c.corrupt).length,
    untrusted: verdicts.filter((c) => c.untrusted).length,
    savedSeconds: verdicts.reduce((sum, c) => sum + (c.savedSeconds ?? 0), 0),
    bytes: stage.cacheBytes,
    evicted: stage.evicted,
    problems: [...new Set(problems.filter((p) => p !== null))],
    refused: stage.outcomes.some((o) => o.status !== 'skipped' && !o.gpu?.name)
      ? 'the GPU model is unknown (nvidia-smi did not answer): no plan is served or stored for an unknown GPU'
      : null,
    registry: registry && {
      reads: registry.reads,
      writes: registry.writes,
      notWriting: registry.writeRefused,
      credentials: credentials ?? 'none (anonymous)',
      pulled: { ...registry.account.pulled },
      pushed: { ...registry.account.pushed },
      duplicates: registry.account.duplicates,
      deleted: [...registry.account.deleted],
    },
  };
}
