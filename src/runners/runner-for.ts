// Which runner runs the plans: the user's run command where trt-ci.yml has one (run: { command }), else trtexec.
import type { Config } from '../contract/config.js';
import { createTrtexec, type Trtexec } from '../tensorrt/trtexec.js';
import type { TensorRtVersion } from '../tensorrt/version.js';
import { commandRunner } from './command-runner.js';
import type { PlanRunner } from './plan-runner.js';
import { trtexecRunner } from './trtexec-runner.js';

/** The user's run command as a runner, on a seam of its own (its process groups, its sweep); null without one. */
export function commandRunnerOf(
  config: Pick<Config, 'run' | 'dir' | 'killGraceMs'>,
  run: { env: NodeJS.ProcessEnv; signal?: AbortSignal | undefined },
) {
  if (!config.run) return null;
  const seam = createTrtexec({
    command: config.run.command[0]!,
    env: run.env,
    killGraceMs: config.killGraceMs,
    ...(run.signal && { signal: run.signal }),
  });
  return commandRunner(config.run, seam, config.dir);
}

/** The run's plan runner. */
export function runnerFor(
  config: Pick<Config, 'run' | 'dir' | 'killGraceMs'>,
  trtexec: Trtexec,
  version: TensorRtVersion,
  run: { env: NodeJS.ProcessEnv; signal?: AbortSignal },
): PlanRunner {
  return commandRunnerOf(config, run) ?? trtexecRunner(trtexec, version);
}
