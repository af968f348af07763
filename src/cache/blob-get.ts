// A blob's GET, read off the socket itself. Node's HTTP client hands a body over as one fresh Buffer per
// socket read, through a stream: on loopback that alone costs 2-2.4x what `curl -o` takes for the same blob
// (bench/registry-transfer.ts measured it; a raw socket with a reused read buffer takes ~1.0x). So a blob is
// asked for with HTTP/1.1 written here (RFC 9112: one request, `Connection: close`, a Content-Length body)
// and its bytes go from the socket's one read buffer straight into the sink (blob-file.ts), copied once. An
// answer this reader does not take as it comes (a chunked body) is asked again through oci-http.ts.
import type { IncomingHttpHeaders } from 'node:http';
import { connect as netConnect, isIP, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';
import { exchange, RegistryError, type Sent, where, withoutAuthorization } from './oci-http.js';

/** The most bytes one socket read hands over: the read buffer's size. */
export const READ_MAX = 64 * 1024;
/** A response head larger than this is not a registry's. */
const HEAD_MAX = 64 * 1024;

/** Where a poured body goes. `take` copies the bytes (the buffer is reused once it returns). */
export interface BodySink {
  /** Copies `bytes`; false when the sink wants no more until `ready` resolves. */
  take(bytes: Uint8Array): boolean;
  ready(): Promise<void>;
}

export interface Head {
  status: number;
  headers: IncomingHttpHeaders;
  /** Bytes the head took, informational (1xx) heads before it included. */
  length: number;
}

/**
 * The response head at the start of `bytes`: null while it is incomplete, a string saying what is wrong
 * with one that is not HTTP/1.x. Informational answers (1xx) are skipped; header names are lower-cased and
 * a repeated header joined with ", " as node:http does.
 */
export function parseHead(bytes: Buffer): Head | string | null {
  let start = 0;
  for (;;) {
    const end = bytes.indexOf('\r\n\r\n', start, 'latin1');
    if (end < 0) return bytes.length - start > HEAD_MAX ? `a response head over ${HEAD_MAX} bytes` : null;
    const [statusLine, ...lines] = bytes.toString('latin1', start, end).split('\r\n');
    const status = /^HTTP\/1\.[01] (\d{3})(?: |$)/.exec(statusLine ?? '');
    if (!status) return `not an HTTP/1.x status line: ${JSON.stringify((statusLine ?? '').slice(0, 40))}`;
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon <= 0) return `not a header line: ${JSON.stringify(line.slice(0, 40))}`;
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
    }
    start = end + 4;
    const code = Number(status[1]);
    if (code >= 100 && code < 200) continue;
    return { status: code, headers, length: start };
  }
}

/** The body's length from its head: null to the connection's close; a string when the head contradicts itself. */
export function bodyLength(head: Head, method: string): number | null | string {
  if (method === 'HEAD' || head.status === 204 || head.status === 304) return 0;
  const value = head.headers['content-length'];
  if (value === undefined) return null;
  // "5, 5" (a repeated header) is one length; two different ones are a smuggling attempt (RFC 9112 §6.3).
  const lengths = new Set(
    String(value)
      .split(',')
      .map((v) => v.trim()),
  );
  const [only] = lengths;
  if (lengths.size !== 1 || !/^\d{1,15}$/.test(only ?? '')) return `Content-Length ${JSON.stringify(value)}`;
  return Number(only);
}

/** A GET's body as it comes off the socket: a stream for whoever reads one, or poured into a sink. */
class SocketBody extends Readable {
  private sink: BodySink | null = null;
  private streaming = false;
  private poured: { go: () => void; stop: (error: Error) => void } | null = null;
  private received = 0;
  /** Set once the body is complete or has failed: nothing is delivered after. */
  private over = false;
  /** An error before anyone poured or read: given to the first who does. */
  private failed: Error | null = null;
  private socketEnded = false;

  constructor(
    private readonly socket: Socket,
    private readonly expected: number | null,
    private held: Buffer,
    private readonly what: string,
  ) {
    super();
    socket.on('end', () => this.ended());
    socket.on('close', () => this.ended());
  }

  /** Bytes off the socket (its reused read buffer); false pauses the socket. */
  bytes(view: Uint8Array): boolean {
    if (!this.sink && !this.streaming) {
      // Neither poured nor read yet: kept until one is asked for.
      this.held = Buffer.concat([this.held, view]);
      return false;
    }
    this.received += view.length;
    if (this.expected !== null && this.received > this.expected) {
      this.fail(new RegistryError(`${this.what}: the registry sent more than its ${this.expected} bytes`, 200));
      return false;
    }
    const more = this.sink ? this.sink.take(view) : this.push(Buffer.from(view));
    if (this.expected === this.received) return this.done();
    if (this.socketEnded) {
      this.ended();
      return false;
    }
    if (!more && this.sink) this.wait(this.sink);
    return more;
  }

  /** Every byte into `sink`; resolves when the body is complete, rejects when it is cut short. */
  pour(sink: BodySink): Promise<void> {
    return new Promise<void>((go, stop) => {
      if (this.failed) return stop(this.failed);
      this.poured = { go, stop };
      this.sink = sink;
      if (this.start()) this.socket.resume();
    });
  }

  override _read(): void {
    if (this.failed) return void this.destroy(this.failed);
    if (!this.streaming) {
      this.streaming = true;
      if (!this.start()) return;
    }
    if (!this.over) this.socket.resume();
  }

  /** Delivers what came with the head; whether the socket may go on. */
  private start(): boolean {
    const held = this.held;
    this.held = Buffer.alloc(0);
    if (held.length) return this.bytes(held);
    if (this.expected === 0) return this.done();
    if (this.socketEnded) this.ended();
    return !this.over;
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.socket.destroy();
    callback(error);
  }

  fail(error: Error): void {
    if (this.over) return;
    this.over = true;
    const poured = this.poured;
    this.poured = null;
    this.socket.destroy();
    if (poured) poured.stop(error);
    else if (this.streaming) this.destroy(error);
    else this.failed = error;
  }

  private wait(sink: BodySink): void {
    sink.ready().then(
      () => this.socket.resume(),
      (error: Error) => this.fail(error),
    );
  }

  private done(): false {
    if (this.over) return false;
    this.over = true;
    this.socket.destroy();
    const poured = this.poured;
    this.poured = null;
    if (poured) poured.go();
    else this.push(null);
    return false;
  }

  /** The connection's end: the body's end only when no length was given. */
  private ended(): void {
    this.socketEnded = true;
    if (this.over || (!this.sink && !this.streaming)) return;
    if (this.expected === null) {
      this.done();
      return;
    }
    if (this.received < this.expected)
      this.fail(
        new RegistryError(
          `${this.what}: the connection closed after ${this.received} of ${this.expected} bytes`,
          200,
          'ECONNRESET',
        ),
      );
  }
}

/** Stops a body being poured, the pour rejecting with `error` (a trickle abandoned, say). */
export function abandon(body: Readable, error: Error): void {
  if (body instanceof SocketBody) body.fail(error);
  else body.destroy(error);
}

/** Pours a body into `sink`: off the socket for a SocketBody, chunk by chunk for any other stream. */
export async function pour(body: Readable, sink: BodySink): Promise<void> {
  if (body instanceof SocketBody) return body.pour(sink);
  for await (const chunk of body) if (!sink.take(chunk as Buffer)) await sink.ready();
}

const unsafeValue = /[\r\n\0]/;

/**
 * One GET through a socket of its own. A redirect elsewhere (blob storage) is followed without the
 * Authorization header, as oci-http.ts's exchange does; a chunked answer is asked again through it.
 */
export function getBlob(
  url: string,
  headers: Record<string, string>,
  limits: { idleTimeoutMs: number; signal?: AbortSignal | undefined },
  hops = 0,
): Promise<Sent> {
  const target = new URL(url);
  const tls = target.protocol === 'https:';
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = Number(target.port || (tls ? 443 : 80));
  return new Promise<Sent>((resolve, reject) => {
    if (limits.signal?.aborted) return reject(new RegistryError('cancelled', null, 'ABORTED'));
    for (const [name, value] of Object.entries(headers))
      if (unsafeValue.test(value) || unsafeValue.test(name))
        return reject(new RegistryError(`GET ${where(url)}: header ${name} holds a line break`, null));
    const lines = [`GET ${target.pathname}${target.search} HTTP/1.1`, `Host: ${target.host}`];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    lines.push('Connection: close', '', '');
    let head = Buffer.alloc(0);
    let body: SocketBody | null = null;
    let settled = false;
    const fail = (error: Error) => {
      if (body) body.fail(error);
      else if (!settled) {
        settled = true;
        socket.destroy();
        reject(error);
      }
    };
    const onread = (n: number, buffer: Buffer): boolean => {
      if (body) return body.bytes(buffer.subarray(0, n));
      head = Buffer.concat([head, buffer.subarray(0, n)]);
      const parsed = parseHead(head);
      if (parsed === null) return true;
      if (typeof parsed === 'string') {
        fail(new RegistryError(`GET ${where(url)}: ${parsed}`, null, 'EPROTO'));
        return false;
      }
      settled = true;
      const location = parsed.headers.location;
      if ([301, 302, 303, 307, 308].includes(parsed.status) && location && hops < 5) {
        socket.destroy();
        const next = new URL(location, target);
        const kept = next.origin === target.origin ? headers : withoutAuthorization(headers);
        resolve(getBlob(next.toString(), kept, limits, hops + 1));
        return false;
      }
      const length = bodyLength(parsed, 'GET');
      if (parsed.headers['transfer-encoding'] !== undefined) {
        socket.destroy();
        resolve(exchange('GET', url, headers, null, limits, hops));
        return false;
      }
      if (typeof length === 'string') {
        socket.destroy();
        reject(new RegistryError(`GET ${where(url)}: ${length}`, parsed.status, 'EPROTO'));
        return false;
      }
      body = new SocketBody(socket, length, head.subarray(parsed.length), `GET ${where(url)}`);
      resolve({ status: parsed.status, headers: parsed.headers, body });
      return false;
    };
    const options = { host, port, onread: { buffer: Buffer.allocUnsafe(READ_MAX), callback: onread } };
    const socket: Socket = tls
      ? tlsConnect({ ...options, servername: isIP(host) ? undefined : host, ALPNProtocols: ['http/1.1'] })
      : netConnect(options);
    socket.once(tls ? 'secureConnect' : 'connect', () => socket.write(lines.join('\r\n')));
    socket.setTimeout(limits.idleTimeoutMs, () =>
      fail(
        new RegistryError(
          `GET ${where(url)}: no ${body ? 'data' : 'answer'} for ${limits.idleTimeoutMs / 1000} s`,
          null,
          'ETIMEDOUT',
        ),
      ),
    );
    socket.on('error', (error: NodeJS.ErrnoException) =>
      fail(new RegistryError(`GET ${where(url)}: ${error.code ?? error.message}`, null, error.code ?? null)),
    );
    socket.on('close', () => {
      if (!settled)
        fail(new RegistryError(`GET ${where(url)}: the connection closed before an answer`, null, 'ECONNRESET'));
    });
    const abort = () => fail(new RegistryError('cancelled', null, 'ABORTED'));
    limits.signal?.addEventListener('abort', abort, { once: true });
    socket.once('close', () => limits.signal?.removeEventListener('abort', abort));
  });
}
