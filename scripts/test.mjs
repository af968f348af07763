// `npm test`: the type check and the tests at once. Most test time is spent waiting on child processes,
// so tsc fits in the gaps instead of adding its 6 s in front; the tests run even when the types fail,
// and the run fails when either does. Arguments go to vitest (`npm test -- test/config.test.ts`).
import { spawn } from 'node:child_process';

const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
const run = (name, args, stdio) =>
  new Promise((resolve) => {
    const child = spawn(bin(name), args, { stdio });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });

const [types, tests] = await Promise.all([
  run('tsc', ['--noEmit'], ['ignore', 'pipe', 'inherit']),
  run('vitest', ['run', ...process.argv.slice(2)], 'inherit'),
]);
process.stdout.write(types.code === 0 ? 'tsc --noEmit: no type errors\n' : `tsc --noEmit failed:\n${types.output}`);
process.exitCode = types.code || tests.code;
