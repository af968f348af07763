// cache-dir: oci://… end to end: trt-ci runs (the CLI, the trtexec stand-in) on "ephemeral" runners, each a
// new empty folder, against a real docker-registry on 127.0.0.1 behind token auth that grants what GHCR would
// (the default branch's job token may push the cache repository; a pull request's may only read it).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OciClient } from '../src/cache/oci-client.js';
import { tagFor } from '../src/cache/registry-cache.js';
import type { Report } from '../src/contract/report.js';
import { cli, makeRunner, type Runner } from './support/harness.js';
import {
  type Fault,
  type FaultProxy,
  registryInstalled,
  startFaultProxy,
  startRegistry,
  type TestRegistry,
} from './support/registry.js';

const MAIN = { password: 'main-job-token-1234', pull: ['*'], push: ['acme/*'] };
const PR = { password: 'pr-job-token-5678', pull: ['*'], push: ['acme/pr-*'] };

const CONFIG = (registry: string, extra = '', repository = 'acme/trt-cache') =>
  `output-dir: out\ncache-dir: oci://${registry}/${repository}\n${extra}models:\n` +
  '  - name: up\n    onnx: up.onnx\n    profiles:\n' +
  '      - { name: sd, shapes: { x: 1x3x16x16 } }\n      - { name: hd, shapes: { x: 1x3x32x32 } }\n' +
  '  - name: det\n    onnx: det.onnx\n    profiles: [{ name: b1, shapes: { images: 1x3x32x32 } }]\n';

/** The environment of a GitHub job: a push to main, or a pull request, with that job's token. */
function job(runner: Runner, kind: 'push' | 'pull_request', run: number, user: 'main' | 'pr'): NodeJS.ProcessEnv {
  const event =
    kind === 'push'
      ? { repository: { default_branch: 'main' } }
      : {
          repository: { default_branch: 'main' },
          pull_request: {
            number: 7,
            head: { sha: 'b'.repeat(40), repo: { full_name: 'acme/models' } },
            base: { ref: 'main', sha: 'a'.repeat(40) },
          },
        };
  const eventFile = join(runner.dir, 'event.json');
  writeFileSync(eventFile, JSON.stringify(event));
  return {
    PATH: process.env.PATH,
    HOME: runner.dir,
    GITHUB_ACTIONS: 'true',
    GITHUB_REPOSITORY: 'acme/models',
    GITHUB_EVENT_NAME: kind,
    GITHUB_EVENT_PATH: eventFile,
    GITHUB_REF: kind === 'push' ? 'refs/heads/main' : 'refs/pull/7/merge',
    GITHUB_SHA: 'c'.repeat(40),
    GITHUB_RUN_ID: String(run),
    RUNNER_TEMP: join(runner.dir, 'runner-temp'),
    TRT_CI_REGISTRY_USERNAME: user,
    TRT_CI_REGISTRY_PASSWORD: user === 'main' ? MAIN.password : PR.password,
  };
}

/** The runner image: every pod runs the same trtexec (its bytes are part of the key). */
let image: Runner | null = null;

/** A fresh runner (a new empty folder, as an ARC pod is) with the same models, on the same image. */
function ephemeral(): Runner {
  image ??= makeRunner();
  const runner = makeRunner();
  runner.touch('up.onnx', 'det.onnx');
  mkdirSync(join(runner.dir, 'runner-temp'));
  return runner;
}

/** The builds trtexec ran on the image since `since` calls. */
const buildsSince = (since: number) =>
  image!
    .calls()
    .slice(since)
    .filter((c) => c.args.some((a) => a.startsWith('--saveEngine='))).length;

async function build(
  runner: Runner,
  config: string,
  env: NodeJS.ProcessEnv,
  signal?: AbortSignal,
): Promise<{ report: Report; code: number; stderr: string }> {
  const file = runner.writeConfig(`trtexec: ${image!.trtexec}\n${config}`);
  const result = await cli(['build', '--config', file], { env, cwd: runner.dir, ...(signal && { signal }) });
  const report = JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8')) as Report;
  return { report, code: result.code, stderr: result.stderr };
}

/** Every tag of a repository with the digest of its manifest: what the default branch is served. */
async function served(registry: TestRegistry, repository = 'acme/trt-cache'): Promise<Record<string, string>> {
  const c = new OciClient(
    { registry: registry.host, repository, plainHttp: true },
    { credentials: { username: 'main', password: MAIN.password } },
  );
  const tags = (await c.tags()).sort();
  return Object.fromEntries(await Promise.all(tags.map(async (t) => [t, (await c.manifest(t))!.digest] as const)));
}

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe.skipIf(!registryInstalled)('a shared engine cache in an OCI registry, on ephemeral runners', () => {
  let registry: TestRegistry;
  beforeAll(async () => {
    registry = await startRegistry({ auth: 'token', users: { main: MAIN, pr: PR } });
  });
  afterAll(() => registry?.stop());

  it('the default branch builds and pushes; a pull request on a fresh runner pulls and builds 0', async () => {
    const main = ephemeral();
    const first = await build(main, CONFIG(registry.host), job(main, 'push', 101, 'main'));
    expect(first.code, first.stderr).toBe(0);
    expect(first.report.builds.map((b) => b.status)).toEqual(['built', 'built', 'built']);
    expect(first.report.builds.map((b) => b.cache?.registry?.pushed)).toEqual([true, true, true]);
    expect(first.report.cache?.registry).toMatchObject({
      writes: `oci://${registry.host}/acme/trt-cache`,
      notWriting: null,
      credentials: 'TRT_CI_REGISTRY_*',
      pushed: { engine: 3, timing: 1 },
    });
    const before = await served(registry);
    expect(Object.keys(before).filter((t) => t.startsWith('engine-'))).toHaveLength(3);

    const pr = ephemeral();
    const calls = image!.calls().length;
    const second = await build(pr, CONFIG(registry.host), job(pr, 'pull_request', 202, 'pr'));
    expect(second.code, second.stderr).toBe(0);
    expect(buildsSince(calls)).toBe(0);
    expect(second.report.builds.map((b) => b.status)).toEqual(['cached', 'cached', 'cached']);
    // Which run built what this one pulled.
    expect(second.report.builds[0]!.cache?.registry).toMatchObject({
      pulledFrom: `oci://${registry.host}/acme/trt-cache`,
      builtBy: 'acme/models#101',
      pushed: false,
    });
    // The same bytes the default branch built.
    for (const name of ['up.sd', 'up.hd', 'det.b1'])
      expect(sha(join(pr.dir, 'out', `${name}.plan`))).toBe(sha(join(main.dir, 'out', `${name}.plan`)));
    expect(second.report.cache?.registry?.pulled).toEqual({ engine: 3, reference: 0, timing: 1 });
    const said = (r: Runner) => readFileSync(join(r.dir, 'out', 'summary.md'), 'utf8');
    expect(said(main)).toContain(`/${registry.host}/acme/trt-cache: 0 pulled, 3 pushed)`);
    expect(said(pr)).toContain('3 pulled, 0 pushed; read-only: not a push to the default branch)');
    // The run's own folder went with the run: only the registry outlives it.
    expect(readdirSync(join(pr.dir, 'runner-temp'))).toEqual([]);
  });

  it("a pull request's run never changes what the default branch is served: it does not try to push", async () => {
    const pr = ephemeral();
    writeFileSync(join(pr.dir, 'up.onnx'), 'a changed model\n');
    const asked = registry.tokenRequests.length;
    const before = await served(registry);
    const run = await build(pr, CONFIG(registry.host), job(pr, 'pull_request', 203, 'pr'));
    expect(run.code, run.stderr).toBe(0);
    expect(run.report.builds.map((b) => b.status)).toEqual(['built', 'built', 'cached']);
    expect(run.report.cache?.registry?.writes).toBeNull();
    expect(run.report.cache?.registry?.notWriting).toMatch(/not a push to the default branch/);
    expect(run.report.cache?.problems).toEqual([]);
    // It asked for pull rights only: a push would be refused (test/oci-client.test.ts), and trt-ci never tries.
    const scopes = registry.tokenRequests.slice(asked).flatMap((r) => r.scopes);
    expect(scopes.length).toBeGreaterThan(0);
    expect(scopes.every((s) => s.endsWith(':pull'))).toBe(true);
    expect(await served(registry)).toEqual(before);
  });

  it('with cache-pr-repository a pull request reuses its own builds; the default branch never reads them', async () => {
    const extra = `cache-pr-repository: oci://${registry.host}/acme/pr-trt-cache\n`;
    const before = await served(registry);
    const pr = ephemeral();
    writeFileSync(join(pr.dir, 'det.onnx'), 'a pull request model\n');
    const first = await build(pr, CONFIG(registry.host, extra), job(pr, 'pull_request', 301, 'pr'));
    expect(first.report.builds.map((b) => b.status)).toEqual(['cached', 'cached', 'built']);
    expect(first.report.builds[2]!.cache?.registry?.pushed).toBe(true);
    const again = ephemeral();
    writeFileSync(join(again.dir, 'det.onnx'), 'a pull request model\n');
    const second = await build(again, CONFIG(registry.host, extra), job(again, 'pull_request', 302, 'pr'));
    expect(second.report.builds.map((b) => b.status)).toEqual(['cached', 'cached', 'cached']);
    expect(second.report.builds[2]!.cache?.registry?.pulledFrom).toBe(`oci://${registry.host}/acme/pr-trt-cache`);
    // Merged, the default branch builds that engine itself rather than take the pull request's.
    const main = ephemeral();
    writeFileSync(join(main.dir, 'det.onnx'), 'a pull request model\n');
    const merged = await build(main, CONFIG(registry.host, extra), job(main, 'push', 303, 'main'));
    expect(merged.report.builds.map((b) => b.status)).toEqual(['cached', 'cached', 'built']);
    expect(merged.report.cache?.registry?.reads).toEqual([`oci://${registry.host}/acme/trt-cache`]);
    const after = await served(registry);
    expect(Object.keys(after).length).toBe(Object.keys(before).length + 1);
  });

  it('two runs that miss one key at once both build it: the later one is counted as built twice', async () => {
    const [a, b] = [ephemeral(), ephemeral()];
    for (const r of [a, b]) writeFileSync(join(r.dir, 'det.onnx'), 'a model two runs need at once\n');
    // Both miss at the start; the first one's build is done and pushed while the second still builds.
    const [first, second] = await Promise.all([
      build(a, CONFIG(registry.host), { ...job(a, 'push', 1201, 'main'), TRTEXEC_STANDIN_BUILD_MS: '300' }),
      build(b, CONFIG(registry.host), { ...job(b, 'push', 1202, 'main'), TRTEXEC_STANDIN_BUILD_MS: '3000' }),
    ]);
    const det = (r: { report: Report }) => r.report.builds.find((x) => x.model === 'det')!;
    expect([det(first).status, det(second).status]).toEqual(['built', 'built']);
    expect(det(first).cache?.registry).toMatchObject({ pushed: true, duplicate: false });
    expect(det(second).cache?.registry).toMatchObject({ pushed: false, duplicate: true });
    expect(second.report.cache!.registry!.duplicates).toBe(1);
    expect(readFileSync(join(b.dir, 'out', 'summary.md'), 'utf8')).toContain('1 built here and by another run');
  });

  it("cache-max-age deletes what this repository pushed, never another repository's entries", async () => {
    const own = ephemeral();
    writeFileSync(join(own.dir, 'up.onnx'), 'a model to evict\n');
    await build(own, CONFIG(registry.host), job(own, 'push', 1301, 'main'));
    const other = ephemeral();
    writeFileSync(join(other.dir, 'up.onnx'), "another repository's model\n");
    await build(other, CONFIG(registry.host), { ...job(other, 'push', 1302, 'main'), GITHUB_REPOSITORY: 'acme/other' });
    const before = await served(registry);
    const evicting = ephemeral();
    const run = await build(
      evicting,
      CONFIG(registry.host, 'cache-max-age: 1ms\n'),
      job(evicting, 'push', 1303, 'main'),
    );
    expect(run.code, run.stderr).toBe(0);
    const after = await served(registry);
    const gone = Object.keys(before).filter((t) => !(t in after));
    expect(run.report.cache?.evicted).toBeGreaterThanOrEqual(gone.length);
    expect(gone.length).toBeGreaterThan(0);
    // What it deleted is said, each tag with when it was pushed.
    expect(run.report.cache?.registry?.deleted.map((d) => d.split(' ')[0]).sort()).toEqual(
      expect.arrayContaining(gone),
    );
    expect(run.report.cache?.registry?.deleted[0]).toMatch(/ \(pushed 20\d\d-\d\d-\d\dT/);
    // acme/other's engines (the up model it built) are all still there.
    const otherKeys = JSON.parse(readFileSync(join(other.dir, 'out', 'report.json'), 'utf8')) as Report;
    for (const b of otherKeys.builds.filter((x) => x.status === 'built'))
      expect(Object.keys(after)).toContain(tagFor('engine', b.cache!.key));
  });

  it("a runner clocked in 2099 deletes nothing by cache-max-age: an entry's age is the registry's clock", async () => {
    const own = ephemeral();
    writeFileSync(join(own.dir, 'up.onnx'), 'a model the future must not evict\n');
    await build(own, CONFIG(registry.host, '', 'acme/trt-clock'), job(own, 'push', 1311, 'main'));
    const before = await served(registry, 'acme/trt-clock');
    const late = ephemeral();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2099-01-01T00:00:00Z'));
    try {
      const run = await build(
        late,
        CONFIG(registry.host, 'cache-max-age: 500h\n', 'acme/trt-clock'),
        job(late, 'push', 1312, 'main'),
      );
      expect(run.code, run.stderr).toBe(0);
      expect(run.report.cache?.evicted).toBe(0);
    } finally {
      vi.useRealTimers();
    }
    expect(await served(registry, 'acme/trt-clock')).toEqual(before);
  });

  it('a Docker config credential read off the default branch is warned about; on it, not', async () => {
    const withLogin = (runner: Runner) => {
      mkdirSync(join(runner.dir, '.docker'), { recursive: true });
      const auth = Buffer.from(`main:${MAIN.password}`).toString('base64');
      writeFileSync(
        join(runner.dir, '.docker', 'config.json'),
        JSON.stringify({ auths: { [registry.host]: { auth } } }),
      );
    };
    const noSecrets = (env: NodeJS.ProcessEnv) => {
      const { TRT_CI_REGISTRY_USERNAME: _u, TRT_CI_REGISTRY_PASSWORD: _p, ...rest } = env;
      return rest;
    };
    const pr = ephemeral();
    withLogin(pr);
    const run = await build(pr, CONFIG(registry.host), noSecrets(job(pr, 'pull_request', 1401, 'pr')));
    expect(run.report.cache?.registry?.credentials).toBe('Docker config');
    expect(run.report.cache?.problems.join('\n')).toMatch(
      /Docker config holds a credential for .* on a run that is not the default/,
    );
    const main = ephemeral();
    withLogin(main);
    const push = await build(main, CONFIG(registry.host), noSecrets(job(main, 'push', 1402, 'main')));
    expect(push.report.cache?.problems.join('\n')).not.toMatch(/Docker config/);
  });

  it('credentials reach neither trtexec, the report nor the log', async () => {
    const pr = ephemeral();
    const run = await build(pr, CONFIG(registry.host), job(pr, 'pull_request', 401, 'pr'));
    expect(image!.calls().every((c) => c.secrets.length === 0)).toBe(true);
    expect(image!.calls().length).toBeGreaterThan(0);
    const written = readdirSync(join(pr.dir, 'out'))
      .filter((f) => /\.(json|md|log)$/.test(f))
      .map((f) => readFileSync(join(pr.dir, 'out', f), 'utf8'))
      .join('\n');
    for (const text of [written, run.stderr]) expect(text).not.toContain(PR.password);
  });
});

describe.skipIf(!registryInstalled)(
  'what a registry does on a bad day never fails the run nor serves a wrong engine',
  () => {
    let registry: TestRegistry;
    let proxy: FaultProxy | null = null;
    beforeAll(async () => {
      registry = await startRegistry({ auth: 'token', users: { main: MAIN, pr: PR } });
    });
    afterAll(async () => {
      await proxy?.stop();
      await registry?.stop();
    });

    it('a registry that is down: the builds go on and the summary says why in one line', async () => {
      await registry.halt();
      try {
        const main = ephemeral();
        const run = await build(main, CONFIG(registry.host), job(main, 'push', 501, 'main'));
        expect(run.code, run.stderr).toBe(0);
        expect(run.report.builds.map((b) => b.status)).toEqual(['built', 'built', 'built']);
        // Given up at the first refusal, for the rest of the run, and said first.
        expect(run.report.cache?.problems[0]).toMatch(
          /^the registry cache was given up for the rest of the run \(.*ECONNREFUSED\): engines were built without it$/,
        );
        const summary = readFileSync(join(main.dir, 'out', 'summary.md'), 'utf8');
        expect(summary).toMatch(/⚠️ the registry cache was given up for the rest of the run \(.*ECONNREFUSED/);
      } finally {
        await registry.restart();
      }
    });

    it('a record that names another plan than its blob is refused; the engine is built', async () => {
      const main = ephemeral();
      const first = await build(main, CONFIG(registry.host, '', 'acme/trt-records'), job(main, 'push', 611, 'main'));
      const key = first.report.builds[0]!.cache!.key;
      const c = new OciClient(
        { registry: registry.host, repository: 'acme/trt-records', plainHttp: true },
        { credentials: { username: 'main', password: MAIN.password } },
      );
      // The same manifest with a record whose digest names other bytes (a plan swapped in under a good record).
      const { manifest } = (await c.manifest(tagFor('engine', key)))!;
      const title = (l: { annotations?: Record<string, string> }) => l.annotations?.['org.opencontainers.image.title'];
      const recordLayer = manifest.layers.find((l) => title(l) === 'record.json')!;
      const record = JSON.parse((await c.blobBytes(recordLayer)).toString('utf8'));
      const forged = Buffer.from(JSON.stringify({ ...record, sha256: 'f'.repeat(64) }));
      const pushed = await c.pushBlob(recordLayer.mediaType, forged);
      const layers = manifest.layers.map((l) => (l === recordLayer ? { ...pushed, annotations: l.annotations } : l));
      await c.pushManifest(tagFor('engine', key), { ...manifest, layers });
      const pr = ephemeral();
      const run = await build(pr, CONFIG(registry.host, '', 'acme/trt-records'), job(pr, 'pull_request', 612, 'pr'));
      expect(run.code, run.stderr).toBe(0);
      expect(run.report.builds.map((b) => b.status)).toEqual(['built', 'cached', 'cached']);
      expect(run.report.builds[0]!.cache?.problem).toMatch(/its record does not describe its plan/);
    });

    it('with cache-public-key an unsigned entry in the registry is served to no one', async () => {
      const { generateKeyPairSync } = await import('node:crypto');
      const publicKey = generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' });
      const keyed = `cache-public-key: ${publicKey.toString('base64')}\n`;
      // Someone with push rights and without the signing key (a job that is not the signer) pushes unsigned.
      const main = ephemeral();
      const first = await build(main, CONFIG(registry.host, keyed, 'acme/trt-keyed'), job(main, 'push', 621, 'main'));
      expect(first.report.builds.map((b) => b.cache?.registry?.pushed)).toEqual([true, true, true]);
      const pr = ephemeral();
      const run = await build(pr, CONFIG(registry.host, keyed, 'acme/trt-keyed'), job(pr, 'pull_request', 622, 'pr'));
      expect(run.report.builds.map((b) => b.status)).toEqual(['built', 'built', 'built']);
      expect(run.report.cache).toMatchObject({ untrusted: 3 });
    });

    it('a corrupted blob is never served: the pull fails its digest and the engine is built', async () => {
      const main = ephemeral();
      await build(main, CONFIG(registry.host), job(main, 'push', 601, 'main'));
      // Flip a byte of every plan blob in the registry's storage.
      const c = new OciClient(
        { registry: registry.host, repository: 'acme/trt-cache', plainHttp: true },
        { credentials: { username: 'main', password: MAIN.password } },
      );
      const tag = tagFor(
        'engine',
        (await build(ephemeral(), CONFIG(registry.host), job(main, 'push', 602, 'main'))).report.builds[0]!.cache!.key,
      );
      const plan = (await c.manifest(tag))!.manifest.layers.find(
        (l) => l.annotations?.['org.opencontainers.image.title'] === 'plan',
      )!;
      const hex = plan.digest.slice(7);
      const data = join(registry.storage, 'blobs', 'sha256', hex.slice(0, 2), hex, 'data');
      const bytes = readFileSync(data);
      bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
      writeFileSync(data, bytes);
      const pr = ephemeral();
      const run = await build(pr, CONFIG(registry.host), job(pr, 'pull_request', 603, 'pr'));
      expect(run.code, run.stderr).toBe(0);
      expect(run.report.builds.map((b) => b.status)).toEqual(['built', 'cached', 'cached']);
      expect(run.report.builds[0]!.cache?.problem).toMatch(/could not be pulled .*got \d+ bytes with digest/);
      // What it serves is its own build, never the damaged bytes (the stand-in's plans differ build to build).
      expect(sha(join(pr.dir, 'out', 'up.sd.plan'))).not.toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(sha(join(pr.dir, 'out', 'up.sd.plan'))).toBe(run.report.plans[0]!.sha256);
    });

    it('429 with Retry-After is waited out; one that asks too long is a miss, said', async () => {
      let refused = 0;
      proxy = await startFaultProxy(registry.url, (method, path) => {
        if (method === 'GET' && path.includes('/manifests/engine-') && refused < 2) {
          refused++;
          return { status: 429, headers: { 'retry-after': '1' } };
        }
        return 'pass';
      });
      const main = ephemeral();
      writeFileSync(join(main.dir, 'up.onnx'), 'model for the 429s\n');
      await build(main, CONFIG(registry.host), job(main, 'push', 700, 'main'));
      const pr = ephemeral();
      writeFileSync(join(pr.dir, 'up.onnx'), 'model for the 429s\n');
      const run = await build(pr, CONFIG(proxy.host), job(pr, 'pull_request', 701, 'pr'));
      expect(refused).toBe(2);
      expect(run.report.cache?.problems).toEqual([]);
      expect(run.report.builds.map((b) => b.status)).toEqual(['cached', 'cached', 'cached']);
      await proxy.stop();
      proxy = await startFaultProxy(registry.url, (method, path) =>
        method === 'GET' && path.includes('/manifests/') ? { status: 429, headers: { 'retry-after': '3600' } } : 'pass',
      );
      const slow = ephemeral();
      const late = await build(slow, CONFIG(proxy.host), job(slow, 'pull_request', 702, 'pr'));
      expect(late.code).toBe(0);
      expect(late.report.builds.map((b) => b.status)).toEqual(['built', 'built', 'built']);
      expect(late.report.cache?.problems[0]).toMatch(/429, Retry-After 3600 s is too long/);
      await proxy.stop();
      proxy = null;
    });

    it('a registry that refuses deletes (GHCR answers 405) deletes nothing over cache-max-size, says so', async () => {
      proxy = await startFaultProxy(registry.url, (method) =>
        method === 'DELETE' ? { status: 405, headers: { 'content-type': 'application/json' } } : 'pass',
      );
      const first = ephemeral();
      writeFileSync(join(first.dir, 'up.onnx'), 'a model a registry will not delete\n');
      await build(first, CONFIG(proxy.host, '', 'acme/trt-keep'), job(first, 'push', 720, 'main'));
      const before = await served(registry, 'acme/trt-keep');
      const evicting = ephemeral();
      const run = await build(
        evicting,
        // Over any size: every entry is to go, whatever the registry's clock says.
        CONFIG(proxy.host, 'cache-max-size: 1KiB\n', 'acme/trt-keep'),
        job(evicting, 'push', 721, 'main'),
      );
      expect(run.code, run.stderr).toBe(0);
      expect(proxy.seen.filter((r) => r.startsWith('DELETE '))).toHaveLength(1);
      expect(run.report.cache?.evicted).toBe(0);
      expect(run.report.cache?.registry?.deleted).toEqual([]);
      expect(run.report.cache?.problems.join('\n')).toMatch(
        /does not allow deleting tags through the registry API, so cache-max-size\/cache-max-age were not applied/,
      );
      // Every engine the first run pushed is still there (the second pushed its own beside them).
      const after = await served(registry, 'acme/trt-keep');
      for (const tag of Object.keys(before).filter((t) => t.startsWith('engine-')))
        expect(after[tag]).toBe(before[tag]);
      await proxy.stop();
      proxy = null;
    });

    it('a registry that hangs is given up at its first request; the rest of the run does not wait on it', async () => {
      proxy = await startFaultProxy(registry.url, () => 'hang');
      const pr = ephemeral();
      const extra = 'cache-timeout: 3s\n';
      const run = await build(pr, CONFIG(proxy.host, extra), job(pr, 'pull_request', 1101, 'pr'));
      expect(run.code, run.stderr).toBe(0);
      expect(run.report.builds.map((b) => b.status)).toEqual(['built', 'built', 'built']);
      // Given up once, said once: at its first request (its time, 3 s, spent waiting on the one answer).
      expect(run.report.cache?.problems[0]).toMatch(/^the registry cache was given up .*(no answer for 3 s|3 s)/);
      expect(run.report.cache?.problems.filter((p) => p.includes('given up'))).toHaveLength(1);
      // One request waited on; every later one (two more engines, the timing cache) was skipped at once.
      expect(proxy.seen).toHaveLength(1);
      await proxy.stop();
      proxy = null;
    });

    it('three 5xx in a row give the registry up: each request after them skips it', async () => {
      proxy = await startFaultProxy(registry.url, () => ({ status: 503 }));
      const pr = ephemeral();
      const run = await build(pr, CONFIG(proxy.host), job(pr, 'pull_request', 1102, 'pr'));
      expect(run.report.builds.map((b) => b.status)).toEqual(['built', 'built', 'built']);
      expect(run.report.cache?.problems[0]).toMatch(/given up .*\(3 answers of 503 in a row/);
      expect(proxy.seen).toHaveLength(3);
      await proxy.stop();
      proxy = null;
    });

    it('a blob that trickles below the floor is abandoned and the engine built; the registry is given up', async () => {
      // 2 MiB plans, pushed whole; then pulled through a proxy that sends 20 KiB a second.
      const plans = { TRTEXEC_STANDIN_PLAN_BYTES: String(2 * 1024 * 1024) };
      const main = ephemeral();
      writeFileSync(join(main.dir, 'up.onnx'), 'model for the trickle\n');
      const repository = 'acme/trt-trickle';
      const first = await build(main, CONFIG(registry.host, '', repository), {
        ...job(main, 'push', 1103, 'main'),
        ...plans,
      });
      expect(first.report.builds[0]!.cache?.registry?.pushed).toBe(true);
      proxy = await startFaultProxy(registry.url, (method, path) =>
        method === 'GET' && path.includes('/blobs/sha256:') ? { trickle: 20 * 1024 } : 'pass',
      );
      const pr = ephemeral();
      writeFileSync(join(pr.dir, 'up.onnx'), 'model for the trickle\n');
      const run = await build(pr, CONFIG(proxy.host, '', repository), {
        ...job(pr, 'pull_request', 1104, 'pr'),
        ...plans,
      });
      expect(run.code, run.stderr).toBe(0);
      expect(run.report.builds[0]!.status).toBe('built');
      expect(run.report.cache?.problems[0]).toMatch(/given up .*bytes in 5 s, under 262144 bytes\/s/);
      await proxy.stop();
      proxy = null;
    });

    it.each([
      ['a manifest', (method: string, path: string) => method === 'GET' && path.includes('/manifests/')],
      // The first blob a hit reads is its record.json (a few hundred bytes), before the plan.
      ['a record.json', (method: string, path: string) => method === 'GET' && path.includes('/blobs/sha256:')],
    ])(
      '%s sent at 1 byte a second is cut at the floor too; the run goes on as on a miss (issue 58)',
      async (_, trickled) => {
        const main = ephemeral();
        writeFileSync(join(main.dir, 'up.onnx'), 'model for the small trickle\n');
        const repository = 'acme/trt-small-trickle';
        await build(main, CONFIG(registry.host, '', repository), job(main, 'push', 1105, 'main'));
        proxy = await startFaultProxy(registry.url, (method, path) =>
          trickled(method, path) ? { trickle: 1 } : 'pass',
        );
        const pr = ephemeral();
        writeFileSync(join(pr.dir, 'up.onnx'), 'model for the small trickle\n');
        const run = await build(pr, CONFIG(proxy.host, '', repository), job(pr, 'pull_request', 1106, 'pr'));
        expect(run.code, run.stderr).toBe(0);
        expect(run.report.builds.map((b) => b.status)).toEqual(['built', 'built', 'built']);
        expect(run.report.cache?.problems.join('\n')).toMatch(
          /given up .*: \d{1,3} bytes in 5 s, under 262144 bytes\/s/,
        );
        // Cut in its first window: the default cache-timeout (2 min) was never what stopped it.
        expect(run.report.cache?.problems.join('\n')).not.toMatch(/cache-timeout/);
        await proxy.stop();
        proxy = null;
      },
    );

    it("a transfer above the floor is still cut at the run's cache-timeout, not waited out (issue 58)", async () => {
      // 2 MiB plans at 320 KiB/s, above the floor: 6 s each, past a cache-timeout of 2 s.
      const plans = { TRTEXEC_STANDIN_PLAN_BYTES: String(2 * 1024 * 1024) };
      const main = ephemeral();
      writeFileSync(join(main.dir, 'up.onnx'), 'model for the deadline\n');
      const repository = 'acme/trt-deadline';
      await build(main, CONFIG(registry.host, '', repository), { ...job(main, 'push', 1107, 'main'), ...plans });
      proxy = await startFaultProxy(registry.url, (method, path) =>
        method === 'GET' && path.includes('/blobs/sha256:') ? { trickle: 320 * 1024 } : 'pass',
      );
      const pr = ephemeral();
      writeFileSync(join(pr.dir, 'up.onnx'), 'model for the deadline\n');
      const run = await build(pr, CONFIG(proxy.host, 'cache-timeout: 2s\n', repository), {
        ...job(pr, 'pull_request', 1108, 'pr'),
        ...plans,
      });
      expect(run.code, run.stderr).toBe(0);
      expect(run.report.builds.map((b) => b.status)).toEqual(['built', 'built', 'built']);
      expect(run.report.cache?.problems[0]).toMatch(
        /given up .*(still going after \d s, all the run's cache-timeout had left|waited \d s on it, its cache-time)/,
      );
      await proxy.stop();
      proxy = null;
    });

    it('the registry stopped mid-upload leaves no entry; the next run builds it again', async () => {
      let halted = false;
      proxy = await startFaultProxy(registry.url, async (method, path): Promise<Fault> => {
        if (method === 'PUT' && path.includes('/blobs/uploads/') && !halted) {
          halted = true;
          await registry.halt();
        }
        return 'pass';
      });
      const main = ephemeral();
      writeFileSync(join(main.dir, 'up.onnx'), 'model for the halted upload\n');
      const run = await build(main, CONFIG(proxy.host), job(main, 'push', 801, 'main'));
      expect(run.code, run.stderr).toBe(0);
      expect(run.report.builds.filter((b) => b.status === 'built').length).toBeGreaterThan(0);
      expect(run.report.cache?.problems.some((p) => /could not be pushed/.test(p))).toBe(true);
      await registry.restart();
      const next = ephemeral();
      writeFileSync(join(next.dir, 'up.onnx'), 'model for the halted upload\n');
      const again = await build(next, CONFIG(registry.host), job(next, 'pull_request', 802, 'pr'));
      // Whatever was half written is not an entry: those engines are built, the others pulled whole.
      for (const b of again.report.builds) expect(['built', 'cached']).toContain(b.status);
      expect(again.report.builds.filter((b) => b.status === 'built').length).toBeGreaterThan(0);
      // Those pulled are byte for byte the plan their tag holds, pushed whole.
      const c = new OciClient(
        { registry: registry.host, repository: 'acme/trt-cache', plainHttp: true },
        { credentials: { username: 'main', password: MAIN.password } },
      );
      for (const b of again.report.builds.filter((b) => b.status === 'cached')) {
        const layers = (await c.manifest(tagFor('engine', b.cache!.key)))!.manifest.layers;
        const plan = layers.find((l) => l.annotations?.['org.opencontainers.image.title'] === 'plan')!;
        expect(`sha256:${sha(join(next.dir, 'out', `${b.model}.${b.profile}.plan`))}`).toBe(plan.digest);
      }
      await proxy.stop();
      proxy = null;
    });

    it('a cancel (SIGTERM) during a push still leaves the report, and no half entry', async () => {
      const controller = new AbortController();
      proxy = await startFaultProxy(registry.url, async (method, path): Promise<Fault> => {
        if (method === 'PUT' && path.includes('/blobs/uploads/')) {
          controller.abort();
          await new Promise((r) => setTimeout(r, 200));
        }
        return 'pass';
      });
      const main = ephemeral();
      writeFileSync(join(main.dir, 'det.onnx'), 'model for the cancelled push\n');
      const before = await served(registry);
      const run = await build(main, CONFIG(proxy.host), job(main, 'push', 901, 'main'), controller.signal);
      expect(run.code).not.toBe(0);
      expect(run.report.interrupted).not.toBeNull();
      const after = await served(registry);
      const added = Object.keys(after).filter((t) => !(t in before));
      expect(added.filter((t) => t.startsWith('engine-'))).toEqual([]);
      await proxy.stop();
      proxy = null;
    });

    it('a full disk while pulling: the run goes on, the engine is built, said', async () => {
      const pr = ephemeral();
      // The run's folder on a file system that is full (a 1 MiB tmpfs with a filler in it).
      const full = join(pr.dir, 'runner-temp');
      const mounted = spawnMount(full);
      if (!mounted) return expect.soft(mounted, 'tmpfs cannot be mounted here (needs root)').toBe(true);
      try {
        writeFileSync(join(full, 'filler'), Buffer.alloc(1024 * 1024 - 64 * 1024));
        const run = await build(pr, CONFIG(registry.host), job(pr, 'pull_request', 1001, 'pr'));
        expect(run.code, run.stderr).toBe(0);
        expect(run.report.builds.every((b) => b.status === 'built' || b.status === 'cached')).toBe(true);
        expect(run.report.cache?.problems.join('\n')).toMatch(/ENOSPC|no space/);
      } finally {
        unmount(full);
      }
    });
  },
);

import { spawnSync } from 'node:child_process';

function spawnMount(dir: string): boolean {
  return spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir]).status === 0;
}

function unmount(dir: string): void {
  spawnSync('umount', [dir]);
}
