// build: and run:, commands of the user's own instead of trtexec (builds/command-producer.ts runs the one,
// runners/command-runner.ts the other): their schemas and the rule that what they are given fits them.
import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { closest } from '../common/did-you-mean.js';
import { BUILD_PLACEHOLDERS, type Config, type ConfigPath } from '../contract/config.js';
import type { Problem } from './model-files.js';
import { expected } from './values.js';
import { fromEnv } from './schema-walk.js';

const COMMAND = 'a list of arguments like [python3, build.py, --onnx, "{onnx}", --plan, "{plan}"]';
const PLAN = 'where the command writes its plan, like "{plan}" or "out/{model}.{profile}.plan"';

export const buildCommand = z
  .strictObject(
    {
      command: z
        .array(fromEnv(z.string(expected('an argument')).min(1, expected('an argument'))), expected(COMMAND))
        .min(1, expected(COMMAND))
        .describe(
          `The program and its arguments, one per item (never a shell line; \${NAME} from the environment, ` +
            `\${TRT_CI_PRODUCERS} the folder of the producers trt-ci ships): {onnx}, {plan}, {layer-info}, ` +
            '{model}, {profile}, {precision}, {keep-fp32}, {workspace}, {min-shapes}, {opt-shapes}, ' +
            '{max-shapes} and {timing-cache} are filled in per build (docs/build-command.md).',
        ),
      plan: z
        .string(expected(PLAN))
        .min(1, expected(PLAN))
        .default('{plan}')
        .describe('Where the command writes its plan ({plan}, the default: where trt-ci wants it).'),
    },
    expected('a mapping with command: and plan:'),
  )
  .optional()
  .describe(
    'Build plans with this command instead of trtexec (e.g. a Python script against the TensorRT wheel); trtexec ' +
      'still runs them unless run: names a command too.',
  );

const RUN_COMMAND = 'a list of arguments like [python3, run_engine.py, "{request}"]';

export const runCommand = z
  .strictObject(
    {
      command: z
        .array(fromEnv(z.string(expected('an argument')).min(1, expected('an argument'))), expected(RUN_COMMAND))
        .min(1, expected(RUN_COMMAND))
        .describe(
          `The program and its arguments, one per item (never a shell line; \${NAME} from the environment, as in ` +
            'build.command): {request} is filled in with the ' +
            "path of the run's request, a JSON file (docs/run-command.md).",
        ),
    },
    expected('a mapping with command:'),
  )
  .optional()
  .describe(
    'Run the built plans with this command instead of trtexec (e.g. a script against the TensorRT Python ' +
      'runtime): the benchmark, the accuracy check and the latency A/B go through it (docs/run-command.md).',
  );

/** What the rule reads of trt-ci.yml as written. */
interface RawBuild {
  build?: { command: string[]; plan: string } | undefined;
  run?: { command: string[] } | undefined;
  'extra-args': string[];
  'deploy-cost'?: boolean | undefined;
  models: { 'extra-args'?: string[] | undefined; 'deploy-cost'?: boolean | undefined }[];
}

/** A {name} placeholder; not the braces of ${NAME}, an environment variable (filled in from the job's). */
const PLACEHOLDER = /(?<!\$)\{([^{}]*)\}/g;

/** A {name} that is none of the placeholders, said with the nearest one. */
function unknownPlaceholder(text: string, path: ConfigPath): Problem[] {
  const known = new Set<string>(BUILD_PLACEHOLDERS);
  const name = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).find((n) => !known.has(n));
  if (name === undefined) return [];
  const near = closest(name, BUILD_PLACEHOLDERS);
  const all = BUILD_PLACEHOLDERS.map((p) => `{${p}}`).join(', ');
  return [{ path, message: `{${name}} is not filled in${near ? `; did you mean {${near}}?` : ''} (one of ${all})` }];
}

/** A {name} in a run command other than {request}. */
function unknownRunPlaceholder(text: string, path: ConfigPath): Problem[] {
  const name = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).find((n) => n !== 'request');
  return name === undefined ? [] : [{ path, message: `{${name}} is not filled in (a run command has {request})` }];
}

/** A plan path that leaves trt-ci.yml's folder: absolute, or climbing out of it with `..`. */
function outsideTheRun(plan: string): boolean {
  if (plan.startsWith('{plan}')) return false;
  if (isAbsolute(plan) || /^[A-Za-z]:[\\/]/.test(plan)) return true;
  let depth = 0;
  for (const part of plan.split(/[\\/]+/)) {
    if (part === '..') depth -= 1;
    else if (part !== '.' && part !== '') depth += 1;
    if (depth < 0) return true;
  }
  return false;
}

/**
 * Every {placeholder} is one trt-ci fills in, and nothing is asked of a build command that only trtexec does:
 * extra-args are trtexec flags, a combined plan is --profile=N, deploy-cost's variant is a trtexec flag.
 */
export function buildCommandRule(raw: RawBuild, config: Pick<Config, 'models'>): Problem[] {
  const run = (raw.run?.command ?? []).flatMap((arg, i) => unknownRunPlaceholder(arg, ['run', 'command', i]));
  if (!raw.build) return run;
  const problems = [
    ...run,
    ...raw.build.command.flatMap((arg, i) => unknownPlaceholder(arg, ['build', 'command', i])),
    ...unknownPlaceholder(raw.build.plan, ['build', 'plan']),
  ];
  const refuse = (path: ConfigPath, message: string) => problems.push({ path, message });
  // trt-ci moves the plan from there into output-dir: a path outside the run's folder moves a file it does not own.
  if (outsideTheRun(raw.build.plan))
    refuse(
      ['build', 'plan'],
      `expected a path inside trt-ci.yml's folder (trt-ci moves the plan from there into output-dir), got ` +
        `"${raw.build.plan}"`,
    );
  const flags = 'extra-args are trtexec build flags: with build: give the command its own arguments';
  const cost = 'deploy-cost builds its variant with a trtexec flag: it cannot go with build:';
  if (raw['extra-args'].length > 0) refuse(['extra-args'], flags);
  if (raw['deploy-cost']) refuse(['deploy-cost'], cost);
  raw.models.forEach((model, m) => {
    if ((model['extra-args'] ?? []).length > 0) refuse(['models', m, 'extra-args'], flags);
    if (model['deploy-cost']) refuse(['models', m, 'deploy-cost'], cost);
    if (config.models[m]!.engine !== 'per-profile')
      refuse(
        ['models', m, 'engine'],
        'a plan with every profile is built with --profile=N by trtexec: a build command builds one profile a plan',
      );
  });
  return problems;
}
