import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Builds on other GPUs run at the same time, and trtexec rewrites its timing cache file in place at
 * the end: two of them writing one file could leave it torn. Each build works on its own copy of the
 * shared cache and a finished build replaces the shared one with a rename, which is atomic; the
 * shared cache is always whole. trtexec cannot merge two caches, so when builds overlap the copy that
 * knows most (the largest: a timing cache only grows) is kept, and the others' new entries are lost;
 * serializing the builds instead would cost the GPUs their parallelism, which is worth more.
 */
export async function privateTimingCache(shared: string, label: string): Promise<string> {
  await mkdir(dirname(shared), { recursive: true });
  const own = `${shared}.${process.pid}.${label}.${randomBytes(4).toString('hex')}`;
  await copyFile(shared, own).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  return own;
}

/** Puts a finished build's copy in place of the shared cache, unless the shared one already knows more. */
export async function publishTimingCache(own: string, shared: string, built: boolean): Promise<'kept' | 'dropped'> {
  const mine = await stat(own).catch(() => null);
  const current = await stat(shared).catch(() => null);
  if (built && mine?.isFile() && (!current || mine.size >= current.size)) {
    await rename(own, shared);
    return 'kept';
  }
  await rm(own, { force: true });
  return 'dropped';
}
