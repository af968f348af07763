// The breaker every client of a run's registry cache shares (src/cache/registry-breaker.ts): what gives the
// registry up, and that nothing is asked of it after.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RegistryError } from '../src/cache/oci-http.js';
import { FAILURES_IN_A_ROW, RegistryBreaker, RequestGuard } from '../src/cache/registry-breaker.js';

const what = 'GET r/v2/x';

describe('the registry breaker', () => {
  it('gives up at the third 429 or 5xx in a row, not the second; any other answer starts the count again', () => {
    const breaker = new RegistryBreaker(60_000);
    expect(FAILURES_IN_A_ROW).toBe(3);
    breaker.answered(503, what);
    breaker.answered(429, what);
    breaker.answered(200, what);
    breaker.answered(500, what);
    breaker.answered(404, what);
    breaker.answered(502, what);
    breaker.answered(429, what);
    expect(breaker.givenUp).toBeNull();
    expect(() => breaker.check(what)).not.toThrow();
    breaker.answered(499, what);
    breaker.answered(500, what);
    breaker.answered(500, what);
    expect(breaker.givenUp).toBeNull();
    breaker.answered(500, what);
    expect(breaker.givenUp).toBe('3 answers of 500 in a row (GET r/v2/x)');
    expect(() => breaker.check(what)).toThrow(expect.objectContaining({ code: 'GIVEN_UP' }));
  });

  it('a hang, a refusal or a trickle gives up at once; a dropped connection does not', () => {
    for (const code of ['ETIMEDOUT', 'ECONNREFUSED', 'SLOW', 'DEADLINE']) {
      const breaker = new RegistryBreaker(60_000);
      breaker.failed(new RegistryError(`x: ${code}`, null, code));
      expect(breaker.givenUp, code).toBe(`x: ${code}`);
    }
    const dropped = new RegistryBreaker(60_000);
    dropped.failed(new RegistryError('x: ECONNRESET', null, 'ECONNRESET'));
    dropped.failed(new Error('not a registry error'));
    expect(dropped.givenUp).toBeNull();
  });

  it('counts the time spent waiting against cache-timeout: at it, given up; a millisecond under, not', async () => {
    let now = 0;
    const breaker = new RegistryBreaker(1000, () => now);
    await breaker.timed(async () => {
      now += 999;
    });
    expect([breaker.givenUp, breaker.left()]).toEqual([null, 1]);
    await breaker.timed(async () => {
      now += 1;
    });
    expect(breaker.givenUp).toBe('the run waited 1 s on it, its cache-timeout');
    expect(breaker.left()).toBe(0);
  });

  it('keeps the first reason', () => {
    const breaker = new RegistryBreaker(1000);
    breaker.giveUp('first');
    breaker.giveUp('second');
    expect(breaker.givenUp).toBe('first');
  });
});

describe('a request guard: the floor while bytes move, the deadline always (issue 58)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const FLOOR = 1000;
  const guarded = (deadlineMs: number | null = null) => {
    const cuts: RegistryError[] = [];
    const guard = new RequestGuard('GET r/v2/x/manifests/t', FLOOR, deadlineMs, (error) => cuts.push(error));
    return { guard, cuts };
  };

  it('a window that moves the floor exactly is kept; a byte under it is cut, naming the request', () => {
    const { guard, cuts } = guarded();
    guard.moving(100_000);
    guard.took(5 * FLOOR);
    vi.advanceTimersByTime(5000);
    expect(cuts).toEqual([]);
    guard.took(5 * FLOOR - 1);
    vi.advanceTimersByTime(5000);
    expect(cuts.map((c) => [c.code, c.message])).toEqual([
      ['SLOW', 'GET r/v2/x/manifests/t: 4999 bytes in 5 s, under 1000 bytes/s'],
    ]);
    expect(guard.abandoned).toBe(cuts[0]);
  });

  it('a body of unknown length is held to the floor; one that is whole is not', () => {
    const unknown = guarded();
    unknown.guard.moving(null);
    vi.advanceTimersByTime(5000);
    expect(unknown.cuts.map((c) => c.code)).toEqual(['SLOW']);
    const whole = guarded();
    whole.guard.moving(10);
    whole.guard.took(10);
    vi.advanceTimersByTime(15_000);
    expect(whole.cuts).toEqual([]);
  });

  it('no floor while no bytes move (the answer not yet come): the idle timeout and the deadline bound that', () => {
    const { cuts } = guarded();
    vi.advanceTimersByTime(60_000);
    expect(cuts).toEqual([]);
  });

  it('the floor is looked at a whole window after bytes start to move, not at a window begun before', () => {
    const { guard, cuts } = guarded();
    vi.advanceTimersByTime(4000);
    guard.moving(100_000);
    guard.took(5 * FLOOR);
    vi.advanceTimersByTime(1000);
    expect(cuts).toEqual([]);
    vi.advanceTimersByTime(4000);
    expect(cuts).toEqual([]);
  });

  it('the deadline cuts at its millisecond, not one before, however fast the bytes move', () => {
    const { guard, cuts } = guarded(12_000);
    guard.moving(1e9);
    for (let s = 0; s < 11; s += 1) {
      guard.took(10 * FLOOR);
      vi.advanceTimersByTime(1000);
    }
    vi.advanceTimersByTime(999);
    expect(cuts).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(cuts.map((c) => [c.code, c.message])).toEqual([
      ['DEADLINE', "GET r/v2/x/manifests/t: still going after 12 s, all the run's cache-timeout had left"],
    ]);
  });

  it('done stops both, and runs what waits on it once', () => {
    const { guard, cuts } = guarded(1000);
    let over = 0;
    guard.whenDone(() => {
      over += 1;
    });
    guard.moving(null);
    guard.done();
    guard.done();
    vi.advanceTimersByTime(10_000);
    expect([cuts, over]).toEqual([[], 1]);
  });
});
