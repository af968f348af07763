// Files trt-ci writes where someone else may have put a link first: on a shared self-hosted runner a pull
// request's job runs as the same user and can plant `report.json -> ~/.ssh/authorized_keys` (or a hard link)
// in a persistent output folder for the next run to write through. What is at the path goes first (a
// symbolic link itself, not what it points to; a hard link's name, not the file), then the file is created
// exclusively (O_EXCL): a link planted in between makes the write fail; it is never followed.
import { createWriteStream, rmSync, type WriteStream, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lstat, mkdir, rm, writeFile } from 'node:fs/promises';
import { fileProblem } from '../common/errors.js';

export async function writeNewFile(path: string, data: string | Uint8Array): Promise<void> {
  await rm(path, { force: true });
  await writeFile(path, data, { flag: 'wx' });
}

export function writeNewFileSync(path: string, data: string | Uint8Array): void {
  rmSync(path, { force: true });
  writeFileSync(path, data, { flag: 'wx' });
}

export function newFileStream(path: string): WriteStream {
  rmSync(path, { force: true });
  return createWriteStream(path, { flags: 'wx' });
}

/**
 * The folder `root`/`parts…`, made one level at a time: a link planted at a level is removed (the link, never
 * what it points to) and a real folder made there, so that nothing written into the folder lands elsewhere. A
 * file where a folder goes is refused: it is not trt-ci's to remove.
 */
export async function folderWithin(root: string, ...parts: string[]): Promise<string> {
  let dir = root;
  for (const part of parts) {
    dir = join(dir, part);
    const found = await lstat(dir).catch(() => null);
    if (found?.isDirectory()) continue;
    if (found?.isSymbolicLink()) await rm(dir, { force: true });
    else if (found) throw notAFolder(`${dir}: a file where a folder goes`);
    // Another writer may make it meanwhile (runners appending at once): then it must be a folder, not a link.
    await mkdir(dir).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST' || !(await lstat(dir)).isDirectory()) throw error;
    });
  }
  return dir;
}

/** An ENOTDIR error (said by fileProblem as "a part of the path is a file, not a folder"). */
export function notAFolder(message: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(message);
  error.code = 'ENOTDIR';
  return error;
}

/** Each file written on its own: a full disk costs the files it cannot hold, and says which, not the others. */
export async function writeNewFiles(files: [path: string, text: string][]): Promise<string[]> {
  const unwritten: string[] = [];
  for (const [path, text] of files) {
    await writeNewFile(path, text).catch((error: unknown) => {
      unwritten.push(`${path}: cannot write: ${fileProblem(error, 'a file')}`);
    });
  }
  return unwritten;
}
