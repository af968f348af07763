// The stand-ins run in the test's own process: the stage tests (accuracy, latency, explain, deploy cost) and the
// in-process CLI (harness.ts) get trtexec's and nvidia-smi's real files and output formats, with trtexec's
// numerics (ONNX Runtime, FP16 casts), without a fork of the test worker per call (a fork of a worker holding
// 300 MiB costs ~20 ms of CPU: the suite spent a third of its time there). What is about processes (timeouts,
// TERM then KILL, forked children, signals) stays with the real ones: a stand-in installed with such a switch
// runs as a process, and a call that would need one fails the test here.
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { childEnv } from '../../src/proc/child-env.js';
import { writeNewFileSync } from '../../src/proc/new-file.js';
import { type ProcessResult, type RunOptions, runProcess } from '../../src/proc/run-process.js';
import { createTrtexec, type Trtexec } from '../../src/tensorrt/trtexec.js';
import { IN_PROCESS_STANDINS, type StandinOptions, type StandinProgram, trtexecSwitches } from './standins.js';
import { runNvidiaSmi } from './nvidia-smi-standin.mjs';
import { runTrtexec } from './trtexec-standin.mjs';

const needsAProcess = (what: string) => () => {
  throw new Error(`the in-process stand-in cannot ${what}: test it with the real stand-in (makeRunner)`);
};

/** The run was cancelled while the stand-in slept (a -lms stream, a build that takes time): it stops there. */
class Stopped extends Error {}

/** One call of a stand-in, as runProcess would make it: output to the log and to onLine, its exit code. */
async function inProcess(program: StandinProgram, options: RunOptions): Promise<ProcessResult> {
  const startedAt = Date.now();
  const { signal } = options;
  // As runProcess: a run cancelled before it starts never starts.
  if (signal?.aborted) {
    const never = { exitCode: null, signal: null, timedOut: false, spawnError: null, cancelled: true };
    return { ...never, startedAt, endedAt: startedAt };
  }
  if (options.stdoutFile) throw new Error('the in-process stand-ins write no stdout file: none is asked for one');
  if (options.logFile) {
    mkdirSync(dirname(options.logFile), { recursive: true });
    // As runProcess opens it (proc/new-file.ts): what is at the path (a planted link) goes, the log is made anew.
    writeNewFileSync(options.logFile, '');
  }
  let pending = '';
  const write = (text: string) => {
    if (options.logFile) appendFileSync(options.logFile, text);
    const lines = (pending + text).split('\n');
    pending = lines.pop()!;
    for (const line of lines) options.onLine?.(line);
  };
  const io = {
    args: [...options.args],
    // What the process would be given: the run's environment less credentials (proc/child-env.ts).
    env: childEnv(options.env),
    cwd: options.cwd ?? process.cwd(),
    pid: process.pid,
    write,
    writeAsync: (block: Buffer | string) => {
      write(String(block));
      return undefined;
    },
    // A cancel stops a sleeping stand-in as the kill of its process group would.
    sleep: (ms: number) =>
      new Promise((done, stop) => {
        const abort = () => {
          clearTimeout(timer);
          stop(new Stopped());
        };
        const timer = setTimeout(() => {
          signal?.removeEventListener('abort', abort);
          done(undefined);
        }, ms);
        signal?.addEventListener('abort', abort, { once: true });
      }),
    raise: needsAProcess('die by a signal'),
    spawnIdleChild: needsAProcess('fork a child'),
    ignoreTerm: needsAProcess('ignore SIGTERM'),
    forever: needsAProcess('hang'),
  };
  let exitCode: number | null;
  try {
    exitCode = await (program === 'trtexec' ? runTrtexec(io) : runNvidiaSmi(io));
  } catch (error) {
    if (!(error instanceof Stopped)) throw error;
    exitCode = null;
  }
  if (pending) options.onLine?.(pending);
  const killed = exitCode === null;
  return {
    exitCode,
    signal: killed ? 'SIGKILL' : null,
    timedOut: false,
    spawnError: null,
    cancelled: killed,
    startedAt,
    endedAt: Date.now(),
  };
}

/**
 * How the in-process CLI starts a program: a stand-in installed in this process whose runs need no process of
 * their own runs here (standins.ts says which); anything else (another program, a fault about processes) is
 * spawned as trt-ci spawns it.
 */
export function startProcess(options: RunOptions): Promise<ProcessResult> {
  const standin = IN_PROCESS_STANDINS.get(options.command);
  if (!standin) return runProcess(options);
  return inProcess(standin.program, { ...options, env: { ...options.env, ...standin.switches } });
}

/** The seam, as a run makes it, running the stand-in of `dir` (its calls file, GPU state) with `options`. */
export function inMemoryTrtexec(dir: string, options: StandinOptions = {}): Trtexec {
  return createTrtexec({
    command: 'trtexec',
    env: { ...process.env, ...trtexecSwitches(dir, options) },
    killGraceMs: 0,
    start: (options) => inProcess('trtexec', options),
  });
}
