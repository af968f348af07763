// A real OCI registry for the tests: Debian's `docker-registry` (the CNCF distribution registry, 2.8), started
// on 127.0.0.1 with its storage in a temporary folder, behind htpasswd or token authentication. The token
// server is the one part written here: it plays the role GHCR's plays (who may pull, who may push which
// repository), issuing the JWTs the registry verifies against a certificate made for the run. Nothing of the
// registry's protocol is imitated; the fault proxy only sits in front of the real one.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createSign, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';

// The GPU machine has no apt: scripts/gpu/registry-transfer.sh carries the binary and names it here.
export const REGISTRY_BINARY = process.env.DOCKER_REGISTRY_BINARY ?? '/usr/bin/docker-registry';
/** Whether the registry can be started here (`.ci/run` installs it; README says how to get it locally). */
export const registryInstalled = existsSync(REGISTRY_BINARY);

export interface RegistryUser {
  password: string;
  /** Repository name patterns (`*` for any run of characters) this user may pull from / push to. */
  pull: string[];
  push: string[];
}

export interface StartOptions {
  auth: 'none' | 'htpasswd' | 'token';
  users?: Record<string, RegistryUser>;
}

export interface TestRegistry {
  /** host:port, as an oci:// reference names it. */
  host: string;
  url: string;
  /** The storage folder (docker/registry/v2/…): a test corrupts a blob there. */
  storage: string;
  /** Scopes the token server was asked for, in order, with the user that asked. */
  tokenRequests: { user: string | null; scopes: string[] }[];
  log: () => string;
  stop: () => Promise<void>;
  /** Kills the registry and keeps its storage and port (a registry that goes down). */
  halt: () => Promise<void>;
  /** Starts the registry again on the same port and storage (after halt). */
  restart: () => Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePort(port));
    });
    server.on('error', reject);
  });

const listen = (server: Server) =>
  new Promise<number>((resolvePort) =>
    server.listen(0, '127.0.0.1', () => resolvePort((server.address() as AddressInfo).port)),
  );

const matches = (pattern: string, name: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(name);

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** The JWT distribution's token auth verifies: RS256, the signing certificate in x5c, the access granted. */
function tokenFor(
  key: string,
  certDer: Buffer,
  service: string,
  user: string | null,
  access: { type: string; name: string; actions: string[] }[],
): string {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', x5c: [certDer.toString('base64')] }));
  const claims = base64url(
    JSON.stringify({
      iss: 'trt-ci-test-token',
      sub: user ?? '',
      aud: service,
      exp: now + 300,
      nbf: now - 10,
      iat: now,
      jti: randomBytes(8).toString('hex'),
      access,
    }),
  );
  const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(key);
  return `${header}.${claims}.${base64url(signature)}`;
}

function startTokenServer(
  dir: string,
  users: Record<string, RegistryUser>,
  requests: TestRegistry['tokenRequests'],
): Promise<{ server: Server; realm: string; cert: string }> {
  const keyPath = join(dir, 'token.key');
  const certPath = join(dir, 'token.crt');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      keyPath,
      '-out',
      certPath,
      '-days',
      '2',
      '-subj',
      '/CN=trt-ci-test-token',
    ],
    { stdio: 'ignore', input: '', env: { ...process.env, OPENSSL_CONF: '/dev/null' }, timeout: 60_000 },
  );
  const key = readFileSync(keyPath, 'utf8');
  const pem = readFileSync(certPath, 'utf8');
  const certDer = Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://token');
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    let user: string | null = null;
    if (basic) {
      const [name, ...rest] = Buffer.from(basic, 'base64').toString('utf8').split(':');
      if (users[name!]?.password !== rest.join(':')) {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"errors":[{"code":"UNAUTHORIZED"}]}');
        return;
      }
      user = name!;
    }
    const scopes = url.searchParams.getAll('scope');
    requests.push({ user, scopes });
    const rights = user ? users[user]! : { password: '', pull: [], push: [] };
    const access = scopes.flatMap((scope) => {
      const [type, name, actions] = scope.split(':');
      if (type !== 'repository' || !name || !actions) return [];
      const granted = actions.split(',').filter((action) => {
        const patterns = action === 'pull' ? rights.pull : ['push', 'delete'].includes(action) ? rights.push : [];
        return patterns.some((p) => matches(p, name));
      });
      return [{ type, name, actions: granted }];
    });
    const token = tokenFor(key, certDer, url.searchParams.get('service') ?? '', user, access);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ token, expires_in: 300 }));
  });
  return listen(server).then((port) => ({ server, realm: `http://127.0.0.1:${port}/token`, cert: certPath }));
}

function configText(port: number, storage: string, auth: string): string {
  return [
    'version: 0.1',
    'log:',
    '  level: info',
    '  accesslog:',
    '    disabled: false',
    'storage:',
    '  filesystem:',
    `    rootdirectory: ${storage}`,
    '  delete:',
    '    enabled: true',
    '  maintenance:',
    '    uploadpurging:',
    '      enabled: false',
    'http:',
    `  addr: 127.0.0.1:${port}`,
    auth,
  ].join('\n');
}

async function waitUntilServing(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`docker-registry exited ${child.exitCode}:\n${log()}`);
    const status = await new Promise<number | null>((done) => {
      const req = request(`${url}/v2/`, (res) => {
        res.resume();
        done(res.statusCode ?? null);
      });
      req.on('error', () => done(null));
      req.end();
    });
    if (status === 200 || status === 401) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`docker-registry did not answer within 30 s:\n${log()}`);
}

export async function startRegistry(options: StartOptions): Promise<TestRegistry> {
  const dir = mkdtempSync(join(tmpdir(), 'trt-ci-registry-'));
  const storage = join(dir, 'storage');
  const users = options.users ?? {};
  const tokenRequests: TestRegistry['tokenRequests'] = [];
  let tokenServer: Server | null = null;
  let auth = '';
  if (options.auth === 'htpasswd') {
    const lines = Object.entries(users).map(([name, user]) => `${name}:${bcrypt.hashSync(user.password, 4)}`);
    writeFileSync(join(dir, 'htpasswd'), `${lines.join('\n')}\n`);
    auth = ['auth:', '  htpasswd:', '    realm: trt-ci-test', `    path: ${join(dir, 'htpasswd')}`].join('\n');
  } else if (options.auth === 'token') {
    const token = await startTokenServer(dir, users, tokenRequests);
    tokenServer = token.server;
    auth = [
      'auth:',
      '  token:',
      `    realm: ${token.realm}`,
      '    service: trt-ci-test-registry',
      '    issuer: trt-ci-test-token',
      `    rootcertbundle: ${token.cert}`,
    ].join('\n');
  }
  const port = await freePort();
  writeFileSync(join(dir, 'config.yml'), `${configText(port, storage, auth)}\n`);
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  let child: ChildProcess;
  const log = () => output;
  const start = async () => {
    child = spawn(REGISTRY_BINARY, ['serve', join(dir, 'config.yml')], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', OTEL_TRACES_EXPORTER: 'none' },
    });
    for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (d: Buffer) => (output += d.toString()));
    await waitUntilServing(url, child, log);
  };
  const stopChild = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGKILL');
    });
  await start();
  return {
    host: `127.0.0.1:${port}`,
    url,
    storage: join(storage, 'docker', 'registry', 'v2'),
    tokenRequests,
    log,
    restart: start,
    halt: stopChild,
    stop: async () => {
      await stopChild();
      await new Promise<void>((done) => (tokenServer ? tokenServer.close(() => done()) : done()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What the fault proxy does with one request: pass it on, answer it itself, or drop the connection. */
export type Fault =
  | 'pass'
  | 'drop'
  /** Accepts the request and never answers (a registry wedged behind its load balancer). */
  | 'hang'
  /** Passes it on and sends the answer's body back this many bytes a second. */
  | { trickle: number }
  | { status: number; headers?: Record<string, string> };

export interface FaultProxy {
  host: string;
  /** Requests seen, as "METHOD /path". */
  seen: string[];
  stop: () => Promise<void>;
}

/** `from` to `to` at `bytesPerSecond`, a tenth of a second's share at a time. */
function trickle(from: IncomingMessage, to: ServerResponse, bytesPerSecond: number): void {
  const share = Math.max(1, Math.floor(bytesPerSecond / 10));
  from.on('data', (chunk: Buffer) => {
    from.pause();
    let at = 0;
    const next = () => {
      if (to.destroyed) return from.destroy();
      if (at >= chunk.length) return from.resume();
      to.write(chunk.subarray(at, at + share));
      at += share;
      setTimeout(next, 100);
    };
    next();
  });
  from.on('end', () => {
    const done = setInterval(() => {
      if (!from.isPaused()) {
        clearInterval(done);
        to.end();
      }
    }, 100);
  });
}

/**
 * A proxy in front of the real registry that injects what a registry does on a bad day (429 with
 * Retry-After, a dropped connection) for the requests `fault` picks; everything else reaches the registry.
 */
export async function startFaultProxy(
  target: string,
  fault: (method: string, path: string, seen: number) => Fault | Promise<Fault>,
): Promise<FaultProxy> {
  const seen: string[] = [];
  const server = createServer(async (req, res) => {
    const path = req.url ?? '/';
    // A client that cut the connection (a trickle it abandoned) ends the exchange; nothing else to do.
    req.on('error', () => res.destroy());
    seen.push(`${req.method} ${path.split('?')[0]}`);
    const what = await fault(req.method ?? 'GET', path, seen.length);
    if (what === 'drop') {
      req.socket.destroy();
      return;
    }
    if (what === 'hang') {
      req.resume();
      return;
    }
    if (typeof what === 'object' && 'status' in what) {
      req.resume();
      res.writeHead(what.status, what.headers ?? {}).end('{"errors":[{"code":"TOOMANYREQUESTS"}]}');
      return;
    }
    const upstream = request(`${target}${path}`, { method: req.method, headers: req.headers }, (answer) => {
      const headers = { ...answer.headers };
      // The registry names itself in Location: the client must come back through the proxy.
      if (headers.location) headers.location = headers.location.replace(target, '');
      // The client cut the answer off (a trickle abandoned): the registry's side of it ends too.
      answer.on('error', () => res.destroy());
      res.writeHead(answer.statusCode ?? 502, headers);
      if (typeof what === 'object' && 'trickle' in what) trickle(answer, res, what.trickle);
      else answer.pipe(res);
    });
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  });
  const port = await listen(server);
  return {
    host: `127.0.0.1:${port}`,
    seen,
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
