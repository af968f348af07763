// The one place trt-ci runs trtexec. Builds, benchmarks, accuracy runs, the latency A/B and base rebuilds
// all come here, so the environment a run gets (the job's, less its credentials), how it is pinned to a GPU
// (CUDA_VISIBLE_DEVICES), how it is stopped (its process group: TERM, then KILL after the grace) and what
// its version is are decided once. Stage tests may hand a stage any object of this shape.
import { InputError } from '../common/errors.js';
import { randomBytes } from 'node:crypto';
import { killTagged, RUN_TAG_VARIABLE } from '../proc/escaped.js';
import { type ProcessResult, type RunOptions, runProcess } from '../proc/run-process.js';
import { BANNER_PATTERN, decodeBannerVersion, parseVersion, type TensorRtVersion } from './version.js';

export interface TrtexecRunOptions {
  /** The GPU it may see (pinned with CUDA_VISIBLE_DEVICES); null: every GPU the job sees. */
  gpu: number | null;
  /** stdout and stderr, as they arrive. */
  logFile?: string;
  /** Stops its process group after this long. */
  timeoutMs?: number;
  onLine?: (line: string) => void;
  /** Its working folder (trtexec writes some files there, e.g. --dumpRawBindingsToFile). */
  cwd?: string;
  /** Stops this run only; the seam's own signal stops every run. */
  signal?: AbortSignal;
  /** Variables this run gets besides the job's (a run command's request file). */
  env?: Readonly<Record<string, string>>;
}

export interface TrtexecProbe {
  version: TensorRtVersion;
  /** The flags its --help lists: this binary's own account of what it takes (parsed-only ones are not listed). */
  helpFlags: ReadonlySet<string>;
}

export interface Trtexec {
  /** The command as configured: a path, or a name looked up on PATH. */
  readonly command: string;
  run(args: readonly string[], options: TrtexecRunOptions): Promise<ProcessResult>;
  /**
   * One `trtexec --help`, asked once and remembered: the version from its banner (every trtexec prints
   * `&&&& RUNNING … [TensorRT vNNNN]` first, also for --help) and the flags its help lists. `where` names
   * the setting in messages (`trt-ci.yml:3:10 trtexec`).
   */
  probe(where: string): Promise<TrtexecProbe>;
  /**
   * Kills what the runs left behind outside their process groups (a child that called setsid): every
   * process still carrying this seam's tag. The run's entry calls it when it is done with trtexec.
   */
  sweep(): Promise<number[]>;
}

export interface TrtexecSetup {
  command: string;
  /** The job's environment, as the entry was given it; credentials are removed before a run sees it. */
  env: NodeJS.ProcessEnv;
  killGraceMs: number;
  /** The run's cancel: aborting it kills every trtexec still running, and none starts after. */
  signal?: AbortSignal;
  /**
   * How a run is started: a process in its own group (runProcess) unless a test hands the seam another
   * (test/support/in-process-standins.ts runs the stand-in in the test's own process).
   */
  start?: (options: RunOptions) => Promise<ProcessResult>;
}

export function createTrtexec(setup: TrtexecSetup): Trtexec {
  let probed: Promise<TrtexecProbe> | null = null;
  // This seam's tag, in every run's environment: what still carries it at the end escaped its process group.
  const tag = randomBytes(12).toString('hex');
  const env = { ...setup.env, [RUN_TAG_VARIABLE]: tag };
  // The version probe is not cancelled with the run (a --help takes a moment, bounded by its timeout):
  // a run cancelled meanwhile still knows its TensorRT and writes its report.
  const run = async (args: readonly string[], options: TrtexecRunOptions, cancellable = true) => {
    const signals = [cancellable ? setup.signal : undefined, options.signal].filter(
      (s): s is AbortSignal => s !== undefined,
    );
    const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    return (setup.start ?? runProcess)({
      command: setup.command,
      args,
      env: {
        ...env,
        ...options.env,
        ...(options.gpu !== null && { CUDA_VISIBLE_DEVICES: String(options.gpu) }),
      },
      killGraceMs: setup.killGraceMs,
      ...(options.cwd !== undefined && { cwd: options.cwd }),
      ...(options.logFile !== undefined && { logFile: options.logFile }),
      ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
      ...(options.onLine && { onLine: options.onLine }),
      ...(signal && { signal }),
    });
  };
  return {
    command: setup.command,
    run,
    sweep: () => killTagged(tag),
    probe(where) {
      probed ??= probeHelp(setup.command, (args, options) => run(args, options, false), where);
      return probed;
    },
  };
}

async function probeHelp(command: string, run: Trtexec['run'], where: string): Promise<TrtexecProbe> {
  let version: TensorRtVersion | null = null;
  const helpFlags = new Set<string>();
  const result = await run(['--help'], {
    gpu: null,
    timeoutMs: 60_000,
    onLine: (line) => {
      // Help lines read "  --flag=value   what it does" (also "--help, -h"), after any log prefix.
      const help = /^(?:\[[^\]]*\] )*\s+(--[A-Za-z][A-Za-z0-9]*)\b/.exec(line);
      if (help) helpFlags.add(help[1]!);
      if (version) return;
      const banner = BANNER_PATTERN.exec(line);
      if (banner) version = decodeBannerVersion(banner[2]!, banner[3]);
      const info = /TensorRT version: (\d+\.\d+\.\d+)/.exec(line);
      if (info) version = parseVersion(info[1]!);
    },
  });
  if (result.spawnError) {
    throw new InputError(
      `${where}: ${result.spawnError}; set trtexec: to its path (e.g. /usr/src/tensorrt/bin/trtexec)`,
    );
  }
  if (!version) {
    throw new InputError(
      `${where}: "${command} --help" printed no "&&&& RUNNING … [TensorRT ` +
        `vNNNN]" line (exit ${result.exitCode ?? result.signal}); is it trtexec?`,
    );
  }
  return { version, helpFlags };
}
