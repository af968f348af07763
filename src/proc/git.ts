// git, as trt-ci asks it: one file of another commit, written byte for byte. argv only; the ref is
// resolved to a commit first, so that nothing a user writes in a ref is read by git as an option.
import { type ProcessResult, runProcess } from './run-process.js';

export interface GitShow {
  /** A commit-ish: a branch, tag or SHA. */
  ref: string;
  /** The file, relative to `cwd` (git's `<ref>:./<path>`). */
  path: string;
  cwd: string;
  /** Where the file's bytes go. */
  outFile: string;
  /** git's own messages. */
  logFile: string;
  env: NodeJS.ProcessEnv;
  killGraceMs: number;
  signal?: AbortSignal;
}

export function gitShow(options: GitShow): Promise<ProcessResult> {
  return runProcess({
    command: 'git',
    args: ['show', `${options.ref}:./${options.path}`],
    cwd: options.cwd,
    env: options.env,
    stdoutFile: options.outFile,
    logFile: options.logFile,
    timeoutMs: 10 * 60_000,
    killGraceMs: options.killGraceMs,
    ...(options.signal && { signal: options.signal }),
  });
}
