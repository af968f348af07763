// A client for the OCI distribution API (distribution-spec v1.1: opencontainers/distribution-spec
// spec.md), the part a cache needs: manifests by tag, blobs by digest, monolithic uploads, tag lists and
// manifest deletion, with the registry token flow (distribution's docs/spec/auth/token.md) and Basic
// authentication. No Node library speaks OCI 1.1 artifacts and pushes (docs/cache.md says which were
// looked at), and the API is small: this module is the one place trt-ci talks to a registry.
//
// What it guarantees: a blob written to disk has the digest and size it was asked for (streamed, hashed on
// the way, renamed into place only when both match); a manifest read has the digest the registry named; a
// credential is sent only to the registry's host and its token realm, and never appears in an error.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import {
  type Body,
  drained,
  failure,
  header,
  readAll,
  RegistryError,
  retriable,
  retryAfterMs,
  where,
} from './oci-http.js';
import { hashesOnWorker, openBlobFile, warmHasher } from './blob-file.js';
import { pour } from './blob-get.js';
import { type RegistryBreaker, TRICKLE_FLOOR } from './registry-breaker.js';
import { type Answer, guardedExchange } from './guarded-exchange.js';
import { type Descriptor, type Manifest, OCI_MANIFEST, type OciReference } from './oci-reference.js';
import type { Credentials } from './registry-auth.js';

export interface ClientOptions {
  credentials: Credentials | null;
  /** A request with no byte moving for this long is abandoned (a registry that hangs). */
  idleTimeoutMs?: number;
  /** Tries per request on 429, 5xx and dropped connections (Retry-After is honoured up to maxRetryWaitMs). */
  attempts?: number;
  maxRetryWaitMs?: number;
  signal?: AbortSignal;
  /** The cores a pull's hash may count on (blob-hash.ts); this machine's unless a test says otherwise. */
  hashCores?: number;
  /** The run's breaker, shared by its clients: what gives the registry up (registry-breaker.ts). */
  breaker?: RegistryBreaker;
  /**
   * A transfer (a blob, a manifest, a record, an upload) that moves slower than this over a window (5 s) is
   * abandoned and the registry given up.
   */
  minBytesPerSecond?: number;
}

const ACTIONS: Record<'pull' | 'push' | 'delete', string> = { pull: 'pull', push: 'pull,push', delete: 'delete' };

interface SendOptions {
  /** Statuses the caller handles itself. */
  allowed?: number[];
  /** The success statuses (a PUT must get one of them). */
  expected?: number[];
  /** A blob's GET: its body read off the socket (blob-get.ts). */
  blob?: boolean;
}

/** One repository on one registry, with the rights a run asks for. */
export class OciClient {
  /** The registry's clock, from the Date of its last answer (ms since the epoch), or null before one. */
  serverDate: number | null = null;
  private readonly tokens = new Map<string, string>();
  private basic = false;
  private readonly idleTimeoutMs: number;
  private readonly attempts: number;
  private readonly maxRetryWaitMs: number;

  constructor(
    readonly ref: OciReference,
    private readonly options: ClientOptions,
  ) {
    this.idleTimeoutMs = options.idleTimeoutMs ?? 30_000;
    this.attempts = options.attempts ?? 3;
    this.maxRetryWaitMs = options.maxRetryWaitMs ?? 20_000;
  }

  private get origin(): string {
    return `${this.ref.plainHttp ? 'http' : 'https'}://${this.ref.registry}`;
  }

  private path(kind: 'manifests' | 'blobs' | 'tags', rest: string): string {
    return `${this.origin}/v2/${this.ref.repository}/${kind}/${rest}`;
  }

  /** The manifest a tag points at, with its digest; null when the registry has no such tag. */
  async manifest(tag: string): Promise<{ manifest: Manifest; digest: string } | null> {
    const sent = await this.send('GET', this.path('manifests', tag), 'pull', { accept: OCI_MANIFEST }, null, {
      allowed: [404],
    });
    if (sent.status === 404) return drained(sent, null);
    const bytes = await readAll(sent.body, 4 * 1024 * 1024);
    const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
    const named = header(sent.headers, 'docker-content-digest');
    if (named && named !== digest)
      throw new RegistryError(`manifest ${tag}: digest ${digest}, registry said ${named}`, 200);
    try {
      return { manifest: JSON.parse(bytes.toString('utf8')) as Manifest, digest };
    } catch {
      throw new RegistryError(`manifest ${tag} is not JSON`, 200);
    }
  }

  /** Whether a tag exists (HEAD: nothing downloaded). */
  async hasManifest(tag: string): Promise<boolean> {
    const sent = await this.send('HEAD', this.path('manifests', tag), 'pull', { accept: OCI_MANIFEST }, null, {
      allowed: [404],
    });
    return drained(sent, sent.status !== 404);
  }

  /** A blob written to `path` only when its bytes have the descriptor's digest and size. */
  async blobTo(descriptor: Descriptor, path: string): Promise<void> {
    // The hasher starts while the request is on its way (a worker takes tens of ms to start).
    if (hashesOnWorker(descriptor.size, this.options.hashCores)) warmHasher();
    const sent = await this.send('GET', this.path('blobs', descriptor.digest), 'pull', {}, null, { blob: true });
    // `wx`: a part file is never shared with another pull of the same blob. The bytes go off the socket into
    // the file and the hash at once (blob-get.ts, blob-file.ts: bench/registry.ts measures it against curl).
    const part = `${path}.${randomBytes(4).toString('hex')}.part`;
    const file = await openBlobFile(part, descriptor.size, this.options.hashCores).catch(async (error: unknown) => {
      sent.body.destroy();
      sent.guard.done();
      throw error;
    });
    // A trickle is abandoned, not waited out: the answer's guard counts the bytes as they land.
    const counted = sent.guard.counting(file);
    try {
      await pour(sent.body, counted).catch((error: unknown) => {
        this.options.breaker?.failed(error);
        throw error;
      });
      const { bytes, digest } = await file.finish();
      if (bytes !== descriptor.size || `sha256:${digest}` !== descriptor.digest)
        throw new RegistryError(
          `blob ${descriptor.digest}: got ${bytes} bytes with digest sha256:${digest}`,
          200,
          'DIGEST',
        );
      await rename(part, path);
    } catch (error) {
      sent.body.destroy();
      file.abort();
      await rm(part, { force: true });
      throw error;
    } finally {
      sent.guard.done();
    }
  }

  /** A small blob, in memory (a record); checked like blobTo. */
  async blobBytes(descriptor: Descriptor, limit = 16 * 1024 * 1024): Promise<Buffer> {
    if (descriptor.size > limit)
      throw new RegistryError(`blob ${descriptor.digest} is larger than ${limit} bytes`, 200);
    const sent = await this.send('GET', this.path('blobs', descriptor.digest), 'pull', {}, null);
    const bytes = await readAll(sent.body, descriptor.size);
    const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
    if (digest !== descriptor.digest)
      throw new RegistryError(`blob ${descriptor.digest}: got digest ${digest}`, 200, 'DIGEST');
    return bytes;
  }

  /** Uploads a blob (a file, streamed, or bytes) unless the repository has it; returns its descriptor. */
  async pushBlob(mediaType: string, content: { file: string; sha256: string } | Buffer): Promise<Descriptor> {
    const isFile = !Buffer.isBuffer(content);
    const size = isFile ? (await stat(content.file)).size : content.length;
    const sha = isFile ? content.sha256 : createHash('sha256').update(content).digest('hex');
    const descriptor = { mediaType, digest: `sha256:${sha}`, size };
    const head = await this.send('HEAD', this.path('blobs', descriptor.digest), 'push', {}, null, { allowed: [404] });
    if (await drained(head, head.status === 200)) return descriptor;
    const started = await this.send('POST', this.path('blobs', 'uploads/'), 'push', { 'content-length': '0' }, null);
    await drained(started, null);
    const location = header(started.headers, 'location');
    if (started.status !== 202 || !location)
      throw new RegistryError('upload: no Location from the registry', started.status);
    const target = new URL(location, this.origin);
    target.searchParams.set('digest', descriptor.digest);
    const body: Body = isFile ? () => createReadStream(content.file, { highWaterMark: 1024 * 1024 }) : content;
    const headers = { 'content-type': 'application/octet-stream', 'content-length': String(size) };
    // A retried PUT to the same session: registries that dropped it answer 404, and the push is said to fail.
    await drained(await this.send('PUT', target.toString(), 'push', headers, body, { expected: [201] }), null);
    return descriptor;
  }

  /** Puts a manifest under a tag; returns its digest. */
  async pushManifest(tag: string, manifest: Manifest): Promise<string> {
    const bytes = Buffer.from(JSON.stringify(manifest));
    const headers = { 'content-type': OCI_MANIFEST, 'content-length': String(bytes.length) };
    await drained(
      await this.send('PUT', this.path('manifests', tag), 'push', headers, bytes, { expected: [201] }),
      null,
    );
    return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
  }

  /** Every tag of the repository, page after page (the Link header). */
  async tags(): Promise<string[]> {
    const found: string[] = [];
    let next: string | null = this.path('tags', 'list?n=1000');
    while (next) {
      const sent = await this.send('GET', next, 'pull', { accept: 'application/json' }, null, { allowed: [404] });
      if (sent.status === 404) return drained(sent, found);
      const page = JSON.parse((await readAll(sent.body, 64 * 1024 * 1024)).toString('utf8')) as { tags?: string[] };
      found.push(...(page.tags ?? []));
      const link = /<([^>]+)>;\s*rel="?next"?/.exec(header(sent.headers, 'link') ?? '')?.[1];
      next = link ? new URL(link, this.origin).toString() : null;
    }
    return found;
  }

  /** Deletes a manifest by digest; false when the registry does not allow deletion (405, 403, UNSUPPORTED). */
  async deleteManifest(digest: string): Promise<boolean> {
    const sent = await this.send('DELETE', this.path('manifests', digest), 'delete', {}, null, {
      allowed: [403, 404, 405],
    });
    return drained(sent, sent.status === 202 || sent.status === 200 || sent.status === 404);
  }

  /**
   * One request, authenticated as the registry asks (a 401's challenge is answered once), retried on 429,
   * 5xx and dropped connections.
   */
  private async send(
    method: string,
    url: string,
    rights: keyof typeof ACTIONS,
    headers: Record<string, string>,
    body: Body,
    { allowed = [], expected = [200], blob = false }: SendOptions = {},
  ): Promise<Answer> {
    const scope = `repository:${this.ref.repository}:${ACTIONS[rights]}`;
    // Credentials go to the registry and its token realm only: an upload Location, a Link to the next page or
    // any URL the registry names on another origin (blob storage, a host it was told to name) gets none.
    const own = new URL(url).origin === this.origin;
    const what = `${method} ${where(url)}`;
    const breaker = this.options.breaker;
    let challenged = !own;
    for (let attempt = 1; ; attempt++) {
      breaker?.check(what);
      let sent: Answer;
      try {
        const authorization = own ? this.authorization(scope) : {};
        sent = await this.exchange(method, url, { ...headers, ...authorization }, body, blob);
      } catch (error) {
        if (error instanceof RegistryError && error.code === 'ABORTED') throw error;
        breaker?.failed(error);
        if (attempt < this.attempts && retriable(error) && !breaker?.givenUp) {
          await this.wait(250 * attempt);
          continue;
        }
        throw error;
      }
      breaker?.answered(sent.status, what);
      const date = Date.parse(header(sent.headers, 'date') ?? '');
      if (own && !Number.isNaN(date)) this.serverDate = date;
      if (sent.status === 401 && !challenged) {
        challenged = true;
        await drained(sent, null);
        sent.guard.done();
        await this.answer(header(sent.headers, 'www-authenticate') ?? '', scope);
        attempt--;
        continue;
      }
      if ((sent.status === 429 || sent.status >= 500) && attempt < this.attempts && !breaker?.givenUp) {
        const wait = retryAfterMs(header(sent.headers, 'retry-after'));
        await drained(sent, null);
        sent.guard.done();
        const longest = Math.min(this.maxRetryWaitMs, breaker?.left() ?? Number.POSITIVE_INFINITY);
        if (wait === null || wait <= longest) {
          await this.wait(wait ?? 500 * attempt);
          continue;
        }
        const message = `${what}: ${sent.status}, Retry-After ${Math.round(wait / 1000)} s is too long`;
        breaker?.giveUp(message);
        throw new RegistryError(message, sent.status);
      }
      if (expected.includes(sent.status) || allowed.includes(sent.status) || (method !== 'PUT' && sent.status < 300))
        return sent;
      const refused = await failure(method, url, sent);
      sent.guard.done();
      throw refused;
    }
  }

  private authorization(scope: string): Record<string, string> {
    const token = this.tokens.get(scope);
    if (token) return { authorization: `Bearer ${token}` };
    const creds = this.options.credentials;
    if (this.basic && creds)
      return { authorization: `Basic ${Buffer.from(`${creds.username}:${creds.password}`).toString('base64')}` };
    return {};
  }

  /** Answers a 401: a token from the realm (with Basic credentials when there are any), or Basic itself. */
  private async answer(challenge: string, scope: string): Promise<void> {
    const scheme = /^\s*(\w+)/.exec(challenge)?.[1]?.toLowerCase();
    if (scheme === 'basic') {
      if (!this.options.credentials) throw new RegistryError('the registry needs credentials and none were given', 401);
      this.basic = true;
      return;
    }
    if (scheme !== 'bearer')
      throw new RegistryError(`the registry asked for "${scheme ?? 'nothing'}" authentication`, 401);
    const params = Object.fromEntries(
      [...challenge.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), m[2]!] as const),
    );
    if (!params.realm) throw new RegistryError('the registry sent a Bearer challenge without a realm', 401);
    const realm = new URL(params.realm);
    if (realm.protocol !== 'https:' && !this.ref.plainHttp)
      throw new RegistryError(`the registry's token realm ${realm.origin} is not https`, 401);
    if (params.service) realm.searchParams.set('service', params.service);
    realm.searchParams.set('scope', scope);
    const creds = this.options.credentials;
    const auth: Record<string, string> = creds
      ? { authorization: `Basic ${Buffer.from(`${creds.username}:${creds.password}`).toString('base64')}` }
      : {};
    const sent = await this.exchange('GET', realm.toString(), { ...auth, accept: 'application/json' }, null);
    if (sent.status !== 200) throw await failure('GET', `${realm.origin}${realm.pathname}`, sent, 'the token server');
    const answer = JSON.parse((await readAll(sent.body, 1024 * 1024)).toString('utf8')) as {
      token?: string;
      access_token?: string;
    };
    const token = answer.token ?? answer.access_token;
    if (!token) throw new RegistryError('the token server answered without a token', 200);
    this.tokens.set(scope, token);
  }

  /** One exchange, bounded to its answer's last byte (guarded-exchange.ts). */
  private exchange(method: string, url: string, headers: Record<string, string>, body: Body, blob = false) {
    return guardedExchange(method, url, headers, body, {
      blob,
      breaker: this.options.breaker,
      idleTimeoutMs: this.idleTimeoutMs,
      signal: this.options.signal,
      floor: this.options.minBytesPerSecond ?? TRICKLE_FLOOR,
    });
  }

  private wait(ms: number): Promise<void> {
    const breaker = this.options.breaker;
    return breaker ? breaker.timed(() => this.pause(ms)) : this.pause(ms);
  }

  private pause(ms: number): Promise<void> {
    const signal = this.options.signal;
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new RegistryError('cancelled', null, 'ABORTED'));
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new RegistryError('cancelled', null, 'ABORTED'));
      });
    });
  }
}
