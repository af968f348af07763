import { DEFAULT_KILL_GRACE_MS } from '../contract/config.js';
import { type ChildProcess, spawn } from 'node:child_process';
import type { WriteStream } from 'node:fs';
import { finished } from 'node:stream';
import { newFileStream } from './new-file.js';
import { childEnv } from './child-env.js';
import { LineSplitter } from './lines.js';

export interface RunOptions {
  command: string;
  args: readonly string[];
  /** The job's environment; credentials are removed before the child sees it. */
  env: NodeJS.ProcessEnv;
  cwd?: string;
  /** Kill the whole process group after this long: TERM, then KILL after `killGraceMs`. */
  timeoutMs?: number;
  killGraceMs?: number;
  /** Every line of stdout and stderr, as it arrives. */
  onLine?: (line: string) => void;
  /** Raw stdout and stderr go here as they arrive. */
  logFile?: string;
  /** Raw stdout goes here instead, byte for byte (a file `git show` prints); stderr stays with the log. */
  stdoutFile?: string;
  /** Aborting kills the process group; when already aborted, nothing is started. */
  signal?: AbortSignal;
}

export interface ProcessResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** Set when the command could not be started at all (not found, not executable). */
  spawnError: string | null;
  /** The signal was aborted: the process was killed, or never started. */
  cancelled: boolean;
  startedAt: number;
  endedAt: number;
}

/** How a program is started: runProcess, unless an entry was handed another way (a test runs stand-ins in-process). */
export type StartProcess = (options: RunOptions) => Promise<ProcessResult>;

/** Process groups still running, so that trt-ci can take them down when it is itself stopped. */
const liveGroups = new Set<number>();

export function killAllProcessGroups(signal: NodeJS.Signals = 'SIGKILL'): void {
  for (const pgid of liveGroups) signalGroup(pgid, signal);
}

function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false; // ESRCH: the group is gone
  }
}

/** Why a command could not start, in words. */
function spawnProblem(command: string, error: NodeJS.ErrnoException): string {
  if (error.code === 'ENOENT') return `${command}: command not found`;
  if (error.code === 'EACCES') return `${command}: not executable`;
  return error.message;
}

/**
 * The child's output into the log (both streams, and lines to `lines`) or, for stdout, its own file; a file
 * that cannot keep up pauses the child's pipe until it drains. A log that cannot be written (a full disk)
 * costs the log, never the run: the child goes on.
 */
function pipeOutput(
  child: ChildProcess,
  lines: LineSplitter | null,
  log: WriteStream | null,
  output: WriteStream | null,
): void {
  // A stream that failed (ENOSPC) is written no more, and the pipes it paused are resumed: a 'drain' that
  // will never come must not hold the child's output, and with it the child, forever.
  const broken = new Set<WriteStream>();
  const resume = () => {
    child.stdout?.resume();
    child.stderr?.resume();
  };
  for (const stream of [log, output]) {
    stream?.on('error', () => {
      broken.add(stream);
      resume();
    });
  }
  const into = (stream: WriteStream, chunk: Buffer, pipes: 'both' | 'stdout') => {
    if (broken.has(stream) || stream.write(chunk)) return;
    child.stdout?.pause();
    if (pipes === 'both') child.stderr?.pause();
    stream.once('drain', resume);
  };
  const onData = (chunk: Buffer) => {
    lines?.push(chunk);
    if (log) into(log, chunk, 'both');
  };
  child.stdout?.on('data', output ? (chunk: Buffer) => into(output, chunk, 'stdout') : onData);
  child.stderr?.on('data', onData);
}

/**
 * Runs a command as the leader of its own process group, streaming its output line by line.
 * The group is killed when the timeout fires and again after the leader exits, so nothing the
 * command forked outlives it. argv only: nothing here is ever given to a shell.
 */
export function runProcess(options: RunOptions): Promise<ProcessResult> {
  const startedAt = Date.now();
  if (options.signal?.aborted) {
    const never = { exitCode: null, signal: null, timedOut: false, spawnError: null, cancelled: true };
    return Promise.resolve({ ...never, startedAt, endedAt: startedAt });
  }
  return new Promise((resolve) => {
    let log: WriteStream | null = null;
    let timedOut = false;
    let spawnError: string | null = null;
    const timers: NodeJS.Timeout[] = [];
    const lines = options.onLine ? new LineSplitter(options.onLine) : null;

    const child = spawn(options.command, options.args, {
      cwd: options.cwd,
      env: childEnv(options.env),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const pgid = child.pid;
    if (pgid !== undefined) liveGroups.add(pgid);
    const cancel = () => {
      if (pgid !== undefined) signalGroup(pgid, 'SIGKILL');
    };
    options.signal?.addEventListener('abort', cancel, { once: true });
    if (options.logFile) log = newFileStream(options.logFile);

    const output = options.stdoutFile ? newFileStream(options.stdoutFile) : null;
    pipeOutput(child, lines, log, output);

    if (options.timeoutMs !== undefined && pgid !== undefined) {
      timers.push(
        setTimeout(() => {
          timedOut = true;
          signalGroup(pgid, 'SIGTERM');
          timers.push(setTimeout(() => signalGroup(pgid, 'SIGKILL'), options.killGraceMs ?? DEFAULT_KILL_GRACE_MS));
        }, options.timeoutMs),
      );
    }

    child.on('error', (error: NodeJS.ErrnoException) => {
      spawnError = spawnProblem(options.command, error);
    });
    // The leader is gone; whatever it forked goes with it, and only then can the pipes close.
    child.on('exit', () => {
      if (pgid !== undefined) signalGroup(pgid, 'SIGKILL');
    });
    child.on('close', (exitCode, signal) => {
      for (const timer of timers) clearTimeout(timer);
      options.signal?.removeEventListener('abort', cancel);
      if (pgid !== undefined) liveGroups.delete(pgid);
      lines?.end();
      const cancelled = options.signal?.aborted ?? false;
      const result: ProcessResult = {
        exitCode,
        signal,
        timedOut,
        spawnError,
        cancelled,
        startedAt,
        endedAt: Date.now(),
      };
      const closed = [log, output].map(
        (stream) =>
          new Promise<void>((done) => {
            if (!stream) return done();
            finished(stream, () => done());
            stream.end();
          }),
      );
      void Promise.all(closed).then(() => resolve(result));
    });
  });
}

/** How a run that did not exit 0 ended, in words: `exited 1`, `was stopped by SIGSEGV`, or why it did not start. */
export const howItEnded = (run: ProcessResult) =>
  run.spawnError ?? (run.exitCode === null ? `was stopped by ${run.signal}` : `exited ${run.exitCode}`);
