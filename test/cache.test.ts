import { createHash, generateKeyPairSync } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileDigests } from '../src/cache/engine-cache.js';
import { externalDataFiles } from '../src/onnx/external-data.js';
import { cacheTrustOf, mayReplace } from '../src/cache/trust.js';
import type { Report } from '../src/contract/report.js';
import { cli, makeRunner, type Runner } from './support/harness.js';
import { classifierOnnx } from './support/onnx-models.js';

const CONFIG = (shape = '1x3x32x32', extra = '') => `output-dir: out
cache-dir: cache
${extra}models:
  - name: up
    onnx: up.onnx
    profiles:
      - { name: sd, shapes: { x: { min: 1x3x8x8, opt: 1x3x16x16, max: ${shape} } } }
      - { name: hd, shapes: { x: 1x3x64x64 } }
  - name: det
    onnx: det.onnx
    profiles:
      - { name: b1, shapes: { images: 1x3x32x32 } }
`;

/** One model, one profile: for what one engine shows as well as three. */
const ONE = (extra = '', onnx = 'up.onnx') =>
  `output-dir: out\ncache-dir: cache\n${extra}models:\n  - name: up\n    onnx: ${onnx}\n` +
  '    profiles: [{ name: sd, shapes: { x: 1x3x16x16 } }]\n';

async function run(runner: Runner, configText: string, outputDir = 'out'): Promise<Report> {
  const config = runner.writeConfig(
    configText.replace('output-dir: out', `output-dir: ${outputDir}`),
    `${outputDir}.yml`,
  );
  const result = await cli(['build', '--config', config, '--json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(readFileSync(join(runner.dir, outputDir, 'report.json'), 'utf8')) as Report;
}

/** Each plan's digest: equal digests, byte-identical plans (comparing megabytes with toEqual is slow). */
const plans = (runner: Runner, out = 'out') =>
  Object.fromEntries(
    ['up.sd', 'up.hd', 'det.b1'].map((n) => [
      n,
      createHash('sha256')
        .update(readFileSync(join(runner.dir, out, `${n}.plan`)))
        .digest('hex'),
    ]),
  );

describe('the engine cache', () => {
  it(
    'a second run with nothing changed builds nothing, gives byte-identical plans and says what it ' + 'saved',
    async () => {
      const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_BUILD_MS: 50 } });
      runner.touch('up.onnx', 'det.onnx');
      const first = await run(runner, CONFIG());
      expect(runner.calls()).toHaveLength(3);
      expect(first.cache).toMatchObject({ hits: 0, misses: 3 });
      const before = plans(runner);
      const second = await run(runner, CONFIG());
      expect(runner.calls()).toHaveLength(3);
      expect(second.builds.map((b) => b.status)).toEqual(['cached', 'cached', 'cached']);
      expect(plans(runner)).toEqual(before);
      // A hit is said as one, not as a failure.
      const said = await cli(['build', '--config', join(runner.dir, 'out.yml')]);
      expect(said.stderr).toContain('✔ up/sd: cached');
      expect(said.stderr).not.toContain('✘');
      expect(second.cache!.hits).toBe(3);
      expect(second.cache!.savedSeconds).toBeCloseTo(
        first.builds.reduce((s, b) => s + b.buildSeconds!, 0),
        6,
      );
      expect(second.cache!.key).toBe(first.cache!.key);
      // A cached plan is still verified: scanned, with its digest.
      expect(second.plans.map((p) => p.sha256)).toEqual(first.plans.map((p) => p.sha256));
      // The timing cache is kept per TensorRT version and GPU model.
      expect(readdirSync(join(runner.dir, 'cache', 'timing'))).toEqual(['10.16.1.11-NVIDIA-H200.cache']);
    },
  );

  it('a hit says where the engine it serves was built: the runner, the GPU, the run (issue 60)', async () => {
    const runner = makeRunner();
    runner.touch('up.onnx');
    const config = runner.writeConfig(ONE(''));
    const on = async (name: string) => {
      const result = await cli(['build', '--config', config, '--json'], { env: { ...process.env, RUNNER_NAME: name } });
      expect(result.code, result.stderr).toBe(0);
      return JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8')) as Report;
    };
    const built = await on('gpu-runner-7');
    expect(built.builds[0]!.cache!.builtOn).toBeUndefined();
    const served = await on('gpu-runner-9');
    expect(served.builds[0]!.cache!.builtOn).toEqual({
      runner: 'gpu-runner-7',
      gpu: 'NVIDIA H200',
      computeCapability: '9.0',
      run: 'local',
    });
  });

  it('a cached engine of a model with benchmark: is loaded and measured in this run, like a built one', async () => {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_LATENCY_MS: '1.0' } });
    runner.touch('up.onnx');
    const config = ONE("benchmark: true\nbudgets: { latency-growth: '5%' }\n");
    const first = await run(runner, config);
    const second = await run(runner, config);
    expect(second.builds[0]!.status).toBe('cached');
    // Loaded and measured in this run, on this GPU: no latency figure is carried over unmeasured.
    const loads = runner.calls().filter((c) => c.args.some((a) => a.startsWith('--loadEngine=')));
    expect(loads).toHaveLength(2);
    expect(second.builds[0]!.perf!.latencyMs!.median).toBeGreaterThan(0);
    expect(first.builds[0]!.perf!.latencyMs!.median).toBeGreaterThan(0);
  });

  it("changing one profile's shape rebuilds only that profile; a new TensorRT rebuilds all", async () => {
    const runner = makeRunner();
    runner.touch('up.onnx', 'det.onnx');
    await run(runner, CONFIG());
    await run(runner, CONFIG('1x3x48x48'));
    const rebuilt = runner
      .calls()
      .slice(3)
      .map((c) =>
        c.args
          .find((a) => a.startsWith('--saveEngine='))!
          .split('/')
          .pop(),
      );
    expect(rebuilt).toEqual(['up.sd.plan']);

    const upgraded = makeRunner({ version: '10.16.2.10' });
    upgraded.touch('up.onnx', 'det.onnx');
    // The same cache folder, used by a runner with another TensorRT.
    const shared = CONFIG().replace('cache-dir: cache', `cache-dir: ${join(runner.dir, 'cache')}`);
    const report = await run(upgraded, shared);
    expect(report.builds.map((b) => b.status)).toEqual(['built', 'built', 'built']);
    expect(upgraded.calls()).toHaveLength(3);
  });

  it('a changed ONNX file or its external data rebuilds', async () => {
    const runner = makeRunner();
    // The protobuf bytes of external_data { key: "location" value: "weights.bin" }.
    writeFileSync(
      join(runner.dir, 'up.onnx'),
      Buffer.concat([
        Buffer.from('onnx header'),
        Buffer.from('\x0a\x08location\x12\x0bweights.bin', 'latin1'),
        Buffer.from('rest'),
      ]),
    );
    writeFileSync(join(runner.dir, 'weights.bin'), 'v1');
    runner.touch('det.onnx');
    expect(await externalDataFiles(join(runner.dir, 'up.onnx'))).toEqual([join(runner.dir, 'weights.bin')]);
    await run(runner, CONFIG());
    writeFileSync(join(runner.dir, 'weights.bin'), 'v2');
    const report = await run(runner, CONFIG());
    expect(report.builds.map((b) => b.status)).toEqual(['built', 'built', 'cached']);
  });

  it('a corrupted entry is found, removed and rebuilt, never used', async () => {
    const runner = makeRunner();
    runner.touch('up.onnx', 'det.onnx');
    const first = await run(runner, CONFIG());
    const entry = (key: string) => join(runner.dir, 'cache', 'engines', key.slice(0, 2), key);
    // One plan cut short, one with a flipped byte (same size: only the digest tells).
    truncateSync(join(entry(first.builds[0]!.cache!.key), 'plan'), 100);
    const flipped = join(entry(first.builds[1]!.cache!.key), 'plan');
    const bytes = readFileSync(flipped);
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
    writeFileSync(flipped, bytes);
    const second = await run(runner, CONFIG());
    expect(second.builds.map((b) => b.status)).toEqual(['built', 'built', 'cached']);
    expect(second.cache).toMatchObject({ hits: 1, misses: 2, corrupt: 2 });
    expect(second.plans.map((p) => p.sha256)).toEqual(first.plans.map((p) => p.sha256));
    const third = await run(runner, CONFIG());
    expect(third.builds.map((b) => b.status)).toEqual(['cached', 'cached', 'cached']);
  });

  it('two runs sharing one cache folder at once never read a half-written entry', async () => {
    const runner = makeRunner({
      gpus: 2,
      trtexecEnv: { TRTEXEC_STANDIN_BUILD_MS: 150, TRTEXEC_STANDIN_PLAN_BYTES: 4 * 1024 * 1024 },
    });
    runner.touch('up.onnx', 'det.onnx');
    // A copy that died half-way leaves only a staging folder; it must be ignored.
    const staging = join(runner.dir, 'cache', 'tmp', 'dead.1.abcd');
    runner.touch('cache/tmp/dead.1.abcd/plan');
    const [a, b] = await Promise.all([run(runner, CONFIG(), 'out-a'), run(runner, CONFIG(), 'out-b')]);
    for (const report of [a, b])
      expect(report.builds.every((x) => x.status === 'built' || x.status === 'cached')).toBe(true);
    expect(plans(runner, 'out-a')).toEqual(plans(runner, 'out-b'));
    const c = await run(runner, CONFIG(), 'out-c');
    expect(c.builds.map((x) => x.status)).toEqual(['cached', 'cached', 'cached']);
    expect(plans(runner, 'out-c')).toEqual(plans(runner, 'out-a'));
    expect(statSync(staging).isDirectory()).toBe(true);
  });

  it('cache-max-size evicts the least recently used entries', async () => {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_PLAN_BYTES: 1024 * 1024 } });
    runner.touch('up.onnx', 'det.onnx');
    const report = await run(runner, CONFIG('1x3x32x32', 'cache-max-size: 2.5MiB\n'));
    expect(report.cache!.evicted).toBe(1);
    expect(report.cache!.bytes!).toBeLessThanOrEqual(2.5 * 1024 * 1024);
    // The entries left are the two most recently used.
    const again = await run(runner, CONFIG('1x3x32x32', 'cache-max-size: 2.5MiB\n'));
    expect(again.builds.filter((b) => b.status === 'cached')).toHaveLength(2);
  });
});

describe('eviction under a wrong clock', () => {
  it('entries stamped in the future go first; the entries this run stored are kept', async () => {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_PLAN_BYTES: 1024 * 1024 } });
    runner.touch('up.onnx', 'det.onnx');
    const limit = 'cache-max-size: 3.5MiB\n';
    await run(runner, CONFIG('1x3x32x32', limit));
    // A job whose clock was years ahead stamped every entry so far.
    const future = new Date('2099-01-01T00:00:00Z');
    const engines = join(runner.dir, 'cache', 'engines');
    const records = readdirSync(engines).flatMap((p) => readdirSync(join(engines, p)).map((k) => join(engines, p, k)));
    for (const entry of records) utimesSync(join(entry, 'record.json'), future, future);
    // One engine changes: two are served (and so used now), one is new, one is left stamped in 2099.
    const second = await run(runner, CONFIG('1x3x64x64', limit));
    expect(second.builds.map((b) => b.status).sort()).toEqual(['built', 'cached', 'cached']);
    expect(second.cache!.evicted).toBe(1);
    const third = await run(runner, CONFIG('1x3x64x64', limit));
    expect(third.builds.map((b) => b.status)).toEqual(third.builds.map(() => 'cached'));
  });
});

describe('the cache key misses nothing a build reads', () => {
  // One build is enough to show what its key holds.
  /** Two runs with a change in between; the statuses of the second. */
  async function rebuiltAfter(change: (runner: Runner) => void, extra = ''): Promise<string[]> {
    const runner = makeRunner();
    runner.touch('up.onnx', 'calib.cache');
    await run(runner, ONE(extra));
    const calls = runner.calls().length;
    change(runner);
    const report = await run(runner, ONE(extra));
    expect(runner.calls().length - calls).toBe(report.builds.filter((b) => b.status === 'built').length);
    return report.builds.map((b) => b.status);
  }

  it('control: nothing changed, nothing rebuilt', async () => {
    expect(await rebuiltAfter(() => {})).toEqual(['cached']);
  });

  it('another trtexec binary that prints the same version banner', async () => {
    const statuses = await rebuiltAfter((runner) => {
      writeFileSync(runner.trtexec, `${readFileSync(runner.trtexec, 'utf8')}# rebuilt from another branch\n`);
    });
    expect(statuses).toEqual(['built']);
  });

  it('a changed file named in extra-args (an INT8 calibration cache)', async () => {
    const extra = 'extra-args: [--calib=calib.cache]\n';
    const statuses = await rebuiltAfter(
      (runner) => writeFileSync(join(runner.dir, 'calib.cache'), 'TRT-8601-EntropyCalibration2 v2'),
      extra,
    );
    expect(statuses).toEqual(['built']);
  });

  it('a variable that changes builds (CUDA_MODULE_LOADING)', async () => {
    const before = process.env.CUDA_MODULE_LOADING;
    try {
      process.env.CUDA_MODULE_LOADING = 'LAZY';
      const statuses = await rebuiltAfter(() => {
        process.env.CUDA_MODULE_LOADING = 'EAGER';
      });
      expect(statuses).toEqual(['built']);
    } finally {
      if (before === undefined) delete process.env.CUDA_MODULE_LOADING;
      else process.env.CUDA_MODULE_LOADING = before;
    }
  });

  it('external data that is a FIFO or /dev/zero is refused before anything reads it; the run ends', async () => {
    const runner = makeRunner();
    const named = (file: string) =>
      Buffer.concat([
        Buffer.from('onnx header'),
        Buffer.from(`\x0a\x08location\x12${String.fromCharCode(file.length)}${file}`, 'latin1'),
      ]);
    writeFileSync(join(runner.dir, 'up.onnx'), named('fifo.bin'));
    writeFileSync(join(runner.dir, 'det.onnx'), named('zero.bin'));
    execFileSync('mkfifo', [join(runner.dir, 'fifo.bin')]);
    symlinkSync('/dev/zero', join(runner.dir, 'zero.bin'));
    const config = runner.writeConfig(CONFIG());
    const result = await cli(['build', '--config', config, '--json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8')) as Report;
    expect(report.builds.map((b) => b.status)).toEqual(['failed', 'failed', 'failed']);
    expect(report.builds[0]!.failure!.message).toMatch(
      /names external data that is missing, not a regular file, or outside its folder: .*fifo\.bin/,
    );
    expect(report.builds[2]!.failure!.message).toMatch(/zero\.bin$/);
    // trtexec never started on them.
    expect(runner.calls()).toEqual([]);
  });

  it('a cancel stops the hashing of a huge external data file: the run ends, its report written', async () => {
    const runner = makeRunner();
    // 64 GiB of weights (a sparse file: no disk used), minutes to hash: only a cancel that stops the read ends it.
    const weights = join(runner.dir, 'weights.bin');
    execFileSync('truncate', ['-s', '64G', weights]);
    const aborted = new AbortController();
    aborted.abort();
    expect(await new FileDigests(aborted.signal).of(weights)).toBeNull();
    const location = `\x0a\x08location\x12${String.fromCharCode('weights.bin'.length)}weights.bin`;
    for (const model of ['up', 'det'])
      writeFileSync(join(runner.dir, `${model}.onnx`), Buffer.from(`onnx header${location}`, 'latin1'));
    const config = runner.writeConfig(CONFIG());
    const cancel = new AbortController();
    // Cancelled while the run hashes (it prints nothing before its first build), as a runner's cancel arrives.
    const running = cli(['build', '--config', config, '--json'], { signal: cancel.signal });
    setTimeout(() => cancel.abort(), 300);
    const result = await running;
    expect(result.code).toBe(130);
    const report = JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8')) as Report;
    expect(report.builds.map((b) => b.failure?.kind)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(runner.calls()).toEqual([]);
  });

  it('external data a link beside the model leads out of its folder is refused, nothing built (issue 58)', async () => {
    const runner = makeRunner();
    runner.touch('models/up.onnx', 'secret/key.bin');
    writeFileSync(join(runner.dir, 'secret', 'key.bin'), 'a runner secret');
    symlinkSync(join(runner.dir, 'secret', 'key.bin'), join(runner.dir, 'models', 'w.bin'));
    const location = Buffer.concat([Buffer.from('\x0a\x08location\x12', 'latin1'), varint(5), Buffer.from('w.bin')]);
    writeFileSync(join(runner.dir, 'models', 'up.onnx'), Buffer.concat([Buffer.from('onnx'), location]));
    const refused = await cli(['build', '--config', runner.writeConfig(ONE('', 'models/up.onnx'), 'link.yml')]);
    expect(refused.code, refused.stderr).toBe(1);
    const [build] = (JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8')) as Report).builds;
    expect(build!.status).toBe('failed');
    expect(build!.failure!.message).toMatch(/names external data that is missing, not a regular file, or outside/);
    expect(build!.failure!.message).toContain(join(runner.dir, 'models', 'w.bin'));
    expect(runner.calls().filter((c) => c.args.some((a) => a.startsWith('--onnx=')))).toEqual([]);
    // The same file beside the model, not a link: built.
    rmSync(join(runner.dir, 'models', 'w.bin'));
    writeFileSync(join(runner.dir, 'models', 'w.bin'), 'weights');
    expect((await run(runner, ONE('', 'models/up.onnx'))).builds[0]!.status).toBe('built');
  });

  it('external data with a name over 127 bytes, or outside the model folder', async () => {
    const runner = makeRunner();
    const long = `${'w'.repeat(200)}.bin`;
    const location = (name: string) =>
      Buffer.concat([Buffer.from('\x0a\x08location\x12', 'latin1'), varint(name.length), Buffer.from(name)]);
    runner.touch('models/up.onnx', 'shared/outside.bin', `models/${long}`);
    writeFileSync(
      join(runner.dir, 'models', 'up.onnx'),
      Buffer.concat([Buffer.from('onnx'), location(long), location('../shared/outside.bin'), Buffer.from('end')]),
    );
    expect(await externalDataFiles(join(runner.dir, 'models', 'up.onnx'))).toEqual([
      join(runner.dir, 'models', long),
      join(runner.dir, 'shared', 'outside.bin'),
    ]);
    const config = ONE('', 'models/up.onnx');
    await run(runner, config);
    writeFileSync(join(runner.dir, 'shared', 'outside.bin'), 'new weights');
    expect((await run(runner, config)).builds.map((b) => b.status)).toEqual(['built']);
    writeFileSync(join(runner.dir, 'models', long), 'new weights');
    expect((await run(runner, config)).builds.map((b) => b.status)).toEqual(['built']);
    expect((await run(runner, config)).builds.map((b) => b.status)).toEqual(['cached']);
  });

  it('serves and stores nothing when the GPU is unknown (nvidia-smi does not answer), and says so', async () => {
    const runner = makeRunner({ nvidiaSmiEnv: { NVIDIA_SMI_STANDIN_EXIT: 9 } });
    runner.touch('up.onnx');
    await run(runner, ONE());
    const second = await run(runner, ONE());
    expect(second.builds.map((b) => b.status)).toEqual(['built']);
    expect(second.cache).toMatchObject({ hits: 0, refused: expect.stringContaining('GPU model is unknown') });
    expect(readdirSync(join(runner.dir, 'cache'))).not.toContain('engines');
  });
});

function varint(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest >>>= 7;
  }
  bytes.push(rest);
  return Buffer.from(bytes);
}

describe('whose entries a run takes (the trust model of docs/cache.md)', () => {
  /** The environment of a run in GitHub Actions: a pull request's, or a push to the default branch. */
  function actionsEnv(runner: Runner, event: 'pull_request' | 'push', secret?: string): NodeJS.ProcessEnv {
    const file = join(runner.dir, `${event}.json`);
    writeFileSync(file, JSON.stringify({ repository: { default_branch: 'main' } }));
    return {
      ...process.env,
      GITHUB_ACTIONS: 'true',
      GITHUB_REPOSITORY: 'acme/engines',
      GITHUB_EVENT_NAME: event,
      GITHUB_EVENT_PATH: file,
      GITHUB_REF: event === 'push' ? 'refs/heads/main' : 'refs/pull/7/merge',
      GITHUB_SHA: event === 'push' ? 'a'.repeat(40) : 'b'.repeat(40),
      ...(secret && { TRT_CI_CACHE_KEY: secret }),
    };
  }
  // The default branch's key: its private half a secret only push jobs get, its public half in trt-ci.yml.
  const pair = generateKeyPairSync('ed25519');
  const secret = pair.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
  const publicKey = pair.publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
  const SIGNED = `cache-signing-key: \${TRT_CI_CACHE_KEY:-}\ncache-public-key: ${publicKey}\n`;

  async function build(runner: Runner, env: NodeJS.ProcessEnv, extra = ''): Promise<Report> {
    const config = runner.writeConfig(
      `output-dir: out\ncache-dir: cache\n${extra}` +
        'models: [{ name: up, onnx: up.onnx, profiles: [{ name: sd, shapes: { x: 1x8 } }] }]\n',
    );
    // Where the job runs: the report's paths (an attempt's log) are relative to it.
    const result = await cli(['build', '--config', config, '--json'], { env, cwd: runner.dir });
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8')) as Report;
  }
  const entry = (runner: Runner) => {
    const [prefix] = readdirSync(join(runner.dir, 'cache', 'engines'));
    const [key] = readdirSync(join(runner.dir, 'cache', 'engines', prefix!));
    return join(runner.dir, 'cache', 'engines', prefix!, key!);
  };

  it('without a key: pull requests share entries; the default branch takes none (records prove nothing)', async () => {
    const runner = makeRunner();
    runner.touch('up.onnx');
    await build(runner, actionsEnv(runner, 'pull_request'));
    expect((await build(runner, actionsEnv(runner, 'pull_request'))).builds[0]!.status).toBe('cached');
    // The pull request's job rewrites its record to read as the default branch's.
    const record = JSON.parse(readFileSync(join(entry(runner), 'record.json'), 'utf8'));
    record.provenance = { commit: 'a'.repeat(40), event: 'push', defaultBranch: true };
    writeFileSync(join(entry(runner), 'record.json'), JSON.stringify(record));
    const push = await build(runner, actionsEnv(runner, 'push'));
    expect(push.builds[0]!.status).toBe('built');
    expect(push.cache).toMatchObject({ hits: 0, untrusted: 1 });
  });

  it('with a key: the default branch signs and is served its own; a rewritten entry is served to no one', async () => {
    const runner = makeRunner();
    runner.touch('up.onnx');
    await build(runner, actionsEnv(runner, 'push', secret), SIGNED);
    expect(JSON.parse(readFileSync(join(entry(runner), 'record.json'), 'utf8')).signature).toMatch(
      /^[A-Za-z0-9+/=]{80,}$/,
    );
    expect((await build(runner, actionsEnv(runner, 'push', secret), SIGNED)).builds[0]!.status).toBe('cached');
    // A pull request (no secret: the key is empty there) is served the signed entry.
    expect((await build(runner, actionsEnv(runner, 'pull_request'), SIGNED)).builds[0]!.status).toBe('cached');
    // It puts its own plan in the entry, keeping the signed record: the plan is not the one signed.
    writeFileSync(join(entry(runner), 'plan'), readFileSync(join(entry(runner), 'plan')).fill(7, 64));
    const push = await build(runner, actionsEnv(runner, 'push', secret), SIGNED);
    expect(push.builds[0]!.status).toBe('built');
    // Or a record of its own with the signature copied from another entry: the signature does not fit.
    const record = JSON.parse(readFileSync(join(entry(runner), 'record.json'), 'utf8'));
    record.sha256 = 'f'.repeat(64);
    writeFileSync(join(entry(runner), 'record.json'), JSON.stringify(record));
    expect((await build(runner, actionsEnv(runner, 'pull_request'), SIGNED)).cache).toMatchObject({ untrusted: 1 });
  });

  it('a key that reaches a pull request signs nothing and is said; no program it runs is handed a key', async () => {
    const runner = makeRunner();
    runner.touch('up.onnx');
    // The key under a name of the team's own, and the documented name set too.
    const named = `cache-signing-key: \${TEAM_SIGNING_SECRET}\ncache-public-key: ${publicKey}\n`;
    const env = (event: 'push' | 'pull_request') => ({
      ...actionsEnv(runner, event, secret),
      TEAM_SIGNING_SECRET: secret,
    });
    const pr = await build(runner, env('pull_request'), named);
    expect(JSON.parse(readFileSync(join(entry(runner), 'record.json'), 'utf8')).signature).toBeUndefined();
    expect(pr.cache!.problems[0]).toMatch(/^cache-signing-key is set, but this run is not the default branch's/);
    const push = await build(runner, env('push'), named);
    expect(push.builds[0]!.status).toBe('built');
    expect(JSON.parse(readFileSync(join(entry(runner), 'record.json'), 'utf8')).signature).toMatch(
      /^[A-Za-z0-9+/=]{80,}$/,
    );
    expect(push.cache!.problems).toEqual([]);
    // trtexec (and every other child) ran without either variable.
    expect(runner.calls().length).toBeGreaterThan(1);
    expect(runner.calls().flatMap((c) => c.secrets)).toEqual([]);
  });

  it('outside Actions, TRT_CI_DEFAULT_BRANCH=true declares the default branch; inside, GitHub decides', async () => {
    const signature = () => JSON.parse(readFileSync(join(entry(runner), 'record.json'), 'utf8')).signature;
    const runner = makeRunner();
    runner.touch('up.onnx');
    const gitlab = { ...process.env, GITHUB_ACTIONS: '', TRT_CI_CACHE_KEY: secret };
    await build(runner, { ...gitlab, TRT_CI_DEFAULT_BRANCH: 'false' }, SIGNED);
    expect(signature()).toBeUndefined();
    const declared = await build(
      runner,
      { ...gitlab, TRT_CI_DEFAULT_BRANCH: 'true', TRT_CI_COMMIT: 'c'.repeat(40) },
      SIGNED,
    );
    expect(declared.builds[0]!.status).toBe('built');
    expect(signature()).toMatch(/^[A-Za-z0-9+/=]{80,}$/);
    expect(JSON.parse(readFileSync(join(entry(runner), 'record.json'), 'utf8')).provenance).toMatchObject({
      event: 'declared',
      defaultBranch: true,
      commit: 'c'.repeat(40),
    });
    // A pull request's job in Actions that sets the variable is still a pull request's: served what it may be.
    const pr = await build(
      runner,
      { ...actionsEnv(runner, 'pull_request', secret), TRT_CI_DEFAULT_BRANCH: 'true' },
      SIGNED,
    );
    expect(pr.cache!.problems[0]).toMatch(/not the default branch's/);
  });

  it("an entry whose plan is a link (to a runner's secret) is never restored", async () => {
    const runner = makeRunner();
    runner.touch('up.onnx');
    await build(runner, actionsEnv(runner, 'pull_request'));
    const secretFile = join(runner.dir, 'runner-secret');
    writeFileSync(secretFile, 'token=ghs_secret');
    const plan = join(entry(runner), 'plan');
    const size = statSync(plan).size;
    rmSync(plan);
    symlinkSync(secretFile, plan);
    truncateSync(secretFile, size);
    const again = await build(runner, actionsEnv(runner, 'pull_request'));
    expect(again.builds[0]!.status).toBe('built');
    expect(
      readFileSync(join(runner.dir, 'out', 'up.sd.plan'))
        .subarray(0, 4)
        .toString('latin1'),
    ).toBe('ftrt');
  });

  it("a planted timing cache is not handed to the default branch's build (it starts with none)", async () => {
    const runner = makeRunner();
    runner.touch('up.onnx');
    mkdirSync(join(runner.dir, 'cache', 'timing'), { recursive: true });
    writeFileSync(join(runner.dir, 'cache', 'timing', '10.16.1.11-NVIDIA-H200.cache'), Buffer.alloc(4096, 9));
    const push = await build(runner, actionsEnv(runner, 'push', secret), SIGNED);
    const log = readFileSync(join(runner.dir, push.builds[0]!.attempts[0]!.log!), 'utf8');
    expect(log).toContain('Could not read cache from');
    // What it published is its own, signed: the next default-branch build starts from it.
    expect(existsSync(join(runner.dir, 'cache', 'timing', '10.16.1.11-NVIDIA-H200.cache.sig'))).toBe(true);
  });

  it('an accuracy reference rewritten to zeros is not served: a zeros engine still fails', async () => {
    const runner = makeRunner();
    writeFileSync(join(runner.dir, 'classifier.onnx'), classifierOnnx());
    const config = runner.writeConfig(
      `output-dir: out\ncache-dir: cache\n${SIGNED}models:\n  - name: cls\n    onnx: classifier.onnx\n` +
        '    accuracy: {}\n    profiles: [{ name: p, shapes: { x: 2x3x8x8 } }]\n',
    );
    const run = (env: NodeJS.ProcessEnv) => cli(['run', '--config', config, '--json'], { env });
    expect((await run(actionsEnv(runner, 'push', secret))).code).toBe(0);
    const references = join(runner.dir, 'cache', 'references');
    const [kept] = readdirSync(references).filter((f) => f.endsWith('.json'));
    expect(existsSync(join(references, `${kept}.sig`))).toBe(true);
    // A pull request's job zeroes the kept reference (its signature left beside it).
    const zeroed = JSON.parse(readFileSync(join(references, kept!), 'utf8')).map((o: { values: string }) => ({
      ...o,
      values: Buffer.alloc(Buffer.from(o.values, 'base64').length).toString('base64'),
    }));
    writeFileSync(join(references, kept!), JSON.stringify(zeroed));
    const broken = await run({ ...actionsEnv(runner, 'push', secret), TRTEXEC_STANDIN_OUTPUT_ERROR: 'zeros' });
    expect(broken.code).toBe(1);
    expect(JSON.parse(broken.stdout).builds[0].accuracy.status).toBe('failed');
  });

  it('who may put an entry in place of a servable one: the signer, or anyone where nothing is signed', () => {
    const signing = { cacheTrust: 'own-branch' as const, cacheSigningKey: secret, cachePublicKey: publicKey };
    const verifying = { ...signing, cacheSigningKey: null };
    const unsigned = { ...verifying, cachePublicKey: null };
    // [config, the existing entry is servable, may replace]
    const table = [
      [signing, true, true],
      [signing, false, true],
      [verifying, true, false],
      [verifying, false, true],
      [unsigned, true, true],
      [unsigned, false, true],
    ] as const;
    for (const [row, [config, servable, may]] of table.entries()) {
      expect(mayReplace(cacheTrustOf(config, config === signing), servable), `row ${row}`).toBe(may);
    }
  });

  it('cache-trust: any lets the default branch take them', async () => {
    const runner = makeRunner();
    runner.touch('up.onnx');
    await build(runner, actionsEnv(runner, 'pull_request'), 'cache-trust: any\n');
    const push = await build(runner, actionsEnv(runner, 'push'), 'cache-trust: any\n');
    expect(push.builds[0]!.status).toBe('cached');
  });

  it('a key that is not an Ed25519 key is exit 2 at its line, without its text', async () => {
    const runner = makeRunner();
    runner.touch('up.onnx');
    const config = runner.writeConfig(
      'output-dir: out\ncache-dir: cache\ncache-public-key: bm90IGEga2V5\n' +
        'models: [{ name: up, onnx: up.onnx, profiles: [{ name: sd, shapes: { x: 1x8 } }] }]\n',
    );
    const result = await cli(['build', '--config', config]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/trt-ci\.yml:5:19 cache-public-key: expected an Ed25519 public key: /);
    expect(result.stderr).not.toContain('bm90IGEga2V5');
  });
});

describe('faults degrade to a build, and the report is still written', () => {
  const entryDir = (runner: Runner, key: string) => join(runner.dir, 'cache', 'engines', key.slice(0, 2), key);

  it('a null record, an entry that cannot be read or removed, and a cache that cannot be written', async () => {
    const runner = makeRunner();
    runner.touch('up.onnx', 'det.onnx');
    const first = await run(runner, CONFIG());
    const [nulled, unreadable, untouched] = first.builds.map((b) => b.cache!.key);
    // `null` is JSON, but no record.
    writeFileSync(join(entryDir(runner, nulled!), 'record.json'), 'null');
    // A file where the entry's folder should be: it can be neither read nor removed (ENOTDIR).
    const prefix = join(runner.dir, 'cache', 'engines', unreadable!.slice(0, 2));
    // Keys share their first two characters one time in 256: then that entry stays as it is, and is served.
    const shared = nulled!.slice(0, 2) === unreadable!.slice(0, 2);
    if (!shared) {
      rmSync(prefix, { recursive: true });
      writeFileSync(prefix, 'not a folder');
    }
    // Nothing can be stored: the staging folder's parent is a file (as good as a full disk to trt-ci).
    rmSync(join(runner.dir, 'cache', 'tmp'), { recursive: true, force: true });
    writeFileSync(join(runner.dir, 'cache', 'tmp'), 'not a folder');
    const config = runner.writeConfig(CONFIG(), 'out.yml');
    const result = await cli(['build', '--config', config]);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8')) as Report;
    // The third entry is left alone, unless its key shares the unreadable one's first two characters (one time
    // in 256 again): then the file in their common folder hides it too, and it is built.
    const hidden = !shared && untouched!.slice(0, 2) === unreadable!.slice(0, 2);
    expect(report.builds.map((b) => b.status)).toEqual([
      'built',
      shared ? 'cached' : 'built',
      hidden ? 'built' : 'cached',
    ]);
    expect(report.builds[0]!.cache).toMatchObject({ corrupt: true, problem: /could not be written: ENOTDIR/ });
    expect(report.cache!.problems).toEqual(
      expect.arrayContaining([expect.stringMatching(/the engine cache could not be written: ENOTDIR/)]),
    );
    if (!shared) {
      expect(report.builds[1]!.cache!.problem).toMatch(/the engine cache could not be read: ENOTDIR/);
    }
    expect(result.stdout).toMatch(/⚠ the engine cache could not be written/);
    expect(readFileSync(join(runner.dir, 'out', 'summary.md'), 'utf8')).toMatch(
      /⚠️ the engine cache could not be (read|written)/,
    );
  });

  it('an output that cannot be written: the rest is written, it is named, exit 74 (never 70)', async () => {
    const runner = makeRunner();
    runner.touch('up.onnx');
    await run(runner, ONE());
    // A folder where report.json goes cannot be written, as a full disk cannot (the same path: each output
    // is written on its own). A link to /dev/full no longer shows it: trt-ci replaces links, never writes
    // through them (test/outsider.test.ts).
    rmSync(join(runner.dir, 'out', 'report.json'));
    mkdirSync(join(runner.dir, 'out', 'report.json', 'kept'), { recursive: true });
    rmSync(join(runner.dir, 'out', 'summary.md'));
    const result = await cli(['build', '--config', join(runner.dir, 'out.yml')]);
    expect(result.code).toBe(74);
    expect(result.stderr).toMatch(/out\/report\.json: cannot write: /);
    expect(statSync(join(runner.dir, 'out', 'report.json', 'kept')).isDirectory()).toBe(true);
    expect(result.stdout).toMatch(/✔\s+up\/sd\s+cached/);
    expect(readFileSync(join(runner.dir, 'out', 'summary.md'), 'utf8')).toContain('♻️ 1 from the engine cache');
    expect(statSync(join(runner.dir, 'out', 'manifest.json')).size).toBeGreaterThan(0);
  });
});

describe('two runs and one output folder', () => {
  it('the second is refused while the first writes it (exit 2, naming the folder and the process)', async () => {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_BUILD_MS: 400 } });
    runner.touch('up.onnx');
    const config = runner.writeConfig(ONE(), 'out.yml');
    let started: () => void = () => {};
    const firstBuildStarted = new Promise<void>((resolve) => (started = resolve));
    const first = cli(['build', '--config', config], { onStderr: (t) => t.includes('building') && started() });
    await firstBuildStarted;
    const second = await cli(['build', '--config', config]);
    expect(second.code).toBe(2);
    expect(second.stderr).toMatch(
      new RegExp(`output-dir: expected a folder no other trt-ci run is writing, .*process ${process.pid} is writing`),
    );
    expect((await first).code).toBe(0);
    // Released when the first is done.
    expect(existsSync(join(runner.dir, 'out', '.trt-ci-lock'))).toBe(false);
    expect((await cli(['build', '--config', config])).code).toBe(0);
  });

  it('a lock left by a run that was killed is taken over', async () => {
    const runner = makeRunner();
    runner.touch('up.onnx');
    await run(runner, ONE());
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    writeFileSync(join(runner.dir, 'out', '.trt-ci-lock'), gone.stdout);
    expect((await cli(['build', '--config', join(runner.dir, 'out.yml')])).code).toBe(0);
  });
});
