import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Builds on other GPUs run at the same time, and trtexec rewrites its timing cache file in place at
 * the end: two of them writing one file could leave it torn. Each build works on its own copy of the
 * shared cache and a finished build replaces the shared one with a rename, which is atomic; the
 * shared cache is always whole, and holds what the last finished build knew.
 */
export async function privateTimingCache(shared: string, label: string): Promise<string> {
  await mkdir(dirname(shared), { recursive: true });
  const own = `${shared}.${process.pid}.${label}.${randomBytes(4).toString('hex')}`;
  await copyFile(shared, own).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  return own;
}

export async function publishTimingCache(own: string, shared: string, built: boolean): Promise<void> {
  const written = (await stat(own).catch(() => null))?.isFile();
  if (built && written) await rename(own, shared);
  else await rm(own, { force: true });
}
