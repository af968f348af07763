// Files trt-ci writes where someone else may have put a link first: on a shared self-hosted runner a pull
// request's job runs as the same user and can plant `report.json -> ~/.ssh/authorized_keys` (or a hard link)
// in a persistent output folder for the next run to write through. What is at the path goes first (a
// symbolic link itself, not what it points to; a hard link's name, not the file), then the file is created
// exclusively (O_EXCL): a link planted in between makes the write fail; it is never followed.
import { createWriteStream, rmSync, type WriteStream, writeFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';

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
