// Rules that span fields: the schema checks each value, these check how values fit together and what they
// name on disk. Each rule is a function of the parsed text and the resolved config; every problem of every
// rule is said in one run. Rules that read files are skipped where the files are not meant to be there (a
// deploy target's runner has the plans, not the models).
import { accessSync, constants, existsSync, readdirSync, type Stats, statSync } from 'node:fs';
import { join } from 'node:path';
import { closest } from '../common/did-you-mean.js';
import { errorMessage } from '../common/errors.js';
import { cacheKeyProblems, registryKeyProblems } from './cache-rules.js';
import { COMBINED, type Config, type ConfigPath, type ShapeRange } from '../contract/config.js';
import { buildCommandRule } from './build-command.js';
import { filesReadBy } from '../tensorrt/flags.js';
import { computeCapabilityOf, GPU_COMPUTE } from '../tensorrt/deploy-rules.js';
import { modelInputProblems, onnxProblem, type Problem } from './model-files.js';
import type { RawConfig } from './schema.js';
import { refProblem } from './values.js';
import { keptNodes, keptNodesExist, searchable } from './precision-rules.js';

type Rule = (raw: RawConfig, config: Config) => Problem[];

/** A deploy target's GPU must be one the table knows, or come with its compute capability, which must agree. */
const deployTargets: Rule = (raw) => {
  const lists: [RawConfig['deploy'], ConfigPath][] = [
    [raw.deploy, ['deploy']],
    ...raw.models.map((m, i): [RawConfig['deploy'], ConfigPath] => [m.deploy, ['models', i, 'deploy']]),
  ];
  return lists.flatMap(([list, at]) =>
    (list ?? []).flatMap((t, i): Problem[] => {
      const known = t.gpu ? computeCapabilityOf(t.gpu) : null;
      if (!t.gpu && !t['compute-capability']) {
        return [{ path: [...at, i], message: 'expected gpu: (a GPU model like L4) or compute-capability:' }];
      }
      if (t.gpu && !known && !t['compute-capability']) {
        const near = closest(t.gpu, Object.keys(GPU_COMPUTE));
        const message =
          `expected a GPU model trt-ci knows (${Object.keys(GPU_COMPUTE).join(', ')}) or compute-capability:, ` +
          `got "${t.gpu}"${near ? ` (did you mean "${near}"?)` : ''}`;
        return [{ path: [...at, i, 'gpu'], message }];
      }
      if (known && t['compute-capability'] && known !== t['compute-capability']) {
        const message = `expected ${known}, the compute capability of ${t.gpu}, got "${t['compute-capability']}"`;
        return [{ path: [...at, i, 'compute-capability'], message }];
      }
      return [];
    }),
  );
};

/** A base-ref from the environment is held to what its own text is: one commit, nothing git reads as more. */
const baseRef: Rule = (_raw, config) => {
  const problem = config.baseRef && refProblem(config.baseRef);
  return problem
    ? [{ path: ['base-ref'], message: `expected a git ref like origin/main or a commit; ${problem}` }]
    : [];
};

/** The back-off stops at min-workspace: it must not be above the workspace it starts from. */
const workspaces: Rule = (raw, config) => {
  const problems: Problem[] = [];
  if (raw['min-workspace'] > raw.workspace) {
    problems.push({
      path: ['min-workspace'],
      message: `expected at most workspace (${raw.workspace} bytes), got ${raw['min-workspace']} bytes`,
    });
  }
  raw.models.forEach((model, m) => {
    const own = model.workspace !== undefined || model['min-workspace'] !== undefined;
    const { minWorkspaceBytes, workspaceBytes } = config.models[m]!;
    if (own && minWorkspaceBytes > workspaceBytes) {
      problems.push({
        path: ['models', m, model['min-workspace'] !== undefined ? 'min-workspace' : 'workspace'],
        message:
          `expected min-workspace (${minWorkspaceBytes} bytes) at most workspace ` +
          `(${workspaceBytes} bytes) for this model`,
      });
    }
  });
  return problems;
};

/**
 * Files extra-args has trtexec read (--calib, --loadInputs, …) must be there: a missing calibration cache
 * built silently with placeholder scales. A model's extra-args are the top-level ones, then its own.
 */
const filesFlagsRead: Rule = (_raw, config) => {
  const missing = (args: readonly string[], at: (i: number) => ConfigPath): Problem[] =>
    args.flatMap((arg, i) => {
      const read = filesReadBy(arg);
      return (read?.files ?? [])
        .filter((file) => !existsSync(file))
        .map((file) => ({
          path: at(i),
          message: `expected the file ${read!.flag} reads, got ${file}, which does not exist`,
        }));
    });
  return [
    ...missing(config.extraArgs, (i) => ['extra-args', i]),
    ...config.models.flatMap((model, m) =>
      missing(model.extraArgs.slice(config.extraArgs.length), (i) => ['models', m, 'extra-args', i]),
    ),
  ];
};

/** What a path must be: a folder, or a file trt-ci reads. */
function pathProblem(path: string, want: 'folder' | 'file'): string | null {
  let stat: Stats;
  try {
    stat = statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT'
      ? `expected ${want === 'folder' ? 'a folder' : 'a file'}, got ${path}, which does not exist`
      : `cannot read ${path}: ${code ?? errorMessage(error)}`;
  }
  if (want === 'folder' ? !stat.isDirectory() : !stat.isFile()) {
    return `expected ${want === 'folder' ? 'a folder' : 'a file'}, got ${path}, which is not one`;
  }
  try {
    accessSync(path, constants.R_OK | (want === 'folder' ? constants.X_OK : 0));
    return null;
  } catch (error) {
    return `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? errorMessage(error)}`;
  }
}

/**
 * The folders and files the config names for trt-ci to read are there before any build: base-plans (a folder
 * an earlier step downloads; one that is missing would turn the A/B off for the wrong reason), an accuracy
 * check's samples and reference (found missing after the GPU build, they would cost it).
 */
const namedPaths: Rule = (raw, config) => {
  const problems: Problem[] = [];
  const check = (path: string | null, want: 'folder' | 'file', at: ConfigPath) => {
    const problem = path === null ? null : pathProblem(path, want);
    if (problem) problems.push({ path: at, message: problem });
  };
  check(config.basePlans, 'folder', ['base-plans']);
  // A timing cache left by another user (a shared runner's other account) would fail the build's copy of it:
  // timing-cache:, and those cache-dir: keeps per TensorRT and GPU (cache-dir/timing/*.cache).
  const timingUnder = config.cacheDir ? join(config.cacheDir, 'timing') : null;
  const timingFiles =
    timingUnder && existsSync(timingUnder) ? readdirSync(timingUnder).filter((f) => f.endsWith('.cache')) : [];
  const caches: [string | null, ConfigPath, string][] = [
    [config.timingCache, ['timing-cache'], 'set timing-cache: to a path of your own'],
    ...timingFiles.map((f): [string, ConfigPath, string] => [
      join(timingUnder!, f),
      ['cache-dir'],
      'set cache-dir: to a folder of your own',
    ]),
  ];
  for (const [timing, at, instead] of caches) {
    if (!timing || !existsSync(timing)) continue;
    try {
      accessSync(timing, constants.R_OK | constants.W_OK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? errorMessage(error);
      problems.push({
        path: at,
        message:
          `expected a timing cache this user can read and write, got ${timing} (${code}: another user's file?); ` +
          `remove it, or ${instead}`,
      });
    }
  }
  const seen = new Set<string>();
  config.models.forEach((model, m) => {
    const accuracy = model.accuracy;
    if (!accuracy) return;
    const own = raw.models[m]?.accuracy;
    const where = (key: 'inputs' | 'reference'): ConfigPath =>
      typeof own === 'object' && own[key] !== undefined ? ['models', m, 'accuracy', key] : ['accuracy', key];
    const once = (path: string | null, want: 'folder' | 'file', at: ConfigPath) => {
      if (path === null || seen.has(`${at.join('.')}\0${path}`)) return;
      seen.add(`${at.join('.')}\0${path}`);
      check(path, want, at);
    };
    const { inputs } = accuracy;
    if (typeof inputs === 'object' && 'folder' in inputs) once(inputs.folder, 'folder', where('inputs'));
    if (typeof inputs === 'object' && 'npz' in inputs) once(inputs.npz, 'file', where('inputs'));
    once(accuracy.reference, 'file', where('reference'));
  });
  return problems;
};

/** Model names, profile names within a model, and the files they name (<model>.<profile>) are unique. */
const uniqueNames: Rule = (raw) => {
  const problems: Problem[] = [];
  const models = new Map<string, number>();
  const stems = new Map<string, { model: number; profile: number }>();
  raw.models.forEach((model, m) => {
    const first = models.get(model.name);
    if (first !== undefined) {
      const message = `expected a unique model name, got "${model.name}" again (models[${first}] has it)`;
      problems.push({ path: ['models', m, 'name'], message });
    }
    models.set(model.name, m);
    const profiles = new Map<string, number>();
    model.profiles.forEach((profile, p) => {
      const at: ConfigPath = ['models', m, 'profiles', p, 'name'];
      if (profile.name === COMBINED && (model.engine ?? 'per-profile') !== 'per-profile') {
        const message =
          `expected another name: "${COMBINED}" names the plan with every profile ` + `(engine: ${model.engine})`;
        problems.push({ path: at, message });
      }
      const earlier = profiles.get(profile.name);
      if (earlier !== undefined) {
        const message =
          `expected a unique profile name in model ` +
          `"${model.name}", got "${profile.name}" again (profiles[${earlier}] has it)`;
        problems.push({ path: at, message });
      }
      profiles.set(profile.name, p);
      // Files are named <model>.<profile>: "a.b"/"c" and "a"/"b.c" would write the same plan.
      const stem = `${model.name}.${profile.name}`;
      const other = stems.get(stem);
      if (other && other.model !== m) {
        const message =
          `expected names whose files do not collide, got "${model.name}"/"${profile.name}", which writes ` +
          `${stem}.plan as models[${other.model}].profiles[${other.profile}] does`;
        problems.push({ path: at, message });
      }
      stems.set(stem, { model: m, profile: p });
    });
  });
  return problems;
};

/** Each model's ONNX is a model file (not an LFS pointer), its inputs match its profiles, its plugins exist. */
const modelFiles: Rule = (raw, config) =>
  raw.models.flatMap((model, m) => {
    const resolved = config.models[m]!;
    const onnx = onnxProblem(resolved.onnx);
    const inputs: Problem[] = onnx
      ? [{ path: ['models', m, 'onnx'], message: `expected an ONNX file, got "${model.onnx}"${onnx}` }]
      : modelInputProblems(
          resolved,
          m,
          model.profiles.length,
          model.accuracy ? ['models', m, 'accuracy', 'inputs'] : ['accuracy', 'inputs'],
        );
    const plugins = (['plugins', 'dynamic-plugins'] as const).flatMap((key) =>
      (model[key] ?? []).flatMap((plugin, i) => {
        const full = key === 'plugins' ? resolved.plugins[i]! : resolved.dynamicPlugins[i]!;
        const message = `expected a plugin library, got "${plugin}" which does not exist`;
        return existsSync(full) ? [] : [{ path: ['models', m, key, i], message }];
      }),
    );
    return [...inputs, ...plugins];
  });

/** min <= opt <= max in every dimension, and the three of one rank. */
const shapeOrder: Rule = (_raw, config) =>
  config.models.flatMap((model, m) =>
    model.profiles.flatMap((profile, p) =>
      profile.shapes.flatMap((range) => {
        const problem = shapeProblem(range);
        if (!problem) return [];
        return [{ path: ['models', m, 'profiles', p, 'shapes', range.input, ...problem.at], message: problem.message }];
      }),
    ),
  );

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
    if (opt[d]! < min[d]!) {
      const message =
        `expected every dimension >= min ${show(min)}, got "${show(opt)}" ` + `(dimension ${d}: ${opt[d]} < ${min[d]})`;
      return { at: ['opt'], message };
    }
    if (max[d]! < opt[d]!) {
      const message =
        `expected every dimension >= opt ${show(opt)}, got "${show(max)}" ` + `(dimension ${d}: ${max[d]} < ${opt[d]})`;
      return { at: ['max'], message };
    }
  }
  return null;
}

/** The rules, in the order their problems are said; `files` marks those that read what the config names. */
const RULES: { rule: Rule; files: boolean }[] = [
  { rule: (_raw, config) => cacheKeyProblems(config), files: false },
  { rule: registryKeyProblems, files: false },
  { rule: deployTargets, files: false },
  { rule: baseRef, files: false },
  { rule: workspaces, files: false },
  { rule: buildCommandRule, files: false },
  { rule: filesFlagsRead, files: true },
  { rule: namedPaths, files: true },
  { rule: uniqueNames, files: false },
  { rule: modelFiles, files: true },
  { rule: shapeOrder, files: false },
  { rule: keptNodes, files: false },
  { rule: searchable, files: false },
  { rule: keptNodesExist, files: true },
];

export function findProblems(raw: RawConfig, config: Config, options: { files: boolean }): Problem[] {
  return RULES.filter((r) => options.files || !r.files).flatMap((r) => r.rule(raw, config));
}
