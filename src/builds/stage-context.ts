// What every stage after the builds is handed, once per run: the config, the trtexec seam, the TensorRT
// version it reported, the job's environment, the run's cancel, whom the caches serve and the one way a plan
// is built. One value in place of the five or six positional parameters each stage took.
import type { FileDigests } from '../cache/engine-cache.js';
import type { CacheTrust } from '../cache/trust.js';
import type { RemoteCache } from '../cache/remote-cache.js';
import type { Config } from '../contract/config.js';
import type { Trtexec } from '../tensorrt/trtexec.js';
import type { NvidiaSmi } from '../gpu/nvidia-smi.js';
import type { PlanRunner } from '../runners/plan-runner.js';
import type { TensorRtVersion } from '../tensorrt/version.js';
import type { BuildJob } from './jobs.js';
import type { BuildOutcome } from './outcome.js';

/**
 * A side build (a marked copy, the ampere+ variant, the base commit's engine) the way the build stage builds:
 * build-plan.ts with the run's producer, cache, timing cache, back-off and timeout, its plan checked.
 */
export type PlanBuilder = (job: BuildJob, gpu: number | null) => Promise<BuildOutcome>;

export interface StageContext {
  config: Config;
  trtexec: Trtexec;
  /** What runs the built plans (the accuracy check, the A/B, explain's profiles): trtexec or the run command. */
  runner: PlanRunner;
  version: TensorRtVersion;
  /** The job's environment (trtexec and nvidia-smi run in it, less credentials). */
  env: NodeJS.ProcessEnv;
  /** nvidia-smi as the run calls it (its environment, the cancel, how it is started). */
  nvidiaSmi: NvidiaSmi;
  /** The run's cancel: once aborted, no stage starts new GPU work. */
  signal: AbortSignal | undefined;
  /** Which cache entries this run may be served, and how it signs what it stores. */
  cacheTrust: CacheTrust;
  /** Each file's sha256, read once per run (models, samples). */
  digests: FileDigests;
  /** The fleet's registry behind cache-dir's folder (cache-dir: oci://…); null or absent without one. */
  registry?: RemoteCache | null;
  /** How a stage builds a plan of its own. */
  buildPlan: PlanBuilder;
}
