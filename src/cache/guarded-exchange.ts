// One exchange with a registry, bounded from its first byte to its answer's last: the floor rate while bytes
// move (an upload, then the answer's body) and what the run's cache may still wait (the breaker's budget), by
// a RequestGuard (registry-breaker.ts). A registry that trickles a manifest, a record.json or a timing cache is
// cut as one that trickles a plan is; the time until the answer's head and the time its body takes both count.
import { PassThrough } from 'node:stream';
import { abandon, getBlob } from './blob-get.js';
import { type Body, exchange, header, type Sent, where } from './oci-http.js';
import { type RegistryBreaker, RequestGuard } from './registry-breaker.js';

/** An answer, and the guard that bounds its body until the caller has read it. */
export type Answer = Sent & { guard: RequestGuard };

export interface ExchangeLimits {
  /** A blob's GET: its body read off the socket (blob-get.ts), poured and counted by its caller. */
  blob: boolean;
  breaker: RegistryBreaker | undefined;
  /** A request with no byte moving for this long is abandoned (never longer than the breaker's budget). */
  idleTimeoutMs: number;
  /** The run's cancel. */
  signal: AbortSignal | undefined;
  /** Bytes a second a transfer keeps over each window. */
  floor: number;
}

export async function guardedExchange(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: Body,
  limits: ExchangeLimits,
): Promise<Answer> {
  const { breaker } = limits;
  const left = breaker ? Math.max(1000, breaker.left()) : null;
  const idleTimeoutMs = left === null ? limits.idleTimeoutMs : Math.min(limits.idleTimeoutMs, left);
  const cut = new AbortController();
  let answer: Sent | null = null;
  const guard = new RequestGuard(`${method} ${where(url)}`, limits.floor, left, (error) => {
    // Said to the breaker at once: a body cut under its reader gives the registry up as a head never sent does.
    breaker?.failed(error);
    if (answer) abandon(answer.body, error);
    else cut.abort(error);
  });
  const signal = limits.signal ? AbortSignal.any([limits.signal, cut.signal]) : cut.signal;
  const sending = countedUpload(body, headers, guard);
  const go = () =>
    limits.blob
      ? getBlob(url, headers, { idleTimeoutMs, signal })
      : exchange(method, url, headers, sending, { idleTimeoutMs, signal });
  try {
    answer = await (breaker ? breaker.timed(go) : go());
  } catch (error) {
    guard.done();
    // The guard's cut aborts the request: its reason, not "cancelled".
    throw guard.abandoned ?? error;
  }
  const length = Number(header(answer.headers, 'content-length') ?? Number.NaN);
  guard.moving(method === 'HEAD' ? 0 : Number.isNaN(length) ? null : length);
  if (breaker) {
    const bodyFrom = breaker.now();
    guard.whenDone(() => breaker.spent(breaker.now() - bodyFrom));
  }
  return { ...answer, body: limits.blob ? answer.body : countedBody(answer.body, guard), guard };
}

/** A request body whose bytes the guard counts as the socket takes them (a file streamed; bytes go at once). */
function countedUpload(body: Body, headers: Record<string, string>, guard: RequestGuard): Body {
  if (typeof body !== 'function') return body;
  return () => {
    const stream = body();
    guard.moving(Number(headers['content-length'] ?? Number.NaN) || null);
    stream.on('data', (chunk: Buffer) => guard.took(chunk.length));
    return stream;
  };
}

/** The answer's body as its caller reads it, each chunk counted; the guard is done once it ends or fails. */
function countedBody(body: Sent['body'], guard: RequestGuard): Sent['body'] {
  const counted = new PassThrough();
  // Its reader hears an error through its read; a body no one reads (an answer dropped after a cut) must not
  // throw it at the run: pipe() re-emits an error on a stream with no listener of its own.
  counted.on('error', () => {});
  body.on('data', (chunk: Buffer) => guard.took(chunk.length));
  body.on('error', (error) => counted.destroy(error));
  body.pipe(counted);
  counted.once('end', () => guard.done());
  counted.once('close', () => {
    guard.done();
    // Dropped before its end (drained, a reader that stopped): the answer's connection goes with it.
    if (!body.readableEnded) body.destroy();
  });
  return counted;
}
