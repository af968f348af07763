import { join } from 'node:path';
import { COMBINED, type Config, type ModelConfig, type ProfileConfig } from '../contract/config.js';
import type { Shapes, WrittenCheck } from '../contract/report.js';
import { type JobSelection, selectPairs } from './shard.js';

/** One trtexec build: a profile of a model, with where its files go. */
export interface BuildJob {
  model: ModelConfig;
  profile: ProfileConfig;
  /** Position in the config, for messages that point at its lines. */
  modelIndex: number;
  profileIndex: number;
  plan: string;
  layerInfo: string;
  logPrefix: string;
  /** The workspace to start from when not the model's: a combined plan's, as its split builds proved. */
  workspaceBytes?: number;
  /** fp16 on TensorRT 11: the FP16 ONNX trtexec builds instead of the model's (builds/precision-onnx.ts). */
  precisionOnnx?: PrecisionOnnx;
  /** A rebuild (the stability stage's): built afresh, never served from the engine cache nor stored in it. */
  fresh?: boolean;
  /** Built without the run's timing cache (a stability rebuild that shows what the cache pins). */
  withoutTimingCache?: boolean;
}

/** The FP16 or BF16 ONNX a model is built from, and what it holds. */
export interface PrecisionOnnx {
  onnx: string;
  /** The narrow type written. */
  narrow: 'fp16' | 'bf16';
  /** Nodes computing in FP16, in BF16, and in FP32 (kept, or with types fixed or unknown). */
  fp16Nodes: number;
  bf16Nodes: number;
  fp32Nodes: number;
  /** The keep-fp32 nodes. */
  kept: string[];
  /** Nodes kept in FP32 by the writer itself: they read a constant the narrow type cannot hold. */
  keptWide: string[];
  /** Casts written between the two precisions. */
  casts: number;
  /** ONNX Runtime's check of the written model against the user's, before the build. */
  check: WrittenCheck;
}

/**
 * What a stage's results are keyed by: the job's model and profile. Names are letters, digits, ".", "_" and
 * "-" (config/schema.ts), unique per run, so "<model>/<profile>" names one job and no two.
 */
export type JobKey = string & { readonly __job: unique symbol };

/** The key of a job, or of a build a report names by its model and profile. */
export function jobKey(job: BuildJob | { model: string; profile: string }): JobKey {
  const [model, profile] = typeof job.model === 'string' ? [job.model, job.profile] : [job.model.name, job.profile];
  return `${model}/${typeof profile === 'string' ? profile : profile.name}` as JobKey;
}

/**
 * Another plan of a job, built by a later stage the same way (build-plan.ts): a marked copy, the ampere+ variant,
 * the base commit's engine. Its files are `<dir>/<name>.plan`, `.layers.json` and `.N.log`; it starts from the
 * workspace the job's own build got through with, and is built, not benchmarked (the stage measures it).
 */
export function sideJob(
  job: BuildJob,
  dir: string,
  name: string,
  changes: {
    model?: ModelConfig;
    precisionOnnx?: PrecisionOnnx | undefined;
    workspaceBytes: number;
    fresh?: boolean;
    withoutTimingCache?: boolean;
  },
): BuildJob {
  const model = { ...(changes.model ?? job.model), benchmark: false };
  const { precisionOnnx, ...rest } = job;
  const written = 'precisionOnnx' in changes ? changes.precisionOnnx : precisionOnnx;
  return {
    ...rest,
    model,
    plan: join(dir, `${name}.plan`),
    layerInfo: join(dir, `${name}.layers.json`),
    logPrefix: join(dir, name),
    workspaceBytes: changes.workspaceBytes,
    ...(written && { precisionOnnx: written }),
    ...(changes.fresh && { fresh: true }),
    ...(changes.withoutTimingCache && { withoutTimingCache: true }),
  };
}

/** Every model × profile in config order (one engine each), or the ones `selection` picks. */
export function planBuildJobs(config: Pick<Config, 'models' | 'outputDir'>, selection?: JobSelection): BuildJob[] {
  const jobs = allJobs(config);
  if (!selection) return jobs;
  const picked = selectPairs(
    jobs.map((job) => `${job.model.name}/${job.profile.name}`),
    selection,
  );
  return jobs.filter((_, i) => picked[i]);
}

function allJobs(config: Pick<Config, 'models' | 'outputDir'>): BuildJob[] {
  return config.models.flatMap((model, modelIndex) =>
    enginesOf(model).map(({ profile, profileIndex }) => {
      const stem = `${model.name}.${profile.name}`;
      return {
        model,
        profile,
        modelIndex,
        profileIndex,
        plan: join(config.outputDir, `${stem}.plan`),
        layerInfo: join(config.outputDir, `${stem}.layers.json`),
        logPrefix: join(config.outputDir, 'logs', stem),
      };
    }),
  );
}

/**
 * The plans a model asks for: one per profile, one with every profile (`combined`, after the others:
 * it is built with the workspace they proved enough), or both. The combined plan points at the model.
 */
function enginesOf(model: ModelConfig): { profile: ProfileConfig; profileIndex: number }[] {
  const split = model.profiles.map((profile, profileIndex) => ({ profile, profileIndex }));
  const combined = { profile: { name: COMBINED, shapes: [], parts: model.profiles }, profileIndex: 0 };
  if (model.engine === 'per-profile') return split;
  return model.engine === 'combined' ? [combined] : [...split, combined];
}

/**
 * A profile's shapes as the report and the manifest write them: `{ x: { min: '1x3x8x8', … } }`; for the
 * combined plan, every profile's, as `<profile>/<input>` in profile order (the order of --profile=N).
 */
export function shapesOf(profile: ProfileConfig): Shapes {
  if (profile.parts) {
    return Object.fromEntries(
      profile.parts.flatMap((part) => Object.entries(shapesOf(part)).map(([input, s]) => [`${part.name}/${input}`, s])),
    );
  }
  return Object.fromEntries(
    profile.shapes.map((s) => [s.input, { min: s.min.join('x'), opt: s.opt.join('x'), max: s.max.join('x') }]),
  );
}
