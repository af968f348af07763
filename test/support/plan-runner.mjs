// A stand-in for a team's own run script (what `run: { command }` runs): the TensorRT Python runtime with no
// trtexec. It keeps docs/run-command.md's contract (a request JSON in, a result JSON and raw outputs out) and
// runs the plan through the trtexec stand-in's engine (outputs from ONNX Runtime, real FP16 rounding, the
// stand-in's per-iteration times), as plan-builder.mjs builds through it; trt-ci never sees a trtexec.
//   node plan-runner.mjs REQUEST.json [--fault no-result|bad-json|short-output|exit-1|no-times|no-version|refused]
// refused: the runtime will not load the plan, in TensorRT-RTX's words on an H100 (the real line, passed as
// --said, from test/fixtures/tensorrt-rtx/logs/h100-refused.log), as producers/run_request.py raises it.
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTrtexec } from './trtexec-standin.mjs';

const args = process.argv.slice(2);
const fault = args.includes('--fault') ? args[args.indexOf('--fault') + 1] : null;
const requestFile = args.find((a) => a.endsWith('.json')) ?? process.env.TRT_CI_RUN_REQUEST;
const request = JSON.parse(readFileSync(requestFile, 'utf8'));
if (request.schema !== 'trt-ci/run-request@1') {
  console.error(`error: a request of schema ${request.schema}, this script knows trt-ci/run-request@1`);
  process.exit(2);
}
console.log(`[run_engine] ${request.mode} ${request.plan ?? ''}`);
if (fault === 'exit-1' && request.mode !== 'version') {
  console.error('RuntimeError: CUDA error: an illegal memory access was encountered');
  process.exit(1);
}
if (fault === 'refused' && request.mode !== 'version') {
  const said = args[args.indexOf('--said') + 1];
  console.error(`RuntimeError: ${request.plan}: ${said.replace(/^.*\[E\] /, '')}`);
  process.exit(1);
}
if (fault === 'no-result' && request.mode === 'infer') process.exit(0);
if (fault === 'bad-json' && request.mode === 'infer') {
  writeFileSync(request.result, '{ not json');
  process.exit(0);
}

/** One call of the stand-in's engine, its output echoed as this script's log. */
async function engine(trtexecArgs) {
  const write = (text) => process.stdout.write(String(text));
  return runTrtexec({
    args: trtexecArgs,
    env: process.env,
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
}

const shapes = Object.entries(request.shapes ?? {}).map(([name, dims]) => `${name}:${dims.join('x')}`);
const shapeArgs = shapes.length > 0 ? [`--shapes=${shapes.join(',')}`] : [];
const scratch = mkdtempSync(join(tmpdir(), 'plan-runner-'));
let result;
try {
  if (request.mode === 'version') {
    result = fault === 'no-version' ? {} : { tensorrtVersion: '10.16.1' };
  } else if (request.mode === 'infer') {
    const exported = join(scratch, 'outputs.json');
    const inputs = request.inputs.map((i) => `${i.name}:${i.file}`).join(',');
    const code = await engine([
      `--loadEngine=${request.plan}`,
      ...shapeArgs,
      `--loadInputs=${inputs}`,
      '--warmUp=0',
      '--duration=0',
      '--iterations=1',
      `--exportOutput=${exported}`,
    ]);
    if (code !== 0) process.exit(code);
    const outputs = JSON.parse(readFileSync(exported, 'utf8')).map((o, i) => {
      const values = Float32Array.from(o.values.map(Number));
      // A runtime that wrote one value too few: trt-ci must say so, never compare what is there.
      const kept = fault === 'short-output' ? values.subarray(1) : values;
      const file = `output${i}.bin`;
      writeFileSync(join(request.result, '..', file), Buffer.from(kept.buffer, kept.byteOffset, kept.byteLength));
      return { name: o.name, dtype: 'float32', shape: o.dimensions.split('x').map(Number), file };
    });
    result = { outputs };
  } else if (request.mode === 'load') {
    // Loaded once and run once, as a deploy target would: the exit status is the verdict, TensorRT's lines the log.
    const code = await engine([
      `--loadEngine=${request.plan}`,
      ...(request.versionCompatible ? ['--versionCompatible'] : []),
      ...shapeArgs,
      '--warmUp=0',
      '--duration=0',
      '--iterations=1',
    ]);
    if (code !== 0) process.exit(code);
    result = { loaded: true };
  } else if (request.mode === 'time') {
    const times = join(scratch, 'times.json');
    const code = await engine([
      `--loadEngine=${request.plan}`,
      ...shapeArgs,
      '--warmUp=200',
      '--duration=0',
      `--iterations=${request.iterations}`,
      `--exportTimes=${times}`,
    ]);
    if (code !== 0) process.exit(code);
    const timesMs = JSON.parse(readFileSync(times, 'utf8')).map((t) => t.computeMs);
    result = fault === 'no-times' ? { timesMs: [] } : { timesMs, measurement: request.measurement };
  } else {
    console.error(`error: no mode ${request.mode}`);
    process.exit(2);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
writeFileSync(request.result, `${JSON.stringify(result)}\n`);
