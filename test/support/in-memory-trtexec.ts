// The trtexec seam with the stand-in run in the test's own process: the stage tests (accuracy, latency,
// explain, deploy cost) get trtexec's real files and output formats, with its numerics (ONNX Runtime, FP16
// casts), without a process per call. What is about processes (timeouts, TERM then KILL, forked children,
// signals) stays with the real ones: a call that would need a process of its own fails the test here.
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ProcessResult, RunOptions } from '../../src/proc/run-process.js';
import { createTrtexec, type Trtexec } from '../../src/tensorrt/trtexec.js';
import { trtexecSwitches, type StandinOptions } from './standins.js';
import { runTrtexec } from './trtexec-standin.mjs';

const needsAProcess = (what: string) => () => {
  throw new Error(`the in-memory trtexec cannot ${what}: test it with the real stand-in (makeRunner)`);
};

/** One call of the stand-in, as runProcess would make it: output to the log and to onLine, its exit code. */
async function inMemory(options: RunOptions): Promise<ProcessResult> {
  const startedAt = Date.now();
  if (options.logFile) mkdirSync(dirname(options.logFile), { recursive: true });
  let pending = '';
  const write = (text: string) => {
    if (options.logFile) appendFileSync(options.logFile, text);
    const lines = (pending + text).split('\n');
    pending = lines.pop()!;
    for (const line of lines) options.onLine?.(line);
  };
  const exitCode = await runTrtexec({
    args: [...options.args],
    env: options.env,
    cwd: options.cwd ?? process.cwd(),
    pid: process.pid,
    write,
    writeAsync: (block) => {
      write(String(block));
      return undefined;
    },
    sleep: (ms) => new Promise((done) => setTimeout(done, ms)),
    raise: needsAProcess('die by a signal'),
    spawnIdleChild: needsAProcess('fork a child'),
    ignoreTerm: needsAProcess('ignore SIGTERM'),
    forever: needsAProcess('hang'),
  });
  if (pending) options.onLine?.(pending);
  return {
    exitCode,
    signal: null,
    timedOut: false,
    spawnError: null,
    cancelled: false,
    startedAt,
    endedAt: Date.now(),
  };
}

/** The seam, as a run makes it, running the stand-in of `dir` (its calls file, GPU state) with `options`. */
export function inMemoryTrtexec(dir: string, options: StandinOptions = {}): Trtexec {
  return createTrtexec({
    command: 'trtexec',
    env: { ...process.env, ...trtexecSwitches(dir, options) },
    killGraceMs: 0,
    start: inMemory,
  });
}
