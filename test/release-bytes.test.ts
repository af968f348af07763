// releaseBytes (src/common/release-bytes.ts): a large file's bytes are given back at once; bytes that share their
// memory with others (Node's pool, a view into a larger buffer) are left alone.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { releaseBytes } from '../src/common/release-bytes.js';

describe('releaseBytes', () => {
  it('frees a buffer that owns its whole memory: it and its views are empty after', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'trt-ci-release-')), 'big.bin');
    writeFileSync(file, Buffer.alloc(1 << 20, 7));
    const bytes = readFileSync(file);
    const view = bytes.subarray(10, 20);
    expect(view[0]).toBe(7);
    releaseBytes(bytes);
    expect(bytes.length).toBe(0);
    expect(view.length).toBe(0);
    // Twice is harmless.
    releaseBytes(bytes);
  });

  it('leaves a pooled buffer, a view into a larger one, and one a byte short of its memory alone', () => {
    const pooled = Buffer.from('a small file');
    const whole = Buffer.alloc(64, 1);
    const offset = whole.subarray(1);
    const short = whole.subarray(0, 63);
    for (const bytes of [pooled, offset, short]) releaseBytes(bytes);
    expect(pooled.toString()).toBe('a small file');
    expect(offset.length).toBe(63);
    expect(short.length).toBe(63);
    expect(whole.length).toBe(64);
  });
});
