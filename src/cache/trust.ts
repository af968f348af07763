// Whom a cache serves. On a self-hosted runner the cache folder outlives the job and every job runs as the
// same user: a pull request's job can rewrite any entry, record, reference or timing cache there, and set
// any environment variable a later step reads. So nothing written in the folder, and no provenance a run
// records, proves who wrote an entry. What does: a signature made with a key that pull request jobs never
// receive (a secret of a GitHub environment that only the default branch may use), checked with its public
// half, which is in trt-ci.yml for every run to verify with. docs/cache.md says how to set it up.
//
//   cache-public-key set   every run serves only entries signed by that key (engines, accuracy references,
//                          timing caches); runs holding cache-signing-key sign what they store.
//   no key                 a run for the default branch (its own environment, which no other job can set,
//                          says so) serves nothing from the folder and only stores; other runs serve all.
//   cache-trust: any       every entry is served: for runners that only ever run one trust level of code.
import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { lstat } from 'node:fs/promises';
import type { Config } from '../contract/config.js';

export interface CacheTrust {
  trust: 'any' | 'own-branch';
  /** This run is for the default branch (what ships): from its own environment. */
  defaultBranch: boolean;
  signingKey: KeyObject | null;
  publicKey: KeyObject | null;
}

export type CacheKind = 'engine' | 'reference' | 'timing';

/** The cache's trust for this run, from trt-ci.yml (keys validated when it was loaded) and its own environment. */
export function cacheTrustOf(
  config: Pick<Config, 'cacheTrust' | 'cacheSigningKey' | 'cachePublicKey'>,
  defaultBranch: boolean,
): CacheTrust {
  return {
    trust: config.cacheTrust,
    defaultBranch,
    // Only what ships is signed: a key that reached another run (a pull request's job) signs nothing.
    signingKey: config.cacheSigningKey && defaultBranch ? parseCacheKey(config.cacheSigningKey, 'private') : null,
    publicKey: config.cachePublicKey ? parseCacheKey(config.cachePublicKey, 'public') : null,
  };
}

/** Why a signing key this run was given signs nothing, for the top of the summary; null when it signs or has none. */
export function unusedSigningKey(config: Pick<Config, 'cacheSigningKey'>, defaultBranch: boolean): string | null {
  if (!config.cacheSigningKey || defaultBranch) return null;
  return (
    "cache-signing-key is set, but this run is not the default branch's: nothing it stores is signed. Give the key " +
    'only to default-branch jobs (docs/cache.md): a job that has it can sign what the default branch is served'
  );
}

/** A run that serves whatever is in the cache (tests of other things, a developer's own machine). */
export const TRUST_ALL: CacheTrust = { trust: 'any', defaultBranch: false, signingKey: null, publicKey: null };

/** A key as trt-ci.yml gives it: PEM, or its DER in base64 on one line (PKCS#8 private, SPKI public). */
export function parseCacheKey(text: string, kind: 'private' | 'public'): KeyObject {
  const pem = text.includes('-----BEGIN');
  const der = pem ? null : Buffer.from(text.replace(/\s+/g, ''), 'base64');
  const made =
    kind === 'private'
      ? createPrivateKey(der ? { key: der, format: 'der', type: 'pkcs8' } : text)
      : createPublicKey(der ? { key: der, format: 'der', type: 'spki' } : text);
  if (made.asymmetricKeyType !== 'ed25519') throw new Error(`expected an Ed25519 key, got ${made.asymmetricKeyType}`);
  return made;
}

/** What a signature covers: the kind of entry, its cache key and the digest of its content. */
const signed = (kind: CacheKind, key: string, sha256: string) =>
  Buffer.from(`trt-ci-cache/1\0${kind}\0${key}\0${sha256}`);

/** The signature this run puts on an entry it stores, or null when it holds no signing key. */
export function signEntry(trust: CacheTrust, kind: CacheKind, key: string, sha256: string): string | null {
  return trust.signingKey ? sign(null, signed(kind, key, sha256), trust.signingKey).toString('base64') : null;
}

/** Whether an entry (its signature, if any) may be served to this run. */
export function mayServe(
  trust: CacheTrust,
  kind: CacheKind,
  key: string,
  sha256: string,
  signature: string | null | undefined,
): boolean {
  if (trust.trust === 'any') return true;
  if (trust.publicKey) {
    if (!signature) return false;
    try {
      return verify(null, signed(kind, key, sha256), trust.publicKey, Buffer.from(signature, 'base64'));
    } catch {
      return false;
    }
  }
  return !trust.defaultBranch;
}

/**
 * Whether a run may put its unsigned content in place of what is there: never over an entry signed by the
 * key this run verifies with (a pull request's job would otherwise wipe what the default branch stored).
 */
export function mayReplace(trust: CacheTrust, existingServable: boolean): boolean {
  return trust.signingKey !== null || !trust.publicKey || !existingServable;
}

/** A path in the cache that is a regular file, not a link: a link could lead anywhere (a runner's secret). */
export async function isPlainFile(path: string): Promise<boolean> {
  const found = await lstat(path).catch(() => null);
  return found?.isFile() === true;
}
