// Engine history (issue 28): change points as Apache Otava finds them, on Otava's own test series.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changePoints, eDivisive, studentTTest } from '../src/history/e-divisive.js';
import { FIXTURES } from './support/harness.js';

const otava = JSON.parse(readFileSync(join(FIXTURES, 'history', 'otava-tests.json'), 'utf8'));
const computed = JSON.parse(readFileSync(join(FIXTURES, 'history', 'otava-computed.json'), 'utf8'));

describe("E-divisive means, ported from Apache Otava, on Otava's test series (test/fixtures/history)", () => {
  for (const { test, options, expected } of otava.tigerbeetle.cases as {
    test: string;
    options: { window_len: number; max_pvalue: number; min_magnitude: number };
    expected: number[];
  }[]) {
    it(`${test}: window ${options.window_len}, p ${options.max_pvalue}, magnitude ${options.min_magnitude}`, () => {
      const found = changePoints(otava.tigerbeetle.series, {
        windowLen: options.window_len,
        maxPValue: options.max_pvalue,
        minMagnitude: options.min_magnitude,
      });
      expect(found.map((c) => c.index)).toEqual(expected);
    });
  }

  it(otava.single.test, () => {
    const found = changePoints(otava.single.series, { windowLen: 10, maxPValue: 0.0001 });
    expect(found.map((c) => c.index)).toEqual(otava.single.expected);
    expect(found[0]).toMatchObject({ meanBefore: expect.closeTo(1.004, 3), meanAfter: expect.closeTo(0.501, 3) });
  });

  it(otava.sequence.test, () => {
    expect(eDivisive(otava.sequence.series, otava.sequence.max_pvalue).map((c) => c.index)).toEqual(
      otava.sequence.expected,
    );
  });

  it('tests/analysis_test.py::test_significance_tester: the same level is p ≈ 1, a 20% drop p < 0.001', () => {
    const flat = [1.0, 1.02, 1.05, 0.95, 0.98, 1.0, 1.02, 1.05, 0.95, 0.98];
    const p = studentTTest(flat.slice(0, 5), flat.slice(5)).pValue;
    expect(p).toBeGreaterThan(0.99);
    const drop = [1.0, 1.02, 1.05, 0.95, 0.98, 0.8, 0.82, 0.85, 0.79, 0.77];
    const q = studentTTest(drop.slice(0, 5), drop.slice(5)).pValue;
    expect(q).toBeGreaterThan(0);
    expect(q).toBeLessThan(0.001);
  });
});

describe('the port against Otava itself, on 36 drawn series (test/fixtures/history/otava-computed.json)', () => {
  it('the same change points and p-values, series by series', () => {
    const differ = (
      computed.cases as {
        kind: string;
        options: { window_len: number; max_pvalue: number; min_magnitude: number };
        series: number[];
        expected: number[];
        pValues: number[];
      }[]
    ).flatMap((c, k) => {
      const found = changePoints(c.series, {
        windowLen: c.options.window_len,
        maxPValue: c.options.max_pvalue,
        minMagnitude: c.options.min_magnitude,
      });
      const same =
        JSON.stringify(found.map((f) => f.index)) === JSON.stringify(c.expected) &&
        found.every((f, i) => Math.abs(f.pValue - c.pValues[i]!) <= 1e-9 * Math.max(1, c.pValues[i]!));
      return same ? [] : [{ k, kind: c.kind, expected: c.expected, got: found.map((f) => [f.index, f.pValue]) }];
    });
    expect(differ).toEqual([]);
    expect(computed.cases.flatMap((c: { expected: number[] }) => c.expected)).toHaveLength(85);
  });
});
