import { configError } from '../common/errors.js';
import type { Config } from '../contract/config.js';
import type { GpuInfo, GpuQuery } from './nvidia-smi.js';

/**
 * The GPUs `gpus:` names, checked against what nvidia-smi lists: an index it does not list is a config
 * error (exit 2) wherever it is found, in preflight as in the build stage. Null for `gpus: all`.
 */
export function selectedGpus(config: Pick<Config, 'gpus' | 'where'>, query: GpuQuery): number[] | null {
  if (config.gpus === 'all') return null;
  if (!query.ok) return config.gpus;
  const known = new Set(query.gpus.map((g) => g.index));
  const missing = config.gpus.findIndex((index) => !known.has(index));
  if (missing !== -1) {
    throw configError(
      config,
      ['gpus', missing],
      `expected a GPU index that nvidia-smi lists (${[...known].join(', ')}), got ${config.gpus[missing]}`,
    );
  }
  return config.gpus;
}

/** The GPUs of a query that `gpus:` selects (all of them for `gpus: all`). */
export function selectedInfo(gpus: readonly GpuInfo[], selection: 'all' | readonly number[]): GpuInfo[] {
  return gpus.filter((g) => selection === 'all' || selection.includes(g.index));
}
