// The rules of trt-ci.yml's engine cache keys (cache-schema.ts): keys that parse, references the environment
// filled in that a registry takes, and registry keys only with a registry.
import { errorMessage } from '../common/errors.js';
import { formatOciReference, type OciReference, parseOciReference } from '../cache/oci-reference.js';
import { parseCacheKey } from '../cache/trust.js';
import type { Config } from '../contract/config.js';
import type { Problem } from './model-files.js';

/**
 * The signing and public keys parse as Ed25519 keys (said without the key's text: it may be a secret), and a
 * public key is not set beside `cache-trust: any`, which serves every entry: the key would check nothing.
 */
export const cacheKeyProblems = (
  config: Pick<Config, 'cacheSigningKey' | 'cachePublicKey' | 'cacheTrust'>,
): Problem[] => [
  ...(config.cacheTrust === 'any' && config.cachePublicKey
    ? [
        {
          path: ['cache-trust'],
          message:
            'is any, which serves every entry unchecked, beside cache-public-key, which would serve only the ' +
            'entries it verifies: remove cache-trust: any (the key decides), or the key',
        },
      ]
    : []),
  ...(
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
  }),
];

/** The names a loopback host goes by: one registry on this machine, whichever the reference spells. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
/** Docker Hub's names for its registry. */
const DOCKER_HUB = new Set(['docker.io', 'index.docker.io', 'registry-1.docker.io']);

/**
 * A registry reference as the registry it reaches: the host in lower case, a loopback or Docker Hub name as one,
 * the scheme's default port (443, or 80 for plain HTTP) dropped. Two spellings of one repository compare equal.
 */
function registryIdentity(ref: OciReference): string {
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(ref.registry.toLowerCase());
  const [host, port] = match ? [match[1]!, match[2] ?? null] : [ref.registry.toLowerCase(), null];
  const name = LOOPBACK.has(host) ? 'loopback' : DOCKER_HUB.has(host) ? 'docker.io' : host;
  const given = port === null || port === (ref.plainHttp ? '80' : '443') ? '' : `:${port}`;
  return `${name}${given}/${ref.repository}`;
}

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
    return typeof ref === 'string' ? null : ref;
  };
  const primary = parsed(registry.primary, 'cache-dir');
  const pr = registry.pr === null ? null : parsed(registry.pr, 'cache-pr-repository');
  // Compared as the registry each reaches: another spelling of the same host is the same repository.
  if (primary && pr && registryIdentity(pr) === registryIdentity(primary))
    problems.push({
      path: ['cache-pr-repository'],
      message:
        `is cache-dir: itself (${formatOciReference(pr)} reaches ${formatOciReference(primary)}): pull ` +
        "requests would write the default branch's cache; name a repository of their own " +
        '(oci://<registry>/<repository>-pr)',
    });
  return problems;
}
