// The engine cache as one layer around a build. A build asks once, `getOrBuild`, and the layer does the rest in
// its order: the key, the run's folder, then the fleet's registry, the trust check, the restore and its digest
// check; on a miss the build, then the store (signed where this run signs) and the push. The build itself (the
// producer) knows nothing of the cache, and the cache nothing of how a plan is made.
import { mkdir, readFile, rm } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { errorMessage, fileSize } from '../common/errors.js';
import type { CacheVerdict } from '../contract/report.js';
import { type PlanScan, scanPlan } from '../tensorrt/plan-scan.js';
import type { CachedRecord, EngineCache, EngineKeys, KeyParts, Provenance } from './engine-cache.js';
import type { RemoteCache } from './remote-cache.js';
import { sha256Of } from './signed-file.js';
import { type CacheTrust, mayServe, signEntry } from './trust.js';

/** Where a build writes its plan and layer info, and where a hit is restored to. */
export interface PlanFiles {
  plan: string;
  layerInfo: string;
}

/** What a build's plan depends on, less the toolchain: the cache looks that up itself, once per run. */
export type KeyRequest = Omit<KeyParts, 'trtexec' | 'libraries'>;

/** The binary that builds and the TensorRT libraries it loads. */
export interface Toolchain {
  trtexec: string;
  libraries: string[];
}

/** A plan a build just made, and what its record says to stand in for that build on a later hit. */
export interface FreshPlan {
  plan: string;
  layerInfo: string | null;
  bytes: number;
  sha256: string | null;
  record: Pick<CachedRecord, 'model' | 'profile' | 'buildSeconds' | 'tensorrtVersion' | 'gpu' | 'argv'>;
}

/** A plan served from the cache, where the build would have written it, checked against its record. */
export interface ServedPlan {
  plan: string;
  layerInfo: string | null;
  scan: PlanScan;
  buildSeconds: number | null;
}

/** What a build hands back: its own result, and the plan to keep when it made one. */
export interface Built<B> {
  result: B;
  fresh: FreshPlan | null;
}

export type GotPlan<B> = { served: ServedPlan; verdict: CacheVerdict } | { built: B; verdict: CacheVerdict | null };

/** What a cache that cannot be read or written (a full, read-only or damaged disk) did; said in the report. */
function cacheProblem(what: 'read' | 'written' | 'trimmed to cache-max-size', error: unknown): string {
  return `the engine cache could not be ${what}: ${errorMessage(error)}`;
}

const NOT_PULLED = { pulledFrom: null, builtBy: null, pushed: false, duplicate: false };

/** Who built an entry, as its record says (never trusted: it is what the report shows). */
function builtBy(record: CachedRecord): string | null {
  const p = record.provenance;
  if (!p) return null;
  return p.run ?? `${p.event}${p.commit ? ` ${p.commit.slice(0, 12)}` : ''}`;
}

function miss(key: string, registry: RemoteCache | null, how: Partial<CacheVerdict> = {}): CacheVerdict {
  const base = { key, hit: false, savedSeconds: null, corrupt: false, untrusted: false, problem: null };
  return { ...base, registry: registry && NOT_PULLED, ...how };
}

const withProblem = (verdict: CacheVerdict, problem: string | null): CacheVerdict =>
  problem ? { ...verdict, problem: verdict.problem ? `${verdict.problem}; ${problem}` : problem } : verdict;

/**
 * The run's engine cache: its folder (the run's own when the fleet's registry stands behind it), the keys,
 * whom it serves and how it signs, and the registry.
 */
export class PlanCache {
  private toolchainLookup: Promise<Toolchain> | null = null;

  constructor(
    readonly engines: EngineCache,
    private readonly keys: EngineKeys,
    readonly trust: CacheTrust,
    private readonly toolchain: () => Promise<Toolchain>,
    /** Who this run is, as its entries record it (said in the record, never trusted). */
    private readonly provenance: Provenance | null,
    /** The fleet's registry behind the run's folder (cache-dir: oci://…), or null. */
    readonly registry: RemoteCache | null,
  ) {}

  /** The content key: the request, the toolchain (looked up once per run) and the files' digests. */
  async keyOf(request: KeyRequest): Promise<string> {
    this.toolchainLookup ??= this.toolchain();
    return this.keys.key({ ...request, ...(await this.toolchainLookup) });
  }

  /**
   * A hit: the plan restored where the build would have written it, and checked; a mismatch is removed and
   * rebuilt. An entry this run does not trust (a pull request's, read by the default branch) is not served.
   * With a registry, an entry the run's folder lacks is pulled into it first and served by the same checks.
   */
  async lookup(key: string, files: PlanFiles): Promise<{ served: ServedPlan | null; verdict: CacheVerdict }> {
    const { engines, registry } = this;
    let entry = await engines.lookup(key);
    let pulled: { from: string | null; problem: string | null } = { from: null, problem: null };
    if (entry === null && registry) {
      pulled = await registry.pullEngine(key, engines);
      if (pulled.from) entry = await engines.lookup(key);
    }
    const remote = registry && {
      ...NOT_PULLED,
      pulledFrom: pulled.from,
      builtBy: pulled.from && entry && entry !== 'corrupt' ? builtBy(entry.record) : null,
    };
    const missed = (how: Partial<CacheVerdict>) => ({
      served: null,
      verdict: miss(key, registry, { problem: pulled.problem, registry: remote, ...how }),
    });
    if (entry === null || entry === 'corrupt') return missed({ corrupt: entry === 'corrupt' });
    const { record } = entry;
    if (!mayServe(this.trust, 'engine', key, record.sha256, record.signature)) return missed({ untrusted: true });
    await engines.restore(entry, files.plan, files.layerInfo);
    const scan = await scanPlan(files.plan);
    if (scan.sha256 !== record.sha256) {
      await engines.remove(key);
      await rm(files.plan, { force: true });
      await rm(files.layerInfo, { force: true });
      return missed({ corrupt: true });
    }
    const layerInfo = record.hasLayerInfo ? files.layerInfo : null;
    return {
      served: { plan: files.plan, layerInfo, scan, buildSeconds: record.buildSeconds },
      verdict: {
        ...miss(key, registry, { registry: remote }),
        hit: true,
        savedSeconds: record.buildSeconds,
        argv: record.argv,
        builtOn: {
          runner: record.provenance?.runner ?? null,
          gpu: record.gpu?.name ?? null,
          computeCapability: record.gpu?.computeCapability ?? null,
          run: builtBy(record),
        },
      },
    };
  }

  /**
   * Keeps a plan a build just made under its key (signed where this run signs), then pushes it to the registry
   * this run writes. Whatever fails is said in the verdict: a full cache disk costs the next run a build, not
   * this one its engine.
   */
  async keep(key: string, fresh: FreshPlan, verdict: CacheVerdict): Promise<CacheVerdict> {
    if (!fresh.sha256) return verdict;
    const signature = signEntry(this.trust, 'engine', key, fresh.sha256);
    const record: CachedRecord = {
      key,
      ...fresh.record,
      bytes: fresh.bytes,
      sha256: fresh.sha256,
      createdAt: new Date().toISOString(),
      hasLayerInfo: fresh.layerInfo !== null,
      ...(this.provenance && { provenance: this.provenance }),
      ...(signature && { signature }),
    };
    try {
      // An entry this run does not trust is replaced by its own build.
      await this.engines.store(record, fresh.plan, fresh.layerInfo, { replace: verdict.untrusted });
    } catch (error) {
      return withProblem(verdict, cacheProblem('written', error));
    }
    return this.registry?.writes ? this.push(key, verdict) : verdict;
  }

  private async push(key: string, verdict: CacheVerdict): Promise<CacheVerdict> {
    const entry = await this.engines.lookup(key);
    if (!entry || entry === 'corrupt' || !this.registry) return verdict;
    const pushed = await this.registry.pushEngine(key, entry.dir, entry.record);
    const registry = { ...(verdict.registry ?? NOT_PULLED), pushed: pushed.pushed, duplicate: pushed.already };
    return { ...withProblem(verdict, pushed.problem), registry };
  }

  /** Each timing cache from the registry into the run's folder; the size each came with. */
  async pullTimingCaches(paths: Iterable<string>): Promise<Map<string, number | null>> {
    const pulled = new Map<string, number | null>();
    if (!this.registry) return pulled;
    for (const path of new Set(paths)) {
      await mkdir(dirname(path), { recursive: true }).catch(() => {});
      await this.registry.pullFile('timing', basename(path), path);
      pulled.set(path, fileSize(path));
    }
    return pulled;
  }

  /**
   * A timing cache that grew in this run goes back to the registry this run writes (the default branch's for
   * a default-branch run; a pull request's own repository, or none): it only grows, so larger is newer.
   */
  async pushTimingCaches(pulled: ReadonlyMap<string, number | null>): Promise<void> {
    if (!this.registry?.writes) return;
    for (const [path, before] of pulled) {
      const size = fileSize(path);
      if (size === null || size === 0 || (before !== null && size <= before)) continue;
      const bytes = await readFile(path).catch(() => null);
      if (!bytes) continue;
      const sha256 = sha256Of(bytes);
      const signature = signEntry(this.trust, 'timing', basename(path), sha256);
      await this.registry.pushFile('timing', basename(path), path, sha256, signature);
    }
  }

  /**
   * The cache trimmed to its limits: with a registry, what this repository pushed (the run's folder goes with
   * the run); else the folder, least recently used first. A folder that cannot be trimmed is said, not thrown.
   */
  async evict(limits: {
    maxBytes: number | null;
    maxAgeMs: number | null;
  }): Promise<{ removed: number; bytes: number | null; problem: string | null }> {
    if (this.registry) return this.registry.evict(limits);
    return this.engines.evict().then(
      ({ removed, bytes }) => ({ removed: removed.length, bytes, problem: null }),
      (error: unknown) => ({ removed: 0, bytes: null, problem: cacheProblem('trimmed to cache-max-size', error) }),
    );
  }
}

/**
 * The one way a plan is got: from the cache when it holds this exact build (and this run trusts whoever stored
 * it), else built and kept. No cache, or no key (a GPU nobody named): the build alone, with no verdict. The cache
 * only saves time: one it cannot read is a miss, said in the report, and the engine is built.
 */
export async function getOrBuild<B>(
  cache: PlanCache | null,
  request: KeyRequest | null,
  files: PlanFiles,
  build: () => Promise<Built<B>>,
  signal?: AbortSignal,
): Promise<GotPlan<B>> {
  if (!cache || !request) return { built: (await build()).result, verdict: null };
  const key = await cache.keyOf(request);
  // A cancel during the key's hashing leaves a file's digest unknown: no key is whole, nothing is looked up.
  if (signal?.aborted) return { built: (await build()).result, verdict: null };
  const looked = await cache.lookup(key, files).catch((error: unknown) => ({
    served: null,
    verdict: miss(key, cache.registry, { problem: cacheProblem('read', error) }),
  }));
  if (looked.served) return { served: looked.served, verdict: looked.verdict };
  const { result, fresh } = await build();
  return { built: result, verdict: fresh ? await cache.keep(key, fresh, looked.verdict) : looked.verdict };
}
