// The files the cache keeps beside its engines (ONNX Runtime references, timing caches): each a plain file named
// by its key, its signature (when the storing run signed) in `<file>.sig`. One reader and one writer for both, so
// the trust check (cache/trust.ts) is the same for them as for an engine's record.
import { createHash } from 'node:crypto';
import { readFile, rename, rm } from 'node:fs/promises';
import { basename } from 'node:path';
import { writeNewFile } from '../proc/new-file.js';
import { type CacheKind, type CacheTrust, isPlainFile, mayServe, signEntry } from './trust.js';

export const sha256Of = (content: string | Buffer) => createHash('sha256').update(content).digest('hex');

/**
 * What a kept file holds, if this run may be served it: a plain file (a link could lead anywhere), signed where
 * signatures count. Null otherwise, and for one that is not there or cannot be read.
 */
export async function servedFile(kind: CacheKind, file: string, trust: CacheTrust): Promise<Buffer | null> {
  if (!(await isPlainFile(file))) return null;
  const content = await readFile(file).catch(() => null);
  if (content === null) return null;
  const signature = await readFile(`${file}.sig`, 'utf8').catch(() => null);
  return mayServe(trust, kind, basename(file), sha256Of(content), signature?.trim()) ? content : null;
}

/**
 * Puts a staged file in place of a kept one, with a rename (readers see the old file or the new one, whole),
 * and its signature beside it. The old signature goes first: for a moment the file is unsigned, never signed by
 * a signature that is not its own. Returns the digest and signature, for the registry.
 */
export async function placeSigned(
  kind: CacheKind,
  staged: string,
  file: string,
  trust: CacheTrust,
): Promise<{ sha256: string; signature: string | null }> {
  const sha256 = sha256Of(await readFile(staged));
  const signature = signEntry(trust, kind, basename(file), sha256);
  await rm(`${file}.sig`, { force: true });
  await rename(staged, file);
  if (signature) await writeNewFile(`${file}.sig`, `${signature}\n`);
  return { sha256, signature };
}
