import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { placeSigned, servedFile } from './signed-file.js';
import { type CacheTrust, isPlainFile, mayReplace } from './trust.js';

/**
 * Builds on other GPUs run at the same time, and trtexec rewrites its timing cache file in place at
 * the end: two of them writing one file could leave it torn. Each build works on its own copy of the
 * shared cache and a finished build replaces the shared one with a rename, which is atomic; the
 * shared cache is always whole. trtexec cannot merge two caches, so when builds overlap the copy that
 * knows most (the largest: a timing cache only grows) is kept, and the others' new entries are lost;
 * serializing the builds instead would cost the GPUs their parallelism, which is worth more.
 */
export async function privateTimingCache(shared: string, label: string, trust: CacheTrust): Promise<string> {
  await mkdir(dirname(shared), { recursive: true });
  const own = `${shared}.${process.pid}.${label}.${randomBytes(4).toString('hex')}`;
  // A timing cache another job could have written (a pull request's, on a shared runner) is not handed to
  // this build unless the cache's trust says it may be (cache/trust.ts): the build starts with none.
  if (await servable(shared, trust)) {
    // One that went meanwhile: the build starts without it. (One this user may not read is exit 2 when
    // trt-ci.yml is read: config/rules.ts.)
    await copyFile(shared, own).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
  return own;
}

/** Whether the shared timing cache may be given to a build: a plain file, signed where signatures count. */
const servable = async (shared: string, trust: CacheTrust) =>
  trust.trust === 'any' ? isPlainFile(shared) : (await servedFile('timing', shared, trust)) !== null;

/**
 * Puts a finished build's copy in place of the shared cache, unless the shared one already knows more; the placed
 * file's sha256 when it did (what its origin record names).
 */
export async function publishTimingCache(
  own: string,
  shared: string,
  built: boolean,
  trust: CacheTrust,
): Promise<{ kept: true; sha256: string } | { kept: false }> {
  const mine = await stat(own).catch(() => null);
  const current = await stat(shared).catch(() => null);
  // What is there counts only if this run may be served it: one it may not is replaced whatever its size.
  const kept = current ? await servable(shared, trust) : false;
  // Never an unsigned cache over one signed by the key this run verifies with (it would undo the default
  // branch's); otherwise the copy that knows more stays.
  if (built && mayReplace(trust, kept) && mine?.isFile() && (!kept || mine.size >= current!.size)) {
    const { sha256 } = await placeSigned('timing', own, shared, trust);
    return { kept: true, sha256 };
  }
  await rm(own, { force: true });
  return { kept: false };
}
