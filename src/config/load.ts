// trt-ci.yml read: YAML with positions, the schema, ${NAME} from the environment, the resolved Config, and
// the rules that span fields; every problem said at once, each at its line.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LineCounter, parseDocument } from 'yaml';
import { errorMessage, fileProblem, InputError } from '../common/errors.js';
import { formatPosition } from '../common/position.js';
import type { Config, ConfigPath } from '../contract/config.js';
import type { ConfigPosition } from '../contract/report.js';
import { withEnvironment } from './environment.js';
import { variablesIn } from './expand-env.js';
import { formatPath, locate } from './locate.js';
import { schemaProblems } from './messages.js';
import { resolveConfig } from './resolve.js';
import { findProblems } from './rules.js';
import { configSchema } from './schema.js';

export interface LoadOptions {
  /**
   * false: the files trt-ci.yml names (models, plugins, what flags read) are not checked: a deploy target's
   * runner loads the plans it downloaded and has no models.
   */
  files?: boolean;
}

/**
 * Reads `file` (relative to `cwd`); messages name it as given, and its paths are relative to its folder.
 * `${NAME}` in the trtexec, nvidia-smi, ONNX and plugin paths comes from `env`.
 */
export function loadConfig(file: string, cwd: string, env: NodeJS.ProcessEnv, options: LoadOptions = {}): Config {
  let text: string;
  const path = resolve(cwd, file);
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new InputError(`${file}: cannot read config: ${fileProblem(error, 'a trt-ci.yml file')}`);
  }
  const producers = text.includes('TRT_CI_PRODUCERS') && !env.TRT_CI_PRODUCERS ? producersDir() : null;
  return parseConfig(text, file, dirname(path), producers ? { ...env, TRT_CI_PRODUCERS: producers } : env, options);
}

/**
 * The producers trt-ci ships (producers/: TensorRT-RTX's builder and runner, the TensorRT runtime's runner),
 * `${TRT_CI_PRODUCERS}` in trt-ci.yml unless the environment sets it: found from this module up, in the source
 * (src/config/) and in the bundles (dist/) alike; null where trt-ci is installed without them (the variable is
 * then unset, which trt-ci.yml's check names). Looked for only by a trt-ci.yml that names it.
 */
function producersDir(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 4; up++, dir = dirname(dir)) {
    if (existsSync(join(dir, 'producers', 'tensorrt_rtx.py'))) return join(dir, 'producers');
  }
  return null;
}

/** Parses and validates config text; `file` names it in messages, paths in it are relative to `dir`. */
export function parseConfig(
  text: string,
  file: string,
  dir = dirname(file),
  env: NodeJS.ProcessEnv = {},
  options: LoadOptions = {},
): Config {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const yamlError = doc.errors[0];
  if (yamlError) {
    const pos = lines.linePos(yamlError.pos[0]);
    throw new InputError(`${file}:${pos.line}:${pos.col} invalid YAML: ${yamlError.message.split('\n')[0]}`);
  }
  const position = (path: ConfigPath, atKey = false): ConfigPosition => {
    const { line, col } = locate(doc, lines, path, atKey);
    return { file, line, column: col };
  };
  const where = (path: ConfigPath, atKey = false) => `${formatPosition(position(path, atKey))} ${formatPath(path)}`;
  let data: unknown;
  try {
    // Aliases expand: a few lines of anchors can stand for billions of nodes (a "billion laughs").
    data = doc.toJS({ maxAliasCount: 100 }) ?? {};
  } catch (error) {
    throw new InputError(`${file}: invalid YAML: ${errorMessage(error).split('\n')[0]}`);
  }
  const parsed = configSchema.safeParse(data, { reportInput: true });
  if (!parsed.success) throw listed(parsed.error.issues.flatMap((issue) => schemaProblems(issue, where)));

  // An unset ${VAR} is one problem among the others: every one of them is said in the same run.
  const expanded = withEnvironment(parsed.data, env);
  const config: Config = {
    ...resolveConfig(expanded.raw, dir, file, { position, where }),
    secretVariables: variablesIn(parsed.data['cache-signing-key'] ?? ''),
  };
  const unset = new Set(expanded.problems.map((p) => JSON.stringify(p.path)));
  const problems = [
    ...expanded.problems,
    // A field whose variable is unset is not checked again (its file would not exist either).
    ...findProblems(parsed.data, config, { files: options.files ?? true }).filter(
      (p) => !unset.has(JSON.stringify(p.path)),
    ),
  ];
  if (problems.length > 0) throw listed(problems.map((p) => `${where(p.path)}: ${p.message}`));
  return config;
}

const MOST_PROBLEMS = 20;

/** Every problem at once, each on its own line with its place (the first 20, and how many more). */
function listed(problems: readonly string[]): InputError {
  const shown = problems.slice(0, MOST_PROBLEMS);
  const more = problems.length - shown.length;
  return new InputError([...shown, ...(more > 0 ? [`(and ${more} more problems)`] : [])].join('\n'));
}
