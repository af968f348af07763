import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { fileProblem, InputError, requireRegularFile } from '../common/errors.js';
import { readPlanHeader } from './plan-header.js';
import { ZeroRuns } from './zero-runs.js';
import type { PlanScan } from '../contract/report.js';
export type { PlanScan };

// Chunk sizes as measured on a 2-core runner (npm run bench): reading 512 KiB at a time keeps a plain
// scan within 1.1-1.2× of `cat`; with the digest, two 4 MiB slots beat both smaller chunks (more
// hand-overs between the threads) and more slots (the data leaves the cache before it is hashed).
const SCAN_CHUNK = 512 * 1024;
const CHUNK = 4 * 1024 * 1024;
const SLOTS = 2;
/** Enough of the head of a file for the plan header behind Ultralytics' metadata. */
const HEAD_BYTES = 1024 * 1024 + 64;
/** Reads between two yields to the event loop, so log streaming and timers go on during a long scan. */
const CHUNKS_PER_YIELD = 128;

// The digest runs in a worker over the shared chunks the scan reads into: the file is read once and
// hashing (the slower half) overlaps reading and counting. Slots are handed over with Atomics, not
// messages, so neither side waits on an event loop. Inline source: nothing extra to bundle.
const DIGEST_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { data, control, slots, chunk } = workerData;
const memory = new Uint8Array(data);
const state = new Int32Array(control, 0, slots);
const lengths = new Int32Array(control, slots * 4, slots);
// One plan after another: a length of -1 ends a plan; the next one starts again at slot 0.
for (;;) {
  const hash = createHash('sha256');
  for (let seq = 0; ; seq += 1) {
    const slot = seq % slots;
    Atomics.wait(state, slot, 0);
    const length = lengths[slot];
    if (length >= 0) hash.update(memory.subarray(slot * chunk, slot * chunk + length));
    Atomics.store(state, slot, 0);
    Atomics.notify(state, slot);
    if (length < 0) break;
  }
  parentPort.postMessage(hash.digest('hex'));
}
`;

const FILLED = 1;

/** Hands each chunk to a sha256 as it is read. */
interface Digest {
  /** The buffer to read chunk number `seq` into. */
  slot(seq: number): Buffer;
  filled(seq: number, length: number): void;
  digest(seq: number): Promise<string>;
  stop(): Promise<void>;
}

/** Small plans: a worker costs more to start than hashing them takes. */
class InlineDigest implements Digest {
  private readonly hash = createHash('sha256');

  /** A chunk no bigger than the plan: a 64 KiB plan is not read through 4 MiB of zeroed memory. */
  constructor(private readonly buffer: Buffer) {}

  slot(): Buffer {
    return this.buffer;
  }

  filled(_seq: number, length: number): void {
    this.hash.update(this.buffer.subarray(0, length));
  }

  async digest(): Promise<string> {
    return this.hash.digest('hex');
  }

  async stop(): Promise<void> {}
}

/** Plans over this size are hashed in a worker, alongside the scan. */
const INLINE_DIGEST_BYTES = 16 * 1024 * 1024;

class DigestRing implements Digest {
  readonly data = new SharedArrayBuffer(CHUNK * SLOTS);
  private readonly control = new SharedArrayBuffer(SLOTS * 8);
  private readonly state = new Int32Array(this.control, 0, SLOTS);
  private readonly lengths = new Int32Array(this.control, SLOTS * 4, SLOTS);
  private readonly worker: Worker;

  constructor() {
    this.worker = new Worker(DIGEST_WORKER, {
      eval: true,
      workerData: { data: this.data, control: this.control, slots: SLOTS, chunk: CHUNK },
    });
    // An idle ring waits in the pool for the next plan; it must not keep the process alive.
    this.worker.unref();
  }

  /** A ring from the pool (a worker costs tens of milliseconds to start), or a new one. */
  static take(): DigestRing {
    return idleRings.pop() ?? new DigestRing();
  }

  /** The chunk for read number `seq`, once the worker has hashed what was in it before. */
  slot(seq: number): Buffer {
    const slot = seq % SLOTS;
    while (Atomics.load(this.state, slot) === FILLED) Atomics.wait(this.state, slot, FILLED, 1000);
    return Buffer.from(this.data, slot * CHUNK, CHUNK);
  }

  filled(seq: number, length: number): void {
    const slot = seq % SLOTS;
    this.lengths[slot] = length;
    Atomics.store(this.state, slot, FILLED);
    Atomics.notify(this.state, slot);
  }

  async digest(seq: number): Promise<string> {
    const result = new Promise<string>((resolve, reject) => {
      this.worker.once('message', resolve);
      this.worker.once('error', reject);
    });
    this.slot(seq);
    this.filled(seq, -1);
    const digest = await result;
    this.worker.removeAllListeners('error');
    idleRings.push(this);
    return digest;
  }

  async stop(): Promise<void> {
    await this.worker.terminate();
  }
}

const idleRings: DigestRing[] = [];

/**
 * A read buffer for a file of `size` bytes: at most `limit`, and not bigger than the file (a file that grows
 * while it is read just takes more reads). Only the bytes a read filled are ever looked at: not zeroed.
 */
function chunkFor(size: number, limit: number): Buffer {
  return Buffer.allocUnsafe(Math.min(limit, Math.max(size, 1)));
}

/**
 * One pass over a plan of any size in bounded memory: size, zero bytes, the longest and the trailing
 * zero run, the header, and (unless `digest: false`) the sha256.
 */
export async function scanPlan(path: string, options: { digest?: boolean } = {}): Promise<PlanScan> {
  let fd: number;
  requireRegularFile(path, path, 'plan', 'a plan file');
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw new InputError(`${path}: cannot read plan: ${fileProblem(error, 'a plan file')}`);
  }
  const size = fstatSync(fd).size;
  const ring: Digest | null =
    options.digest === false
      ? null
      : size <= INLINE_DIGEST_BYTES
        ? new InlineDigest(chunkFor(size, CHUNK))
        : DigestRing.take();
  const single = ring ? null : chunkFor(size, SCAN_CHUNK);
  const zeros = new ZeroRuns();
  const head = chunkFor(size, HEAD_BYTES);
  let headBytes = 0;
  let bytes = 0;
  let seq = 0;
  try {
    for (; ; seq += 1) {
      const chunk = ring ? ring.slot(seq) : single!;
      let read: number;
      try {
        read = readSync(fd, chunk, 0, chunk.length, null);
      } catch (error) {
        throw new InputError(`${path}: cannot read plan: ${fileProblem(error, 'a plan file')}`);
      }
      if (read === 0) break;
      const data = chunk.subarray(0, read);
      if (headBytes < head.length) headBytes += data.copy(head, headBytes, 0, Math.min(read, head.length - headBytes));
      zeros.push(data);
      bytes += read;
      ring?.filled(seq, read);
      if (seq % CHUNKS_PER_YIELD === CHUNKS_PER_YIELD - 1) await new Promise((resolve) => setImmediate(resolve));
    }
    const sha256 = ring ? await ring.digest(seq) : null;
    return {
      path,
      bytes,
      zeroBytes: zeros.zeroBytes,
      zeroFraction: bytes === 0 ? 0 : zeros.zeroBytes / bytes,
      trailingZeroBytes: zeros.currentRun,
      longestZeroRun: zeros.longestRun,
      sha256,
      ...readPlanHeader(head.subarray(0, headBytes), bytes),
    };
  } catch (error) {
    await ring?.stop();
    throw error;
  } finally {
    closeSync(fd);
  }
}

/**
 * A plan's size and the run of zeros at its end, read backwards from the end: one chunk for a plan that ends
 * in data, the run itself for a padded one. For a plan already scanned elsewhere, whose figures are not at
 * hand (explain's base engine), without a second read of the whole file.
 */
export function planTail(path: string): Pick<PlanScan, 'bytes' | 'trailingZeroBytes'> {
  const fd = openSync(path, 'r');
  try {
    const bytes = fstatSync(fd).size;
    const chunk = chunkFor(bytes, SCAN_CHUNK);
    let end = bytes;
    while (end > 0) {
      const start = Math.max(0, end - chunk.length);
      let read = 0;
      while (read < end - start) {
        const got = readSync(fd, chunk, read, end - start - read, start + read);
        if (got === 0) throw new Error(`${path}: the plan got shorter while it was read`);
        read += got;
      }
      let i = read - 1;
      while (i >= 0 && chunk[i] === 0) i -= 1;
      if (i >= 0) return { bytes, trailingZeroBytes: bytes - (start + i + 1) };
      end = start;
    }
    return { bytes, trailingZeroBytes: bytes };
  } finally {
    closeSync(fd);
  }
}
