// npm run bench (accuracy): what the accuracy stage adds to a build + benchmark of the same engine, with
// the references kept in the cache. The stand-in takes the time a real trtexec took for a ResNet-50 on
// an H100 (test/fixtures/trtexec-logs/success-build-bench-trt10.16.1-h100-cookbook.log: engine built in
// 8.09 s, then inference for trtexec's default 0.2 s warm-up + 3 s); its accuracy run, like trtexec's,
// loads the engine and infers once (ONNX Runtime standing in for the GPU). Two runs of the same config,
// with and without `accuracy:`, each building afresh, measured in the same process.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../src/cli/run-cli.js';
import { classifierOnnx } from '../test/support/onnx-models.js';
import { installStandins } from '../test/support/standins.js';

const BUILD_MS = 8091;

const dir = mkdtempSync(join(tmpdir(), 'trt-ci-bench-accuracy-'));
try {
  const standins = installStandins(dir, {
    trtexecEnv: { TRTEXEC_STANDIN_BUILD_MS: BUILD_MS, TRTEXEC_STANDIN_REAL_TIME: 1 },
  });
  writeFileSync(join(dir, 'classifier.onnx'), classifierOnnx());
  const config = (accuracy: boolean) => {
    const file = join(dir, `trt-ci.${accuracy}.yml`);
    writeFileSync(
      file,
      [
        `trtexec: ${standins.trtexec}`,
        `nvidia-smi: ${standins.nvidiaSmi}`,
        'output-dir: out',
        'cache-dir: cache',
        'benchmark: true',
        'models:',
        '  - name: cls',
        '    onnx: classifier.onnx',
        ...(accuracy ? ['    accuracy: { top-k: 1 }'] : []),
        '    profiles: [{ name: p, shapes: { x: { min: 1x3x8x8, opt: 8x3x8x8, max: 16x3x8x8 } } }]',
        '',
      ].join('\n'),
    );
    return file;
  };
  const quiet = { cwd: dir, env: process.env, stdout: () => {}, stderr: () => {} };
  // Engines leave the cache before each run, so each builds; the kept references stay.
  const forgetEngines = () => {
    for (const entry of existsSync(join(dir, 'cache')) ? readdirSync(join(dir, 'cache')) : []) {
      if (entry !== 'references') rmSync(join(dir, 'cache', entry), { recursive: true, force: true });
    }
  };
  const timed = async (accuracy: boolean) => {
    forgetEngines();
    const start = process.hrtime.bigint();
    const code = await runCli(['run', '--config', config(accuracy)], quiet);
    if (code !== 0) throw new Error(`the run ${accuracy ? 'with' : 'without'} accuracy: exited ${code}`);
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  const computing = await timed(true); // the reference is computed (ONNX Runtime loaded) and kept
  const withCheck = await timed(true);
  const without = await timed(false);
  const added = withCheck - without;
  console.log(
    `accuracy stage: a build + benchmark of one engine ${without.toFixed(0)} ms; with the accuracy check ` +
      `(reference kept) ${withCheck.toFixed(0)} ms: +${added.toFixed(0)} ms = ` +
      `${((added / without) * 100).toFixed(1)}% ` +
      `(goal <= 10%); the first run, computing the reference: +${(computing - without).toFixed(0)} ms`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
