import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import type { z } from 'zod';
import { closest } from '../common/did-you-mean.js';
import { errorMessage, fileProblem, InputError } from '../common/errors.js';
import type { ConfigPosition } from '../contract/report.js';
import { filesReadBy, resolveFlagPaths } from '../tensorrt/flags.js';
import { resolveAccuracy } from './accuracy.js';
import { parseCacheKey } from '../cache/trust.js';
import { computeCapabilityOf, GPU_COMPUTE } from '../tensorrt/deploy-rules.js';
import { modelInputProblems, networkFloatType, onnxProblem, type Problem } from './model-files.js';
import {
  type Config,
  type ConfigPath,
  type DeployTargetConfig,
  type ShapeRange,
  COMBINED,
} from '../contract/config.js';
import { expandEnv, unsetMessage } from './expand-env.js';
import { formatPosition } from '../common/position.js';
import { formatPath, locate } from './locate.js';
import { AB_BUDGETS, DEFAULT_BUDGETS, type Budgets } from '../contract/metrics.js';
import { CONFIG_KEYS, configSchema, parseDims, refProblem, showValue, type RawConfig } from './schema.js';

/**
 * Reads `file` (relative to `cwd`); messages name it as given, and its paths are relative to its folder.
 * `${NAME}` in the trtexec, nvidia-smi, ONNX and plugin paths comes from `env`.
 */
export function loadConfig(file: string, cwd: string, env: NodeJS.ProcessEnv): Config {
  let text: string;
  const path = resolve(cwd, file);
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new InputError(`${file}: cannot read config: ${fileProblem(error, 'a trt-ci.yml file')}`);
  }
  return parseConfig(text, file, dirname(path), env);
}

/** Parses and validates config text; `file` names it in messages, paths in it are relative to `dir`. */
export function parseConfig(text: string, file: string, dir = dirname(file), env: NodeJS.ProcessEnv = {}): Config {
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
  const config = resolveConfig(expanded.raw, dir, file, { position, where });
  const unset = new Set(expanded.problems.map((p) => JSON.stringify(p.path)));
  const problems = [
    ...expanded.problems,
    // A field whose variable is unset is not checked again (its file would not exist either).
    ...findProblems(parsed.data, config).filter((p) => !unset.has(JSON.stringify(p.path))),
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

function schemaProblems(raw: z.core.$ZodIssue, where: (path: ConfigPath, atKey?: boolean) => string): string[] {
  const issue = deepest(raw);
  const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  if (issue.code === 'unrecognized_keys') {
    // Each unknown key names itself, with the closest known one.
    return issue.keys.map(
      (key) => `${where([...path, key], true)}: unknown key ${JSON.stringify(key)}${suggest(key, path)}`,
    );
  }
  return [`${where(path)}: ${issueMessage(issue)}`];
}

/**
 * A union that failed reports each branch; when one branch got further into the value (a bad `warn:`
 * inside `{ warn, fail }`), its issue says more than "none of the forms matched".
 */
function deepest(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== 'invalid_union') return issue;
  const inner = issue.errors
    .flat()
    .map((nested) => deepest({ ...nested, path: [...issue.path, ...nested.path] } as z.core.$ZodIssue));
  const best = inner.reduce<z.core.$ZodIssue | null>((a, b) => (a && a.path.length >= b.path.length ? a : b), null);
  return best && best.path.length > issue.path.length ? best : issue;
}

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.message.startsWith('expected ')) return issue.message;
  const got = showValue(issue.input);
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}, got ${got}`;
    case 'too_small':
      return `expected at least ${String(issue.minimum)}, got ${got}`;
    default:
      return `${issue.message}, got ${got}`;
  }
}

function suggest(key: string, path: readonly (string | number)[]): string {
  const last = path[path.length - 1];
  const kind =
    path.length === 0
      ? 'top'
      : last === 'accuracy'
        ? 'accuracy'
        : last === 'budgets'
          ? 'budgets'
          : path.includes('budgets')
            ? 'level'
            : path.includes('shapes')
              ? 'shape'
              : path.includes('profiles')
                ? 'profile'
                : 'model';
  const known = CONFIG_KEYS[kind];
  const close = closest(key, known);
  return close ? `; did you mean ${JSON.stringify(close)}?` : `; expected one of ${known.join(', ')}`;
}

function resolveConfig(
  raw: RawConfig,
  dir: string,
  file: string,
  locators: Pick<Config, 'position' | 'where'>,
): Config {
  const at = (p: string) => (isAbsolute(p) ? p : resolve(dir, p));
  const command = (c: string) => (c.includes('/') ? at(c) : c);
  const inDir = (arg: string) => resolveFlagPaths(arg, dir, (base, p) => (isAbsolute(p) ? p : resolve(base, p)));
  // A metric set on the model replaces the top-level one, which replaces the default.
  const budgets = (b: RawConfig['budgets']): Budgets =>
    Object.fromEntries(Object.entries(b ?? {}).filter(([, limit]) => limit !== undefined));
  return {
    file,
    dir: resolve(dir),
    trtexec: command(raw.trtexec),
    nvidiaSmi: command(raw['nvidia-smi']),
    outputDir: at(raw['output-dir']),
    workspaceBytes: raw.workspace,
    minWorkspaceBytes: raw['min-workspace'],
    timingCache: raw['timing-cache'] === false ? null : at(raw['timing-cache']),
    buildTimeoutMs: raw['build-timeout'],
    killGraceMs: raw['kill-grace'],
    maxParallel: raw['max-parallel'] ?? null,
    gpus: raw.gpus,
    cuda: raw.cuda ?? null,
    minDriver: raw['min-driver'] ?? null,
    expectGpu: raw['expect-gpu'],
    minFreeDiskBytes: raw['min-free-disk'],
    skipChecks: raw['skip-checks'],
    preflight: raw.preflight,
    cacheDir: raw['cache-dir'] === undefined ? null : at(raw['cache-dir']),
    basePlans: raw['base-plans'] === undefined ? null : at(raw['base-plans']),
    baseRef: raw['base-ref'] ?? null,
    cacheMaxBytes: raw['cache-max-size'] ?? null,
    cacheTrust: raw['cache-trust'],
    cacheSigningKey: raw['cache-signing-key'] || null,
    cachePublicKey: raw['cache-public-key'] || null,
    extraArgs: raw['extra-args'].map(inDir),
    models: raw.models.map((m) => ({
      name: m.name,
      onnx: at(m.onnx),
      precision: m.precision ?? null,
      plugins: (m.plugins ?? []).map(at),
      dynamicPlugins: (m['dynamic-plugins'] ?? []).map(at),
      extraArgs: [...raw['extra-args'], ...(m['extra-args'] ?? [])].map(inDir),
      benchmark: m.benchmark ?? raw.benchmark,
      engine: m.engine ?? 'per-profile',
      accuracy:
        m.accuracy === false || (m.accuracy ?? raw.accuracy) === undefined
          ? null
          : resolveAccuracy(m.accuracy, raw.accuracy, m.precision ?? null, at, () => networkFloatType(at(m.onnx))),
      accuracyOff: m.accuracy === false,
      workspaceBytes: m.workspace ?? raw.workspace,
      minWorkspaceBytes: m['min-workspace'] ?? raw['min-workspace'],
      buildTimeoutMs: m['build-timeout'] ?? raw['build-timeout'],
      deployOwn: m.deploy !== undefined,
      deployCost: m['deploy-cost'] ?? raw['deploy-cost'] ?? false,
      deploy: (m.deploy ?? raw.deploy ?? []).map(resolveTarget),
      budgets: {
        ...DEFAULT_BUDGETS,
        ...((m.benchmark ?? raw.benchmark) === 'ab' && AB_BUDGETS),
        ...budgets(raw.budgets),
        ...budgets(m.budgets),
      },
      profiles: m.profiles.map((p) => ({
        name: p.name,
        shapes: Object.entries(p.shapes).map(([input, range]) =>
          typeof range === 'string'
            ? { input, min: parseDims(range), opt: parseDims(range), max: parseDims(range) }
            : { input, min: parseDims(range.min), opt: parseDims(range.opt), max: parseDims(range.max) },
        ),
      })),
    })),
    ...locators,
  };
}

/** A deploy target of trt-ci.yml, its GPU's compute capability from the table when not given. */
export function resolveTarget(t: NonNullable<RawConfig['deploy']>[number]): DeployTargetConfig {
  return {
    name: t.name,
    gpu: t.gpu ?? null,
    computeCapability: t['compute-capability'] ?? (t.gpu ? computeCapabilityOf(t.gpu) : null),
    tensorrt: t.tensorrt ?? null,
    os: t.os,
    runsOn: t['runs-on'] ?? null,
  };
}

/** The config with `${NAME}` filled in where paths to programs and files are, and each unset name. */
function withEnvironment(raw: RawConfig, env: NodeJS.ProcessEnv): { raw: RawConfig; problems: Problem[] } {
  const problems: Problem[] = [];
  const fill = (text: string, path: ConfigPath): string => {
    const { value, unset } = expandEnv(text, env);
    if (unset.length > 0) problems.push({ path, message: unsetMessage(text, unset) });
    return value;
  };
  const optional = <K extends 'cache-dir' | 'base-plans' | 'base-ref'>(key: K) =>
    raw[key] === undefined ? {} : { [key]: fill(raw[key] as string, [key]) };
  const accuracy = (check: RawConfig['accuracy'], at: ConfigPath) =>
    check && {
      ...check,
      ...(typeof check.inputs === 'string' && { inputs: fill(check.inputs, [...at, 'inputs']) }),
      ...(check.reference !== undefined && { reference: fill(check.reference, [...at, 'reference']) }),
    };
  const filled: RawConfig = {
    ...raw,
    trtexec: fill(raw.trtexec, ['trtexec']),
    'nvidia-smi': fill(raw['nvidia-smi'], ['nvidia-smi']),
    // Paths and refs the runner decides: ${RUNNER_TEMP}/engines, ${BASE_SHA:-HEAD~1}.
    'output-dir': fill(raw['output-dir'], ['output-dir']),
    ...(raw['timing-cache'] !== false && { 'timing-cache': fill(raw['timing-cache'], ['timing-cache']) }),
    ...optional('cache-dir'),
    ...optional('base-plans'),
    ...optional('base-ref'),
    ...(raw.accuracy && { accuracy: accuracy(raw.accuracy, ['accuracy']) }),
    // The signing key is a secret only default-branch jobs get: ${TRT_CI_CACHE_KEY:-} is empty elsewhere.
    ...(raw['cache-signing-key'] !== undefined && {
      'cache-signing-key': fill(raw['cache-signing-key'], ['cache-signing-key']),
    }),
    models: raw.models.map((model, m) => ({
      ...model,
      onnx: fill(model.onnx, ['models', m, 'onnx']),
      ...(model.accuracy && { accuracy: accuracy(model.accuracy, ['models', m, 'accuracy']) }),
      ...(model.plugins && { plugins: model.plugins.map((p, i) => fill(p, ['models', m, 'plugins', i])) }),
      ...(model['dynamic-plugins'] && {
        'dynamic-plugins': model['dynamic-plugins'].map((p, i) => fill(p, ['models', m, 'dynamic-plugins', i])),
      }),
    })),
  };
  return { raw: filled, problems };
}

/** Rules that span fields: the schema checks each value, these check how values fit together. */
function findProblems(raw: RawConfig, config: Config): Problem[] {
  const problems: Problem[] = [];
  for (const [field, kind] of [
    ['cache-signing-key', 'private'],
    ['cache-public-key', 'public'],
  ] as const) {
    // As expanded: the signing key comes from the environment.
    const text = field === 'cache-signing-key' ? config.cacheSigningKey : config.cachePublicKey;
    if (!text) continue;
    try {
      parseCacheKey(text, kind);
    } catch (error) {
      // Said without the key's text: it may be a secret.
      const what = kind === 'private' ? 'an Ed25519 private key (PEM, or base64 PKCS#8)' : 'an Ed25519 public key';
      problems.push({ path: [field], message: `expected ${what}: ${errorMessage(error).split('\n')[0]}` });
    }
  }
  // A deploy target's GPU must be one the table knows, or come with its compute capability.
  const targets: [RawConfig['deploy'], ConfigPath][] = [
    [raw.deploy, ['deploy']],
    ...raw.models.map((m, i): [RawConfig['deploy'], ConfigPath] => [m.deploy, ['models', i, 'deploy']]),
  ];
  for (const [list, at] of targets) {
    (list ?? []).forEach((t, i) => {
      const known = t.gpu ? computeCapabilityOf(t.gpu) : null;
      if (!t.gpu && !t['compute-capability']) {
        problems.push({ path: [...at, i], message: 'expected gpu: (a GPU model like L4) or compute-capability:' });
      } else if (t.gpu && !known && !t['compute-capability']) {
        const near = closest(t.gpu, Object.keys(GPU_COMPUTE));
        problems.push({
          path: [...at, i, 'gpu'],
          message:
            `expected a GPU model trt-ci knows (${Object.keys(GPU_COMPUTE).join(', ')}) or compute-capability:, ` +
            `got "${t.gpu}"${near ? ` (did you mean "${near}"?)` : ''}`,
        });
      } else if (known && t['compute-capability'] && known !== t['compute-capability']) {
        problems.push({
          path: [...at, i, 'compute-capability'],
          message: `expected ${known}, the compute capability of ${t.gpu}, got "${t['compute-capability']}"`,
        });
      }
    });
  }
  // A base-ref from the environment is held to what its own text is: one commit, nothing git reads as more.
  const ref = config.baseRef && refProblem(config.baseRef);
  if (ref) problems.push({ path: ['base-ref'], message: `expected a git ref like origin/main or a commit; ${ref}` });
  if (raw['min-workspace'] > raw.workspace) {
    problems.push({
      path: ['min-workspace'],
      message: `expected at most workspace (${raw.workspace} bytes), got ${raw['min-workspace']} bytes`,
    });
  }
  // Files extra-args has trtexec read (--calib, --loadInputs, …) must be there: a missing calibration cache
  // built silently with placeholder scales.
  const missingFiles = (args: readonly string[], at: (i: number) => ConfigPath) => {
    args.forEach((arg, i) => {
      const read = filesReadBy(arg);
      for (const file of read?.files ?? []) {
        if (!existsSync(file)) {
          problems.push({
            path: at(i),
            message: `expected the file ${read!.flag} reads, got ${file}, which does not exist`,
          });
        }
      }
    });
  };
  missingFiles(config.extraArgs, (i) => ['extra-args', i]);
  // A model's extra-args are the top-level ones, then its own.
  config.models.forEach((model, m) => {
    missingFiles(model.extraArgs.slice(config.extraArgs.length), (i) => ['models', m, 'extra-args', i]);
  });
  const modelNames = new Map<string, number>();
  const stems = new Map<string, { model: number; profile: number }>();
  raw.models.forEach((model, m) => {
    const resolvedModel = config.models[m]!;
    if (
      (model.workspace !== undefined || model['min-workspace'] !== undefined) &&
      resolvedModel.minWorkspaceBytes > resolvedModel.workspaceBytes
    ) {
      problems.push({
        path: ['models', m, model['min-workspace'] !== undefined ? 'min-workspace' : 'workspace'],
        message:
          `expected min-workspace (${resolvedModel.minWorkspaceBytes} bytes) at most workspace ` +
          `(${resolvedModel.workspaceBytes} bytes) for this model`,
      });
    }
    const first = modelNames.get(model.name);
    if (first !== undefined)
      problems.push({
        path: ['models', m, 'name'],
        message: `expected a unique model name, got "${model.name}" again (models[${first}] has it)`,
      });
    modelNames.set(model.name, m);
    const resolved = config.models[m]!;
    const onnx = onnxProblem(resolved.onnx);
    if (onnx)
      problems.push({ path: ['models', m, 'onnx'], message: `expected an ONNX file, got "${model.onnx}"${onnx}` });
    else {
      const rangesAt: ConfigPath = model.accuracy ? ['models', m, 'accuracy', 'inputs'] : ['accuracy', 'inputs'];
      problems.push(...modelInputProblems(resolved, m, model.profiles.length, rangesAt));
    }
    for (const key of ['plugins', 'dynamic-plugins'] as const) {
      (model[key] ?? []).forEach((plugin, i) => {
        const full = key === 'plugins' ? resolved.plugins[i]! : resolved.dynamicPlugins[i]!;
        if (!existsSync(full))
          problems.push({
            path: ['models', m, key, i],
            message: `expected a plugin library, got "${plugin}" which does not exist`,
          });
      });
    }
    const profileNames = new Map<string, number>();
    model.profiles.forEach((profile, p) => {
      if (profile.name === COMBINED && (model.engine ?? 'per-profile') !== 'per-profile') {
        problems.push({
          path: ['models', m, 'profiles', p, 'name'],
          message: `expected another name: "${COMBINED}" names the plan with every profile (engine: ${model.engine})`,
        });
      }
      const earlier = profileNames.get(profile.name);
      if (earlier !== undefined) {
        problems.push({
          path: ['models', m, 'profiles', p, 'name'],
          message:
            `expected a unique profile name in model ` +
            `"${model.name}", got "${profile.name}" again (profiles[${earlier}] has it)`,
        });
      }
      profileNames.set(profile.name, p);
      for (const range of resolved.profiles[p]!.shapes) {
        const problem = shapeProblem(range);
        if (problem)
          problems.push({
            path: ['models', m, 'profiles', p, 'shapes', range.input, ...problem.at],
            message: problem.message,
          });
      }
      // Files are named <model>.<profile>: "a.b"/"c" and "a"/"b.c" would write the same plan.
      const stem = `${model.name}.${profile.name}`;
      const other = stems.get(stem);
      if (other && other.model !== m) {
        problems.push({
          path: ['models', m, 'profiles', p, 'name'],
          message:
            `expected names whose files do not collide, got "${model.name}"/"${profile.name}", which writes ` +
            `${stem}.plan as models[${other.model}].profiles[${other.profile}] does`,
        });
      }
      stems.set(stem, { model: m, profile: p });
    });
  });
  return problems;
}

function shapeProblem(range: ShapeRange): { at: string[]; message: string } | null {
  const { min, opt, max } = range;
  const show = (d: number[]) => d.join('x');
  const rankName = (rank: number) => (rank === 4 ? 'NxCxHxW' : `${rank} dimensions`);
  for (const [key, dims] of [
    ['opt', opt],
    ['max', max],
  ] as const) {
    if (dims.length !== min.length) {
      return {
        at: [key],
        message: `expected ${rankName(min.length)} like ${show(min)} (as min has), got "${show(dims)}"`,
      };
    }
  }
  for (let d = 0; d < min.length; d += 1) {
    if (opt[d]! < min[d]!)
      return {
        at: ['opt'],
        message:
          `expected every dimension >= min ${show(min)}, got ` +
          `"${show(opt)}" (dimension ${d}: ${opt[d]} < ${min[d]})`,
      };
    if (max[d]! < opt[d]!)
      return {
        at: ['max'],
        message:
          `expected every dimension >= opt ${show(opt)}, got ` +
          `"${show(max)}" (dimension ${d}: ${max[d]} < ${opt[d]})`,
      };
  }
  return null;
}
