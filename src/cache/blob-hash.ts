// The sha256 of a blob as it is pulled. Hashing costs about as much CPU as receiving (1.1 GB/s for OpenSSL's
// SHA-NI sha256 against ~1 GB/s of loopback HTTP on the 2-core VM), so on one thread a verified pull takes
// about twice what an unverified `curl -o` does. Where the machine has cores to spare (a GPU runner has 16 or
// more), a worker thread hashes while the main thread receives and writes: bench/registry.ts measures both.
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** Below this a worker's start (tens of ms) costs more than it saves. */
export const THREAD_HASH_MIN_BYTES = 64 * 1024 * 1024;
/** The receiver, the file writes and the hasher each want a core; the registry, when local, another. */
export const THREAD_HASH_MIN_CORES = 4;
/** Chunks (64 KiB off a socket) are handed to the worker in batches of this size. */
const BATCH = 4 * 1024 * 1024;

export interface BlobHash {
  readonly where: 'inline' | 'worker';
  /** Resolves when the hash can take more (a worker that falls behind holds the receiver back). */
  update(chunk: Buffer): Promise<void>;
  /** The hex digest of everything updated; the hash is finished (and its worker gone) after it. */
  digest(): Promise<string>;
  /** Stops a worker that will not be asked for its digest (a failed pull). */
  close(): void;
}

export function blobHash(size: number, cores = availableParallelism()): BlobHash {
  return size >= THREAD_HASH_MIN_BYTES && cores >= THREAD_HASH_MIN_CORES ? workerHash() : inlineHash();
}

function inlineHash(): BlobHash {
  const hash = createHash('sha256');
  return {
    where: 'inline',
    update: async (chunk) => void hash.update(chunk),
    digest: async () => hash.digest('hex'),
    close: () => {},
  };
}

/** Batches handed over and not yet hashed: what a pull holds in memory for the hasher is at most this many. */
const IN_FLIGHT = 4;

// The worker gets ArrayBuffers it owns (a batch is a fresh concat, transferred, not copied), answers each
// with 'hashed' and the digest when sent null.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const hash = require('node:crypto').createHash('sha256');
parentPort.on('message', (batch) => {
  if (batch === null) return parentPort.postMessage({ digest: hash.digest('hex') });
  hash.update(new Uint8Array(batch));
  parentPort.postMessage('hashed');
});`;

function workerHash(): BlobHash {
  const worker = new Worker(WORKER_SOURCE, { eval: true });
  let failed: Error | null = null;
  let inFlight = 0;
  let waiting: { go: () => void; stop: (error: Error) => void } | null = null;
  let finished: { go: (hex: string) => void; stop: (error: Error) => void } | null = null;
  worker.on('message', (answer: 'hashed' | { digest: string }) => {
    if (answer === 'hashed') {
      inFlight--;
      waiting?.go();
      waiting = null;
    } else finished?.go(answer.digest);
  });
  worker.on('error', (error) => {
    failed = error;
    waiting?.stop(error);
    finished?.stop(error);
  });
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const send = () => {
    if (!pendingBytes) return;
    const batch = Buffer.concat(pending, pendingBytes);
    // A concat this large has its own ArrayBuffer; were it a pooled slice, transferring it would take the pool.
    const own = batch.byteOffset === 0 && batch.buffer.byteLength === batch.length;
    const buffer = own ? batch.buffer : batch.buffer.slice(batch.byteOffset, batch.byteOffset + batch.length);
    worker.postMessage(buffer, [buffer as ArrayBuffer]);
    inFlight++;
    [pending, pendingBytes] = [[], 0];
  };
  return {
    where: 'worker',
    update: (chunk) => {
      if (failed) return Promise.reject(failed);
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= BATCH) send();
      if (inFlight < IN_FLIGHT) return Promise.resolve();
      return new Promise<void>((go, stop) => (waiting = { go, stop }));
    },
    digest: () =>
      new Promise<string>((go, stop) => {
        if (failed) return stop(failed);
        finished = { go, stop };
        send();
        worker.postMessage(null);
      }).finally(() => void worker.terminate()),
    close: () => void worker.terminate(),
  };
}
