// Preflight's timing-cache check: a `timing-cache:` of the user's written by another TensorRT or GPU model is
// not used (the builds start without it, build-plan.ts), and the run says so at the top.
import { foreignTo, type OriginState, originFileOf, readTimingCacheOrigin } from '../cache/timing-cache-origin.js';
import type { Check } from '../contract/report.js';
import type { GpuQuery } from '../gpu/nvidia-smi.js';
import { selectedInfo } from '../gpu/selection.js';

/**
 * The check for a run: `timing-cache:` (null: none) against the GPUs `gpus:` selects of what nvidia-smi lists.
 * Preflight's, and a run without preflight's (trt-ci build, stability), which says it as a note.
 */
export async function judgeTimingCache(
  path: string | null,
  tensorrt: string,
  query: GpuQuery,
  gpus: 'all' | readonly number[],
): Promise<Check> {
  const state = path ? await readTimingCacheOrigin(path) : ({ state: 'absent' } as const);
  const selected = query.ok ? selectedInfo(query.gpus, gpus) : [];
  return timingCacheCheck(
    path,
    state,
    tensorrt,
    selected.flatMap((g) => g.name ?? []),
  );
}

export function timingCacheCheck(
  path: string | null,
  state: OriginState,
  tensorrt: string,
  gpuNames: readonly string[],
): Check {
  const id = 'timing-cache' as const;
  if (!path) return { id, status: 'skip', message: 'no timing-cache: of your own', hint: null };
  if (state.state === 'absent')
    return { id, status: 'pass', message: `${path} is not there yet: the first build writes it`, hint: null };
  if (state.state !== 'recorded') {
    const why =
      state.state === 'replaced' ? 'is not the file its record names' : 'has no record of where it was written';
    return {
      id,
      status: 'warn',
      message: `${path} ${why}: used as given, and TensorRT's own check decides whether it fits`,
      hint:
        `trt-ci records the TensorRT and GPU of the build that writes it in ${originFileOf(path)}: keep that ` +
        'file beside the cache (commit both), or let a build of this runner write it afresh.',
    };
  }
  const names = gpuNames.length > 0 ? [...new Set(gpuNames)] : [null];
  const foreign = names.flatMap((gpu) => {
    const why = foreignTo(state, tensorrt, gpu);
    return why ? [why] : [];
  });
  if (foreign.length === 0)
    return { id, status: 'pass', message: `${path}: written by this TensorRT on this GPU model`, hint: null };
  const whose = foreign.length === names.length ? 'the builds' : 'builds there';
  return {
    id,
    status: 'warn',
    message: `${path} was ${foreign.join('; ')}: ${whose} start without it and leave it as it is`,
    hint:
      'A timing cache holds timings of one TensorRT build on one GPU model: give each runner type its own ' +
      '(timing-cache: per runner, or cache-dir:, which keeps one per TensorRT and GPU).',
  };
}
