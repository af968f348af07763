// A pulled blob into its part file, hashed as it is written. The bytes off the socket are copied once, into
// one of a few slots of shared memory; a full slot is written at its offset on libuv's pool and hashed, on
// a worker thread where the machine has two cores or more (a GPU runner has 16 or more), else inline. Receiving,
// writing and hashing then overlap, each on its own core: sha256 (SHA-NI, ~1.5 GB/s) is as fast as a
// loopback pull, so on one thread a verified pull takes about twice an unverified `curl -o`
// (bench/registry-transfer.ts measures both). The slots bound the memory a pull holds to SLOTS * SLOT.
import { createHash } from 'node:crypto';
import { type FileHandle, open } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type BodySink, READ_MAX } from './blob-get.js';

/** Below this a worker's start (tens of ms) costs more than it saves. */
export const THREAD_HASH_MIN_BYTES = 64 * 1024 * 1024;
/**
 * The hasher gets a thread of its own from two cores on: on the 2-core VM a 256 MiB pull from a registry on the
 * same machine took 1.50-1.66x `curl -o` with it and 1.94-2.69x with the hash inline (bench/results/).
 */
export const THREAD_HASH_MIN_CORES = 2;
export const SLOT = 4 * 1024 * 1024;
export const SLOTS = 4;

export interface BlobFile extends BodySink {
  readonly hashing: 'inline' | 'worker';
  /** Writes what is left and waits for every write and hash; the file is closed after. */
  finish(): Promise<{ bytes: number; digest: string }>;
  /** Stops the hasher and closes the file (a failed pull); the caller removes the file. */
  abort(): void;
}

export function hashesOnWorker(size: number, cores = availableParallelism()): boolean {
  return size >= THREAD_HASH_MIN_BYTES && cores >= THREAD_HASH_MIN_CORES;
}

// One worker for the process, kept between pulls: starting one takes 30-90 ms, as long as hashing 50-100 MiB,
// and a hit pulls several blobs. It holds one hash per pull, by id, and hashes that pull's slots of shared
// memory in the order they are sent, answering each with its index. Referenced only while a pull is open,
// so an idle worker never keeps the process alive.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const pulls = new Map();
parentPort.on('message', (m) => {
  if (m.memory) return void pulls.set(m.id, { hash: createHash('sha256'), memory: new Uint8Array(m.memory) });
  const pull = pulls.get(m.id);
  if (!pull) return;
  if (m.end) {
    pulls.delete(m.id);
    if (m.digest) parentPort.postMessage({ id: m.id, digest: pull.hash.digest('hex') });
    return;
  }
  pull.hash.update(pull.memory.subarray(m.offset, m.offset + m.length));
  parentPort.postMessage({ id: m.id, index: m.index });
});`;

interface Hasher {
  /** Hashes slot `index`; calls `hashed` when its bytes may be overwritten. */
  slot(index: number, bytes: Buffer, hashed: () => void): void;
  digest(): Promise<string>;
  close(): void;
}

function inlineHasher(): Hasher {
  const hash = createHash('sha256');
  return {
    slot: (_index, bytes, hashed) => {
      hash.update(bytes);
      hashed();
    },
    digest: async () => hash.digest('hex'),
    close: () => {},
  };
}

interface PullHandlers {
  hashed: Map<number, () => void>;
  digest: ((hex: string) => void) | null;
  failed: (error: Error) => void;
}
let shared: { worker: Worker; pulls: Map<number, PullHandlers>; next: number } | null = null;

/** The process's hasher worker, started now if it is not running: a pull that will want it calls this early. */
export function warmHasher(): NonNullable<typeof shared> {
  if (shared) return shared;
  const worker = new Worker(WORKER_SOURCE, { eval: true });
  const pulls = new Map<number, PullHandlers>();
  const state = { worker, pulls, next: 1 };
  worker.on('message', (answer: { id: number; index?: number; digest?: string }) => {
    const pull = pulls.get(answer.id);
    if (answer.digest !== undefined) return pull?.digest?.(answer.digest);
    const hashed = pull?.hashed.get(answer.index!);
    // Deleted before it is called: releasing the slot may send the same slot again at once.
    pull?.hashed.delete(answer.index!);
    hashed?.();
  });
  const gone = (error: Error) => {
    if (shared === state) shared = null;
    for (const pull of pulls.values()) pull.failed(error);
    pulls.clear();
  };
  worker.on('error', gone);
  worker.on('exit', () => gone(new Error('the hash worker exited')));
  worker.unref();
  shared = state;
  return state;
}

function workerHasher(memory: SharedArrayBuffer, failed: (error: Error) => void): Hasher {
  const state = warmHasher();
  const { worker, pulls } = state;
  const id = state.next++;
  const pull: PullHandlers = { hashed: new Map(), digest: null, failed };
  const refresh = () => (pulls.size > 0 ? worker.ref() : worker.unref());
  pulls.set(id, pull);
  refresh();
  worker.postMessage({ id, memory });
  return {
    slot: (index, bytes, hashed) => {
      pull.hashed.set(index, hashed);
      worker.postMessage({ id, index, offset: bytes.byteOffset, length: bytes.length });
    },
    digest: () =>
      new Promise<string>((go, stop) => {
        const failedBefore = pull.failed;
        pull.failed = (error) => {
          failedBefore(error);
          stop(error);
        };
        pull.digest = (hex) => {
          pulls.delete(id);
          refresh();
          go(hex);
        };
        worker.postMessage({ id, end: true, digest: true });
      }),
    close: () => {
      if (!pulls.delete(id)) return;
      worker.postMessage({ id, end: true, digest: false });
      refresh();
    },
  };
}

/** Opens `path` (it must not exist: a part file is never shared with another pull) for a blob of `size` bytes. */
export async function openBlobFile(path: string, size: number, cores?: number): Promise<BlobFile> {
  return new PartFile(await open(path, 'wx'), size, hashesOnWorker(size, cores));
}

class PartFile implements BlobFile {
  readonly hashing: 'inline' | 'worker';
  private readonly slots: Buffer[];
  private readonly hasher: Hasher;
  private failure: Error | null = null;
  private wake: { go: () => void; stop: (error: Error) => void } | null = null;
  private settled: (() => void) | null = null;
  private readonly free = Array.from({ length: SLOTS - 1 }, (_, i) => i + 1);
  /** Per slot, what still uses it: its write and its hash. */
  private readonly busy = new Array<number>(SLOTS).fill(0);
  private current: number | null = 0;
  private fill = 0;
  private position = 0;
  private taken = 0;
  // Bytes beyond a slot's room when no slot is free: only a chunk larger than READ_MAX makes any.
  private overflow: Buffer[] = [];

  constructor(
    private readonly file: FileHandle,
    private readonly size: number,
    worker: boolean,
  ) {
    const memory = new SharedArrayBuffer(SLOT * SLOTS);
    this.slots = Array.from({ length: SLOTS }, (_, i) => Buffer.from(memory, i * SLOT, SLOT));
    this.hashing = worker ? 'worker' : 'inline';
    this.hasher = worker ? workerHasher(memory, (error) => this.fail(error)) : inlineHasher();
  }

  take(bytes: Uint8Array): boolean {
    if (this.failure) return false;
    this.taken += bytes.length;
    if (this.taken > this.size) {
      this.fail(new Error(`more bytes than the blob's ${this.size}`));
      return false;
    }
    this.copy(bytes);
    return this.open();
  }

  ready(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.open()) return Promise.resolve();
    return new Promise<void>((go, stop) => (this.wake = { go, stop }));
  }

  async finish(): Promise<{ bytes: number; digest: string }> {
    if (this.failure) throw this.failure;
    if (!this.open()) await this.ready();
    if (this.fill > 0) this.dispatch();
    if (this.busy.some((n) => n > 0)) await new Promise<void>((go) => (this.settled = go));
    if (this.failure) throw this.failure;
    const digest = await this.hasher.digest();
    await this.file.close();
    return { bytes: this.taken, digest };
  }

  abort(): void {
    this.failure ??= new Error('aborted');
    this.hasher.close();
    this.overflow = [];
    void this.file.close().catch(() => {});
  }

  /** Whether a slot takes the next read now. */
  private open(): boolean {
    return this.current !== null && this.overflow.length === 0;
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.wake?.stop(this.failure);
    this.wake = null;
    // A write that failed never releases its slot: finish must not wait for it.
    this.settled?.();
  }

  private copy(bytes: Uint8Array): void {
    let from = 0;
    while (from < bytes.length) {
      if (this.current === null) {
        this.overflow.push(Buffer.from(bytes.subarray(from)));
        return;
      }
      const n = Math.min(bytes.length - from, SLOT - this.fill);
      this.slots[this.current]!.set(bytes.subarray(from, from + n), this.fill);
      this.fill += n;
      from += n;
      // A slot goes out while the next read still fits in it: a read never has to wait inside a copy.
      if (this.fill > SLOT - READ_MAX) this.dispatch();
    }
  }

  private dispatch(): void {
    const index = this.current!;
    const bytes = this.slots[index]!.subarray(0, this.fill);
    this.busy[index] = 2;
    const at = this.position;
    this.position += this.fill;
    this.current = this.free.shift() ?? null;
    this.fill = 0;
    this.file.write(bytes, 0, bytes.length, at).then(
      () => this.release(index),
      (error: Error) => this.fail(error),
    );
    this.hasher.slot(index, bytes, () => this.release(index));
  }

  private release(index: number): void {
    if (--this.busy[index]! > 0) return;
    if (this.current === null) {
      this.current = index;
      for (const bytes of this.overflow.splice(0)) this.copy(bytes);
      if (this.open()) {
        this.wake?.go();
        this.wake = null;
      }
    } else this.free.push(index);
    if (this.busy.every((n) => n === 0)) this.settled?.();
  }
}
