// The edges of a stand-in (trtexec-standin.mjs, nvidia-smi-standin.mjs) run as a program of its own: this
// process, its stdout and its signals. The test run's stand-in server gives each call its client's instead.
import { spawn } from 'node:child_process';
import { appendFileSync, writeSync } from 'node:fs';

/** Runs one call of a stand-in as this program: its arguments, environment and folder; its exit code. */
export async function runAsProgram(run) {
  process.exitCode = await run({
    args: process.argv.slice(2),
    env: process.env,
    cwd: process.cwd(),
    pid: process.pid,
    write: (text) => writeSync(1, text),
    writeAsync: (block) =>
      process.stdout.write(block) ? undefined : new Promise((done) => process.stdout.once('drain', done)),
    sleep: (ms) => new Promise((done) => setTimeout(done, ms)),
    async raise(signal) {
      process.kill(process.pid, signal);
      await new Promise((done) => setTimeout(done, 1000));
    },
    // As a hung build's forked child: it holds none of its parent's pipes.
    spawnIdleChild(pidFile, ownSession = false) {
      // ownSession: in a session of its own (setsid), out of the process group trt-ci kills.
      const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
        stdio: 'ignore',
        detached: ownSession,
      });
      if (ownSession) child.unref();
      if (pidFile) appendFileSync(pidFile, `${child.pid}\n`);
    },
    ignoreTerm: () => process.on('SIGTERM', () => {}),
    forever: () => new Promise(() => setInterval(() => {}, 1000)),
  });
}
