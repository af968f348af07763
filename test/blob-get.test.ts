// A blob's GET read off its own socket (blob-get.ts): the head read as RFC 9112 says, the body poured into a
// sink or read as a stream, and every way a server can answer other than plainly: a chunked body (asked
// again through node:http), a redirect to another origin (without the Authorization header), a body cut
// short or longer than it said, a head that is not HTTP, no answer at all, a cancel. Servers here are raw
// sockets on 127.0.0.1 writing exactly the bytes under test; TLS goes through a child with a CA of its own.
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bodyLength, type BodySink, getBlob, parseHead, pour } from '../src/cache/blob-get.js';
import { readAll, type RegistryError } from '../src/cache/oci-http.js';

const work = mkdtempSync(join(tmpdir(), 'trt-ci-blob-get-'));
const servers: Server[] = [];
afterAll(() => {
  for (const s of servers) s.close();
  rmSync(work, { recursive: true, force: true });
});
const limits = { idleTimeoutMs: 2000 };
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A server that answers each connection with `answer(socket, request)` once the request head is in. */
async function raw(answer: (socket: Socket, request: string) => void): Promise<string> {
  const server = createServer((socket) => {
    let request = '';
    socket.on('data', (d) => {
      request += d.toString('latin1');
      if (request.includes('\r\n\r\n')) answer(socket, request);
    });
    socket.on('error', () => {});
  });
  servers.push(server);
  await new Promise<void>((go) => server.listen(0, '127.0.0.1', go));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A sink that keeps what it is given and asks the socket to wait every `pauseEvery` chunks. */
function keeper(pauseEvery = 0): BodySink & { bytes: () => Buffer } {
  const chunks: Buffer[] = [];
  return {
    take(bytes) {
      chunks.push(Buffer.from(bytes));
      return !pauseEvery || chunks.length % pauseEvery !== 0;
    },
    ready: () => new Promise((go) => setTimeout(go, 1)),
    bytes: () => Buffer.concat(chunks),
  };
}

const ok = (body: Buffer, extra = '') =>
  Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\n${extra}\r\n`), body]);

describe('reading a response head', () => {
  it('waits for the blank line, skips 1xx heads, joins repeated headers', () => {
    expect(parseHead(Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n'))).toBeNull();
    const text = 'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nX-A: 1\r\nx-a: 2\r\nContent-Length: 5\r\n\r\nhello';
    const head = parseHead(Buffer.from(text));
    expect(head).toEqual({
      status: 200,
      headers: { 'x-a': '1, 2', 'content-length': '5' },
      length: text.indexOf('hello'),
    });
    expect(parseHead(Buffer.from('HTTP/1.0 404\r\n\r\n'))).toMatchObject({ status: 404 });
  });

  it('names a head that is not HTTP/1.x and one that never ends', () => {
    expect(parseHead(Buffer.from('HTTP/2 200\r\n\r\n'))).toMatch(/not an HTTP\/1.x status line/);
    expect(parseHead(Buffer.from('HTTP/1.1 200 OK\r\nbroken\r\n\r\n'))).toMatch(/not a header line/);
    expect(parseHead(Buffer.alloc(64 * 1024, 'a'))).toBeNull();
    expect(parseHead(Buffer.alloc(64 * 1024 + 1, 'a'))).toMatch(/over 65536 bytes/);
  });

  it('takes one Content-Length, refuses two that differ, and reads to the close without one', () => {
    const at = (headers: Record<string, string>, status = 200) => bodyLength({ status, headers, length: 0 }, 'GET');
    expect(at({ 'content-length': '42' })).toBe(42);
    expect(at({ 'content-length': '42, 42' })).toBe(42);
    expect(at({ 'content-length': '42, 43' })).toMatch(/Content-Length/);
    expect(at({ 'content-length': '-1' })).toMatch(/Content-Length/);
    expect(at({})).toBeNull();
    expect(at({ 'content-length': '42' }, 204)).toBe(0);
    expect(at({ 'content-length': '42' }, 304)).toBe(0);
  });
});

describe('a blob GET off its own socket', () => {
  it('sends one HTTP/1.1 request and pours the body, the head’s own bytes and every pause included', async () => {
    const body = randomBytes(3 * 1024 * 1024 + 17);
    let request = '';
    const url = await raw((socket, r) => {
      request = r;
      socket.end(ok(body));
    });
    const sent = await getBlob(`${url}/v2/a/blobs/sha256:1?x=1`, { authorization: 'Bearer t' }, limits);
    expect(sent.status).toBe(200);
    const sink = keeper(3);
    await pour(sent.body, sink);
    expect(sha(sink.bytes())).toBe(sha(body));
    expect(request).toBe(
      `GET /v2/a/blobs/sha256:1?x=1 HTTP/1.1\r\nHost: ${new URL(url).host}\r\nauthorization: Bearer t\r\n` +
        'Connection: close\r\n\r\n',
    );
  });

  it('reads a failed answer as a stream (the registry’s error words)', async () => {
    const url = await raw((socket) =>
      socket.end(ok(Buffer.from('{"errors":[{"code":"DENIED"}]}')).toString().replace('200 OK', '403 Forbidden')),
    );
    const sent = await getBlob(`${url}/x`, {}, limits);
    expect(sent.status).toBe(403);
    expect((await readAll(sent.body, 1024)).toString()).toBe('{"errors":[{"code":"DENIED"}]}');
  });

  it('asks a chunked answer again through node:http and gets the same bytes', async () => {
    const body = randomBytes(200_000);
    let asked = 0;
    const server = createHttpServer((_req, res) => {
      asked++;
      res.write(body.subarray(0, 1000));
      res.end(body.subarray(1000));
    });
    servers.push(server as unknown as Server);
    await new Promise<void>((go) => server.listen(0, '127.0.0.1', go));
    const sent = await getBlob(`http://127.0.0.1:${(server.address() as AddressInfo).port}/b`, {}, limits);
    expect(sent.headers['transfer-encoding']).toBe('chunked');
    const sink = keeper();
    await pour(sent.body, sink);
    expect(sha(sink.bytes())).toBe(sha(body));
    expect(asked).toBe(2);
  });

  it('follows a redirect to blob storage without Authorization, and keeps it on the same origin', async () => {
    const seen: string[] = [];
    const storage = await raw((socket, r) => {
      seen.push(r);
      socket.end(ok(Buffer.from('plan-bytes')));
    });
    const registry = await raw((socket, r) => {
      seen.push(r);
      const to = r.startsWith('GET /same') ? '/stored' : `${storage}/signed?sig=1`;
      if (r.startsWith('GET /stored')) return socket.end(ok(Buffer.from('same-origin')));
      socket.end(`HTTP/1.1 307 Temporary Redirect\r\nLocation: ${to}\r\nContent-Length: 0\r\n\r\n`);
    });
    const away = await getBlob(`${registry}/away`, { authorization: 'Bearer secret-token' }, limits);
    const sink = keeper();
    await pour(away.body, sink);
    expect(sink.bytes().toString()).toBe('plan-bytes');
    expect(seen[0]).toContain('authorization: Bearer secret-token');
    expect(seen[1]).toMatch(/^GET \/signed\?sig=1 /);
    expect(seen[1]).not.toMatch(/authorization/i);
    const same = await getBlob(`${registry}/same`, { authorization: 'Bearer secret-token' }, limits);
    const kept = keeper();
    await pour(same.body, kept);
    expect(kept.bytes().toString()).toBe('same-origin');
    expect(seen[3]).toContain('authorization: Bearer secret-token');
  });

  it('fails a body cut short, one longer than it said, and a head that is not HTTP', async () => {
    const short = await raw((socket) => socket.end(ok(randomBytes(1000)).subarray(0, 500)));
    const cut = await getBlob(`${short}/x`, {}, limits);
    const error = (await pour(cut.body, keeper()).catch((e: unknown) => e)) as RegistryError;
    expect(error.code).toBe('ECONNRESET');
    expect(error.message).toMatch(/closed after \d+ of 1000 bytes/);
    const long = await raw((socket) => socket.end(Buffer.concat([ok(Buffer.alloc(10)), Buffer.alloc(10)])));
    const over = await getBlob(`${long}/x`, {}, limits);
    await expect(pour(over.body, keeper())).rejects.toThrow(/more than its 10 bytes/);
    const garbage = await raw((socket) => socket.end('SSH-2.0-OpenSSH\r\n\r\n'));
    await expect(getBlob(`${garbage}/x`, {}, limits)).rejects.toMatchObject({ code: 'EPROTO' });
    const smuggled = await raw((socket) =>
      socket.end('HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab'),
    );
    await expect(getBlob(`${smuggled}/x`, {}, limits)).rejects.toThrow(/Content-Length "1, 2"/);
  });

  it('gives up on a server that never answers, and on a cancel, within its limits', async () => {
    const silent = await raw(() => {});
    await expect(getBlob(`${silent}/x`, {}, { idleTimeoutMs: 200 })).rejects.toMatchObject({ code: 'ETIMEDOUT' });
    const stalls = await raw((socket) => socket.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nabc'));
    const sent = await getBlob(`${stalls}/x`, {}, { idleTimeoutMs: 200 });
    await expect(pour(sent.body, keeper())).rejects.toMatchObject({ code: 'ETIMEDOUT' });
    const controller = new AbortController();
    const pending = getBlob(`${silent}/x`, {}, { idleTimeoutMs: 5000, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'ABORTED' });
  });

  it('never writes a header value holding a line break (a token is not a way in)', async () => {
    const url = await raw((socket) => socket.end(ok(Buffer.alloc(1))));
    await expect(getBlob(`${url}/x`, { authorization: 'Bearer a\r\nX-Evil: 1' }, limits)).rejects.toThrow(
      /header authorization holds a line break/,
    );
  });

  it('speaks TLS, trusting what Node trusts (NODE_EXTRA_CA_CERTS)', async () => {
    const key = join(work, 'key.pem');
    const cert = join(work, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
      ],
      { stdio: 'ignore' },
    );
    const body = randomBytes(1024 * 1024 + 3);
    writeFileSync(join(work, 'body'), body);
    const script = join(work, 'tls.ts');
    const src = resolve('src/cache/blob-get.ts');
    writeFileSync(
      script,
      [
        `import { createServer } from 'node:https';`,
        `import { readFileSync } from 'node:fs';`,
        `import { getBlob, pour } from ${JSON.stringify(src)};`,
        `const body = readFileSync(${JSON.stringify(join(work, 'body'))});`,
        `const tls = { key: readFileSync(${JSON.stringify(key)}), cert: readFileSync(${JSON.stringify(cert)}) };`,
        'const server = createServer(tls,',
        `  (_q, r) => { r.setHeader('content-length', body.length); r.end(body); });`,
        `server.listen(0, '127.0.0.1', async () => {`,
        `  const { port } = server.address() as { port: number };`,
        `  const sent = await getBlob('https://localhost:' + port + '/b', {}, { idleTimeoutMs: 5000 });`,
        `  const chunks: Buffer[] = [];`,
        `  await pour(sent.body, { take: (b) => (chunks.push(Buffer.from(b)), true), ready: async () => {} });`,
        `  console.log(sent.status, Buffer.concat(chunks).equals(body));`,
        `  server.close();`,
        `});`,
      ].join('\n'),
    );
    const run = (env: NodeJS.ProcessEnv) =>
      new Promise<string>((go) => {
        const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, ...env } });
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (out += d));
        child.on('close', () => go(out));
      });
    expect((await run({ NODE_EXTRA_CA_CERTS: cert })).trim()).toBe('200 true');
    expect(await run({ NODE_EXTRA_CA_CERTS: '' })).toMatch(/SELF_SIGNED|self-signed/i);
  });
});
