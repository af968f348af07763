// trt-ci.yml's engine cache keys (docs/cache.md): where it is, whom it serves, how long a run waits on it.
import { z } from 'zod';
import { parseOciReference } from '../cache/oci-reference.js';
import { VARIABLE } from './expand-env.js';
import { fromEnv } from './schema-walk.js';
import { duration, expected, path, size } from './values.js';

const PR_REPOSITORY = "oci://<registry>/<repository> for pull requests' entries";

/** A text that, when it starts with oci://, must be a reference a registry takes (cache/oci-client.ts). */
const ociOr = (schema: z.ZodString) =>
  schema.superRefine((text, context) => {
    const parsed = text.startsWith('oci:') ? parseOciReference(text.replace(VARIABLE, 'x')) : null;
    if (typeof parsed === 'string') context.addIssue({ code: 'custom', message: parsed });
  });

/** How trt-ci.yml names the signing key: empty (unset) on every run that is not given the secret. */
const SECRET = '$' + '{TRT_CI_CACHE_KEY:-}';

export const cacheKeys = {
  'cache-dir': fromEnv(ociOr(path('a cache folder, or oci://<registry>/<repository>')))
    .optional()
    .describe(
      'An engine cache kept between runs (the timing cache and accuracy references too): a folder, or ' +
        'oci://<registry>/<repository> shared by a fleet (docs/cache.md).',
    ),
  'cache-pr-repository': fromEnv(
    z.string(expected(PR_REPOSITORY)).superRefine((text, context) => {
      // oci://ghcr.io/${ORG}/trt-pr is checked by its own text here, and again once the environment filled it.
      const parsed = parseOciReference(text.replace(VARIABLE, 'x'));
      if (typeof parsed === 'string') context.addIssue({ code: 'custom', message: parsed });
    }),
  )
    .optional()
    .describe(
      "With an oci:// cache: where pull request runs push their own entries (they never write the default branch's)" +
        ', and read after it.',
    ),
  'cache-timeout': duration
    .prefault('2m')
    .describe(
      'With an oci:// cache: the most a run waits on the registry in all (answers and retries) before it ' +
        'builds without it; a hang, a refusal or a trickle gives it up at once (docs/cache.md).',
    ),
  'cache-max-size': size.optional().describe('Least recently used engines are evicted above it.'),
  'cache-max-age': duration
    .optional()
    .describe("With an oci:// cache: this repository's entries pushed longer ago are deleted by default-branch runs."),
  'cache-trust': z
    .enum(
      ['any', 'own-branch'],
      expected("any, or own-branch (pull requests' entries are not served to the default branch)"),
    )
    .default('own-branch')
    .describe(
      'own-branch: with cache-public-key only signed entries are served; without it the default branch is ' +
        'served none (docs/cache.md); any: every entry (runners that run one trust level of code).',
    ),
  'cache-signing-key': fromEnv(
    z.string(expected(`an Ed25519 private key (PEM, or base64 PKCS#8) from a secret, like ${SECRET}`)),
  )
    .optional()
    .describe(
      `Signs the entries this run stores: ${SECRET}, a secret only default-branch jobs receive ` +
        '(empty elsewhere; docs/cache.md).',
    ),
  'cache-public-key': z
    .string(expected('an Ed25519 public key (PEM, or base64 SPKI)'))
    .optional()
    .describe("The signing key's public half: every run serves only cache entries it verifies."),
};
