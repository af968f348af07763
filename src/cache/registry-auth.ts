// Which credentials a run presents to a registry, found where registries' own tools leave them: the
// TRT_CI_REGISTRY_USERNAME/PASSWORD pair a workflow passes from its secrets, the Docker config a
// `docker login` or `oras login` step wrote (both write ~/.docker/config.json, or $DOCKER_CONFIG's), and for
// GHCR the job's own token. Pure: the caller reads the config file and hands its text in.

/** What a registry is logged in with: a user and password, or a token as the password. */
export interface Credentials {
  username: string;
  password: string;
}

export interface FoundCredentials {
  credentials: Credentials | null;
  /** Where they came from, for the report (never the values): "TRT_CI_REGISTRY_*", "Docker config", … */
  source: string;
  /** Something that was there and could not be used (a credential helper), said at the top of the run. */
  problem: string | null;
}

interface DockerConfig {
  auths?: Record<string, { auth?: string; username?: string; password?: string; identitytoken?: string }>;
  credsStore?: string;
  credHelpers?: Record<string, string>;
}

/** The names a Docker config may file a registry under: `ghcr.io`, `https://ghcr.io`, `https://ghcr.io/v1/`. */
const keysFor = (registry: string) => [
  registry,
  `https://${registry}`,
  `http://${registry}`,
  `https://${registry}/v1/`,
];

export function credentialsFor(
  registry: string,
  env: NodeJS.ProcessEnv,
  dockerConfigText: string | null,
): FoundCredentials {
  const username = env.TRT_CI_REGISTRY_USERNAME;
  const password = env.TRT_CI_REGISTRY_PASSWORD;
  if (password)
    return { credentials: { username: username || 'trt-ci', password }, source: 'TRT_CI_REGISTRY_*', problem: null };
  let problem: string | null = null;
  if (dockerConfigText) {
    let config: DockerConfig | null = null;
    try {
      config = JSON.parse(dockerConfigText) as DockerConfig;
    } catch {
      problem = 'the Docker config is not JSON: its credentials were not used';
    }
    const entry = keysFor(registry)
      .map((key) => config?.auths?.[key])
      .find((found) => found !== undefined);
    const decoded = entry?.auth ? Buffer.from(entry.auth, 'base64').toString('utf8') : null;
    const split = decoded?.indexOf(':') ?? -1;
    if (decoded && split > 0)
      return {
        credentials: { username: decoded.slice(0, split), password: decoded.slice(split + 1) },
        source: 'Docker config',
        problem: null,
      };
    if (entry?.username && entry.password)
      return { credentials: { username: entry.username, password: entry.password }, source: 'Docker config', problem };
    const helper = config?.credHelpers?.[registry] ?? (entry ? config?.credsStore : undefined);
    if (helper)
      problem =
        `the Docker config keeps ${registry}'s credentials in the docker-credential-${helper} helper, which trt-ci ` +
        'does not run: set TRT_CI_REGISTRY_USERNAME and TRT_CI_REGISTRY_PASSWORD';
  }
  // GHCR takes the job's token (packages: read or write, as the workflow grants it).
  if (registry === 'ghcr.io' && env.GITHUB_TOKEN)
    return {
      credentials: { username: env.GITHUB_ACTOR || 'trt-ci', password: env.GITHUB_TOKEN },
      source: 'GITHUB_TOKEN',
      problem,
    };
  return { credentials: null, source: 'none (anonymous)', problem };
}

/**
 * Why a credential found in the Docker config is a risk on this run, or null: a login a default-branch job left on
 * a persistent runner is there for every later job, a pull request's code too. Pure.
 */
export function dockerLoginRisk(registry: string, found: FoundCredentials, defaultBranch: boolean): string | null {
  if (found.source !== 'Docker config' || defaultBranch) return null;
  return (
    `the Docker config holds a credential for ${registry} on a run that is not the default branch's: on a ` +
    "persistent runner a default-branch job's docker login leaves it there for any job's code to read; log out " +
    'after that job and give pull requests TRT_CI_REGISTRY_READ_* (docs/cache.md)'
  );
}
