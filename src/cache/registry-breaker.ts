// A registry that hangs, throttles, fails or trickles must not stall a run for minutes per engine: every client of
// the run's registry cache shares one breaker. The first timeout, a registry that refuses connections, a blob
// that trickles below the floor rate, or the third 429/5xx in a row gives the registry up for the rest of the run;
// so does the run's time for the cache (cache-timeout: what it may spend waiting on the registry, answers and
// retries, in all). Once given up, every request fails at once and the builds go on as on a miss; the reason is
// said at the top of the summary. Pure but for the clock it is handed.
import type { BodySink } from './blob-get.js';
import { RegistryError } from './oci-http.js';

/** 429 or 5xx answers in a row (across requests) after which the registry is given up. */
export const FAILURES_IN_A_ROW = 3;
/** Network errors after which waiting longer is pointless: the registry hangs or is not there. */
const FATAL_CODES = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT', 'ECONNREFUSED', 'EHOSTUNREACH', 'ENOTFOUND', 'SLOW']);

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
      this.waitedMs += this.clock() - start;
      if (!this.reason && this.waitedMs >= this.budgetMs)
        this.giveUp(`the run waited ${Math.round(this.waitedMs / 1000)} s on it, its cache-timeout`);
    }
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

/** The floor a blob's transfer must keep, by default: far below any registry's, far above a trickle's. */
export const TRICKLE_FLOOR = 256 * 1024;
/** How often, and over how long, a blob's rate is looked at. */
const TRICKLE_WINDOW_MS = 5000;

/**
 * Counts a blob's bytes as they land and looks at the rate every window: under `floor` bytes a second before the
 * blob is whole, `abandon` is handed the error that says so (code SLOW: the breaker gives the registry up).
 */
export function watchRate(
  blob: { digest: string; size: number },
  floor: number,
  abandon: (error: RegistryError) => void,
): { counting: (sink: BodySink) => BodySink; stop: () => void } {
  let landed = 0;
  let atLastLook = 0;
  const timer = setInterval(() => {
    const moved = landed - atLastLook;
    atLastLook = landed;
    if (landed < blob.size && moved < (floor * TRICKLE_WINDOW_MS) / 1000) {
      const seconds = TRICKLE_WINDOW_MS / 1000;
      abandon(
        new RegistryError(`blob ${blob.digest}: ${moved} bytes in ${seconds} s, under ${floor} bytes/s`, null, 'SLOW'),
      );
    }
  }, TRICKLE_WINDOW_MS);
  timer.unref();
  return {
    counting: (sink) => ({
      take: (bytes) => {
        landed += bytes.length;
        return sink.take(bytes);
      },
      ready: () => sink.ready(),
    }),
    stop: () => clearInterval(timer),
  };
}
