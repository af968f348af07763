// The breaker every client of a run's registry cache shares (src/cache/registry-breaker.ts): what gives the
// registry up, and that nothing is asked of it after.
import { describe, expect, it } from 'vitest';
import { RegistryError } from '../src/cache/oci-http.js';
import { FAILURES_IN_A_ROW, RegistryBreaker } from '../src/cache/registry-breaker.js';

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
    for (const code of ['ETIMEDOUT', 'ECONNREFUSED', 'SLOW']) {
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
