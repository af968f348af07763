// A stand-in for a team's own builder script (what `build: { command, plan }` runs): the TensorRT Python API
// with no trtexec. It takes its own arguments, not trtexec's, and builds through the trtexec stand-in's engine
// (real plan header, TensorRT's own out-of-memory messages), so trt-ci sees what such a script prints and writes.
//   node plan-builder.mjs --onnx M --out P --min S --opt S --max S --workspace BYTES [--fp16]
//                         [--write-nothing] [--write-json] [--standin NAME=VALUE]...
import { runTrtexec } from './trtexec-standin.mjs';

const args = process.argv.slice(2);
const values = (name) => args.flatMap((arg, i) => (arg === name ? [args[i + 1]] : []));
const value = (name) => values(name)[0];
const env = { ...process.env };
for (const pair of values('--standin')) env[pair.split('=')[0]] = pair.slice(pair.indexOf('=') + 1);
// A helper the script starts in a session of its own (an escaped child): what the run's end must still stop.
if (values('--escape')[0]) {
  const { spawn } = await import('node:child_process');
  const { writeFileSync } = await import('node:fs');
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { detached: true, stdio: 'ignore' });
  writeFileSync(values('--escape')[0], String(child.pid));
  child.unref();
}
// A script that writes its own JSON summary where the plan goes (a plan it never serialized).
if (args.includes('--write-json')) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(value('--out'), `${JSON.stringify({ engine: 'built', layers: 12 })}\n`);
  process.exit(0);
}
if (args.includes('--write-nothing')) {
  console.log(`[TRT] [I] Building an engine from file ${value('--onnx')}`);
  console.log('[TRT] [I] done (but the script forgot to serialize it)');
  process.exit(0);
}
const mib = Math.max(1, Math.floor(Number(value('--workspace')) / 2 ** 20));
const trtexecArgs = [
  `--onnx=${value('--onnx')}`,
  `--saveEngine=${value('--out')}`,
  ...(value('--min')
    ? [`--minShapes=${value('--min')}`, `--optShapes=${value('--opt')}`, `--maxShapes=${value('--max')}`]
    : []),
  `--memPoolSize=workspace:${mib}`,
  ...(args.includes('--fp16') ? ['--fp16'] : []),
  '--skipInference',
];
const write = (text) => process.stdout.write(String(text));
process.exitCode = await runTrtexec({
  args: trtexecArgs,
  env,
  cwd: process.cwd(),
  pid: process.pid,
  write,
  writeAsync: (block) => void write(block),
  sleep: (ms) => new Promise((done) => setTimeout(done, ms)),
  raise: (signal) => process.kill(process.pid, signal),
  spawnIdleChild: () => {},
  ignoreTerm: () => {},
  forever: () => new Promise(() => {}),
});
