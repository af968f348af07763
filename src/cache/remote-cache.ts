// The engine cache's second tier as the run sees it: a store a fleet of runners shares, behind one interface.
// The OCI registry (registry-cache.ts) is the one implementation today; whatever else a team runs (an S3 bucket,
// a shared file system) is another class of this shape, and nothing above cache/ names the concrete one.
import type { CachedRecord, EngineCache } from './engine-cache.js';

export type ArtifactKind = 'engine' | 'reference' | 'timing';

/** What a pull found: the entry now in the run's folder, from where; or why it is not. */
export interface Pulled {
  from: string | null;
  problem: string | null;
}

/** What a push did: pushed, found there (another run pushed the same key first, or just after), or why not. */
export interface Pushed {
  pushed: boolean;
  already: boolean;
  problem: string | null;
}

/** What the store did for the run, kept as it goes: the report's account of it. */
export interface RemoteAccount {
  pulled: Record<ArtifactKind, number>;
  pushed: Record<ArtifactKind, number>;
  /** Engines this run built and found pushed by another run meanwhile: builds the fleet made twice. */
  duplicates: number;
  /** One line each, in the order they happened: what failed (the run went on without it). */
  problems: string[];
  /** What eviction deleted: each tag, with when it was pushed. */
  deleted: string[];
}

/** Whom eviction removed, and how large what this writer keeps there is after it. */
export interface Evicted {
  removed: number;
  bytes: number | null;
  problem: string | null;
}

/**
 * The shared store. Whom it serves is who may write there: a run reads the places it is given and writes only
 * one (none for a pull request without a place of its own). Every failure is a problem said in the account and
 * a miss for the build: the cache only saves time.
 */
export interface RemoteCache {
  readonly account: RemoteAccount;
  /** Where this run writes, or null. */
  readonly writes: string | null;
  /** Why this run writes nowhere, for the report; null when it writes. */
  readonly writeRefused: string | null;
  /** Where this run reads, in order. */
  readonly reads: string[];
  /** Why the store was given up for the rest of the run (it hung, refused, trickled, failed), or null. */
  readonly givenUp: string | null;
  /** An engine entry into the run's folder, from the first place that has it. */
  pullEngine(key: string, engines: EngineCache): Promise<Pulled>;
  /** An entry of the run's folder (its `dir`), unless this run writes nowhere or the key is there already. */
  pushEngine(key: string, dir: string, record: CachedRecord): Promise<Pushed>;
  /** A reference or timing cache into `path` (its signature into `path.sig`), written only whole. */
  pullFile(kind: 'reference' | 'timing', name: string, path: string): Promise<Pulled>;
  pushFile(
    kind: 'reference' | 'timing',
    name: string,
    path: string,
    sha256: string,
    signature: string | null,
  ): Promise<Pushed>;
  /**
   * cache-max-size and cache-max-age over what this writer wrote there; an entry's age by the store's own clock
   * (`now` only where a caller knows better), so a runner whose clock is wrong deletes nothing it should not.
   */
  evict(limits: { maxBytes: number | null; maxAgeMs: number | null }, now?: number): Promise<Evicted>;
}
