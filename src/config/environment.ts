// ${NAME} in trt-ci.yml, filled from the job's environment in the keys the schema marks with fromEnv (paths
// to programs and files, refs, the signing key), and nowhere else: a `$` in a model name stays as it is.
import type { ConfigPath } from '../contract/config.js';
import { expandEnv, unsetMessage } from './expand-env.js';
import type { Problem } from './model-files.js';
import { configSchema, type RawConfig } from './schema.js';
import { envValues } from './schema-walk.js';

/** The config with `${NAME}` filled in, and each key whose names are unset. */
export function withEnvironment(raw: RawConfig, env: NodeJS.ProcessEnv): { raw: RawConfig; problems: Problem[] } {
  const problems: Problem[] = [];
  const filled = structuredClone(raw);
  for (const { path, text } of envValues(configSchema, raw)) {
    const { value, unset } = expandEnv(text, env);
    if (unset.length > 0) problems.push({ path, message: unsetMessage(text, unset) });
    setAt(filled, path, value);
  }
  return { raw: filled, problems };
}

function setAt(root: unknown, path: ConfigPath, value: string): void {
  let at = root as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) at = at[step] as Record<string | number, unknown>;
  at[path.at(-1)!] = value;
}
