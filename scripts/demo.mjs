// npm run demo: the main job (`trt-ci run`) on examples/trt-ci.yml, as a DEMO. No TensorRT and no GPU
// are used: `trtexec` is the stand-in under test/support (it pretends to be TensorRT 10.16.1 and
// writes plans with a real header) and `nvidia-smi` answers from a real capture of an H200 runner.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const gpuState = mkdtempSync(join(tmpdir(), 'trt-ci-demo-'));
console.log('DEMO: trt-ci run on examples/trt-ci.yml with a trtexec stand-in (as TensorRT 10.16.1) and a');
console.log('recorded H200 nvidia-smi. Nothing here touches TensorRT or a GPU; see docs/runner.md.\n');
const result = spawnSync(
  process.execPath,
  [join(root, 'dist', 'cli.js'), 'run', '--config', join(root, 'examples', 'trt-ci.yml')],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PATH: [join(root, 'test', 'support', 'bin'), dirname(process.execPath), process.env.PATH].join(delimiter),
      STANDIN_GPU_STATE: gpuState,
      TRTEXEC_STANDIN_VERSION: '10.16.1.11',
      TRTEXEC_STANDIN_BUILD_MS: '800',
      // One profile runs out of memory at 4 GiB, so the demo shows the workspace back-off.
      TRTEXEC_STANDIN_OOM_ABOVE_MIB: '3000',
      TRTEXEC_STANDIN_ONLY: 'upsampler.uhd',
    },
  },
);
rmSync(gpuState, { recursive: true, force: true });
// What the demo wrote says it is a demo, wherever it is read.
const out = join(root, 'demo-out');
const note = 'DEMO: trtexec and nvidia-smi were stand-ins (test/support); no TensorRT or GPU was used.';
if (existsSync(join(out, 'summary.md'))) {
  writeFileSync(join(out, 'summary.md'), `> ${note}\n\n${readFileSync(join(out, 'summary.md'), 'utf8')}`);
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
  writeFileSync(join(out, 'report.json'), `${JSON.stringify({ demo: note, ...report }, null, 2)}\n`);
}
process.exitCode = result.status ?? 1;
