import { join } from 'node:path';
import type { Config, ModelConfig, ProfileConfig } from '../config/load.js';

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

/** Every model × profile, in config order; one engine each. */
export function planBuildJobs(config: Pick<Config, 'models' | 'outputDir'>): BuildJob[] {
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
