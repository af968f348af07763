// npm run bench (the sweep and the consistency checks, issue 59): what sweeping a profile's range (opt, min, max
// and two seeded shapes inside it) and the three consistency checks add to the accuracy stage, against the
// stage as it was (opt only, no consistency), on the bench's models: the classifier (a batch of 1..16) and the
// encoder (token ids, a batch and a sequence length). The references are kept in the cache, as on a fleet; the
// stage's time is a run's less the same run with neither check. Each run builds afresh, in the same process.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../src/cli/run-cli.js';
import { classifierOnnx, encoderOnnx } from '../test/support/onnx-models.js';
import { installStandins } from '../test/support/standins.js';

type Mode = 'none' | 'before' | 'now';

const MODELS = [
  {
    name: 'cls',
    onnx: classifierOnnx,
    profile: '{ name: p, shapes: { x: { min: 1x3x8x8, opt: 8x3x8x8, max: 16x3x8x8 } } }',
    inputs: '',
  },
  {
    name: 'enc',
    onnx: encoderOnnx,
    profile:
      '{ name: p, shapes: { input_ids: { min: 1x4, opt: 4x16, max: 8x32 }, ' +
      'attention_mask: { min: 1x4, opt: 4x16, max: 8x32 } } }',
    inputs: ', inputs: { input_ids: { range: [0, 999] }, attention_mask: { range: [0, 1] } }',
  },
];

const dir = mkdtempSync(join(tmpdir(), 'trt-ci-bench-sweep-'));
try {
  const standins = installStandins(dir);
  for (const m of MODELS) writeFileSync(join(dir, `${m.name}.onnx`), m.onnx());
  const config = (mode: Mode) => {
    const file = join(dir, `trt-ci.${mode}.yml`);
    const lines = [`trtexec: ${standins.trtexec}`, `nvidia-smi: ${standins.nvidiaSmi}`, 'output-dir: out'];
    lines.push('cache-dir: cache', 'models:');
    for (const m of MODELS) {
      lines.push(`  - name: ${m.name}`, `    onnx: ${m.name}.onnx`, `    profiles: [${m.profile}]`);
      if (mode === 'before') lines.push(`    accuracy: { shapes: [opt]${m.inputs} }`);
      if (mode === 'now') lines.push(`    accuracy: { ${m.inputs.slice(2)} }`);
      if (mode !== 'now') lines.push('    consistency: { off: the stage as it was }');
    }
    writeFileSync(file, `${lines.join('\n')}\n`);
    return file;
  };
  const quiet = { cwd: dir, env: process.env, stdout: () => {}, stderr: () => {} };
  const forgetEngines = () => {
    for (const entry of existsSync(join(dir, 'cache')) ? readdirSync(join(dir, 'cache')) : []) {
      if (entry !== 'references') rmSync(join(dir, 'cache', entry), { recursive: true, force: true });
    }
  };
  const timed = async (mode: Mode) => {
    forgetEngines();
    const start = process.hrtime.bigint();
    const code = await runCli(['build', '--config', config(mode)], quiet);
    if (code !== 0) throw new Error(`the ${mode} run exited ${code}`);
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  // The references of both sets of shapes computed once and kept, then each mode timed three times (median).
  const firstBefore = await timed('before');
  const firstNow = await timed('now');
  const median = async (mode: Mode) => {
    const times = [await timed(mode), await timed(mode), await timed(mode)].sort((a, b) => a - b);
    return times[1]!;
  };
  const none = await median('none');
  const before = (await median('before')) - none;
  const now = (await median('now')) - none;
  console.log(
    `accuracy sweep + consistency: the accuracy stage of 2 engines took ${before.toFixed(0)} ms at opt only, ` +
      `${now.toFixed(0)} ms sweeping opt/min/max/interior with the 3 consistency checks: ` +
      `${(now / before).toFixed(2)}x (the issue's goal: <= 1.5x); the first runs, computing the references: ` +
      `${(firstBefore - none).toFixed(0)} ms and ${(firstNow - none).toFixed(0)} ms ` +
      `(${((firstNow - none) / (firstBefore - none)).toFixed(2)}x)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
