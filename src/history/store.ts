// Where the history lives (docs/history.md): JSON lines packed one file per month, points/<YYYY-MM>.jsonl, by
// each point's order (the push time where known, orderOf): a year of pushes is twelve files to read, not one
// request per run. A run appends its lines to its month's file; in a local folder with O_APPEND (runners
// appending at once never lose a line), on the history branch through the API with the file's blob sha (a
// run that loses the race reads again and retries: github/history-branch.ts). Files of the layout before it,
// one per run under points/<YYYY-MM-DD>/, are still read. Reading parses every line with the schema and says
// what it skipped: a branch is writable by anyone with push access, and a bad line decides nothing.
import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { type HistoryPoint, historyPointSchema, monthFilePath } from '../contract/history.js';
import { folderWithin, notAFolder } from '../proc/new-file.js';
import { orderOf } from './points.js';

export interface HistoryRead {
  points: HistoryPoint[];
  /** Lines that were not history points, as "file:line: why". */
  skipped: string[];
}

export const toJsonLines = (points: readonly HistoryPoint[]) => points.map((p) => `${JSON.stringify(p)}\n`).join('');

/** Parses one file's lines; a skipped line is said as "file:line: why" (its first wrong field). */
export function parseJsonLines(text: string, name: string, into: HistoryRead): void {
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      into.skipped.push(`${name}:${i + 1}: not JSON`);
      return;
    }
    const parsed = historyPointSchema.safeParse(json);
    if (parsed.success) into.points.push(parsed.data);
    else {
      const issue = parsed.error.issues[0]!;
      into.skipped.push(`${name}:${i + 1}: ${issue.path.join('.') || 'the point'}: ${issue.message}`);
    }
  });
}

/**
 * Appends a run's points to a local folder: each to its month's file, opened O_APPEND (one write each: lines
 * of runners appending at once never interleave) and O_NOFOLLOW (a link planted there is refused).
 */
export async function appendToFolder(dir: string, points: readonly HistoryPoint[]): Promise<string[]> {
  await mkdir(dir, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    // EEXIST from a recursive mkdir: a file where the folder goes.
    throw error.code === 'EEXIST' ? notAFolder(error.message) : error;
  });
  const folder = await folderWithin(dir, 'points');
  const byMonth = new Map<string, HistoryPoint[]>();
  for (const point of points) {
    const file = monthFilePath(orderOf(point)).split('/').at(-1)!;
    const month = byMonth.get(file);
    if (month) month.push(point);
    else byMonth.set(file, [point]);
  }
  const written: string[] = [];
  for (const [name, monthPoints] of byMonth) {
    const file = join(folder, name);
    const handle = await open(file, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW);
    try {
      await handle.write(toJsonLines(monthPoints));
    } finally {
      await handle.close();
    }
    written.push(file);
  }
  return written;
}

/** Every point under a local folder's points/ (a folder with none is an empty history). */
export async function readFolder(dir: string): Promise<HistoryRead> {
  const read: HistoryRead = { points: [], skipped: [] };
  const files = await readdir(join(dir, 'points'), { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  for (const file of files.filter((f) => f.endsWith('.jsonl')).sort()) {
    const path = join(dir, 'points', file);
    // A FIFO (or a device, a link) named like a run's file would be read forever or lead elsewhere: skipped, said.
    const found = await lstat(path);
    if (!found.isFile()) {
      read.skipped.push(`${relative(dir, path)}: not a regular file`);
      continue;
    }
    parseJsonLines(await readFile(path, 'utf8'), relative(dir, path), read);
  }
  return read;
}
