// The OCI client against a real CNCF distribution registry (Debian's docker-registry) on 127.0.0.1, with
// htpasswd and with token authentication. No mock of the registry: what it accepts is what the spec says.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OciClient } from '../src/cache/oci-client.js';
import { EMPTY_CONFIG, type Manifest, OCI_MANIFEST, parseOciReference } from '../src/cache/oci-reference.js';
import { THREAD_HASH_MIN_BYTES, THREAD_HASH_MIN_CORES } from '../src/cache/blob-file.js';
import { RegistryError, retryAfterMs } from '../src/cache/oci-http.js';
import { RegistryBreaker } from '../src/cache/registry-breaker.js';
import { registryInstalled, startRegistry, type TestRegistry } from './support/registry.js';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const work = mkdtempSync(join(tmpdir(), 'trt-ci-oci-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function client(
  registry: TestRegistry,
  repository: string,
  credentials: { username: string; password: string } | null,
) {
  return new OciClient({ registry: registry.host, repository, plainHttp: true }, { credentials, attempts: 2 });
}

async function pushArtifact(c: OciClient, tag: string, content: Buffer): Promise<Manifest> {
  const file = join(work, `${tag}.bin`);
  writeFileSync(file, content);
  await c.pushBlob(EMPTY_CONFIG.mediaType, Buffer.from('{}'));
  const layer = await c.pushBlob('application/vnd.trt-ci.plan', { file, sha256: sha(content) });
  const manifest: Manifest = {
    schemaVersion: 2,
    mediaType: OCI_MANIFEST,
    artifactType: 'application/vnd.trt-ci.engine.v1',
    config: EMPTY_CONFIG,
    layers: [layer],
    annotations: { 'org.opencontainers.image.created': new Date().toISOString() },
  };
  await c.pushManifest(tag, manifest);
  return manifest;
}

describe('credentials go to the registry and its token realm only (issue 51)', () => {
  /** A server on 127.0.0.1 answering with `answer`, and every request's method, path and Authorization. */
  async function server(answer: (req: IncomingMessage, res: ServerResponse, port: number) => void) {
    const seen: { method: string; path: string; authorization: string | null }[] = [];
    const http = createServer((req, res) => {
      seen.push({ method: req.method!, path: req.url!, authorization: req.headers.authorization ?? null });
      req.resume();
      req.on('end', () => answer(req, res, port));
    });
    await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
    const port = (http.address() as AddressInfo).port;
    return { port, seen, close: () => new Promise<void>((done) => http.close(() => done())) };
  }

  it('an upload Location and a Link to the next page on another host get no Authorization header', async () => {
    // Elsewhere: the host a hostile (or misconfigured) registry names; it takes whatever is sent.
    const elsewhere = await server((req, res) =>
      req.method === 'PUT' ? res.writeHead(201).end() : res.writeHead(200).end('{"tags":["b"]}'),
    );
    const registry = await server((req, res) => {
      if (!req.headers.authorization) {
        res.writeHead(401, { 'www-authenticate': 'Basic realm="registry"' }).end();
      } else if (req.method === 'HEAD') res.writeHead(404).end();
      else if (req.method === 'POST')
        res.writeHead(202, { location: `http://127.0.0.1:${elsewhere.port}/upload/1` }).end();
      else if (req.url!.includes('/tags/list'))
        res
          .writeHead(200, { link: `<http://127.0.0.1:${elsewhere.port}/v2/r/tags/list?last=a>; rel="next"` })
          .end('{"tags":["a"]}');
      else res.writeHead(500).end();
    });
    try {
      const c = new OciClient(
        { registry: `127.0.0.1:${registry.port}`, repository: 'r', plainHttp: true },
        { credentials: { username: 'u', password: 'the-password' }, attempts: 1 },
      );
      await c.pushBlob('application/octet-stream', Buffer.from('plan bytes'));
      expect(await c.tags()).toEqual(['a', 'b']);
      expect(registry.seen.some((r) => r.authorization?.startsWith('Basic '))).toBe(true);
      expect(elsewhere.seen.map((r) => r.method)).toEqual(['PUT', 'GET']);
      expect(elsewhere.seen.map((r) => r.authorization)).toEqual([null, null]);
    } finally {
      await Promise.all([registry.close(), elsewhere.close()]);
    }
  });
});

describe('an upload the registry will not take is cut at the floor, as a pull is (issue 58)', () => {
  it('a PUT whose body the registry stops reading is cut in its first window, the registry given up', async () => {
    const puts: IncomingMessage[] = [];
    const http = createServer((req, res) => {
      if (req.method === 'PUT') {
        // Takes the head, then reads nothing: the socket's buffers fill and the upload stalls.
        req.pause();
        puts.push(req);
        return;
      }
      req.resume();
      if (req.method === 'HEAD') res.writeHead(404).end();
      else res.writeHead(202, { location: '/v2/r/blobs/uploads/1' }).end();
    });
    await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
    const port = (http.address() as AddressInfo).port;
    const file = join(work, 'stalled-upload.bin');
    writeFileSync(file, randomBytes(48 * 1024 * 1024));
    const breaker = new RegistryBreaker(120_000);
    try {
      const c = new OciClient(
        { registry: `127.0.0.1:${port}`, repository: 'r', plainHttp: true },
        // A floor no socket buffer can hide a stall under: 40 MiB in the first 5 s.
        { credentials: null, attempts: 1, breaker, minBytesPerSecond: 8 * 1024 * 1024 },
      );
      const started = Date.now();
      const error = await c
        .pushBlob('application/octet-stream', { file, sha256: sha(readFileSync(file)) })
        .catch((e: unknown) => e as RegistryError);
      expect(error).toMatchObject({ code: 'SLOW' });
      expect((error as RegistryError).message).toMatch(
        /^PUT 127\.0\.0\.1:\d+\/v2\/r\/blobs\/uploads\/1: \d+ bytes in 5 s/,
      );
      expect(breaker.givenUp).toBe((error as RegistryError).message);
      // Cut by the floor's first window, long before the idle timeout (30 s) would have.
      expect(Date.now() - started).toBeLessThan(25_000);
    } finally {
      for (const req of puts) req.socket.destroy();
      await new Promise<void>((done) => http.close(() => done()));
    }
  }, 30_000);
});

describe('oci:// references', () => {
  it('parses host, port and nested repositories; http only for this machine', () => {
    expect(parseOciReference('oci://ghcr.io/acme/trt-cache')).toEqual({
      registry: 'ghcr.io',
      repository: 'acme/trt-cache',
      plainHttp: false,
    });
    expect(parseOciReference('oci://127.0.0.1:5000/cache')).toMatchObject({ plainHttp: true });
    expect(parseOciReference('oci://localhost:5000/cache')).toMatchObject({ plainHttp: true });
    expect(parseOciReference('oci://10.0.0.1:5000/cache')).toMatchObject({ plainHttp: false });
  });

  it('names what is wrong with a reference that is not one', () => {
    expect(parseOciReference('ghcr.io/acme/cache')).toMatch(/expected oci:\/\/<registry>\/<repository>/);
    expect(parseOciReference('oci://ghcr.io/Acme/Cache')).toMatch(/not a repository name/);
    expect(parseOciReference('oci://gh cr.io/acme')).toMatch(/not a registry host/);
    expect(parseOciReference('oci://ghcr.io/')).toMatch(/expected oci:/);
  });

  it('reads Retry-After as seconds or a date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(retryAfterMs(undefined)).toBeNull();
    expect(retryAfterMs('soon')).toBeNull();
  });
});

describe.skipIf(!registryInstalled)('the client against docker-registry with htpasswd', () => {
  let registry: TestRegistry;
  beforeAll(async () => {
    registry = await startRegistry({
      auth: 'htpasswd',
      users: { ci: { password: 's3cret-pw', pull: ['*'], push: ['*'] } },
    });
  });
  afterAll(() => registry?.stop());

  it('pushes an OCI 1.1 artifact and pulls every byte back by digest', async () => {
    const c = client(registry, 'team/cache', { username: 'ci', password: 's3cret-pw' });
    const content = randomBytes(3 * 1024 * 1024 + 17);
    await pushArtifact(c, 'engine-abc', content);
    const found = await c.manifest('engine-abc');
    expect(found?.manifest.artifactType).toBe('application/vnd.trt-ci.engine.v1');
    const out = join(work, 'pulled.bin');
    await c.blobTo(found!.manifest.layers[0]!, out);
    expect(sha(readFileSync(out))).toBe(sha(content));
    expect(await c.hasManifest('engine-abc')).toBe(true);
    expect(await c.hasManifest('engine-none')).toBe(false);
    expect(await c.manifest('engine-none')).toBeNull();
    expect(await c.tags()).toContain('engine-abc');
  });

  it('refuses wrong credentials with a line that never holds them', async () => {
    const c = client(registry, 'team/cache', { username: 'ci', password: 'wrong-pw-123' });
    const error = await c.manifest('engine-abc').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegistryError);
    expect((error as RegistryError).status).toBe(401);
    expect((error as Error).message).toMatch(/unauthorized/);
    expect((error as Error).message).not.toContain('wrong-pw-123');
    const none = await client(registry, 'team/cache', null)
      .manifest('engine-abc')
      .catch((e: unknown) => e);
    expect((none as Error).message).toMatch(/needs credentials/);
  });

  it('deletes a manifest by digest where the registry allows it', async () => {
    const c = client(registry, 'team/cache', { username: 'ci', password: 's3cret-pw' });
    await pushArtifact(c, 'engine-old', randomBytes(1024));
    const found = await c.manifest('engine-old');
    expect(await c.deleteManifest(found!.digest)).toBe(true);
    expect(await c.manifest('engine-old')).toBeNull();
  });

  it('never writes a blob whose bytes are not the digest it was asked for', async () => {
    const c = client(registry, 'team/cache', { username: 'ci', password: 's3cret-pw' });
    const manifest = await pushArtifact(c, 'engine-bad', randomBytes(4096));
    const layer = manifest.layers[0]!;
    // Damage the stored blob on the registry's disk: the registry serves what it holds.
    const hex = layer.digest.slice('sha256:'.length);
    const data = join(registry.storage, 'blobs', 'sha256', hex.slice(0, 2), hex, 'data');
    const bytes = readFileSync(data);
    bytes[100] = bytes[100]! ^ 0xff;
    writeFileSync(data, bytes);
    const out = join(work, 'bad.bin');
    const error = await c.blobTo(layer, out).catch((e: unknown) => e);
    expect((error as RegistryError).code).toBe('DIGEST');
    expect(readdirSync(work).filter((f) => f.startsWith('bad.bin'))).toEqual([]);
  });

  it('hashes a large pull on a worker where there are cores, and still refuses a damaged one', async () => {
    const wide = new OciClient(
      { registry: registry.host, repository: 'team/cache', plainHttp: true },
      { credentials: { username: 'ci', password: 's3cret-pw' }, hashCores: THREAD_HASH_MIN_CORES },
    );
    const plan = randomBytes(THREAD_HASH_MIN_BYTES + 12345);
    const layer = (await pushArtifact(wide, 'engine-wide', plan)).layers[0]!;
    await wide.blobTo(layer, join(work, 'wide.bin'));
    expect(sha(readFileSync(join(work, 'wide.bin')))).toBe(sha(plan));
    const hex = layer.digest.slice('sha256:'.length);
    const data = join(registry.storage, 'blobs', 'sha256', hex.slice(0, 2), hex, 'data');
    const damaged = readFileSync(data);
    damaged[damaged.length - 7] = damaged[damaged.length - 7]! ^ 0x01;
    writeFileSync(data, damaged);
    const error = await wide.blobTo(layer, join(work, 'wide-bad.bin')).catch((e: unknown) => e);
    expect((error as RegistryError).code).toBe('DIGEST');
    expect(readdirSync(work).filter((f) => f.startsWith('wide-bad.bin'))).toEqual([]);
  });
});

describe.skipIf(!registryInstalled)('the client against docker-registry with token auth', () => {
  let registry: TestRegistry;
  beforeAll(async () => {
    registry = await startRegistry({
      auth: 'token',
      users: {
        main: { password: 'main-token', pull: ['*'], push: ['team/*'] },
        pr: { password: 'pr-token', pull: ['*'], push: ['team/pr-*'] },
      },
    });
  });
  afterAll(() => registry?.stop());

  it('answers the bearer challenge with the scope each request needs', async () => {
    const c = client(registry, 'team/cache', { username: 'main', password: 'main-token' });
    await pushArtifact(c, 'engine-1', randomBytes(2048));
    expect(
      registry.tokenRequests.some((r) => r.user === 'main' && r.scopes[0] === 'repository:team/cache:pull,push'),
    ).toBe(true);
    const reader = client(registry, 'team/cache', null);
    // Anonymous pulls get a token with no rights: the registry refuses.
    const error = await reader.manifest('engine-1').catch((e: unknown) => e);
    expect((error as RegistryError).status).toBe(401);
    const pr = client(registry, 'team/cache', { username: 'pr', password: 'pr-token' });
    expect((await pr.manifest('engine-1'))?.manifest.layers).toHaveLength(1);
    expect(registry.tokenRequests.at(-1)).toEqual({ user: 'pr', scopes: ['repository:team/cache:pull'] });
  });

  it("refuses a push the token does not grant (a pull request's run into the default branch's)", async () => {
    const pr = client(registry, 'team/cache', { username: 'pr', password: 'pr-token' });
    const error = await pushArtifact(pr, 'engine-2', randomBytes(512)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegistryError);
    expect((error as RegistryError).status).toBe(401);
    expect(
      await client(registry, 'team/cache', { username: 'main', password: 'main-token' }).hasManifest('engine-2'),
    ).toBe(false);
    await pushArtifact(
      client(registry, 'team/pr-cache', { username: 'pr', password: 'pr-token' }),
      'engine-2',
      randomBytes(512),
    );
  });
});
