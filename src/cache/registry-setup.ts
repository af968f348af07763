// The run's registry cache, from trt-ci.yml's oci:// references and who the run is: which repositories it
// reads, the one it writes (or why none), and the credentials it presents. docs/cache.md has the table.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Provenance } from './engine-cache.js';
import { type ClientOptions, OciClient } from './oci-client.js';
import { type OciReference, parseOciReference } from './oci-reference.js';
import { credentialsFor, dockerLoginRisk } from './registry-auth.js';
import { RegistryCache } from './registry-cache.js';
import type { RemoteCache } from './remote-cache.js';
import { RegistryBreaker } from './registry-breaker.js';

export interface RegistrySetup {
  cache: RemoteCache;
  /** Where the credentials came from (never them). */
  credentials: string;
}

/** The Docker config `docker login` and `oras login` write: $DOCKER_CONFIG/config.json, else ~/.docker/. */
export function dockerConfigText(env: NodeJS.ProcessEnv): string | null {
  const dir = env.DOCKER_CONFIG || (env.HOME ? join(env.HOME, '.docker') : null);
  if (!dir) return null;
  try {
    return readFileSync(join(dir, 'config.json'), 'utf8');
  } catch {
    return null;
  }
}

/** How a client of one repository is made: an OciClient, unless a test hands the setup another. */
export type ClientFactory = (reference: OciReference, options: ClientOptions) => OciClient;

/**
 * The remote cache's one entry: the registry tier for trt-ci.yml's oci:// references and this run. Whom it reads
 * and writes follows from who the run is (docs/cache.md's table); the clients are made by `connect`.
 */
export function openRegistryCache(
  registry: { primary: string; pr: string | null },
  run: { env: NodeJS.ProcessEnv; provenance: Provenance | null; signal?: AbortSignal; timeoutMs: number },
  connect: ClientFactory = (reference, options) => new OciClient(reference, options),
): RegistrySetup & { cache: RegistryCache } {
  // One breaker for the run: a registry given up by one client is given up by all.
  const breaker = new RegistryBreaker(run.timeoutMs);
  const ref = (text: string): OciReference => {
    const parsed = parseOciReference(text);
    // trt-ci.yml's load checked both references: a string here is a bug, not input.
    if (typeof parsed === 'string') throw new Error(`${text}: ${parsed}`);
    return parsed;
  };
  const docker = dockerConfigText(run.env);
  const problems: string[] = [];
  const sources = new Set<string>();
  const defaultBranch = run.provenance?.defaultBranch ?? false;
  const client = (reference: OciReference) => {
    const found = credentialsFor(reference.registry, run.env, docker);
    if (found.problem) problems.push(`the registry cache: ${found.problem}`);
    const risk = dockerLoginRisk(reference.registry, found, defaultBranch);
    if (risk) problems.push(`the registry cache: ${risk}`);
    sources.add(found.source);
    return connect(reference, {
      credentials: found.credentials,
      breaker,
      ...(run.signal && { signal: run.signal }),
    });
  };
  const primary = client(ref(registry.primary));
  const pr = registry.pr ? client(ref(registry.pr)) : null;
  // The default branch reads and writes only its own repository: nothing a pull request pushed reaches it.
  // Every other run reads the default branch's entries first, and writes only a repository of its own.
  const cache = new RegistryCache({
    breaker,
    read: defaultBranch || !pr ? [primary] : [primary, pr],
    write: defaultBranch ? primary : pr,
    writeRefused:
      defaultBranch || pr
        ? null
        : 'this run is not a push to the default branch: it reads the cache and writes nothing (the default ' +
          "branch's entries are written only by its own runs; cache-pr-repository: gives pull requests their own)",
    writer: { repository: run.env.GITHUB_REPOSITORY || null },
  });
  cache.account.problems.push(...problems);
  return { cache, credentials: [...sources].join(', ') };
}
