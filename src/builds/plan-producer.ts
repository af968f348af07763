// The port every plan is made through (build-plan.ts): what a build is asked and what runs it. Two producers:
// trtexec (the default) and a builder command of the user's own (`build: { command, plan }`, e.g. a Python
// script against the TensorRT wheel, which ships no trtexec: command-producer.ts). Whatever makes the plan, the
// build around it is the same: the cache, the out-of-memory back-off, the timeout, the plan's checks.
import type { ModelConfig, ProfileConfig } from '../contract/config.js';
import type { ProcessResult } from '../proc/run-process.js';
import { type BuildPaths, buildArgv } from '../tensorrt/argv.js';
import type { Trtexec, TrtexecRunOptions } from '../tensorrt/trtexec.js';
import type { TensorRtVersion } from '../tensorrt/version.js';

/** One build as a producer is asked it. */
export interface PlanRequest {
  model: ModelConfig;
  profile: ProfileConfig;
  workspaceBytes: number;
  paths: BuildPaths;
}

export interface PlanProducer {
  /** What makes plans, for messages: `trtexec`, or `the build command (python3)`. */
  readonly name: string;
  /** The arguments one build is asked with: recorded in its attempt and keyed by the engine cache. */
  argv(request: PlanRequest): string[];
  /** What the engine cache keys besides the arguments: whatever the build is asked that they may not show. */
  keyed(request: PlanRequest): string[];
  /**
   * Runs a build with those arguments. On exit 0 the plan is at `paths.plan` (a producer that writes it elsewhere
   * moves it there); anything else is the build's failure, read from its log.
   */
  produce(request: PlanRequest, argv: readonly string[], options: TrtexecRunOptions): Promise<ProcessResult>;
  /** Files the arguments name whose content changes the build (a builder script): the cache key hashes them. */
  inputsNamed(argv: readonly string[]): string[];
  /** Kills what its runs left outside their process groups, at the run's end (the trtexec seam sweeps itself). */
  sweep(): Promise<unknown>;
}

/** trtexec builds: `--onnx … --saveEngine …`, as tensorrt/argv.ts writes them for this TensorRT. */
export function trtexecProducer(trtexec: Trtexec, version: TensorRtVersion): PlanProducer {
  return {
    name: 'trtexec',
    argv: (r) => buildArgv(version, r.model, r.profile, r.workspaceBytes, r.paths),
    // Its arguments say everything the build is asked.
    keyed: () => [],
    produce: (_request, argv, options) => trtexec.run(argv, options),
    // The model's own extra-args name its files (--calib=…): the cache key reads those from the model.
    inputsNamed: () => [],
    // The run sweeps its trtexec seam itself (pipeline.ts).
    sweep: () => Promise.resolve(),
  };
}
