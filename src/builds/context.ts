// What a build is handed (the run's trtexec, GPUs, cache and cancel) and what it says as it goes.
import type { CacheTrust } from '../cache/trust.js';
import type { PlanCache } from '../cache/plan-cache.js';
import type { Config } from '../contract/config.js';
import type { Failure } from '../contract/report.js';
import type { GpuInfo } from '../gpu/nvidia-smi.js';
import type { PlanRunner } from '../runners/plan-runner.js';
import type { TensorRtVersion } from '../tensorrt/version.js';
import type { BuildJob } from './jobs.js';
import type { BuildOutcome } from './outcome.js';
import type { PlanProducer } from './plan-producer.js';

export type BuildEvent =
  | { type: 'start'; job: BuildJob; gpu: number | null; attempt: number; workspaceBytes: number }
  | { type: 'retry'; job: BuildJob; failure: Failure; workspaceBytes: number }
  /** A long build is never silent: where it is, every heartbeat (a minute by default). */
  | {
      type: 'heartbeat';
      job: BuildJob;
      gpu: number | null;
      attempt: number;
      elapsedMs: number;
      /** Peak GPU memory of this attempt so far (MiB above the idle GPU), when the GPU is watched. */
      peakMiB: number | null;
      /** trtexec's last line that is not verbose detail: the phase it is in. */
      lastLine: string | null;
    }
  | { type: 'done'; outcome: BuildOutcome };

export interface BuildContext {
  config: Pick<Config, 'dir' | 'timingCache'>;
  /** What makes plans: trtexec, or the user's build command. */
  producer: PlanProducer;
  /** What loads a built plan to measure it (benchmark:): trtexec, or the user's run command. */
  runner: PlanRunner;
  /** The job's environment: the engine cache keys the variables that change a build. */
  env: NodeJS.ProcessEnv;
  version: TensorRtVersion;
  /** Engines by content key (their folder, the fleet's registry, whom they serve); a hit replaces the build. */
  cache?: PlanCache | null;
  /** Which cached engines and timing caches this run may take, and how it signs what it stores. */
  cacheTrust: CacheTrust;
  /** The timing cache for a GPU model, when it is kept per TensorRT version and GPU model. */
  timingCacheFor?: (gpuName: string | null) => string | null;
  gpus: ReadonlyMap<number, GpuInfo>;
  onEvent?: (event: BuildEvent) => void;
  /** Once aborted, no new attempt or benchmark starts; the one running is killed by the stage. */
  signal?: AbortSignal;
  /** How often a running build says where it is (default a minute). */
  heartbeatMs?: number;
  /** The GPU memory a build on `gpu` has held since `since` (ms since the epoch), from the memory stream. */
  peakSince?: (gpu: number, since: number) => number | null;
}
