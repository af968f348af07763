// The pull's hash, inline and on a worker: the same digest as node:crypto's, the worker chosen only where
// the blob is large and the machine wide, and a worker that falls behind holding the receiver back.
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { blobHash, THREAD_HASH_MIN_BYTES, THREAD_HASH_MIN_CORES } from '../src/cache/blob-hash.js';

const MiB = 1024 * 1024;

async function hashed(where: 'inline' | 'worker', bytes: Buffer, chunk: number): Promise<string> {
  const hash = blobHash(THREAD_HASH_MIN_BYTES, where === 'worker' ? THREAD_HASH_MIN_CORES : 1);
  expect(hash.where).toBe(where);
  for (let at = 0; at < bytes.length; at += chunk) await hash.update(bytes.subarray(at, at + chunk));
  return hash.digest();
}

describe('blobHash', () => {
  it('takes a worker only for a large blob on a machine with cores to spare', () => {
    const at = (size: number, cores: number) => {
      const hash = blobHash(size, cores);
      hash.close();
      return hash.where;
    };
    expect(at(THREAD_HASH_MIN_BYTES, THREAD_HASH_MIN_CORES)).toBe('worker');
    expect(at(THREAD_HASH_MIN_BYTES - 1, THREAD_HASH_MIN_CORES)).toBe('inline');
    expect(at(THREAD_HASH_MIN_BYTES, THREAD_HASH_MIN_CORES - 1)).toBe('inline');
  });

  it('gives node:crypto’s digest inline and on a worker, for socket-sized and odd chunks', async () => {
    // Slices of one buffer, as a socket's chunks can be: the worker must hash only each slice's bytes.
    const bytes = randomBytes(9 * MiB + 333);
    const expected = createHash('sha256').update(bytes).digest('hex');
    expect(await hashed('inline', bytes, 64 * 1024)).toBe(expected);
    expect(await hashed('worker', bytes, 64 * 1024)).toBe(expected);
    expect(await hashed('worker', bytes, 1_000_003)).toBe(expected);
    expect(await hashed('worker', Buffer.alloc(0), 1)).toBe(createHash('sha256').digest('hex'));
  });

  it('holds the receiver once four batches wait for the worker, so memory stays bounded', async () => {
    const hash = blobHash(THREAD_HASH_MIN_BYTES, THREAD_HASH_MIN_CORES);
    const batch = randomBytes(4 * MiB);
    const settled: boolean[] = [];
    for (let i = 0; i < 4; i++) {
      let done = false;
      const update = hash.update(batch).then(() => (done = true));
      // The worker answers in a later macrotask: what settles within microtasks did not wait for it.
      await Promise.resolve();
      await Promise.resolve();
      settled.push(done);
      await update;
    }
    expect(settled).toEqual([true, true, true, false]);
    expect(await hash.digest()).toBe(
      createHash('sha256')
        .update(Buffer.concat([batch, batch, batch, batch]))
        .digest('hex'),
    );
  });
});
