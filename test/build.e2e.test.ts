import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../src/builds/manifest.js';
import type { Report } from '../src/contract/report.js';
import { assignShards } from '../src/builds/shard.js';
import { allGone, cli, makeRunner, TWO_MODELS } from './support/harness.js';

const readJson = <T>(path: string) => JSON.parse(readFileSync(path, 'utf8')) as T;
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** Whether a process still runs; a zombie (dead, not yet reaped by init) does not. */
describe('trt-ci run with the trtexec stand-in', () => {
  it(
    'builds 2 models × 3 profiles, one trtexec per ' + 'profile, and writes a manifest and report that match the plans',
    async () => {
      const runner = makeRunner({ version: '10.16.1.11' });
      runner.touch('models/upsampler.onnx', 'models/detector.onnx');
      const config = runner.writeConfig(TWO_MODELS);

      const result = await cli(['run', '--config', config, '--json']);

      expect(result.code, result.stderr).toBe(0);
      const report = JSON.parse(result.stdout) as Report;
      expect(report.schema).toBe('trt-ci/report@2');
      expect(report.status).toBe('passed');
      expect(report.builds.map((b) => `${b.model}/${b.profile}:${b.status}`)).toEqual([
        'upsampler/sd:built',
        'upsampler/hd:built',
        'upsampler/uhd:built',
        'detector/b1:built',
        'detector/b8:built',
        'detector/b16:built',
      ]);
      // One trtexec build per profile (the --help version probe records no call).
      const calls = runner.calls();
      expect(calls).toHaveLength(6);
      expect(calls.every((c) => c.args.filter((a) => a.startsWith('--minShapes=')).length === 1)).toBe(true);
      expect(calls.some((c) => c.args.some((a) => a.startsWith('--profile')))).toBe(false);

      const manifest = readJson<Manifest>(join(runner.dir, 'out', 'manifest.json'));
      expect(manifest.tensorrtVersion).toBe('10.16.1.11');
      expect(manifest.trtCiVersion).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
      expect(manifest.engines).toHaveLength(6);
      for (const engine of manifest.engines) {
        const plan = join(runner.dir, 'out', engine.path);
        const bytes = readFileSync(plan);
        expect(engine.sha256).toBe(sha256(plan));
        expect(engine.bytes).toBe(bytes.length);
        expect(bytes.toString('latin1', 0, 4)).toBe('ftrt');
        expect([...bytes.subarray(24, 28)]).toEqual([10, 16, 1, 11]);
        expect(engine.gpu).toEqual({ name: 'NVIDIA H200', computeCapability: '9.0' });
        expect(engine.flags).toContain('--skipInference');
        // Portable: paths relative to the manifest, the ONNX by content, no build's private timing cache.
        expect(engine.flags).toContain(`--saveEngine=${engine.path}`);
        expect(engine.flags.filter((f) => f.includes(runner.dir))).toEqual([]);
        expect(engine.flags.find((f) => f.startsWith('--timingCacheFile='))).toBe(
          '--timingCacheFile=../.trt-ci/timing.cache',
        );
        expect(engine.onnxSha256).toBe(sha256(join(runner.dir, 'models', `${engine.model}.onnx`)));
        expect(existsSync(join(runner.dir, 'out', engine.layerInfo!))).toBe(true);
      }
      const hd = manifest.engines.find((e) => e.model === 'upsampler' && e.profile === 'hd')!;
      expect(hd.shapes).toEqual({ x: { min: '1x3x720x1280', opt: '1x3x1080x1920', max: '1x3x1080x1920' } });
      expect(hd.flags).toEqual(
        expect.arrayContaining(['--fp16', '--minShapes=x:1x3x720x1280', '--memPoolSize=workspace:4096']),
      );
      const b1 = manifest.engines.find((e) => e.profile === 'b1')!;
      expect(b1.shapes.images).toEqual({ min: '1x3x640x640', opt: '1x3x640x640', max: '1x3x640x640' });
      expect(b1.flags).not.toContain('--fp16');
      // The report on disk is the one printed.
      expect(readJson<Report>(join(runner.dir, 'out', 'report.json')).builds).toEqual(report.builds);
      expect(readFileSync(join(runner.dir, 'out', 'summary.md'), 'utf8')).toContain('6/6 engines built');
      // Every build started from the cache the one before it left (the stand-in adds 4 KiB to what it
      // read), and no build's private copy is left behind.
      const cacheDir = join(runner.dir, '.trt-ci');
      expect(readdirSync(cacheDir)).toEqual(['timing.cache', 'timing.cache.origin.json']);
      expect(statSync(join(cacheDir, 'timing.cache')).size).toBe(6 * 4096);
      expect(
        calls.every((c) => c.args.some((a) => a.startsWith(`--timingCacheFile=${join(cacheDir, 'timing.cache')}.`))),
      ).toBe(true);
    },
  );

  it('halves the workspace on out-of-memory until the build fits, recording every attempt and its log', async () => {
    // The build that fits lasts a few of the memory sampler's 100 ms intervals, so that one shows it.
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_OOM_ABOVE_MIB: 1500, TRTEXEC_STANDIN_BUILD_MS: 300 } });
    runner.touch('m.onnx');
    const config = runner.writeConfig(`
output-dir: out
workspace: 4GiB
min-workspace: 256MiB
models:
  - name: m
    onnx: m.onnx
    profiles: [{ name: p, shapes: { x: 1x3x64x64 } }]
`);
    const result = await cli(['build', '--config', config, '--json']);
    expect(result.code, result.stderr).toBe(0);
    const build = (JSON.parse(result.stdout) as { builds: Report['builds'] }).builds[0]!;
    expect(build.status).toBe('built');
    expect(build.attempts.map((a) => a.workspaceMiB)).toEqual([4096, 2048, 1024]);
    expect(build.attempts.map((a) => a.failure?.kind ?? null)).toEqual(['out-of-memory', 'out-of-memory', null]);
    // What the failed attempts held is unknown (they ended before a sample showed anything), never 0.
    expect(build.attempts.map((a) => a.peakGpuMemoryMiB)).toEqual([null, null, expect.any(Number)]);
    expect(build.attempts.map((a) => a.log)).toEqual(
      [1, 2, 3].map((n) => expect.stringContaining(`out/logs/m.p.${n}.log`)),
    );
    for (const n of [1, 2, 3])
      expect(readFileSync(join(runner.dir, 'out', 'logs', `m.p.${n}.log`), 'utf8')).toContain(
        '&&&& RUNNING TensorRT.trtexec',
      );
    expect(runner.calls().map((c) => c.args.find((a) => a.startsWith('--memPoolSize')))).toEqual([
      '--memPoolSize=workspace:4096',
      '--memPoolSize=workspace:2048',
      '--memPoolSize=workspace:1024',
    ]);
    expect(result.stderr).toContain('out-of-memory; retrying with workspace 2.00 GiB');
  });

  it('stops at min-workspace, fails that profile with a hint, and goes on with the others', async () => {
    const runner = makeRunner({
      trtexecEnv: { TRTEXEC_STANDIN_OOM_ABOVE_MIB: 100, TRTEXEC_STANDIN_ONLY: 'm.big.plan' },
    });
    runner.touch('m.onnx');
    const config = runner.writeConfig(`
output-dir: out
workspace: 2GiB
min-workspace: 512MiB
models:
  - name: m
    onnx: m.onnx
    profiles:
      - { name: big, shapes: { x: 1x3x64x64 } }
      - { name: small, shapes: { x: 1x3x32x32 } }
`);
    const result = await cli(['run', '--config', config, '--json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as Report;
    const [big, small] = report.builds;
    expect(big!.status).toBe('failed');
    expect(big!.attempts.map((a) => a.workspaceMiB)).toEqual([2048, 1024, 512]);
    expect(big!.failure!.kind).toBe('out-of-memory');
    expect(big!.failure!.hint).toContain('min-workspace (512 MiB)');
    expect(big!.plan).toBeNull();
    expect(big!.configPosition).toEqual({ file: config, line: 11, column: 9 });
    expect(small!.status).toBe('built');
    expect(report.status).toBe('failed');
  });

  it('a plan cut short on disk (its header says more bytes) is a failed build, never cached', async () => {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_CUT_PLAN: 1000, TRTEXEC_STANDIN_ONLY: 'm.cut.plan' } });
    runner.touch('m.onnx');
    const config = runner.writeConfig(`
output-dir: out
cache-dir: cache
models:
  - name: m
    onnx: m.onnx
    profiles:
      - { name: cut, shapes: { x: 1x3x64x64 } }
      - { name: whole, shapes: { x: 1x3x32x32 } }
`);
    const result = await cli(['run', '--config', config, '--json']);
    expect(result.code).toBe(1);
    const [cut, whole] = (JSON.parse(result.stdout) as Report).builds;
    expect(cut).toMatchObject({ status: 'failed', plan: null });
    expect(cut!.failure!.message).toMatch(
      /m\.cut\.plan is damaged: truncated: the header says .*, the file holds 1000$/,
    );
    expect(whole!.status).toBe('built');
    const again = JSON.parse((await cli(['run', '--config', config, '--json'])).stdout) as Report;
    expect(again.builds.map((b) => b.cache?.hit)).toEqual([false, true]);
    expect(again.builds[0]!.failure!.kind).toBe('other');
  });

  it('trtexec passing without writing a plan is a failed build with its hint, not "cancelled"', async () => {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_CUT_PLAN: 0 } });
    runner.touch('m.onnx');
    const config = runner.writeConfig(
      'output-dir: out\nmodels:\n  - { name: m, onnx: m.onnx, profiles: [{ name: p, shapes: { x: 1x3x8x8 } }] }\n',
    );
    const [build] = (JSON.parse((await cli(['run', '--config', config, '--json'])).stdout) as Report).builds;
    expect(build!.failure).toMatchObject({
      kind: 'other',
      message: expect.stringMatching(/wrote no plan at .*m\.p\.plan$/),
    });
  });

  it('kills the whole process group at build-timeout, TERM then KILL, and leaves no process behind', async () => {
    const childPids = join(makeRunner().dir, 'child-pids');
    const hanging = makeRunner({
      trtexecEnv: {
        TRTEXEC_STANDIN_HANG: 'ignore-term',
        TRTEXEC_STANDIN_ONLY: 'm.stuck.plan',
        TRTEXEC_STANDIN_CHILD_PIDS: childPids,
      },
    });
    hanging.touch('m.onnx');
    const config = hanging.writeConfig(`
output-dir: out
build-timeout: 1s
kill-grace: 300ms
models:
  - name: m
    onnx: m.onnx
    profiles:
      - { name: stuck, shapes: { x: 1x3x64x64 } }
      - { name: fine, shapes: { x: 1x3x32x32 } }
`);
    const result = await cli(['run', '--config', config, '--json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as Report;
    const stuck = report.builds[0]!;
    expect(stuck.failure!.kind).toBe('timeout');
    // Said in the unit it was given in (1s), not rounded to "0 min".
    expect(stuck.failure!.hint).toContain('build-timeout (1 s)');
    expect(stuck.attempts).toHaveLength(1);
    expect(stuck.attempts[0]!.signal).toBe('SIGKILL'); // it ignored TERM
    expect(stuck.attempts[0]!.seconds).toBeGreaterThanOrEqual(1);
    expect(report.builds[1]!.status).toBe('built');
    const pids = readFileSync(childPids, 'utf8').split('\n').filter(Boolean).map(Number);
    expect(pids).toHaveLength(1);
    expect(await allGone(pids)).toEqual([]);
    expect(readFileSync(join(hanging.dir, 'out', 'logs', 'm.stuck.1.log'), 'utf8')).toContain('Timing Runner');
  });

  it('builds on two GPUs at once, one build per GPU at a time, pinned with CUDA_VISIBLE_DEVICES', async () => {
    const runner = makeRunner({ gpus: 2, trtexecEnv: { TRTEXEC_STANDIN_BUILD_MS: 400 } });
    runner.touch('models/upsampler.onnx', 'models/detector.onnx');
    const result = await cli(['build', '--config', runner.writeConfig(TWO_MODELS), '--json']);
    expect(result.code, result.stderr).toBe(0);
    const calls = runner.calls();
    expect(calls).toHaveLength(6);
    expect(new Set(calls.map((c) => c.gpu))).toEqual(new Set(['0', '1']));
    const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
      a.start < b.end && b.start < a.end;
    for (const [i, a] of calls.entries()) {
      for (const b of calls.slice(i + 1)) {
        if (a.gpu === b.gpu) expect(overlaps(a, b), `two builds on GPU ${a.gpu} at once`).toBe(false);
      }
    }
    const gpu0 = calls.filter((c) => c.gpu === '0');
    const gpu1 = calls.filter((c) => c.gpu === '1');
    expect(gpu0.some((a) => gpu1.some((b) => overlaps(a, b)))).toBe(true);
    const builds = (JSON.parse(result.stdout) as { builds: Report['builds'] }).builds;
    expect(builds.map((b) => b.gpu!.index).sort()).toEqual(calls.map((c) => Number(c.gpu)).sort());
    // Builds on both GPUs wrote the timing cache; each through its own copy, published by rename.
    // Each publish recorded where it was written, by rename too: no staged record is left either.
    expect(readdirSync(join(runner.dir, '.trt-ci'))).toEqual(['timing.cache', 'timing.cache.origin.json']);
    expect(statSync(join(runner.dir, '.trt-ci', 'timing.cache')).size % 4096).toBe(0);
  });

  it('attributes peak GPU memory to each build from one nvidia-smi -lms stream', async () => {
    const runner = makeRunner({
      gpus: 2,
      trtexecEnv: { TRTEXEC_STANDIN_BUILD_MS: 600, TRTEXEC_STANDIN_ALLOC_MIB: 3072 },
    });
    runner.touch('m.onnx');
    const config = runner.writeConfig(`
output-dir: out
models:
  - name: m
    onnx: m.onnx
    profiles:
      - { name: a, shapes: { x: 1x3x64x64 } }
      - { name: b, shapes: { x: 1x3x32x32 } }
`);
    const result = await cli(['build', '--config', config, '--json']);
    expect(result.code, result.stderr).toBe(0);
    const builds = (JSON.parse(result.stdout) as { builds: Report['builds'] }).builds;
    // Both build at once on different GPUs; each is charged only its own GPU's memory.
    expect(builds.map((b) => b.peakGpuMemoryMiB)).toEqual([3072, 3072]);
  });

  it('a build the stream saw nothing of is "not measured", never 0 B within a peak-memory budget', async () => {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_BUILD_MS: 300, TRTEXEC_STANDIN_ALLOC_MIB: 0 } });
    runner.touch('m.onnx');
    const config = runner.writeConfig(
      "output-dir: out\nmodels:\n  - name: m\n    onnx: m.onnx\n    budgets: { peak-memory: '1GiB' }\n" +
        '    profiles: [{ name: a, shapes: { x: 1x3x8x8 } }]\n',
    );
    await cli(['build', '--config', config]);
    const report = JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8')) as Report;
    expect(report.builds[0]!.peakGpuMemoryMiB).toBeNull();
    expect(report.budgets.find((b) => b.metric === 'peak-memory')).toMatchObject({
      status: 'warn',
      value: null,
      message: expect.stringMatching(/^peak GPU memory of the build: not measured: nvidia-smi saw no sample/),
    });
  });

  it('reads the TensorRT 8.6 flag set: --memPoolSize, --skipInference, --staticPlugins', async () => {
    const runner = makeRunner({ version: '8.6.1.6', trtexecEnv: { TRTEXEC_STANDIN_NEEDS_PLUGIN: 'libleaky.so' } });
    runner.touch('m.onnx', 'plugins/libleaky.so');
    const config = runner.writeConfig(`
output-dir: out
models:
  - name: m
    onnx: m.onnx
    precision: fp16
    plugins: [plugins/libleaky.so]
    profiles: [{ name: p, shapes: { x: 1x3x64x64 } }]
`);
    const result = await cli(['build', '--config', config, '--json']);
    expect(result.code, result.stderr).toBe(0);
    const args = runner.calls()[0]!.args;
    expect(args).toEqual(
      expect.arrayContaining([
        '--memPoolSize=workspace:4096',
        '--skipInference',
        `--staticPlugins=${join(runner.dir, 'plugins/libleaky.so')}`,
        '--fp16',
      ]),
    );
    expect(JSON.parse(result.stdout).tensorrtVersion).toBe('8.6.1');
  });

  it('uses --workspace, --buildOnly and --plugins on TensorRT 8.2, which has no newer flags', async () => {
    const runner = makeRunner({ version: '8.2.1.8' });
    runner.touch('m.onnx', 'libp.so');
    const config = runner.writeConfig(`
output-dir: out
models: [{ name: m, onnx: m.onnx, plugins: [libp.so], profiles: [{ name: p, shapes: { x: 1x3x64x64 } }] }]
`);
    const result = await cli(['build', '--config', config]);
    expect(result.code, result.stderr).toBe(0);
    const args = runner.calls()[0]!.args;
    expect(args).toEqual(
      expect.arrayContaining(['--workspace=4096', '--buildOnly', `--plugins=${join(runner.dir, 'libp.so')}`]),
    );
    expect(
      args.some((a) => a.startsWith('--memPoolSize') || a.startsWith('--staticPlugins') || a === '--skipInference'),
    ).toBe(false);
  });

  it('a missing plugin fails that model with plugin-missing and a hint, and the other model still builds', async () => {
    const runner = makeRunner({
      version: '8.6.1.6',
      trtexecEnv: { TRTEXEC_STANDIN_NEEDS_PLUGIN: 'libleaky.so', TRTEXEC_STANDIN_ONLY: 'needs' },
    });
    runner.touch('a.onnx', 'b.onnx');
    const config = runner.writeConfig(`
output-dir: out
models:
  - { name: needs, onnx: a.onnx, profiles: [{ name: p, shapes: { x: 1x3x8x8 } }] }
  - { name: plain, onnx: b.onnx, profiles: [{ name: p, shapes: { x: 1x3x8x8 } }] }
`);
    const result = await cli(['run', '--config', config]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('✘ needs/p');
    expect(result.stdout).toContain('plugin-missing');
    expect(result.stdout).toContain('hint: A layer needs a plugin');
    expect(result.stdout).toMatch(/✔\s+plain\/p\s+built/);
  });

  it(
    'a driver older than the CUDA runtime (trtexec 8.6 ' + 'aborts) is driver-insufficient with the driver floors',
    async () => {
      const runner = makeRunner({ version: '8.6.1.6', trtexecEnv: { TRTEXEC_STANDIN_CRASH: 'driver' } });
      runner.touch('m.onnx');
      const config = runner.writeConfig(`
output-dir: out
models: [{ name: m, onnx: m.onnx, profiles: [{ name: p, shapes: { x: 1x3x8x8 } }] }]
`);
      const result = await cli(['run', '--config', config, '--json']);
      expect(result.code).toBe(1);
      const build = (JSON.parse(result.stdout) as Report).builds[0]!;
      expect(build.attempts[0]!.signal).toBe('SIGABRT');
      expect(build.failure!.kind).toBe('driver-insufficient');
      expect(build.failure!.hint).toContain('525.60.13');
      expect(build.attempts).toHaveLength(1); // not retried: a smaller workspace cannot help
    },
  );

  it('loads each plan with --loadEngine when benchmark is on and records latency', async () => {
    const runner = makeRunner({ version: '10.16.1.11' });
    runner.touch('m.onnx');
    const config = runner.writeConfig(`
output-dir: out
benchmark: true
models:
  - { name: m, onnx: m.onnx, profiles: [{ name: p, shapes: { x: { min: 1x3x8x8, opt: 1x3x16x16, max: 1x3x32x32 } } }] }
`);
    const result = await cli(['run', '--config', config, '--json']);
    expect(result.code, result.stderr).toBe(0);
    const build = (JSON.parse(result.stdout) as Report).builds[0]!;
    expect(build.perf!.throughputQps).toBe(15374.3);
    expect(build.perf!.latencyMs!.median).toBeGreaterThan(0);
    expect(build.perf!.latencyMs!.p99).toBeGreaterThan(build.perf!.latencyMs!.median!);
    const load = runner.calls()[1]!.args;
    expect(load).toEqual([
      `--loadEngine=${join(runner.dir, 'out', 'm.p.plan')}`,
      '--shapes=x:1x3x16x16',
      '--noDataTransfers',
      '--useCudaGraph',
      '--useSpinWait',
    ]);
  });

  it('refuses precision: best on TensorRT 11 before any build starts (exit 2, pointing at the line)', async () => {
    const runner = makeRunner({ version: '11.2.1.2' });
    runner.touch('m.onnx');
    const config = runner.writeConfig(`output-dir: out
models:
  - name: m
    onnx: m.onnx
    precision: best
    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]
`);
    const result = await cli(['run', '--config', config]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(
      /trt-ci\.yml:7:16 models\[0\]\.precision: TensorRT 11\.2\.1 builds strongly typed networks and has no --best/,
    );
    expect(runner.calls()).toEqual([]);
    expect(existsSync(join(runner.dir, 'out'))).toBe(false);
  });

  it('refuses extra-args that this trtexec does not have, before building', async () => {
    const runner = makeRunner({ version: '10.16.1.11' });
    runner.touch('m.onnx');
    const config = runner.writeConfig(`output-dir: out
extra-args: [--builderOptimizationLevel=5]
models:
  - name: m
    onnx: m.onnx
    extra-args: [--noTF32, --explicitBatch]
    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]
`);
    const result = await cli(['build', '--config', config]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      'trt-ci.yml:8:28 models[0].extra-args[1]: --explicitBatch was ' +
        'removed in TensorRT 10.0, this trtexec is 10.16.1, got "--explicitBatch"',
    );
    expect(runner.calls()).toEqual([]);
  });

  it.each([
    ['preflight', '10.16.1.5', /has no --fp16x \(not in its option parser\); did you mean --fp16\?/],
    ['build', '11.1.0.5', /trtexec 11\.1\.0 has no --fp16x \(not in its option parser\), got "--fp16x"/],
    ['build', '11.5.0.1', /trtexec 11\.5\.0 has no --fp16x/],
  ])(
    '%s on %s: a --help that lists no flags still refuses a flag trtexec never parsed (issue 58)',
    async (command, version, message) => {
      const runner = makeRunner({ version, trtexecEnv: { TRTEXEC_STANDIN_TERSE_HELP: 1 } });
      runner.touch('m.onnx');
      const config = runner.writeConfig(`output-dir: out
models: [{ name: m, onnx: m.onnx, extra-args: [--avgRuns=5, --fp16x], profiles: [{ name: p, shapes: { x: 1x3x8x8 } }] }]
`);
      const result = await cli([command, '--config', config]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^trt-ci: \S+trt-ci\.yml:\d+:\d+ models\[0\]\.extra-args\[1\]: /);
      expect(result.stderr).toMatch(message);
      expect(runner.calls()).toEqual([]);
    },
  );

  it('an unknown option that trtexec itself rejects is reported as unknown-option', async () => {
    // A release past those trt-ci has read (11.6), whose --help lists no flags: only trtexec can refuse the flag.
    const runner = makeRunner({ version: '11.6.0.1', trtexecEnv: { TRTEXEC_STANDIN_TERSE_HELP: 1 } });
    runner.touch('m.onnx');
    const config = runner.writeConfig(`output-dir: out
models: [{ name: m, onnx: m.onnx, extra-args: [--madeUpFlag=1], profiles: [{ name: p, shapes: { x: 1x3x8x8 } }] }]
`);
    const result = await cli(['build', '--config', config, '--json']);
    expect(result.code).toBe(1);
    const build = (JSON.parse(result.stdout) as { builds: Report['builds'] }).builds[0]!;
    expect(build.failure!.kind).toBe('unknown-option');
    expect(build.failure!.message).toBe('Unknown option: --madeUpFlag 1');
    // 11.1 prints no FAILED line; the exit status alone says it failed.
    expect(readFileSync(join(runner.dir, 'out', 'logs', 'm.p.1.log'), 'utf8')).not.toContain('&&&& FAILED');
  });

  it('a GPU index that nvidia-smi does not list is a config error', async () => {
    const runner = makeRunner({ gpus: 2 });
    runner.touch('m.onnx');
    const config = runner.writeConfig(`output-dir: out
gpus: [0, 5]
models: [{ name: m, onnx: m.onnx, profiles: [{ name: p, shapes: { x: 1x3x8x8 } }] }]
`);
    const result = await cli(['build', '--config', config]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /trt-ci\.yml:4:\d+ gpus\[1\]: expected a GPU index that nvidia-smi lists \(0, 1\), got 5/,
    );
  });

  it('cancelling the run kills the running build, skips the rest, and still writes the report', async () => {
    const childPids = join(makeRunner().dir, 'child-pids');
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_HANG: '1', TRTEXEC_STANDIN_CHILD_PIDS: childPids } });
    runner.touch('m.onnx');
    const config = runner.writeConfig(`output-dir: out
models:
  - { name: m, onnx: m.onnx, profiles: [{ name: a, shapes: { x: 1x3x8x8 } }, { name: b, shapes: { x: 1x3x8x8 } }] }
`);
    const controller = new AbortController();
    // Cancel once trtexec is running and has forked its child (it writes the pid), not after a guessed time.
    const cancelWhenRunning = async () => {
      while (!existsSync(childPids) || !readFileSync(childPids, 'utf8').trim()) await sleep(20);
      controller.abort();
    };
    const result = await cli(['run', '--config', config, '--json'], {
      signal: controller.signal,
      onStderr: (text) => {
        if (text.startsWith('▶ m/a')) void cancelWhenRunning();
      },
    });
    // Interrupted, not a verdict: 130, as a shell reports a process stopped by SIGINT.
    expect(result.code).toBe(130);
    const report = readJson<Report>(join(runner.dir, 'out', 'report.json'));
    expect(report.builds.map((b) => `${b.status}:${b.failure?.kind}`)).toEqual([
      'failed:cancelled',
      'skipped:cancelled',
    ]);
    expect(readdirSync(join(runner.dir, 'out', 'logs'))).toEqual(['m.a.1.log']);
    // The killed build leaves no process behind: the child trtexec forked is gone too.
    const pids = readFileSync(childPids, 'utf8').trim().split('\n').map(Number);
    expect(pids).toHaveLength(1);
    expect(await allGone(pids)).toEqual([]);
  });
});

describe('cancelling', () => {
  it('starts no new attempt once cancelled: an out-of-memory retry that was due is cancelled instead', async () => {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_OOM_ABOVE_MIB: 1 } });
    runner.touch('m.onnx');
    const config = runner.writeConfig(
      'output-dir: out\nworkspace: 4GiB\n' +
        'models: [{ name: m, onnx: m.onnx, profiles: [{ name: p, shapes: { x: 1x8 } }] }]\n',
    );
    const controller = new AbortController();
    // The cancel arrives as the retry is announced, before its trtexec starts.
    const result = await cli(['run', '--config', config, '--json'], {
      signal: controller.signal,
      onStderr: (text) => {
        if (text.startsWith('↻')) controller.abort();
      },
    });
    expect(result.code).toBe(130);
    const [build] = readJson<Report>(join(runner.dir, 'out', 'report.json')).builds;
    expect(build!.attempts.map((a) => a.failure?.kind)).toEqual(['out-of-memory']);
    expect(build!.failure?.kind).toBe('cancelled');
    expect(runner.calls()).toHaveLength(1);
  });
});

describe('nvidia-smi', () => {
  it(
    'is asked for the GPUs once per run, shared by preflight ' +
      'and the build stage, plus the processes and one -lms stream',
    async () => {
      const smiCalls = join(makeRunner().dir, 'smi-calls.jsonl');
      const runner = makeRunner({ nvidiaSmiEnv: { NVIDIA_SMI_STANDIN_CALLS: smiCalls } });
      runner.touch('m.onnx');
      const config = runner.writeConfig(
        'output-dir: out\nmodels: [{ name: m, onnx: m.onnx, profiles: [{ name: p, shapes: { x: 1x8 } }] }]\n',
      );
      expect((await cli(['run', '--config', config])).code).toBe(0);
      const calls = readFileSync(smiCalls, 'utf8')
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as string[]).join(' '));
      expect(calls.filter((c) => c.includes('--query-gpu=index,name,'))).toHaveLength(1);
      expect(calls.filter((c) => c.includes('--query-compute-apps'))).toHaveLength(1);
      expect(calls.filter((c) => c.includes('-lms'))).toHaveLength(1);
    },
  );
});

describe('the output folder', () => {
  it.each([
    [
      'the config folder (the repository root)',
      '.',
      /output-dir: expected a folder of trt-ci's own, got .*, which holds other files/,
    ],
    ['the file system root', '/', /output-dir: expected a folder of trt-ci's own, got \/, which holds other files/],
    [
      'a folder of files trt-ci did not write',
      'docs',
      /output-dir: expected a new folder or one trt-ci wrote, got .*docs, which holds files trt-ci did not write/,
    ],
  ])('is refused when it is %s, and nothing there is touched', async (_what, dir, message) => {
    const runner = makeRunner();
    runner.touch('m.onnx', 'docs/summary.md');
    const config = runner.writeConfig(
      `output-dir: ${dir}\nmodels: [{ name: m, onnx: m.onnx, profiles: [{ name: p, shapes: { x: 1x8 } }] }]\n`,
    );
    const result = await cli(['run', '--config', config]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(readFileSync(join(runner.dir, 'docs', 'summary.md'), 'utf8')).toBe('onnx placeholder\n');
    expect(runner.calls()).toEqual([]);
  });
});

describe('trt-ci build with extra-args managed by trt-ci', () => {
  it('refuses a flag that trt-ci derives from the config', async () => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    const config = runner.writeConfig(`output-dir: out
extra-args: [--memPoolSize=workspace:1024]
models: [{ name: m, onnx: m.onnx, profiles: [{ name: p, shapes: { x: 1x3x8x8 } }] }]
`);
    const result = await cli(['build', '--config', config]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/trt-ci\.yml:4:14 extra-args\[0\]: --memPoolSize is set by trt-ci from the config/);
  });

  it('refuses a flag this trtexec does not list in its --help, before any build, with the closest one', async () => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    const config = runner.writeConfig(`output-dir: out
models: [{ name: m, onnx: m.onnx, extra-args: [--fp17], profiles: [{ name: p, shapes: { x: 1x3x8x8 } }] }]
`);
    const result = await cli(['build', '--config', config]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /trt-ci\.yml:4:\d+ models\[0\]\.extra-args\[0\]: this trtexec \(10\.16\.1\) has no --fp17; did you mean --fp16\?/,
    );
    expect(runner.calls()).toEqual([]);
  });

  it('refuses two flags in one list item: argv has no shell to split them', async () => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    const config = runner.writeConfig(`output-dir: out
extra-args: ['--builderOptimizationLevel=5 --verbose']
models: [{ name: m, onnx: m.onnx, profiles: [{ name: p, shapes: { x: 1x3x8x8 } }] }]
`);
    const result = await cli(['build', '--config', config]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/extra-args\[0\]: expected one flag per list item/);
  });

  it('reads file paths in extra-args relative to trt-ci.yml, like every other path', async () => {
    const runner = makeRunner();
    runner.touch('team/m.onnx', 'team/calib.cache');
    const config = runner.writeConfig(
      'output-dir: out\nextra-args: [--calib=calib.cache, --builderOptimizationLevel=3]\n' +
        'models: [{ name: m, onnx: m.onnx, profiles: [{ name: p, shapes: { x: 1x3x8x8 } }] }]\n',
      'team/trt-ci.yml',
    );
    const result = await cli(['build', '--config', config], { cwd: runner.dir });
    expect(result.code, result.stderr).toBe(0);
    const [call] = runner.calls();
    expect(call!.args).toContain(`--calib=${join(runner.dir, 'team', 'calib.cache')}`);
    expect(call!.args).toContain('--builderOptimizationLevel=3');
  });
});

describe('settings a fleet needs', () => {
  const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
    a.start < b.end && b.start < a.end;
  /** The most calls running at one moment (a call's start is a moment every call that runs then shares). */
  const mostAtOnce = (calls: { start: number; end: number }[]) =>
    Math.max(...calls.map((c) => calls.filter((d) => d.start <= c.start && c.start < d.end).length));

  /** `${NAME}` as trt-ci.yml writes it. */
  const variable = (name: string) => `\${${name}}`;

  it(`${variable('NAME')} in trtexec, nvidia-smi, ONNX and plugin paths comes from the environment`, async () => {
    const runner = makeRunner();
    runner.touch('models/m.onnx');
    const config = runner.writeConfig(
      `output-dir: out\ntrtexec: ${variable('TRT_BIN')}/trtexec\n` +
        `nvidia-smi: ${variable(`SMI_DIR:-${runner.dir}/bin`)}/nvidia-smi\n` +
        `models: [{ name: m, onnx: "${variable('MODELS')}/m.onnx", profiles: [{ name: p, shapes: { x: 1x8 } }] }]\n`,
    );
    const env = { ...process.env, TRT_BIN: join(runner.dir, 'bin'), MODELS: join(runner.dir, 'models') };
    const result = await cli(['run', '--config', config, '--json'], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(runner.calls()[0]!.args).toContain(`--onnx=${join(runner.dir, 'models', 'm.onnx')}`);
    // Unset (or empty): exit 2, naming each variable and the field, with its line.
    const unset = await cli(['run', '--config', config], { env: { ...process.env, TRT_BIN: '' } });
    expect(unset.code).toBe(2);
    expect(unset.stderr).toContain(
      `trt-ci.yml:2:10 trtexec: expected ${variable('TRT_BIN')} to be set in the environment ` +
        `(or ${variable('NAME:-default')} in trt-ci.yml), got "${variable('TRT_BIN')}/trtexec" with it unset`,
    );
    expect(unset.stderr).toMatch(/trt-ci\.yml:4:\d+ models\[0\]\.onnx: expected \$\{MODELS\} to be set/);
  });

  it('a model sets its own workspace, min-workspace and build-timeout; others keep the top-level ones', async () => {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_HANG: '1', TRTEXEC_STANDIN_ONLY: 'slow.p' } });
    runner.touch('m.onnx');
    const config = runner.writeConfig(`output-dir: out
workspace: 2GiB
kill-grace: 100ms
models:
  - { name: small, onnx: m.onnx, workspace: 256MiB, min-workspace: 64MiB, profiles: [{ name: p, shapes: { x: 1x8 } }] }
  - { name: slow, onnx: m.onnx, build-timeout: 1s, profiles: [{ name: p, shapes: { x: 1x8 } }] }
  - { name: other, onnx: m.onnx, profiles: [{ name: p, shapes: { x: 1x8 } }] }
`);
    const result = await cli(['build', '--config', config, '--json']);
    expect(result.code).toBe(1);
    const workspaceOf = (model: string) =>
      runner
        .calls()
        .find((c) => c.args.some((a) => a.includes(`${model}.p.plan`)))!
        .args.find((a) => a.startsWith('--memPoolSize='));
    expect(workspaceOf('small')).toBe('--memPoolSize=workspace:256');
    expect(workspaceOf('other')).toBe('--memPoolSize=workspace:2048');
    const builds = (JSON.parse(result.stdout) as { builds: Report['builds'] }).builds;
    expect(builds.map((b) => `${b.model}:${b.status}`)).toEqual(['small:built', 'slow:failed', 'other:built']);
    expect(builds[1]!.failure).toMatchObject({ kind: 'timeout' });
    expect(builds[1]!.failure!.hint).toContain('1 s');
    // min-workspace above the model's own workspace is refused at its line.
    const bad = runner.writeConfig(
      'models: [{ name: m, onnx: m.onnx, workspace: 64MiB, profiles: [{ name: p, shapes: { x: 1x8 } }] }]\n',
      'bad.yml',
    );
    const refused = await cli(['build', '--config', bad]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/bad\.yml:\d+:\d+ models\[0\]\.workspace: expected min-workspace \(536870912 /);
  });

  it('max-parallel: 2 runs two builds at once on one GPU; 1 runs one at a time on two', async () => {
    const threeBuilds =
      'models:\n  - name: m\n    onnx: m.onnx\n    profiles:\n' +
      '      - { name: a, shapes: { x: 1x8 } }\n      - { name: b, shapes: { x: 1x8 } }\n' +
      '      - { name: c, shapes: { x: 1x8 } }\n';
    const shared = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_BUILD_MS: 600 } });
    shared.touch('m.onnx');
    const two = await cli([
      'build',
      '--config',
      shared.writeConfig(`output-dir: out\nmax-parallel: 2\n${threeBuilds}`),
    ]);
    expect(two.code, two.stderr).toBe(0);
    expect(shared.calls().map((c) => c.gpu)).toEqual(['0', '0', '0']);
    expect(mostAtOnce(shared.calls())).toBe(2);

    const serial = makeRunner({ gpus: 2, trtexecEnv: { TRTEXEC_STANDIN_BUILD_MS: 200 } });
    serial.touch('m.onnx');
    const one = await cli([
      'build',
      '--config',
      serial.writeConfig(`output-dir: out\nmax-parallel: 1\n${threeBuilds}`),
    ]);
    expect(one.code, one.stderr).toBe(0);
    const calls = serial.calls();
    expect(calls.some((a, i) => calls.slice(i + 1).some((b) => overlaps(a, b)))).toBe(false);
  });
});

describe('sharding over the fleet', () => {
  const profiles = (names: string[]) =>
    names.map((name, i) => `{ name: ${name}, shapes: { x: 1x${8 << i} } }`).join(', ');
  const SIX =
    'output-dir: out\nmodels:\n' +
    `  - { name: up, onnx: m.onnx, profiles: [${profiles(['sd', 'hd', 'uhd'])}] }\n` +
    `  - { name: det, onnx: m.onnx, profiles: [${profiles(['s', 'm', 'l'])}] }\n`;
  const built = (report: Report) => report.builds.map((b) => `${b.model}/${b.profile}`);

  it('3 shards of 2 models × 3 profiles: disjoint balanced sets, all 6 in all, merged in one report', async () => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    const shards: Report[] = [];
    for (const i of [1, 2, 3]) {
      const config = runner.writeConfig(SIX.replace('output-dir: out', `output-dir: out-${i}`), `shard-${i}.yml`);
      const result = await cli(['build', '--config', config, '--shard', `${i}/3`]);
      expect(result.code, result.stderr).toBe(0);
      shards.push(readJson<Report>(join(runner.dir, `out-${i}`, 'report.json')));
    }
    const sets = shards.map(built);
    expect(sets.flat().sort()).toEqual(['det/l', 'det/m', 'det/s', 'up/hd', 'up/sd', 'up/uhd']);
    expect(new Set(sets.flat()).size).toBe(6);
    // No shard holds more than its even share (2 of 6): the slowest shard sets the wall time.
    for (const set of sets) expect(set.length).toBeLessThanOrEqual(2);
    expect(runner.calls()).toHaveLength(6);
    const merged = await cli(['report', ...[1, 2, 3].map((i) => join(runner.dir, `out-${i}`, 'report.json'))]);
    expect(merged.code, merged.stderr).toBe(0);
    for (const pair of sets.flat())
      expect(merged.stdout).toContain(`| ${pair.split('/')[0]} | ${pair.split('/')[1]} |`);
  });

  it('adding a model moves no more than one pair that was already placed', () => {
    const pairs = ['up/sd', 'up/hd', 'up/uhd', 'det/s', 'det/m', 'det/l'];
    const before = assignShards(pairs, 3);
    const after = assignShards([...pairs, 'seg/a', 'seg/b', 'seg/c'], 3);
    expect(pairs.filter((_, i) => before[i] !== after[i]).length).toBeLessThanOrEqual(1);
    // The same split in every job of the matrix: it depends on nothing but the names.
    expect(assignShards(pairs, 3)).toEqual(before);
  });

  it('more shards than pairs: each shard builds at most one (npm run bench times --shard 1/9999)', () => {
    const pairs = Array.from({ length: 1000 }, (_, i) => `m${i >> 2}/p${i & 3}`);
    const shards = assignShards(pairs, 9999);
    const counts = new Map<number, number>();
    for (const s of shards) counts.set(s, (counts.get(s) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBe(1);
    expect(shards.every((s) => Number.isInteger(s) && s >= 0 && s < 9999)).toBe(true);
  });

  it('balances by build time when the baseline has them: one long build gets a shard to itself', () => {
    const pairs = ['llm/a', 'cls/a', 'cls/b', 'cls/c', 'cls/d'];
    const weights = new Map([
      ['llm/a', 3600],
      ['cls/a', 60],
      ['cls/b', 60],
      ['cls/c', 60],
      ['cls/d', 60],
    ]);
    const shards = assignShards(pairs, 2, weights);
    expect(shards.filter((s) => s === shards[0])).toHaveLength(1);
  });

  it('--only builds the named models and profiles; a name the config lacks is exit 2 with the closest', async () => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    const config = runner.writeConfig(SIX);
    const result = await cli(['build', '--config', config, '--only', 'up/hd', '--only', 'det', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(built(JSON.parse(result.stdout) as Report).sort()).toEqual(['det/l', 'det/m', 'det/s', 'up/hd']);
    const typo = await cli(['build', '--config', config, '--only', 'up/hdd']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain(
      '--only: expected a model or model/profile of the config, got "up/hdd"; did you mean "up/hd"?',
    );
    const bad = await cli(['run', '--config', config, '--shard', '4/3']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--shard: expected I/N with 1 <= I <= N, like 2/3, got "4/3"');
  });
});

describe('never silent', () => {
  it('preflight first, then each build as it starts, a heartbeat while it runs, and how it ended', async () => {
    const runner = makeRunner({
      trtexecEnv: { TRTEXEC_STANDIN_BUILD_MS: 1200, TRTEXEC_STANDIN_ALLOC_MIB: 2048 },
    });
    runner.touch('m.onnx');
    const config = runner.writeConfig(
      'output-dir: out\nmodels: [{ name: m, onnx: m.onnx, profiles: [{ name: p, shapes: { x: 1x8 } }] }]\n',
    );
    const transcript: string[] = [];
    const env = { ...process.env, TRT_CI_HEARTBEAT_MS: '200' };
    const result = await cli(['run', '--config', config], { env, transcript });
    expect(result.code, result.stderr).toBe(0);
    const text = transcript.join('');
    const at = (pattern: RegExp) => text.search(pattern);
    expect(at(/preflight/i)).toBeGreaterThanOrEqual(0);
    expect(at(/preflight/i)).toBeLessThan(at(/▶ m\/p: building on GPU 0 \(attempt 1, workspace 4\.00 GiB\)/));
    const heartbeat = /… m\/p: [\d.]+ s on GPU 0 \(attempt 1\), peak [\d.]+ GiB so far; last: .+/;
    expect(text).toMatch(heartbeat);
    expect(at(heartbeat)).toBeLessThan(at(/✔ m\/p: built/));
  });

  it('a build that got through only after out-of-memory back-off says so, in the log and the summary', async () => {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_OOM_ABOVE_MIB: 3000 } });
    runner.touch('m.onnx');
    const config = runner.writeConfig(
      'output-dir: out\nmodels: [{ name: m, onnx: m.onnx, profiles: [{ name: p, shapes: { x: 1x8 } }] }]\n',
    );
    const result = await cli(['run', '--config', config]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('✔ m/p: built with 2.00 GiB after out-of-memory at 4.00 GiB');
    const summary = readFileSync(join(runner.dir, 'out', 'summary.md'), 'utf8');
    expect(summary).toContain('#### ⚠️ Built after out-of-memory back-off');
    expect(summary).toContain('- m / p on NVIDIA H200: built with 2.00 GiB after out-of-memory at 4.00 GiB');
  });
});

describe('engines for deployment', () => {
  const model = (engine: string) =>
    `output-dir: out\ncache-dir: cache\nmodels:\n  - name: m\n    onnx: m.onnx\n    engine: ${engine}\n` +
    '    profiles: [{ name: a, shapes: { x: { min: 1x8, opt: 2x8, max: 4x8 } } }, { name: b, shapes: { x: 8x8 } }]\n';

  it('engine: both builds a plan per profile, then one with every profile, verified, budgeted and cached', async () => {
    // The split builds run out of memory at 4 GiB: the combined plan starts from the 2 GiB they proved.
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_OOM_ABOVE_MIB: 3000 } });
    runner.touch('m.onnx');
    const config = runner.writeConfig(model('both'));
    const result = await cli(['run', '--config', config, '--json']);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as Report;
    expect(report.builds.map((b) => `${b.profile}:${b.status}`)).toEqual(['a:built', 'b:built', 'combined:built']);
    const combined = runner.calls().find((c) => c.args.some((a) => a.endsWith('m.combined.plan')))!;
    expect(combined.args.join(' ')).toContain(
      '--profile=0 --minShapes=x:1x8 --optShapes=x:2x8 --maxShapes=x:4x8 ' +
        '--profile=1 --minShapes=x:8x8 --optShapes=x:8x8 --maxShapes=x:8x8 --memPoolSize=workspace:2048',
    );
    expect(report.builds[2]!.attempts).toHaveLength(1);
    expect(report.plans.map((p) => p.profile)).toContain('combined');
    expect(report.budgets.some((b) => b.profile === 'combined')).toBe(true);
    const manifest = readJson<{ engines: { profile: string; shapes: Record<string, unknown> }[] }>(
      join(runner.dir, 'out', 'manifest.json'),
    );
    expect(Object.keys(manifest.engines.find((e) => e.profile === 'combined')!.shapes)).toEqual(['a/x', 'b/x']);
    const again = await cli(['run', '--config', config, '--json']);
    expect((JSON.parse(again.stdout) as Report).builds.map((b) => b.status)).toEqual(['cached', 'cached', 'cached']);
  });

  it('engine: combined on a TensorRT without --profile=N is a config error before any build', async () => {
    const runner = makeRunner({ version: '8.6.1.6' });
    runner.touch('m.onnx');
    const result = await cli(['run', '--config', runner.writeConfig(model('combined'))]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /models\[0\]\.engine: a combined engine needs trtexec's --profile=N \(TensorRT >= 10\.0\), this trtexec is 8\.6/,
    );
    expect(runner.calls()).toEqual([]);
  });
});

describe('in a terminal', () => {
  it('a status line per GPU is redrawn in place while builds run, and erased at the end', async () => {
    const runner = makeRunner({
      gpus: 2,
      // Long enough that a loaded machine still draws a frame with both builds and their memory.
      trtexecEnv: { TRTEXEC_STANDIN_BUILD_MS: 4000, TRTEXEC_STANDIN_ALLOC_MIB: 1024 },
    });
    runner.touch('m.onnx');
    const config = runner.writeConfig(
      'output-dir: out\nmodels: [{ name: m, onnx: m.onnx, profiles: [{ name: a, shapes: { x: 1x8 } }, ' +
        '{ name: b, shapes: { x: 1x16 } }] }]\n',
    );
    const result = await cli(['build', '--config', config], { tty: true });
    expect(result.code, result.stderr).toBe(0);
    // Redrawn: erase the line, then both GPUs' builds with their elapsed time and memory.
    const shown = result.stderr.replaceAll('\r\x1b[K', '<erase>');
    expect(shown).toMatch(/<erase>GPU 0: m\/[ab] [\d.]+ s, [\d.]+ GiB · GPU 1: m\/[ab] [\d.]+ s, [\d.]+ GiB/);
    // No heartbeat lines in a terminal: the status line says it.
    expect(shown).not.toMatch(/^… /m);
    expect(shown.endsWith('<erase>')).toBe(true);
    expect(shown).toMatch(/<erase>✔ m\/a: built\n/);
  });
});
