// The shape of trt-ci.yml: which keys each mapping takes, what each holds (the values of values.ts), its
// default, its description (the editor schema and docs/config.md are made from them), and which keys take
// ${NAME} from the environment (fromEnv: the one place that is said).
import { z } from 'zod';
import { DEFAULT_KILL_GRACE_MS, PRECISIONS } from '../contract/config.js';
import { METRIC_NAMES, METRICS, type Metric } from '../contract/metrics.js';
import { CHECK_IDS } from '../contract/checks.js';
import { VARIABLE } from './expand-env.js';
import { fromEnv } from './schema-walk.js';
import { buildCommand, runCommand } from './build-command.js';
import { cacheKeys } from './cache-schema.js';
import { duration, expected, extraArgs, limit, name, path, refProblem, shapeRange, size, workspace } from './values.js';
import { precisionSearch } from './values.js';
import { consistency } from './consistency-schema.js';
import { accuracy } from './accuracy-schema.js';
import { stability } from './stability-schema.js';

const budgets = z.strictObject(
  Object.fromEntries(
    METRIC_NAMES.map((metric) => [metric, limit(metric).optional().describe(METRICS[metric].describe)]),
  ) as {
    [M in Metric]: z.ZodOptional<ReturnType<typeof limit>>;
  },
  expected('a mapping of budgets'),
);

const profile = z.strictObject(
  {
    name: name('profile').describe('Names the plan <model>.<profile>.plan: letters, digits, ".", "_", "-".'),
    shapes: z
      .record(z.string(), shapeRange, expected('a mapping of input name to { min, opt, max }'))
      .describe('Each input: { min, opt, max } like 1x3x640x640, or one shape for a static input.'),
  },
  expected('a profile with name and shapes'),
);

/** false; true: one --loadEngine run; ab: also interleaved runs against the base engine on the same GPU. */
const benchmark = z.union(
  [z.boolean(), z.literal('ab')],
  expected('true, false, or ab (against the base engine, on the same GPU)'),
);

const deployTarget = z.strictObject(
  {
    name: name('target').describe(
      'The target, as the matrix, its artifact and its load logs name it: letters, digits, ".", "_", "-".',
    ),
    gpu: z
      .string(expected('a GPU model like L4 or H100'))
      .min(1)
      .optional()
      .describe("The GPU model, like L4 (its compute capability comes from docs/deploy.md's table)."),
    'compute-capability': z
      .string(expected('a compute capability like "8.9"'))
      .regex(/^\d+\.\d+$/, expected('a compute capability like "8.9"'))
      .optional()
      .describe("The GPU's compute capability, for a GPU the table does not know."),
    tensorrt: z
      .string(expected('a TensorRT version like "10.3" or "10.3.0.26"'))
      .regex(/^\d+(\.\d+){0,3}$/, expected('a TensorRT version like "10.3" or "10.3.0.26"'))
      .optional()
      .describe("The target's TensorRT runtime (default: the builder's)."),
    os: z
      .enum(['linux', 'windows'], expected('linux or windows'))
      .default('linux')
      .describe('The OS the plan is loaded on.'),
    'runs-on': z
      .array(z.string().min(1), expected('runner labels like [self-hosted, linux, l4]'))
      .optional()
      .describe("Runner labels of the target, for the pack's deploy job (a load on real hardware)."),
  },
  expected('a mapping with name, gpu or compute-capability, tensorrt, os, runs-on'),
);
const deploy = z
  .array(deployTarget, expected('a list of deploy targets like [{ name: edge-l4, gpu: L4 }]'))
  .describe('Where the engines ship: each engine gets a load prediction per target (docs/deploy.md).');

const model = z.strictObject(
  {
    name: name('model').describe('Names its plans and logs: letters, digits, ".", "_", "-".'),
    onnx: fromEnv(path('an ONNX file')).describe(
      'The ONNX file, relative to trt-ci.yml; it must exist (not an LFS pointer).',
    ),
    precision: z
      .enum(
        PRECISIONS,
        expected(`one of ${PRECISIONS.join(', ')}`, (input) => {
          const lower = String(input).toLowerCase().replace(/_/g, '-');
          return (PRECISIONS as readonly string[]).includes(lower) ? lower : null;
        }),
      )
      .optional()
      .describe(
        'Mapped to the flags of the detected TensorRT; fp16 on TensorRT 11 builds an FP16 ONNX trt-ci writes. ' +
          'A config error where that version has none.',
      ),
    'keep-fp32': z
      .array(
        z.string(expected('an ONNX node name')).min(1, expected('an ONNX node name')),
        expected('a list of ONNX node names'),
      )
      .optional()
      .describe(
        'ONNX nodes kept in FP32 in an fp16 engine (an unnamed node is node_of_<its first output>): ' +
          '--layerPrecisions on TensorRT <= 10, the written FP16 ONNX on 11 (docs/accuracy.md).',
      ),
    'precision-search': precisionSearch
      .optional()
      .describe('When this fp16 or bf16 engine fails its gate, find the keep-fp32 list to paste (docs/accuracy.md).'),
    plugins: z
      .array(fromEnv(path('a plugin library')), expected('a list of plugin library paths'))
      .optional()
      .describe('Plugin libraries (--staticPlugins, or --plugins before 8.6).'),
    'dynamic-plugins': z
      .array(fromEnv(path('a plugin library')), expected('a list of plugin library paths'))
      .optional()
      .describe('Plugin libraries loaded with --dynamicPlugins (8.6+); they must export getCreators.'),
    profiles: z
      .array(profile, expected('a list of profiles'))
      .min(1, expected('at least one profile'))
      .describe('Optimization profiles: one trtexec build each.'),
    'extra-args': extraArgs.optional().describe('trtexec flags for this model, after the top-level ones.'),
    benchmark: benchmark
      .optional()
      .describe("This model's benchmark: true, false or ab (the top-level value otherwise)."),
    budgets: budgets.optional().describe("This model's budgets, metric by metric over the top-level ones."),
    deploy: deploy.optional().describe("This model's deploy targets (the top-level list otherwise)."),
    'deploy-cost': z
      .boolean(expected('true or false'))
      .optional()
      .describe("This model's deploy-cost (the top-level one otherwise)."),
    accuracy: z
      .union([z.literal(false), accuracy], expected('false, or an accuracy check like { top-k: 5 }'))
      .optional()
      .describe(
        "This model's accuracy check: its keys over the top-level one's, key by key; false: this model is not checked.",
      ),
    consistency,
    engine: z
      .enum(
        ['per-profile', 'combined', 'both'],
        expected('per-profile (a plan per profile), combined (one plan with every profile), or both'),
      )
      .optional()
      .describe('per-profile: a plan per profile; combined: one plan with every profile (--profile=N, 10.0+); both.'),
    // A model that needs more (or must not wait as long) than the others: the top-level value otherwise.
    workspace: workspace.optional().describe("This model's first workspace (the top-level value otherwise)."),
    'min-workspace': workspace.optional().describe("Where this model's out-of-memory back-off stops."),
    'build-timeout': duration.optional().describe("This model's time per build attempt."),
  },
  expected('a model with name, onnx and profiles'),
);

export const configSchema = z.strictObject(
  {
    trtexec: fromEnv(z.string(expected('a command or path')).min(1))
      .default('trtexec')
      .describe('trtexec: a command on PATH or a path (/usr/src/tensorrt/bin/trtexec).'),
    'nvidia-smi': fromEnv(z.string(expected('a command or path')).min(1))
      .default('nvidia-smi')
      .describe('nvidia-smi; without it builds run unpinned, one at a time, without memory figures.'),
    'output-dir': fromEnv(path('a folder'))
      .default('trt-engines')
      .describe('Plans, layer info, logs/, manifest.json, report.json and summary.md.'),
    workspace: workspace.prefault('4GiB').describe('The first workspace tried (--memPoolSize=workspace:<MiB>).'),
    'min-workspace': workspace
      .prefault('512MiB')
      .describe('The out-of-memory back-off halves the workspace down to this.'),
    'timing-cache': z
      .union([fromEnv(path('a timing cache file')), z.literal(false)], expected('a path, or false for none'))
      .default('.trt-ci/timing.cache')
      .describe('The --timingCacheFile every build starts from (each on its own copy); false for none.'),
    'build-timeout': duration.prefault('45m').describe("Per attempt; then the build's process group gets TERM."),
    'kill-grace': duration.prefault(`${DEFAULT_KILL_GRACE_MS / 1000}s`).describe('Time between TERM and KILL.'),
    'max-parallel': z
      .number(expected('a number of builds like 2'))
      .int()
      .min(1)
      .optional()
      .describe('Builds at once (default one per GPU); more than the GPUs shares GPUs between builds.'),
    gpus: z
      .union(
        [z.literal('all'), z.array(z.number().int().min(0), expected('a GPU index like 0')).min(1)],
        expected('"all" or a list of GPU indices like [0, 1]'),
      )
      .default('all')
      .describe('all, or GPU indices like [0, 1]; one build per GPU at a time.'),
    benchmark: benchmark
      .default(false)
      .describe('true: load each plan once and record latency; ab: also an interleaved A/B against the base engine.'),
    // The base engines of benchmark: ab, as the base branch's job uploaded them (<model>.<profile>.plan).
    'base-plans': fromEnv(path('a folder of base plans'))
      .optional()
      .describe(
        "For benchmark: ab, the folder of the base branch's plans (<model>.<profile>.plan); it must be there " +
          '(a download step that found nothing is exit 2, not an A/B switched off).',
      ),
    // Allows building a base engine from the base commit's ONNX (git show <ref>:<onnx>) when none is found.
    'base-ref': fromEnv(
      z
        .string(expected('a git ref like origin/main or a commit'))
        .min(1, expected('a git ref like origin/main or a commit')),
    )
      .superRefine((ref, ctx) => {
        // ${BASE_SHA:-HEAD~1} is checked here by its own text, and again once the environment filled it in.
        const problem = refProblem(ref.replace(VARIABLE, 'x'));
        if (problem)
          ctx.addIssue({
            code: 'custom',
            message: `expected a git ref like origin/main, v1.2, HEAD~1 or a commit; ${problem}`,
          });
      })
      .optional()
      .describe('For benchmark: ab, allows building the base engine from the ONNX at this git ref.'),
    'extra-args': extraArgs
      .default([])
      .describe("trtexec flags for every build, one per item; checked against this trtexec's --help."),
    build: buildCommand,
    run: runCommand,
    budgets: budgets.optional().describe("Budgets for every model; a model's budgets override them metric by metric."),
    stability,
    // The accuracy check for every model that sets none of its own.
    accuracy: accuracy
      .optional()
      .describe("Check each engine's outputs against ONNX Runtime's (the default for every model)."),
    deploy: deploy.optional(),
    'deploy-cost': z
      .boolean(expected('true or false'))
      .optional()
      .describe('Also build each engine with --hardwareCompatibilityLevel=ampere+ and A/B it against the native one.'),
    cuda: z
      .string(expected('a CUDA version like "12.4"'))
      .regex(/^\d+(\.\d+){0,2}$/, expected('a CUDA version like "12.4"'))
      .optional()
      .describe('The CUDA of your TensorRT build, when trt-ci cannot read it from trtexec or the machine.'),
    'min-driver': z
      .string(expected('a driver version like "535.104.05"'))
      .regex(/^\d+(\.\d+){0,2}$/, expected('a driver version like "535.104.05"'))
      .optional()
      .describe('A driver your team pins: preflight fails below it instead of the CUDA floor.'),
    'expect-gpu': z
      .array(z.string(expected('a GPU model like A100')).min(1), expected('a list of GPU models like [A100, H100]'))
      .default([])
      .describe('GPU models the runner must have, like [A100, H100].'),
    'min-free-disk': size.prefault('20GiB').describe('Free space needed at output-dir.'),
    'skip-checks': z
      .array(
        z.enum(CHECK_IDS, expected(`a preflight check id: ${CHECK_IDS.join(', ')}`)),
        expected('a list of preflight check ids'),
      )
      .default([])
      .describe(`Preflight checks to skip: ${CHECK_IDS.join(', ')}.`),
    ...cacheKeys,
    preflight: z
      .enum(['enforce', 'warn-only'], expected('enforce (a failed check stops the builds) or warn-only'))
      .default('enforce')
      .describe('enforce: a failed check stops the builds; warn-only builds anyway.'),
    models: z
      .array(model, expected('a list of models'))
      .min(1, expected('at least one model'))
      .describe('The models to build: each an ONNX file and its optimization profiles.'),
  },
  expected('a trt-ci.yml mapping'),
);

export type RawConfig = z.output<typeof configSchema>;
