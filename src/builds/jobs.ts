import { join } from 'node:path';
import type { Config, ModelConfig, ProfileConfig } from '../config/load.js';
import type { Shapes } from '../report/schema.js';
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
    model.profiles.map((profile, profileIndex) => {
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

/** A profile's shapes as the report and the manifest write them: `{ x: { min: '1x3x8x8', … } }`. */
export function shapesOf(profile: ProfileConfig): Shapes {
  return Object.fromEntries(
    profile.shapes.map((s) => [s.input, { min: s.min.join('x'), opt: s.opt.join('x'), max: s.max.join('x') }]),
  );
}
