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

const COMMIT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

export function gitShow(options: GitShow): Promise<ProcessResult> {
  // Only a resolved commit id reaches git here: a ref could be read as an option or name a path.
  if (!COMMIT_ID.test(options.ref)) throw new Error(`gitShow takes a commit id, got "${options.ref}"`);
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

export interface GitResolve {
  ref: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  killGraceMs: number;
  signal?: AbortSignal;
}

/**
 * The commit a ref names, or why it names none. `--verify` takes exactly one object name (no range, no
 * option: --end-of-options), and `^{commit}` refuses what is not a commit (a tree path such as
 * `HEAD:dir`, a blob).
 */
export async function resolveCommit(options: GitResolve): Promise<{ commit: string } | { problem: string }> {
  let stdout = '';
  const result = await runProcess({
    command: 'git',
    args: ['rev-parse', '--verify', '--quiet', '--end-of-options', `${options.ref}^{commit}`],
    cwd: options.cwd,
    env: options.env,
    timeoutMs: 60_000,
    killGraceMs: options.killGraceMs,
    onLine: (line) => {
      stdout ||= line.trim();
    },
    ...(options.signal && { signal: options.signal }),
  });
  if (result.spawnError) return { problem: `git could not be run (${result.spawnError})` };
  if (result.exitCode === 0 && COMMIT_ID.test(stdout)) return { commit: stdout };
  return { problem: `git has no commit by that name in ${options.cwd}` };
}
