// What a run is asked (PipelineOptions), what it says as it goes and what it returns, and what its setup found
// out for the stages (RunStart): the entries' words for a run (the action, the CLI's build/run/precision).
import type { BuildContext, BuildEvent } from '../builds/context.js';
import type { JobSelection } from '../builds/shard.js';
import type { Provenance } from '../cache/engine-cache.js';
import type { Config } from '../contract/config.js';
import type { PreflightResult, Report } from '../contract/report.js';
import type { GpuInfo, GpuQuery } from '../gpu/nvidia-smi.js';
import type { StartProcess } from '../proc/run-process.js';

/** What the run says as it goes: the preflight as soon as it is done, then each build's events. */
export type PipelineEvent =
  | BuildEvent
  | { type: 'preflight'; preflight: PreflightResult }
  /** A line a later stage says while it goes (precision-search: a line per candidate built). */
  | { type: 'note'; line: string };

export interface PipelineOptions {
  configFile: string;
  /** Where trt-ci runs: relative paths in arguments and in the report are relative to it. */
  cwd: string;
  /** The job's environment: `${NAME}` in trt-ci.yml is filled from it and trtexec runs in it (less credentials). */
  env: NodeJS.ProcessEnv;
  onEvent?: (event: PipelineEvent) => void;
  /** How often a running build says where it is (default a minute). */
  heartbeatMs?: number;
  /** A report from the base branch: budgets on growth compare against it. */
  baselineFile?: string | null;
  /** Where the baseline came from, said next to the comparison. */
  baselineNote?: string | null;
  /**
   * A baseline the user named is input (one that cannot be read is exit 2 before any build); one found
   * for them (the action's `baseline: auto`) is only help: when it cannot be read, the run goes on
   * without it and the report says why.
   */
  baselineFound?: boolean;
  /** `trt-ci build` builds without preflight; `run` and the action check the runner first. */
  preflight?: boolean;
  /** Aborting kills the running builds and skips the rest; the report is still written. */
  signal?: AbortSignal;
  /** The commit being built, for the manifest (the action passes GITHUB_SHA). */
  commit?: string | null;
  /** Who this run is: the engine cache records it and serves the default branch only its own entries. */
  provenance?: Provenance | null;
  /** The model/profile pairs to build (`--shard`, `--only`); every pair when not given. */
  selection?: JobSelection;
  /**
   * Where base engines come from when trt-ci.yml names no base-plans (the action's `base-plans: auto`: the
   * base branch's uploaded plans); asked only when a model has benchmark: ab. Null: there are none.
   */
  findBasePlans?: () => Promise<{ dir: string; note: string } | null>;
  /** The environment trt-ci.yml's `${NAME}` are read from, when not `env` (a candidate run's: its parent's). */
  configEnv?: NodeJS.ProcessEnv;
  /** The loaded config changed before the run (`trt-ci precision`: one model, a candidate keep-fp32 list). */
  adjustConfig?: (config: Config) => Config;
  /** How trtexec and nvidia-smi are started: a process of its own group unless a test runs them in-process. */
  startProcess?: StartProcess;
}

export interface PipelineResult {
  report: Report;
  reportFile: string;
  summaryFile: string;
  manifestFile: string;
  /** The output files that could not be written (a full disk), each with why; the report is still returned. */
  unwritten: string[];
}

/** What the run found out before its output folder was claimed, for the stages after it. */
export interface RunStart {
  baseline: Report | null;
  baselineFile: string | null;
  baselineRefused: string | null;
  basePlansNote: string | null;
  startedAt: Date;
  gpuQuery: Promise<GpuQuery>;
  selection: JobSelection | undefined;
  /** Where the registry cache's credentials came from (never them), with an oci:// cache. */
  registryCredentials?: string | null;
  /** What every build of the run shares; the GPUs the build stage found are filled in after it. */
  building: BuildContext & { gpus: Map<number, GpuInfo> };
}
