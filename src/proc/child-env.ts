/**
 * Names that carry the job's credentials. No child process (trtexec, or whatever program `trtexec:`
 * names; nvidia-smi; ldd) needs them, and a child that leaks its environment into a log or an uploaded
 * artifact would leak the token: they are removed from every child's environment.
 */
const SECRET = new RegExp(
  `^(${[
    'INPUT_.*',
    'GITHUB_TOKEN',
    'GH_TOKEN',
    'ACTIONS_RUNTIME_TOKEN',
    'ACTIONS_RUNTIME_URL',
    'ACTIONS_RESULTS_URL',
    'ACTIONS_CACHE_URL',
    'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
    'ACTIONS_ID_TOKEN_REQUEST_URL',
    // The cache signing key under its documented name (a key under another name, cache-signing-key: ${NAME},
    // is removed by the run itself: pipeline.ts).
    'TRT_CI_CACHE_KEY',
    // The registry cache's credentials (cache/registry-auth.ts), and the Docker config's inline form.
    'TRT_CI_REGISTRY_USERNAME',
    'TRT_CI_REGISTRY_PASSWORD',
    'DOCKER_AUTH_CONFIG',
  ].join('|')})$`,
  'i',
);

export function childEnv(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(base)) if (!SECRET.test(name)) env[name] = value;
  return env;
}

/** The environment less the named variables (the secrets trt-ci.yml reads by a name of the user's own). */
export function withoutVariables(env: NodeJS.ProcessEnv, names: readonly string[]): NodeJS.ProcessEnv {
  if (names.length === 0) return env;
  const left = { ...env };
  for (const name of names) delete left[name];
  return left;
}
