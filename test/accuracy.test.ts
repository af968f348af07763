// The accuracy gate's core: reading trtexec's --exportOutput and measuring an output against the reference.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareOutput, judgeOutput, type Tolerance } from '../src/accuracy/compare.js';
import { parseExportedOutput } from '../src/accuracy/export-output.js';
import { FIXTURES } from './support/harness.js';

describe('trtexec --exportOutput', () => {
  it('reads the real layout, with the bare nan, -nan, inf and -inf it prints (not JSON)', () => {
    const text = readFileSync(join(FIXTURES, 'trtexec-outputs', 'two-outputs-nan-inf.json'), 'utf8');
    expect(() => JSON.parse(text)).toThrow();
    const [prob, named] = parseExportedOutput(text);
    expect(prob!.name).toBe('prob');
    expect(prob!.dimensions).toEqual([2, 3]);
    expect([...prob!.values.slice(0, 3)]).toEqual([0.1, 0.7, 0.2]);
    expect(Number.isNaN(prob!.values[3]!) && Number.isNaN(prob!.values[4]!)).toBe(true);
    expect(prob!.values[5]).toBe(Number.POSITIVE_INFINITY);
    // A tensor may be called "inf": names are strings and stay as they are.
    expect(named!.name).toBe('inf');
    expect([...named!.values]).toEqual([Number.NEGATIVE_INFINITY, 1.23457e-7]);
  });

  it('refuses what is not an export, saying what was expected', () => {
    expect(() => parseExportedOutput('{}')).toThrow(/expected a list of outputs/);
    expect(() => parseExportedOutput('[ { "name" : "x" } ]')).toThrow(/output 0 needs name, dimensions and values/);
    expect(() => parseExportedOutput('[ { "name" : "x", "dimensions" : "2x2", "values" : [ 1, 2, 3 ] } ]')).toThrow(
      /output x has dimensions 2x2 but 3 values/,
    );
  });
});

describe('an output against the reference', () => {
  const tolerance = (over: Partial<Tolerance> = {}): Tolerance => ({
    atol: 0.01,
    rtol: 0.01,
    cosine: null,
    topK: null,
    ...over,
  });

  it('measures the largest errors, the share out of tolerance, NaN and cosine over the finite pairs', () => {
    const error = compareOutput([1, 2.001, 3.5, Number.NaN], [1, 2, 3, 4], [4], tolerance());
    expect(error.maxAbsError).toBeCloseTo(0.5, 12);
    expect(error.maxRelError).toBeCloseTo(0.5 / 3, 12);
    // 3.5 vs 3 is off by more than both 0.01 and 1% of 3; the NaN is out too.
    expect(error.outOfTolerance).toBe(0.5);
    expect(error.nan).toBe(1);
    expect(error.cosine).toBeCloseTo(15.502 / Math.sqrt(17.254001 * 14), 12);
    expect(judgeOutput(error, tolerance())).toBe('1 NaN where the reference is finite');
  });

  it('fails an element only when it is off by more than atol AND rtol (Polygraphy): big values and zeros', () => {
    // 0.5 off a reference of 1000 is past atol but within 0.1%: it passes. 1e-4 off a zero is within atol.
    const error = compareOutput([1000.5, 1e-4], [1000, 0], [2], tolerance({ atol: 0.1, rtol: 0.001 }));
    expect(error.outOfTolerance).toBe(0);
    // The relative error of an element whose reference is 0 is not defined: it is left out, not infinite.
    expect(error.maxRelError).toBeCloseTo(0.0005, 12);
    expect(judgeOutput(error, tolerance({ atol: 0.1, rtol: 0.001 }))).toBeNull();
  });

  it('an all-zeros output (an INT8 engine gone wrong) fails on tolerance and has cosine 0', () => {
    const error = compareOutput([0, 0, 0], [0.5, -1, 2], [3], tolerance({ cosine: 0.99 }));
    expect(error.cosine).toBe(0);
    expect(error.outOfTolerance).toBe(1);
    expect(judgeOutput(error, tolerance({ cosine: 0.99 }))).toMatch(/^100% of elements off by more than atol/);
  });

  it('top-k: each row of a classifier (the last dimension) must name the same k classes', () => {
    const reference = [0.1, 0.5, 0.2, 0.9, 0.0, /* row 2 */ 0.3, 0.2, 0.1, 0.0, 0.8];
    const engine = [0.1, 0.51, 0.2, 0.89, 0.0, /* row 2: class 1 overtakes class 0 */ 0.2, 0.3, 0.1, 0.0, 0.8];
    const lenient = tolerance({ atol: 1, rtol: 1, topK: 2 });
    const error = compareOutput(engine, reference, [2, 5], lenient);
    expect(error.topK).toEqual({ k: 2, rows: 2, agree: 1 });
    expect(judgeOutput(error, lenient)).toBe('top-2 classes differ in 1 of 2 rows');
    expect(compareOutput(engine, reference, [2, 5], { ...lenient, topK: 1 }).topK).toEqual({ k: 1, rows: 2, agree: 2 });
  });

  it('a NaN or infinity in the reference itself matches only the same', () => {
    const error = compareOutput(
      [Number.NaN, Number.POSITIVE_INFINITY, 1],
      [Number.NaN, Number.NEGATIVE_INFINITY, 1],
      [3],
      tolerance(),
    );
    expect(error.outOfTolerance).toBeCloseTo(1 / 3, 12);
    expect(error.nan).toBe(0);
  });
});
