// A pulled blob's part file: the bytes written where they belong and hashed as node:crypto hashes them,
// inline and on a worker, and the receiver held back once every slot is in use (memory stays bounded).
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  hashesOnWorker,
  openBlobFile,
  SLOT,
  SLOTS,
  THREAD_HASH_MIN_BYTES,
  THREAD_HASH_MIN_CORES,
} from '../src/cache/blob-file.js';
import { READ_MAX } from '../src/cache/blob-get.js';

const work = mkdtempSync(join(tmpdir(), 'trt-ci-blob-file-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Feeds `bytes` in chunks of the given sizes (cycled), waiting whenever the file asks to. */
async function feed(file: Awaited<ReturnType<typeof openBlobFile>>, bytes: Buffer, sizes: number[]) {
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const n = Math.min(sizes[i % sizes.length]!, bytes.length - at);
    if (!file.take(bytes.subarray(at, at + n))) await file.ready();
    at += n;
  }
}

describe('the blob file', () => {
  it('takes a worker only for a large blob on a machine with cores to spare', () => {
    expect(hashesOnWorker(THREAD_HASH_MIN_BYTES, THREAD_HASH_MIN_CORES)).toBe(true);
    expect(hashesOnWorker(THREAD_HASH_MIN_BYTES - 1, THREAD_HASH_MIN_CORES)).toBe(false);
    expect(hashesOnWorker(THREAD_HASH_MIN_BYTES, THREAD_HASH_MIN_CORES - 1)).toBe(false);
  });

  for (const cores of [1, THREAD_HASH_MIN_CORES]) {
    it(`writes and hashes every byte (${cores === 1 ? 'inline' : 'on a worker'}), any chunk sizes`, async () => {
      const bytes = randomBytes(THREAD_HASH_MIN_BYTES + 12_345);
      const path = join(work, `blob-${cores}`);
      const file = await openBlobFile(path, bytes.length, cores);
      expect(file.hashing).toBe(cores === 1 ? 'inline' : 'worker');
      // A chunk larger than a read and one larger than a slot go through the overflow: still in order.
      await feed(file, bytes, [READ_MAX, 1, 7919, 3 * READ_MAX, SLOT + 5, 16 * 1024]);
      expect(await file.finish()).toEqual({ bytes: bytes.length, digest: sha(bytes) });
      expect(sha(readFileSync(path))).toBe(sha(bytes));
    });
  }

  it('hashes two pulls at once on the one worker, each its own bytes, and lets the process exit after', async () => {
    const [a, b] = [randomBytes(THREAD_HASH_MIN_BYTES + 1), randomBytes(THREAD_HASH_MIN_BYTES + 99)];
    const [fa, fb] = await Promise.all([
      openBlobFile(join(work, 'a'), a.length, THREAD_HASH_MIN_CORES),
      openBlobFile(join(work, 'b'), b.length, THREAD_HASH_MIN_CORES),
    ]);
    await Promise.all([feed(fa, a, [READ_MAX]), feed(fb, b, [READ_MAX - 3])]);
    const [da, db] = await Promise.all([fa.finish(), fb.finish()]);
    expect([da.digest, db.digest]).toEqual([sha(a), sha(b)]);
    // A process whose pulls are done exits: the idle worker holds nothing open.
    const script = join(work, 'exits.mts');
    writeFileSync(
      script,
      [
        `import { openBlobFile } from ${JSON.stringify(resolve('src/cache/blob-file.ts'))};`,
        `const file = await openBlobFile(${JSON.stringify(join(work, 'c'))}, ${THREAD_HASH_MIN_BYTES}, 16);`,
        `file.take(Buffer.alloc(${THREAD_HASH_MIN_BYTES}));`,
        'await file.ready();',
        'console.log(file.hashing, (await file.finish()).digest);',
      ].join('\n'),
    );
    const out = execFileSync(process.execPath, ['--import', 'tsx', script], { timeout: 60_000 }).toString();
    expect(out.trim()).toBe(`worker ${sha(Buffer.alloc(THREAD_HASH_MIN_BYTES))}`);
  });

  it('holds the receiver once every slot is out, so a pull holds at most SLOTS * SLOT bytes', async () => {
    const file = await openBlobFile(join(work, 'held'), 2 * SLOTS * SLOT, 1);
    const chunk = randomBytes(READ_MAX);
    let taken = 0;
    // Writes finish on libuv's pool, never inside this loop: the slots fill and nothing frees one.
    while (file.take(chunk)) taken += chunk.length;
    taken += chunk.length;
    expect(taken).toBe(SLOTS * SLOT);
    await file.ready();
    expect(file.take(chunk)).toBe(true);
    file.abort();
  });

  it('refuses more bytes than the blob has and never finishes it', async () => {
    const file = await openBlobFile(join(work, 'over'), 100, 1);
    expect(file.take(Buffer.alloc(100))).toBe(true);
    expect(file.take(Buffer.alloc(1))).toBe(false);
    await expect(file.finish()).rejects.toThrow(/more bytes than the blob's 100/);
    file.abort();
  });

  it('never opens a part file that exists (another pull of the same blob)', async () => {
    const path = join(work, 'taken.part');
    writeFileSync(path, 'mine');
    await expect(openBlobFile(path, 4, 1)).rejects.toThrow(/EEXIST/);
    expect(readFileSync(path, 'utf8')).toBe('mine');
  });
});
