// npm run bench: inputs too big for the test suite's time, each checked as a test would and timed. A trtexec
// line of 560 MiB (past the longest string V8 holds, about 512 MiB) on a deploy target's load: read bounded,
// the load judged. A failure sets the exit status; the figures are the wall time of each.
import { join } from 'node:path';
import { cli, makeRunner } from '../test/support/harness.js';

async function timed<T>(what: string, work: () => Promise<T>, ok: (value: T) => string | null): Promise<void> {
  const start = performance.now();
  const value = await work();
  const problem = ok(value);
  const seconds = ((performance.now() - start) / 1000).toFixed(1);
  console.log(`${problem ? 'FAILED' : 'ok'}: ${what} in ${seconds} s${problem ? `: ${problem}` : ''}`);
  if (problem) process.exitCode = 1;
}

await timed(
  'a 560 MiB trtexec line on a deploy target is read bounded and the load judged',
  async () => {
    const builder = makeRunner();
    builder.touch('m.onnx');
    const config = builder.writeConfig(
      'output-dir: out\ndeploy: [{ name: h200, gpu: H200 }]\nmodels:\n  - name: m\n    onnx: m.onnx\n' +
        '    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]\n',
    );
    const built = await cli(['run', '--config', config]);
    if (built.code !== 0) return { code: built.code, verdict: null, stderr: built.stderr };
    const target = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_LONG_LINE_MIB: '560' } });
    const manifest = join(builder.dir, 'out', 'manifest.json');
    const args = ['deploy-load', manifest, '--config', config, '--target', 'h200', '--trtexec', target.trtexec];
    const result = await cli([...args, '--json']);
    const verdict = result.stdout ? JSON.parse(result.stdout).engines[0].verdict : null;
    return { code: result.code, verdict, stderr: result.stderr };
  },
  (r) => (r.code === 0 && r.verdict === 'loads' ? null : `exit ${r.code}, verdict ${r.verdict}: ${r.stderr}`),
);
