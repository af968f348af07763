// Issue 60: a timing cache of the user's (timing-cache:) written by another TensorRT or GPU model is never used,
// and the run says so; trt-ci records where it wrote one beside it.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { foreignTo, type OriginState, readTimingCacheOrigin } from '../src/cache/timing-cache-origin.js';
import type { Report } from '../src/contract/report.js';
import { timingCacheCheck } from '../src/preflight/timing-cache-check.js';
import { cli, makeRunner } from './support/harness.js';

const recorded = (tensorrt: string, gpu: string | null): OriginState => ({
  state: 'recorded',
  origin: { tensorrt, gpu, sha256: 'x' },
});

describe('foreignTo', () => {
  it('holds a record to the TensorRT release and build number, and to the GPU model', () => {
    const h100 = recorded('10.16.1.11', 'NVIDIA H100');
    expect(foreignTo(h100, '10.16.1.11', 'NVIDIA H100')).toBeNull();
    expect(foreignTo(h100, '10.16.1.12', 'NVIDIA H100')).toBe(
      'written by TensorRT 10.16.1.11 on NVIDIA H100, not TensorRT 10.16.1.12 on NVIDIA H100',
    );
    expect(foreignTo(h100, '10.16.1.11', 'NVIDIA H200')).toBe(
      'written by TensorRT 10.16.1.11 on NVIDIA H100, not TensorRT 10.16.1.11 on NVIDIA H200',
    );
    // A build whose GPU is not known, or a record without one, is held to the TensorRT alone.
    expect(foreignTo(h100, '10.16.1.11', null)).toBeNull();
    expect(foreignTo(recorded('10.16.1.11', null), '10.16.1.11', 'NVIDIA H200')).toBeNull();
    for (const state of [{ state: 'absent' }, { state: 'unrecorded' }, { state: 'replaced' }] as const)
      expect(foreignTo(state, '11.1.0.0', 'NVIDIA H200')).toBeNull();
  });

  it('the check warns only on a foreign or unknown cache, and names the GPUs that start without it', () => {
    const state = recorded('10.16.1.11', 'NVIDIA H100');
    expect(timingCacheCheck(null, state, '10.16.1.11', []).status).toBe('skip');
    expect(timingCacheCheck('t.cache', { state: 'absent' }, '10.16.1.11', []).status).toBe('pass');
    expect(timingCacheCheck('t.cache', state, '10.16.1.11', ['NVIDIA H100']).status).toBe('pass');
    const mixed = timingCacheCheck('t.cache', state, '10.16.1.11', ['NVIDIA H100', 'NVIDIA H200', 'NVIDIA H200']);
    expect(mixed).toMatchObject({ status: 'warn' });
    expect(mixed.message).toBe(
      't.cache was written by TensorRT 10.16.1.11 on NVIDIA H100, not TensorRT 10.16.1.11 on NVIDIA H200: ' +
        'builds there start without it and leave it as it is',
    );
    const all = timingCacheCheck('t.cache', state, '10.16.2.1', ['NVIDIA H100']);
    expect(all.message).toMatch(/: the builds start without it and leave it as it is$/);
    for (const other of [{ state: 'unrecorded' }, { state: 'replaced' }] as const)
      expect(timingCacheCheck('t.cache', other, '10.16.1.11', ['NVIDIA H100'])).toMatchObject({
        status: 'warn',
        message: expect.stringMatching(/used as given/),
      });
  });
});

describe('timing-cache: in a run', () => {
  const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

  async function build(runner: ReturnType<typeof makeRunner>) {
    const config = join(runner.dir, 'trt-ci.yml');
    const result = await cli(['run', '--config', config], { cwd: runner.dir });
    const report = JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8')) as Report;
    const check = report.preflight!.checks.find((c) => c.id === 'timing-cache')!;
    const usedCache = runner
      .calls()
      .at(-1)!
      .args.some((a) => a.startsWith('--timingCacheFile='));
    return { result, check, usedCache };
  }

  it('records where it was written; another GPU model does not use it, and it is left as it is', async () => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    runner.writeConfig(
      'output-dir: out\ntiming-cache: t.cache\nmodels:\n  - name: m\n    onnx: m.onnx\n' +
        '    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]\n',
    );
    const cache = join(runner.dir, 't.cache');
    const first = await build(runner);
    expect(first.result.code, first.result.stderr).toBe(0);
    expect(first.check.status).toBe('pass');
    const origin = JSON.parse(readFileSync(`${cache}.origin.json`, 'utf8'));
    expect(origin).toEqual({ tensorrt: '10.16.1.11', gpu: 'NVIDIA H200', sha256: sha256(cache) });
    expect(await readTimingCacheOrigin(cache)).toEqual({ state: 'recorded', origin });

    // The same file, recorded as an H100's: the H200's build starts without it and leaves it alone.
    writeFileSync(`${cache}.origin.json`, JSON.stringify({ ...origin, gpu: 'NVIDIA H100' }));
    const before = sha256(cache);
    const foreign = await build(runner);
    expect(foreign.result.code, foreign.result.stderr).toBe(0);
    expect(foreign.check).toMatchObject({ status: 'warn' });
    expect(foreign.check.message).toContain('written by TensorRT 10.16.1.11 on NVIDIA H100');
    expect(foreign.usedCache).toBe(false);
    expect(sha256(cache)).toBe(before);
    expect(JSON.parse(readFileSync(`${cache}.origin.json`, 'utf8')).gpu).toBe('NVIDIA H100');

    // Replaced by another hand (its record names other bytes): used as given, said, and then recorded afresh.
    writeFileSync(cache, Buffer.concat([readFileSync(cache), Buffer.from('more')]));
    const replaced = await build(runner);
    expect(replaced.check).toMatchObject({ status: 'warn', message: expect.stringMatching(/is not the file its/) });
    expect(replaced.usedCache).toBe(true);
    expect(JSON.parse(readFileSync(`${cache}.origin.json`, 'utf8')).gpu).toBe('NVIDIA H200');
  });

  it("stability's rebuilds with a foreign timing cache say they had none", async () => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    const cache = join(runner.dir, 't.cache');
    writeFileSync(cache, 'timings of an H100');
    writeFileSync(
      `${cache}.origin.json`,
      JSON.stringify({ tensorrt: '10.16.1.11', gpu: 'NVIDIA H100', sha256: sha256(cache) }),
    );
    const config = runner.writeConfig(
      'output-dir: out\ntiming-cache: t.cache\nmodels:\n  - name: m\n    onnx: m.onnx\n' +
        '    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]\n',
    );
    const result = await cli(['stability', '--config', config, '--rebuilds', '1'], { cwd: runner.dir });
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8')) as Report;
    // The build says it started from none; so there is no second rebuild "without" it.
    expect(report.builds[0]!.stability!.rebuilds.map((r) => [r.timingCache, r.plan])).toEqual([
      [false, 'out/stability/m.p/rebuild-1.plan'],
    ]);
    expect(runner.calls().some((c) => c.args.some((a) => a.startsWith('--timingCacheFile=')))).toBe(false);
    // No preflight in trt-ci stability (nor build): the one check that changes what the builds get is said first.
    expect(result.stderr.split('\n')[0]).toBe(
      `⚠ timing-cache: ${cache} was written by TensorRT 10.16.1.11 on NVIDIA H100, not TensorRT 10.16.1.11 on ` +
        'NVIDIA H200: the builds start without it and leave it as it is',
    );
    // The same cache written here is said nothing of.
    writeFileSync(
      `${cache}.origin.json`,
      JSON.stringify({ tensorrt: '10.16.1.11', gpu: 'NVIDIA H200', sha256: sha256(cache) }),
    );
    const own = await cli(['build', '--config', config], { cwd: runner.dir });
    expect(own.code, own.stderr).toBe(0);
    expect(own.stderr).not.toContain('timing-cache:');
  });

  it('a file without a record is used as given, and said', async () => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    writeFileSync(join(runner.dir, 't.cache'), 'timings of unknown origin');
    runner.writeConfig(
      'output-dir: out\ntiming-cache: t.cache\nmodels:\n  - name: m\n    onnx: m.onnx\n' +
        '    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]\n',
    );
    const run = await build(runner);
    expect(run.check).toMatchObject({ status: 'warn', message: expect.stringMatching(/has no record/) });
    expect(run.usedCache).toBe(true);
    expect(existsSync(join(runner.dir, 't.cache.origin.json'))).toBe(true);
  });
});
