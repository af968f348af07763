// Which producer makes the run's plans: the user's build command where trt-ci.yml has one (through a seam of its
// own, so that its process is run as trtexec's is), else trtexec.
import type { Config } from '../contract/config.js';
import { createTrtexec, type Trtexec } from '../tensorrt/trtexec.js';
import type { TensorRtVersion } from '../tensorrt/version.js';
import { commandProducer } from './command-producer.js';
import { type PlanProducer, trtexecProducer } from './plan-producer.js';

/** The run's producer: the user's build command where trt-ci.yml has one, else trtexec. */
export function producerFor(
  config: Pick<Config, 'build' | 'dir' | 'killGraceMs'>,
  trtexec: Trtexec,
  version: TensorRtVersion,
  run: { env: NodeJS.ProcessEnv; signal?: AbortSignal },
): PlanProducer {
  if (!config.build) return trtexecProducer(trtexec, version);
  const seam = createTrtexec({
    command: config.build.command[0]!,
    env: run.env,
    killGraceMs: config.killGraceMs,
    ...(run.signal && { signal: run.signal }),
  });
  return commandProducer(config.build, seam, config.dir);
}
