/** `${NAME}`, or `${NAME:-fallback}` as in a shell; nothing else is special (a lone `$` stays). */
export const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

export interface Expanded {
  value: string;
  /** The variables that were needed and are not set (or set to nothing), in order. */
  unset: string[];
}

/**
 * A path with its environment variables filled in: one runner image has TensorRT at /opt/tensorrt,
 * another at /usr/src/tensorrt, and one trt-ci.yml serves both with `${TENSORRT_DIR}/bin/trtexec`.
 * An empty variable counts as unset: `${TENSORRT_DIR}/bin/trtexec` must not become `/bin/trtexec`.
 */
export function expandEnv(text: string, env: NodeJS.ProcessEnv): Expanded {
  const unset: string[] = [];
  const value = text.replace(VARIABLE, (_whole, name: string, fallback: string | undefined) => {
    const set = env[name];
    if (set) return set;
    if (fallback !== undefined) return fallback;
    unset.push(name);
    return '';
  });
  return { value, unset };
}

/** The message for a path whose variables are not all set: it names each, and the field. */
export function unsetMessage(text: string, unset: string[]): string {
  const names = unset.map((name) => `\${${name}}`).join(', ');
  return (
    `expected ${names} to be set in the environment (or \${NAME:-default} in trt-ci.yml), ` +
    `got "${text}" with ${unset.length > 1 ? 'them' : 'it'} unset`
  );
}

/** The names `${NAME}` and `${NAME:-default}` read in a text. */
export function variablesIn(text: string): string[] {
  return [...text.matchAll(VARIABLE)].map((m) => m[1]!);
}
