// The rules of trt-ci.yml's engine cache keys (cache-schema.ts): keys that parse, references the environment
// filled in that a registry takes, and registry keys only with a registry.
import { errorMessage } from '../common/errors.js';
import { formatOciReference, parseOciReference } from '../cache/oci-reference.js';
import { parseCacheKey } from '../cache/trust.js';
import type { Config } from '../contract/config.js';
import type { Problem } from './model-files.js';

/** The signing and public keys parse as Ed25519 keys; said without the key's text (it may be a secret). */
export const cacheKeyProblems = (config: Pick<Config, 'cacheSigningKey' | 'cachePublicKey'>): Problem[] =>
  (
    [
      ['cache-signing-key', 'private', config.cacheSigningKey],
      ['cache-public-key', 'public', config.cachePublicKey],
    ] as const
  ).flatMap(([field, kind, text]) => {
    if (!text) return [];
    try {
      parseCacheKey(text, kind);
      return [];
    } catch (error) {
      const what = kind === 'private' ? 'an Ed25519 private key (PEM, or base64 PKCS#8)' : 'an Ed25519 public key';
      return [{ path: [field], message: `expected ${what}: ${errorMessage(error).split('\n')[0]}` }];
    }
  });

/** The registry keys go with an oci:// cache: set without one they would be silently unused. */
export const registryKeyProblems = (
  raw: { 'cache-pr-repository'?: string | undefined; 'cache-max-age'?: number | undefined },
  config: Pick<Config, 'cacheRegistry'>,
): Problem[] =>
  config.cacheRegistry
    ? registryReferences(config.cacheRegistry)
    : (['cache-pr-repository', 'cache-max-age'] as const)
        .filter((key) => raw[key] !== undefined)
        .map((key) => ({
          path: [key],
          message: `${key} applies to an oci:// cache: set cache-dir: to oci://<registry>/<repository>, or remove it`,
        }));

/**
 * The references as the environment filled them in (`${NAME}` was checked by its text alone), and a pull
 * requests' repository that is not the default branch's own: it would let them write what the default branch
 * is served.
 */
function registryReferences(registry: { primary: string; pr: string | null }): Problem[] {
  const problems: Problem[] = [];
  const parsed = (text: string, key: string) => {
    const ref = parseOciReference(text);
    if (typeof ref === 'string') problems.push({ path: [key], message: `${ref} (got "${text}")` });
    return typeof ref === 'string' ? null : formatOciReference(ref);
  };
  const primary = parsed(registry.primary, 'cache-dir');
  const pr = registry.pr === null ? null : parsed(registry.pr, 'cache-pr-repository');
  if (primary && pr === primary)
    problems.push({
      path: ['cache-pr-repository'],
      message:
        "is cache-dir: itself: pull requests would write the default branch's cache; name a repository of " +
        'their own (oci://<registry>/<repository>-pr)',
    });
  return problems;
}
