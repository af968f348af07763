// The trtexec seam (src/tensorrt/trtexec.ts), the one place trtexec runs: what a run sees (the job's
// environment less its credentials, its GPU pinned), that --help is asked once, and that the run's cancel
// stops every trtexec it started. A shell script stands in: these are facts about the process, not trtexec.
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../src/common/errors.js';
import { createTrtexec } from '../src/tensorrt/trtexec.js';
import { makeRunner } from './support/harness.js';

/** A `trtexec` that records each call and prints what it was given. */
function fakeTrtexec(dir: string, body = ''): string {
  const file = join(dir, 'trtexec');
  writeFileSync(
    file,
    `#!/bin/sh
echo "$@" >> "${join(dir, 'calls')}"
echo "&&&& RUNNING TensorRT.trtexec [TensorRT v101601] [b11] # trtexec $*"
[ "$1" = "--help" ] && { echo "  --onnx=<file>   ONNX model"; echo "  --saveEngine=<file>  plan"; exit 0; }
echo "gpu=\${CUDA_VISIBLE_DEVICES-unset} token=\${INPUT_TOKEN-unset} gh=\${GITHUB_TOKEN-unset} path=\${PATH:+set}"
${body}
`,
  );
  chmodSync(file, 0o755);
  return file;
}

const env = { PATH: process.env.PATH, INPUT_TOKEN: 'ghs_secret', GITHUB_TOKEN: 'ghs_other', KEEP: '1' };

describe('the trtexec seam', () => {
  it("runs in the job's environment less its credentials, pinned to the GPU asked for", async () => {
    const { dir } = makeRunner();
    const trtexec = createTrtexec({ command: fakeTrtexec(dir), env, killGraceMs: 1_000 });
    const seen = async (gpu: number | null) => {
      const lines: string[] = [];
      const result = await trtexec.run(['--onnx=m.onnx'], { gpu, onLine: (l) => lines.push(l) });
      expect(result.exitCode).toBe(0);
      return lines.find((l) => l.startsWith('gpu='));
    };
    expect(await seen(3)).toBe('gpu=3 token=unset gh=unset path=set');
    expect(await seen(null)).toBe('gpu=unset token=unset gh=unset path=set');
  });

  it('asks --help once, however often it is probed, and reads the version and flags from it', async () => {
    const { dir } = makeRunner();
    const trtexec = createTrtexec({ command: fakeTrtexec(dir), env, killGraceMs: 1_000 });
    const [a, b] = await Promise.all([trtexec.probe('trt-ci.yml:1:10 trtexec'), trtexec.probe('again')]);
    expect(a).toBe(b);
    expect(a.version).toMatchObject({ major: 10, minor: 16, patch: 1 });
    expect([...a.helpFlags]).toEqual(['--onnx', '--saveEngine']);
    expect(readFileSync(join(dir, 'calls'), 'utf8')).toBe('--help\n');
  });

  it('names the setting when the command is not there', async () => {
    const { dir } = makeRunner();
    const trtexec = createTrtexec({ command: join(dir, 'nope'), env, killGraceMs: 1_000 });
    const probe = trtexec.probe('trt-ci.yml:2:10 trtexec');
    await expect(probe).rejects.toThrow(InputError);
    await expect(probe).rejects.toThrow(
      /^trt-ci\.yml:2:10 trtexec: .*nope: command not found; set trtexec: to its path/,
    );
  });

  it("the run's cancel stops a running trtexec, and none starts after it", async () => {
    const { dir } = makeRunner();
    const controller = new AbortController();
    const command = fakeTrtexec(dir, `echo started; exec sleep 30`);
    const trtexec = createTrtexec({ command, env, killGraceMs: 1_000, signal: controller.signal });
    const running = trtexec.run(['--onnx=m.onnx'], {
      gpu: 0,
      onLine: (line) => line === 'started' && controller.abort(),
    });
    const stopped = await running;
    expect(stopped).toMatchObject({ cancelled: true, exitCode: null, signal: 'SIGKILL' });
    const after = await trtexec.run(['--onnx=m.onnx'], { gpu: 0 });
    expect(after).toMatchObject({ cancelled: true, exitCode: null });
    expect(readFileSync(join(dir, 'calls'), 'utf8').trim().split('\n')).toHaveLength(1);
  });
});
