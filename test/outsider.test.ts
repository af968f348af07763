// What an outsider controls (a pull request's job on the same self-hosted runner, a crafted file, a fault)
// reaches nothing a user owns: each case is the attack, then the outcome that must hold (issue 23).
import {
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { execFileSync, spawn } from 'node:child_process';
import { rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseNpz } from '../src/accuracy/npz.js';
import { describeEvent } from '../src/builds/progress.js';
import { text } from '../src/common/markdown-text.js';
import { reportAnnotations } from '../src/github/annotations.js';
import { commentMarker, upsertStickyComment } from '../src/github/comment.js';
import { makeOctokit } from '../src/github/octokit.js';
import { renderPreflightText } from '../src/report/parts/preflight.js';
import { startGitHubApi } from './support/github-api.js';
import { allGone, cli, fromSource, makeRunner, writeStandinPlan } from './support/harness.js';
import { classifierOnnx, twoOutputsOnnx } from './support/onnx-models.js';

const plan = writeStandinPlan;

const ONE = 'output-dir: out\nmodels: [{ name: m, onnx: m.onnx, profiles: [{ name: p, shapes: { x: 1x8 } }] }]\n';

describe("files a run writes, where an earlier job planted links (a shared runner's output folder)", () => {
  it('a symlinked report.json and a hard-linked log are replaced, never written through', async () => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    const config = runner.writeConfig(ONE);
    expect((await cli(['run', '--config', config])).code).toBe(0);
    const out = join(runner.dir, 'out');
    const logs = readdirSync(join(out, 'logs'));
    // The user's files: a pull request's job (same user) links the next run's outputs to them.
    const secret = join(runner.dir, 'authorized_keys');
    const notes = join(runner.dir, 'notes.txt');
    writeFileSync(secret, 'ssh-ed25519 AAAA the user\n');
    writeFileSync(notes, 'my notes\n');
    for (const name of ['report.json', 'summary.md']) {
      const path = join(out, name);
      symlinkSync(secret, `${path}.link`);
      await rename(`${path}.link`, path); // report.json is now a symlink to the secret
    }
    // The folder's own marker too: trt-ci rewrites it on every run.
    await rm(join(out, '.trt-ci-output'));
    symlinkSync(notes, join(out, '.trt-ci-output'));
    const log = join(out, 'logs', logs[0]!);
    await rm(log);
    linkSync(notes, log);
    expect((await cli(['run', '--config', config])).code).toBe(0);
    expect(readFileSync(secret, 'utf8')).toBe('ssh-ed25519 AAAA the user\n');
    expect(readFileSync(notes, 'utf8')).toBe('my notes\n');
    for (const name of ['report.json', 'summary.md']) expect(lstatSync(join(out, name)).isFile()).toBe(true);
    expect(JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')).status).toBe('passed');
    expect(readFileSync(log, 'utf8')).toContain('&&&& PASSED');
  });
});

describe('trt-ci ab and the files beside its runs', () => {
  it("plans inside the A/B's folder are refused (exit 2) and left where they are", async () => {
    const runner = makeRunner();
    const ab = join(runner.dir, 'trt-ci-out', 'ab');
    mkdirSync(ab, { recursive: true });
    plan(join(ab, 'base.plan'));
    plan(join(ab, 'head.plan'));
    const args = ['ab', 'trt-ci-out/ab/base.plan', 'trt-ci-out/ab/head.plan', '--trtexec', runner.trtexec];
    const result = await cli([...args, '--repetitions', '3'], { cwd: runner.dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^trt-ci: the base plan .*base\.plan is inside the A\/B's folder .*: move it/);
    expect(readdirSync(ab).sort()).toEqual(['base.plan', 'head.plan']);
    expect(runner.calls()).toEqual([]);
  });

  it("a user's file in that folder survives an A/B; the A/B's own files of an earlier one do not", async () => {
    const runner = makeRunner();
    plan(join(runner.dir, 'base.plan'));
    plan(join(runner.dir, 'head.plan'));
    const ab = join(runner.dir, 'trt-ci-out', 'ab');
    mkdirSync(ab, { recursive: true });
    writeFileSync(join(ab, 'notes.txt'), 'mine');
    writeFileSync(join(ab, '99.head.log'), 'from an earlier A/B');
    const args = ['ab', 'base.plan', 'head.plan', '--trtexec', runner.trtexec, '--repetitions', '3'];
    expect((await cli([...args, '--iterations', '20'], { cwd: runner.dir })).code).toBe(0);
    expect(readFileSync(join(ab, 'notes.txt'), 'utf8')).toBe('mine');
    expect(existsSync(join(ab, '99.head.log'))).toBe(false);
    expect(readdirSync(ab)).toContain('01.base.log');
  });
});

/** A .npy of float32 with this header shape, and these data bytes (as many as the test wants). */
function npy(shape: string, data: Buffer): Buffer {
  let header = `{'descr': '<f4', 'fortran_order': False, 'shape': (${shape}), }`;
  header += `${' '.repeat(63 - ((10 + header.length) % 64))}\n`;
  const head = Buffer.alloc(10);
  head.write('\x93NUMPY', 0, 'latin1');
  head[6] = 1;
  head.writeUInt16LE(header.length, 8);
  return Buffer.concat([head, Buffer.from(header, 'latin1'), data]);
}

/** A one-member ZIP as NumPy's savez writes it, with the directory's fields open to lies. */
function zipOf(name: string, stored: Buffer, method: 0 | 8, size: number, lie: { localOffset?: number } = {}) {
  const file = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(method, 8);
  local.writeUInt32LE(stored.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(file.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(method, 10);
  central.writeUInt32LE(stored.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(file.length, 28);
  central.writeUInt32LE(lie.localOffset ?? 0, 42);
  const body = Buffer.concat([local, file, stored]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + file.length, 12);
  end.writeUInt32LE(body.length, 16);
  return Buffer.concat([body, central, file, end]);
}

describe('a crafted .npz', () => {
  it('a zip bomb (16 bytes said, 64 MiB inside) stops at what it says and is refused, naming the member', () => {
    const honest = npy('4', Buffer.alloc(16));
    // The .npy header says 4 values and the directory agrees; the stream holds 64 MiB more.
    const bomb = deflateRawSync(Buffer.concat([honest, Buffer.alloc(64 * 1024 * 1024)]));
    expect(bomb.length).toBeLessThan(128 * 1024);
    expect(() => parseNpz(zipOf('x.npy', bomb, 8, honest.length), 'bomb.npz')).toThrow(
      `bomb.npz: expected a NumPy .npz archive (np.savez), member x.npy inflates past the ${honest.length} bytes`,
    );
    // The header is honest about 64 MiB, the directory says 16 bytes: they disagree before anything is inflated.
    const big = deflateRawSync(npy('16777216', Buffer.alloc(64 * 1024 * 1024)));
    expect(() => parseNpz(zipOf('x.npy', big, 8, honest.length), 'liar.npz')).toThrow(
      /^liar\.npz: expected a NumPy .*, member x\.npy: its \.npy header holds \d+ bytes, its directory says \d+$/,
    );
    // A directory that says more than deflate can make of the bytes there.
    expect(() => parseNpz(zipOf('x.npy', bomb, 8, 2 ** 31), 'huge.npz')).toThrow(
      /member x\.npy says it inflates to .*more than deflate can/,
    );
  });

  it('a directory pointing outside the file, a damaged stream and fractional dims name the file', () => {
    const good = npy('4', Buffer.alloc(16));
    expect(() => parseNpz(zipOf('x.npy', good, 0, good.length, { localOffset: 2 ** 31 }), 'far.npz')).toThrow(
      /^far\.npz: expected a NumPy \.npz archive \(np\.savez\), its directory points outside the file/,
    );
    const damaged = Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00, 0x13, 0x37]);
    expect(() => parseNpz(zipOf('x.npy', damaged, 8, 100), 'bad.npz')).toThrow(
      /^bad\.npz: expected a NumPy \.npz archive \(np\.savez\), member x\.npy is damaged \(/,
    );
    const half = npy('1.5', Buffer.alloc(8));
    expect(() => parseNpz(zipOf('x.npy', half, 0, half.length), 'half.npz')).toThrow(
      'half.npz:x.npy: expected a .npy header with a shape of whole numbers',
    );
  });
});

describe('an inputs folder whose sample is not a regular file', () => {
  it.each([
    ['a FIFO', (path: string) => execFileSync('mkfifo', [path])],
    ['a symlink to /dev/zero', (path: string) => symlinkSync('/dev/zero', path)],
  ])('%s: the check says so and the run ends (no hang)', async (_what, plant) => {
    const runner = makeRunner();
    writeFileSync(join(runner.dir, 'classifier.onnx'), classifierOnnx());
    mkdirSync(join(runner.dir, 'samples'));
    plant(join(runner.dir, 'samples', 'x.npy'));
    const config = runner.writeConfig(
      'output-dir: out\nmodels:\n  - name: cls\n    onnx: classifier.onnx\n    accuracy: { inputs: samples }\n' +
        '    profiles: [{ name: p, shapes: { x: 2x3x8x8 } }]\n',
    );
    const result = await cli(['run', '--config', config, '--json']);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).builds[0].accuracy.problem).toMatch(
      /samples\/x\.npy: cannot read sample for input x: not a regular file \((a named pipe|a device)\)/,
    );
  });
});

describe('outputs the accuracy check could mix up or miss', () => {
  const config = (runner: ReturnType<typeof makeRunner>, accuracy: string) =>
    runner.writeConfig(
      `output-dir: out\nmodels:\n  - name: two\n    onnx: two.onnx\n    accuracy: ${accuracy}\n` +
        '    profiles: [{ name: p, shapes: { x: 2x4 } }]\n',
    );

  it('y:0 and y_0 share a dump file name: both are read by name from --exportOutput, and pass', async () => {
    const runner = makeRunner();
    writeFileSync(join(runner.dir, 'two.onnx'), twoOutputsOnnx(['y:0', 'y_0']));
    const result = await cli(['run', '--config', config(runner, '{}'), '--json']);
    expect(result.code, result.stderr).toBe(0);
    const { outputs } = JSON.parse(result.stdout).builds[0].accuracy;
    expect(outputs.map((o: { name: string; failure: string | null }) => [o.name, o.failure])).toEqual([
      ['y:0', null],
      ['y_0', null],
    ]);
  });

  it('a reference .npz without one of the outputs is a problem, never a silent pass', async () => {
    const runner = makeRunner();
    writeFileSync(join(runner.dir, 'two.onnx'), twoOutputsOnnx(['double', 'plus']));
    const x = Float32Array.from({ length: 8 }, (_, i) => i / 8);
    const member = (name: string, values: Float32Array) =>
      zipOf(`${name}.npy`, npy('2, 4', Buffer.from(values.buffer)), 0, npy('2, 4', Buffer.from(values.buffer)).length);
    writeFileSync(join(runner.dir, 'inputs.npz'), member('x', x));
    writeFileSync(
      join(runner.dir, 'refs.npz'),
      member(
        'double',
        x.map((v) => 2 * v),
      ),
    );
    const result = await cli([
      'run',
      '--config',
      config(runner, '{ inputs: inputs.npz, reference: refs.npz }'),
      '--json',
    ]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).builds[0].accuracy).toMatchObject({
      status: 'error',
      problem: expect.stringMatching(/the reference has nothing for the engine's output\(s\) plus\./),
    });
  });
});

describe('outside text in the job log, comments and annotations', () => {
  const job = { model: { name: 'm' }, profile: { name: 'p' } } as never;
  /** The lines the runner would read: a bare \r, U+2028/9 and U+0085 end a line for it as \n does. */
  const runnerLines = (text: string) => text.split(/\r\n|[\r\n\u2028\u2029\u0085]/);

  it("trtexec's last line in the heartbeat and a plugin path in preflight start no workflow command", () => {
    const heartbeat = describeEvent({
      type: 'heartbeat',
      job,
      gpu: 0,
      attempt: 1,
      elapsedMs: 61_000,
      peakMiB: null,
      lastLine: 'building\r::error::pwned\u2028::add-mask::x',
    } as never);
    expect(runnerLines(heartbeat).filter((l) => /^\s*::/.test(l))).toEqual([]);
    const preflight = renderPreflightText({
      status: 'fail',
      tensorrtVersion: '10.16.1',
      cuda: null,
      gpus: [],
      checks: [
        { id: 'plugins', status: 'fail', message: 'libx.so\r::warning file=a::owned', hint: null },
        { id: 'disk', status: 'pass', message: '\n::stop-commands::x', hint: null },
      ],
    } as never);
    expect(runnerLines(preflight).filter((l) => /^\s*::/.test(l))).toEqual([]);
    expect(preflight).toContain(':\u200b:stop-commands::x');
  });

  it('markdown text: $…$ is not math, and bidirectional overrides are gone (comments and annotations)', () => {
    expect(text('$\\color{red}{\\text{PASSED}}$ and $$x$$')).toBe(
      '\\$\\\\color{red}{\\\\text{PASSED}}\\$ and \\$\\$x\\$\\$',
    );
    expect(text('model\u202egnp.exe')).toBe('modelgnp.exe');
    const report = {
      builds: [
        {
          model: 'm\u202e',
          profile: 'p',
          status: 'failed',
          failure: { kind: 'other', message: 'a\u2066b', hint: 'h' },
          configPosition: { file: 'trt-ci.yml', line: 3, column: 1 },
        },
      ],
      budgets: [],
    } as never;
    const [annotation] = reportAnnotations(report, (p) => p);
    expect(annotation!.title + annotation!.message).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });

  it("a line quoting another key's sticky marker does not make that key's run overwrite the comment", async () => {
    const api = await startGitHubApi({
      comments: [
        {
          id: 11,
          body: `${commentMarker('a100')}\n## trt-ci\nlog: ${commentMarker('h100')}`,
          user: { login: 'github-actions[bot]' },
        },
      ],
    });
    try {
      const octokit = makeOctokit('ghs_test', { GITHUB_API_URL: api.url, TRT_CI_GITHUB_BACKOFF_MS: '1' });
      const where = { owner: 'acme', repo: 'engines', issueNumber: 7, workflow: null };
      const result = await upsertStickyComment(
        octokit,
        { ...where, key: 'h100', body: 'h100 report' },
        'github-actions[bot]',
      );
      expect(result).toMatchObject({ created: true });
      expect(api.comments.find((c) => c.id === 11)!.body).toContain('## trt-ci\nlog:');
    } finally {
      await api.close();
    }
  });
});

describe('inputs a run cannot use are exit 2 before any build, naming them', () => {
  it('an output-dir that cannot be made (a file in its path)', async () => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    writeFileSync(join(runner.dir, 'blocker'), 'a file');
    const config = runner.writeConfig(ONE.replace('output-dir: out', 'output-dir: blocker/out'));
    const result = await cli(['build', '--config', config]);
    expect(result.code).toBe(2);
    expect(result.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/trt-ci\.yml:3:13 output-dir: expected a folder trt-ci can write, got .*blocker\/out: /),
    ]);
    expect(runner.calls()).toEqual([]);
  });

  it('an ONNX that is a folder, not a file', async () => {
    const runner = makeRunner();
    mkdirSync(join(runner.dir, 'm.onnx'));
    const result = await cli(['build', '--config', runner.writeConfig(ONE)]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/models\[0\]\.onnx: expected an ONNX file, got "m\.onnx" which is a directory/);
    expect(runner.calls()).toEqual([]);
  });
});

describe('faults in the latency A/B', () => {
  it('a head engine that crashes in every run fails the run (head-failed), not a note', async () => {
    const runner = makeRunner({
      trtexecEnv: { TRTEXEC_STANDIN_RUN_CRASH: 'timed', TRTEXEC_STANDIN_ONLY: 'out/m.p.plan' },
    });
    runner.touch('m.onnx');
    mkdirSync(join(runner.dir, 'base'));
    plan(join(runner.dir, 'base', 'm.p.plan'));
    const config = runner.writeConfig(
      'output-dir: out\nbase-plans: base\nmodels:\n  - name: m\n    onnx: m.onnx\n    benchmark: ab\n' +
        '    profiles: [{ name: p, shapes: { x: 1x8 } }]\n',
    );
    const result = await cli(['run', '--config', config, '--json'], { cwd: runner.dir });
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    expect([report.builds[0].status, report.comparison.latencyNotes]).toEqual(['built', []]);
    expect(report.status).toBe('failed');
    expect(report.builds[0].latency).toMatchObject({
      verdict: 'head-failed',
      reason: expect.stringMatching(/^trtexec was stopped by SIGSEGV running the head engine \(.*\.log\)$/),
    });
    expect(readFileSync(join(runner.dir, 'out', 'summary.md'), 'utf8')).toMatch(
      /\| ❌ \| m \/ p \| .* \| head-failed \|/,
    );
  });

  // No test here waits on time: the base engine's runs hang (TRTEXEC_STANDIN_HANG=load, only for the base plan)
  // and fork an idle child into their group; the SIGTERM goes once that child's pid is written, when the run is
  // known to be mid-A/B on any machine, however busy. Stopped means the whole group is gone, the child too.
  /** The pids the hung runs wrote (their idle children), once there is one. */
  const hungChildren = async (file: string) => {
    while (!existsSync(file) || readFileSync(file, 'utf8').trim() === '') await new Promise((r) => setTimeout(r, 20));
    return readFileSync(file, 'utf8').trim().split('\n').map(Number);
  };

  it.each([
    ['trt-ci run, benchmark: ab', ['run', '--config', 'trt-ci.yml']],
    ['the action, benchmark: ab', null],
  ])('SIGTERM during the A/B of %s: not a pass', async (_what, args) => {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_HANG: 'load', TRTEXEC_STANDIN_ONLY: 'base/m.p.plan' } });
    const pids = join(runner.dir, 'hung-children');
    runner.touch('m.onnx');
    mkdirSync(join(runner.dir, 'base'));
    plan(join(runner.dir, 'base', 'm.p.plan'));
    runner.writeConfig(
      'output-dir: out\nbase-plans: base\nmodels:\n  - name: m\n    onnx: m.onnx\n    benchmark: ab\n' +
        '    profiles: [{ name: p, shapes: { x: 1x8 } }]\n',
    );
    const program = args ? [...fromSource('cli'), ...args] : fromSource('action');
    const summary = join(runner.dir, 'summary.out');
    const output = join(runner.dir, 'github-output');
    writeFileSync(summary, '');
    writeFileSync(output, '');
    const env = {
      PATH: process.env.PATH,
      GITHUB_STEP_SUMMARY: summary,
      GITHUB_OUTPUT: output,
      INPUT_CONFIG: 'trt-ci.yml',
      INPUT_COMMENT: 'never',
      'INPUT_FAIL-ON': 'error, budget, accuracy',
      INPUT_BASELINE: 'none',
      TRTEXEC_STANDIN_CHILD_PIDS: pids,
    };
    const child = spawn(process.execPath, program, { cwd: runner.dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const hung = await hungChildren(pids);
    // Mid-A/B: the build passed and the base engine's first timed run is the one hanging.
    expect(existsSync(join(runner.dir, 'out', 'ab', 'm.p', '01.base.log'))).toBe(true);
    child.kill('SIGTERM');
    const code = await exited;
    expect(code, stdout).not.toBe(0);
    if (args) expect(code).toBe(130);
    else expect(readFileSync(output, 'utf8')).toMatch(/^status<<\S+\nfailed\n/m);
    expect(await allGone(hung)).toEqual([]);
  });

  it('SIGTERM during trt-ci ab: exit 130, with the trtexec it was running stopped', async () => {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_HANG: 'load' } });
    const pids = join(runner.dir, 'hung-children');
    plan(join(runner.dir, 'base.plan'));
    plan(join(runner.dir, 'head.plan'));
    const child = spawn(
      process.execPath,
      [...fromSource('cli'), 'ab', 'base.plan', 'head.plan', '--trtexec', runner.trtexec],
      { cwd: runner.dir, env: { ...process.env, TRTEXEC_STANDIN_CHILD_PIDS: pids }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    // The first run is mid-run: it forked its idle child and hangs.
    const hung = await hungChildren(pids);
    child.kill('SIGTERM');
    expect(await exited).toBe(130);
    expect(await allGone(hung)).toEqual([]);
    expect(runner.calls().filter((c) => c.exit === 0 && c.args.some((a) => a.startsWith('--loadEngine')))).toEqual([]);
  });
});

describe('a cancel while nvidia-smi hangs (a hung driver)', () => {
  it('stops the query at once and writes the report (exit 130), instead of waiting out its 30 s', async () => {
    const runner = makeRunner({ nvidiaSmiEnv: { NVIDIA_SMI_STANDIN_HANG: '1' } });
    runner.touch('m.onnx');
    const calls = join(runner.dir, 'smi-calls.jsonl');
    const config = runner.writeConfig(ONE);
    const controller = new AbortController();
    const run = cli(['run', '--config', config, '--json'], {
      signal: controller.signal,
      env: { ...process.env, NVIDIA_SMI_STANDIN_CALLS: calls },
    });
    // The query is under way: nvidia-smi was called.
    while (!existsSync(calls)) await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    const result = await run;
    expect(result.code, result.stderr).toBe(130);
    expect(JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8')).status).toBe('failed');
    expect(runner.calls().filter((c) => c.args.some((a) => a.startsWith('--saveEngine=')))).toEqual([]);
  });
});

describe('a process that escapes the build (setsid)', () => {
  it('is killed when the run is over; nothing it left lives on', async () => {
    const pids = join(tmpdir(), `trt-ci-escaped-${process.pid}-${Date.now()}`);
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_ESCAPE: '1', TRTEXEC_STANDIN_CHILD_PIDS: pids } });
    runner.touch('m.onnx');
    const result = await cli(['build', '--config', runner.writeConfig(ONE)]);
    expect(result.code, result.stderr).toBe(0);
    const escaped = readFileSync(pids, 'utf8').trim().split('\n').map(Number);
    expect(escaped).toHaveLength(1);
    expect(await allGone(escaped)).toEqual([]);
  });
});
