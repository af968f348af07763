// Where a `timing-cache:` file of the user's was written. TensorRT keeps a timing cache per TensorRT build and
// device (docs/stability.md), yet the file itself says neither in a form anyone documents, and trtexec loads it
// with setTimingCache(…, ignoreMismatch=false) and goes on when TensorRT refuses it. So trt-ci records, beside
// the file, the TensorRT and GPU model of the build that last wrote it, with the file's sha256 (a file replaced
// by another hand is no longer the one recorded); a build of another TensorRT or GPU model does not use it.
// (The cache folder's timing caches need none: their names carry both, build-stage.ts.)
import { randomBytes } from 'node:crypto';
import { readFile, rename, stat, writeFile } from 'node:fs/promises';
import { sha256Of } from './signed-file.js';

/** What is recorded: the TensorRT version with its build number, the GPU's name, the file's sha256. */
export interface TimingCacheOrigin {
  tensorrt: string;
  gpu: string | null;
  sha256: string;
}

/** What is known of the file: not there, there without a record, a record of another file, or its record. */
export type OriginState =
  | { state: 'absent' }
  | { state: 'unrecorded' }
  | { state: 'replaced' }
  | { state: 'recorded'; origin: TimingCacheOrigin };

export const originFileOf = (timingCache: string) => `${timingCache}.origin.json`;

export async function readTimingCacheOrigin(timingCache: string): Promise<OriginState> {
  // The record first: a cache without one is not read (a timing cache can be tens of MiB).
  const origin = parseOrigin(await readFile(originFileOf(timingCache), 'utf8').catch(() => null));
  if (!origin)
    return (await stat(timingCache).catch(() => null))?.isFile() ? { state: 'unrecorded' } : { state: 'absent' };
  const content = await readFile(timingCache).catch(() => null);
  if (content === null) return { state: 'absent' };
  return origin.sha256 === sha256Of(content) ? { state: 'recorded', origin } : { state: 'replaced' };
}

function parseOrigin(text: string | null): TimingCacheOrigin | null {
  if (text === null) return null;
  try {
    const { tensorrt, gpu, sha256 } = JSON.parse(text) as Record<string, unknown>;
    if (typeof tensorrt !== 'string' || typeof sha256 !== 'string') return null;
    return { tensorrt, gpu: typeof gpu === 'string' ? gpu : null, sha256 };
  } catch {
    return null;
  }
}

/**
 * Records the build that just placed the file (`sha256`, what it placed), with a rename of its own: builds on other
 * GPUs finish at the same time, and a record is whole or not there. One that lost the race to the file names
 * another sha256 than the file's, and reads as replaced: used as given, and said.
 */
export async function recordTimingCacheOrigin(
  timingCache: string,
  sha256: string,
  tensorrt: string,
  gpu: string | null,
) {
  const origin: TimingCacheOrigin = { tensorrt, gpu, sha256 };
  const staged = `${originFileOf(timingCache)}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(staged, `${JSON.stringify(origin, null, 2)}\n`, { flag: 'wx' });
  await rename(staged, originFileOf(timingCache));
}

/**
 * Why a build of `tensorrt` on `gpu` must not use the recorded file, or null when it may: another TensorRT
 * (release and build number, as TensorRT's support policy asks of timing caches) or another GPU model. A build
 * whose GPU is not known is not held to the GPU.
 */
export function foreignTo(state: OriginState, tensorrt: string, gpu: string | null): string | null {
  if (state.state !== 'recorded') return null;
  const { origin } = state;
  const otherTensorrt = origin.tensorrt !== tensorrt;
  const otherGpu = gpu !== null && origin.gpu !== null && origin.gpu !== gpu;
  if (!otherTensorrt && !otherGpu) return null;
  const written = `written by TensorRT ${origin.tensorrt}${origin.gpu ? ` on ${origin.gpu}` : ''}`;
  return `${written}, not TensorRT ${tensorrt}${gpu ? ` on ${gpu}` : ''}`;
}

/** Whether a build of `tensorrt` on `gpu` may start from the user's timing cache at `path` (foreignTo says why not). */
export async function mayUseTimingCache(path: string, tensorrt: string, gpu: string | null): Promise<boolean> {
  return foreignTo(await readTimingCacheOrigin(path), tensorrt, gpu) === null;
}
