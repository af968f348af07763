// `npm run test:busy`: the suite beside CPU hogs, as on a shared 2-core runner or a laptop doing other work. It
// starts one busy process per core (or --hogs N), runs `npm test` with its arguments, and says how long it took;
// the suite must pass the same (no test may depend on an idle machine). The hogs are killed however it ends.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const args = process.argv.slice(2);
const at = args.indexOf('--hogs');
const hogs = at === -1 ? availableParallelism() : Number(args.splice(at, 2)[1]);
const busy = Array.from({ length: hogs }, () =>
  spawn(process.execPath, ['-e', 'for (;;) Math.sqrt(Math.random());'], { stdio: 'ignore' }),
);
const stop = () => {
  for (const hog of busy) hog.kill('SIGKILL');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
const started = Date.now();
const test = spawn(process.execPath, [new URL('test.mjs', import.meta.url).pathname, ...args], { stdio: 'inherit' });
const code = await new Promise((done) => test.on('exit', (c, signal) => done(c ?? (signal ? 1 : 0))));
stop();
const seconds = Math.round((Date.now() - started) / 1000);
process.stdout.write(
  `npm test beside ${hogs} CPU hog(s) on ${availableParallelism()} core(s): exit ${code}, ${seconds} s\n`,
);
process.exitCode = code;
