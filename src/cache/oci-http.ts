// The HTTP under the OCI client: one exchange with a registry (redirects, idle timeouts, the run's cancel),
// and the registry's answers in words. Nothing here knows what a manifest is.
import type { IncomingHttpHeaders } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';

/** A registry that did not do what was asked: one line, the status and the registry's own error code. */
export class RegistryError extends Error {
  override name = 'RegistryError';
  constructor(
    message: string,
    readonly status: number | null,
    /** The registry's error code (MANIFEST_UNKNOWN, DENIED, …) or a network error's code. */
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

export interface Sent {
  status: number;
  headers: IncomingHttpHeaders;
  /** node:http's IncomingMessage, or a blob's body read off its socket (blob-get.ts). */
  body: Readable;
}

/** A request body: bytes, or a stream made afresh for each try (a plan read from disk). */
export type Body = (() => NodeJS.ReadableStream) | Buffer | null;

/** One HTTP exchange. A redirect elsewhere (blob storage) is followed without the Authorization header. */
export function exchange(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: Body,
  limits: { idleTimeoutMs: number; signal?: AbortSignal | undefined },
  hops = 0,
): Promise<Sent> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Sent>((resolve, reject) => {
    if (limits.signal?.aborted) return reject(new RegistryError('cancelled', null, 'ABORTED'));
    const req = send(target, { method, headers, signal: limits.signal }, (res) => {
      const status = res.statusCode ?? 0;
      const location = header(res.headers, 'location');
      if ([301, 302, 303, 307, 308].includes(status) && location && method === 'GET' && hops < 5) {
        res.resume();
        const next = new URL(location, target);
        const kept = next.origin === target.origin ? headers : withoutAuthorization(headers);
        resolve(exchange(method, next.toString(), kept, null, limits, hops + 1));
        return;
      }
      res.setTimeout(limits.idleTimeoutMs, () =>
        res.destroy(
          new RegistryError(`${method} ${where(url)}: no data for ${limits.idleTimeoutMs / 1000} s`, null, 'ETIMEDOUT'),
        ),
      );
      resolve({ status, headers: res.headers, body: res });
    });
    req.setTimeout(limits.idleTimeoutMs, () =>
      req.destroy(
        new RegistryError(`${method} ${where(url)}: no answer for ${limits.idleTimeoutMs / 1000} s`, null, 'ETIMEDOUT'),
      ),
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error instanceof RegistryError
          ? error
          : error.name === 'AbortError'
            ? new RegistryError('cancelled', null, 'ABORTED')
            : new RegistryError(`${method} ${where(url)}: ${error.code ?? error.message}`, null, error.code ?? null),
      ),
    );
    if (body === null) req.end();
    else if (Buffer.isBuffer(body)) req.end(body);
    else {
      const stream = body();
      stream.on('error', (error) => req.destroy(error));
      stream.pipe(req);
    }
  });
}

export const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export const withoutAuthorization = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'authorization'));

/** The URL as a log may show it: host and path, never a query (an upload session's state). */
export const where = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
};

export function retriable(error: unknown): boolean {
  const code = (error as RegistryError).code;
  // A registry that refuses connections is down: retrying only delays the build.
  return code === 'ECONNRESET' || code === 'EPIPE' || code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT';
}

/** Retry-After as seconds or an HTTP date, in ms; null when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * An answer whose body trt-ci does not need (a 401, a 404, a HEAD, a retried 5xx): the body is dropped with its
 * connection, never read out; a registry that trickles it would otherwise hold the run (or its exit) for as long.
 */
export async function drained<T>(sent: Sent, value: T): Promise<T> {
  sent.body.destroy();
  return value;
}

export async function readAll(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).length;
    if (total > limit) {
      stream.destroy();
      throw new RegistryError(`the registry sent more than ${limit} bytes`, null);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The registry's own words for a failed request: status and error code, no body beyond them. */
export async function failure(method: string, url: string, sent: Sent, who = 'the registry'): Promise<RegistryError> {
  const text = await readAll(sent.body, 64 * 1024).then(
    (b) => b.toString('utf8'),
    () => '',
  );
  let code: string | null = null;
  try {
    code = (JSON.parse(text) as { errors?: { code?: string }[] }).errors?.[0]?.code ?? null;
  } catch {}
  const words: Record<number, string> = {
    401: 'unauthorized (no or wrong credentials)',
    403: 'denied (the credentials lack this right)',
    404: 'not found',
    413: 'too large for the registry',
    429: 'too many requests',
  };
  const said = words[sent.status] ?? `HTTP ${sent.status}`;
  return new RegistryError(
    `${method} ${where(url)}: ${who} answered ${said}${code ? ` (${code})` : ''}`,
    sent.status,
    code,
  );
}
