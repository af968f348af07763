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
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, makeRunner } from './support/harness.js';

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
  const plan = (path: string) => {
    const bytes = Buffer.alloc(64);
    bytes.write('ftrt', 0, 'latin1');
    bytes.set([10, 16, 1, 11], 24);
    writeFileSync(path, bytes);
  };

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
