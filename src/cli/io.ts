import type { StartProcess } from '../proc/run-process.js';

/** What a command gets from the process around it: where it runs, where its output goes, and a cancel. */
export interface CliIo {
  /** Relative paths in arguments are relative to it. */
  cwd: string;
  /** The environment (in GitHub Actions it says which run this is, for the engine cache). */
  env: NodeJS.ProcessEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  signal?: AbortSignal;
  /** stderr is a terminal: a live status line per GPU instead of heartbeat lines. */
  tty?: boolean;
  /** How trtexec and nvidia-smi are started: a process of its own group unless a test runs them in-process. */
  startProcess?: StartProcess;
}
