// A registry that hangs, throttles, fails or trickles must not stall a run for minutes per engine: every client of
// the run's registry cache shares one breaker. The first timeout, a registry that refuses connections, a transfer
// that trickles below the floor rate (any request: a manifest, a record, a plan, an upload), a request still going
// when the run's cache-timeout runs out, or the third 429/5xx in a row gives the registry up for the rest of the run;
// so does the run's time for the cache (cache-timeout: what it may spend waiting on the registry, answers, bodies
// and retries, in all). Once given up, every request fails at once and the builds go on as on a miss; the reason
// is said at the top of the summary. The breaker is pure but for the clock it is handed; a RequestGuard, one per
// request, holds the timers that cut it.
import type { BodySink } from './blob-get.js';
import { RegistryError } from './oci-http.js';

/** 429 or 5xx answers in a row (across requests) after which the registry is given up. */
export const FAILURES_IN_A_ROW = 3;
/** Network errors after which waiting longer is pointless: the registry hangs or is not there. */
const FATAL_CODES = new Set([
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'SLOW',
  'DEADLINE',
]);

export class RegistryBreaker {
  private reason: string | null = null;
  private inARow = 0;
  private waitedMs = 0;

  constructor(
    /** What the run may spend waiting on the registry, in ms. */
    readonly budgetMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Why the registry was given up, or null while it is used. */
  get givenUp(): string | null {
    return this.reason;
  }

  /** Before a request or a retry: fails at once when the registry is given up. */
  check(what: string): void {
    if (this.reason) throw new RegistryError(`${what}: skipped: the registry cache was given up`, null, 'GIVEN_UP');
  }

  /** The time a request may still wait on the registry (its idle timeout is never longer). */
  left(): number {
    return Math.max(0, this.budgetMs - this.waitedMs);
  }

  /** Runs `wait` (a request until its answer, or a retry's pause), counting its time against the budget. */
  async timed<T>(wait: () => Promise<T>): Promise<T> {
    const start = this.clock();
    try {
      return await wait();
    } finally {
      this.spent(this.clock() - start);
    }
  }

  /** Time spent on the registry outside `timed` (an answer's body, read as its caller goes). */
  spent(ms: number): void {
    this.waitedMs += ms;
    if (!this.reason && this.waitedMs >= this.budgetMs)
      this.giveUp(`the run waited ${Math.round(this.waitedMs / 1000)} s on it, its cache-timeout`);
  }

  /** The clock the budget is kept by. */
  now(): number {
    return this.clock();
  }

  /** An answer came: a 429 or 5xx counts toward giving up, any other resets the count. */
  answered(status: number, what: string): void {
    if (status !== 429 && status < 500) {
      this.inARow = 0;
      return;
    }
    this.inARow += 1;
    if (this.inARow >= FAILURES_IN_A_ROW) this.giveUp(`${this.inARow} answers of ${status} in a row (${what})`);
  }

  /** A request failed without an answer: a hang, a refusal, a trickle give the registry up at once. */
  failed(error: unknown): void {
    const code = error instanceof RegistryError ? error.code : null;
    if (code && FATAL_CODES.has(code)) this.giveUp((error as Error).message);
  }

  giveUp(reason: string): void {
    this.reason ??= reason;
  }
}

/** The floor a transfer must keep, by default: far below any registry's, far above a trickle's. */
export const TRICKLE_FLOOR = 256 * 1024;
/** How often, and over how long, a transfer's rate is looked at. */
const TRICKLE_WINDOW_MS = 5000;

/**
 * Bounds one request, from its start to its answer's last byte: while bytes move (an upload, an answer's body)
 * they keep `floor` bytes a second over each window, and the whole request ends by `deadlineMs` (what the run's
 * cache-timeout has left when it starts). Either cut hands `abandon` the error that says so; its codes (SLOW,
 * DEADLINE) give the registry up. A manifest, a record.json or a timing cache is bounded as a plan blob is.
 */
export class RequestGuard {
  /** Why the request was cut, once it was. */
  abandoned: RegistryError | null = null;
  private landed = 0;
  private atLastLook = 0;
  /** The bytes expected while some move (null: unknown); undefined while none do (waiting for an answer). */
  private expected: number | null | undefined = undefined;
  private window: NodeJS.Timeout | null = null;
  private readonly deadline: NodeJS.Timeout | null;
  private finished = false;
  private onDone: (() => void) | null = null;

  constructor(
    private readonly what: string,
    private readonly floor: number,
    deadlineMs: number | null,
    private readonly abandon: (error: RegistryError) => void,
  ) {
    this.deadline =
      deadlineMs === null
        ? null
        : setTimeout(() => {
            const seconds = Math.round(deadlineMs / 1000);
            this.cut(`${what}: still going after ${seconds} s, all the run's cache-timeout had left`, 'DEADLINE');
          }, deadlineMs);
    this.deadline?.unref();
  }

  /** Bytes start to move: `total` of them (null: unknown). The floor is looked at a whole window on. */
  moving(total: number | null): void {
    if (this.finished) return;
    this.expected = total;
    this.landed = 0;
    this.atLastLook = 0;
    if (this.window) clearInterval(this.window);
    this.window = setInterval(() => this.look(), TRICKLE_WINDOW_MS);
    this.window.unref();
  }

  took(bytes: number): void {
    this.landed += bytes;
  }

  /** A sink that counts what it takes. */
  counting(sink: BodySink): BodySink {
    return {
      take: (bytes) => {
        this.took(bytes.length);
        return sink.take(bytes);
      },
      ready: () => sink.ready(),
    };
  }

  /** `afterwards` runs once, when the request is over. */
  whenDone(afterwards: () => void): void {
    this.onDone = afterwards;
  }

  /** The request is over (its body read, or it failed): nothing is cut after it. */
  done(): void {
    if (this.window) clearInterval(this.window);
    if (this.deadline) clearTimeout(this.deadline);
    if (this.finished) return;
    this.finished = true;
    this.onDone?.();
  }

  private look(): void {
    const moved = this.landed - this.atLastLook;
    this.atLastLook = this.landed;
    const short = this.expected === null || (this.expected !== undefined && this.landed < this.expected);
    if (short && moved < (this.floor * TRICKLE_WINDOW_MS) / 1000)
      this.cut(`${this.what}: ${moved} bytes in ${TRICKLE_WINDOW_MS / 1000} s, under ${this.floor} bytes/s`, 'SLOW');
  }

  private cut(message: string, code: 'SLOW' | 'DEADLINE'): void {
    if (this.finished) return;
    this.abandoned = new RegistryError(message, null, code);
    this.done();
    this.abandon(this.abandoned);
  }
}
