// Where the history lives (docs/history.md): JSON lines under points/<YYYY-MM-DD>/, one file per run, named by
// its commit and a random suffix, so that runners appending at once never write the same file and nothing
// is ever rewritten. The same layout in a local folder (--history DIR) and on the history branch (written
// through the GitHub API, github/history-branch.ts). Reading parses every line with the schema and counts
// what it skipped: a branch is writable by anyone with push access, and a bad line decides nothing.
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { type HistoryPoint, historyPointSchema } from '../contract/history.js';
import { folderWithin, notAFolder } from '../proc/new-file.js';
import { orderOf } from './points.js';

export interface HistoryRead {
  points: HistoryPoint[];
  /** Lines that were not history points, as "file:line: why". */
  skipped: string[];
}

/** The path, inside the store, of a run's file of points. */
export function runFilePath(commit: string, date: string): string {
  // `date` is the point's order (orderOf: the push time where known): the newest files are read first.
  const day = /^\d{4}-\d{2}-\d{2}/.exec(date)?.[0] ?? 'undated';
  const safe = commit.replace(/[^0-9A-Za-z]/g, '').slice(0, 12) || 'nocommit';
  return `points/${day}/${safe}-${randomBytes(4).toString('hex')}.jsonl`;
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

/** Appends a run's points to a local folder: a new file, written once (never a rewrite). */
export async function appendToFolder(dir: string, points: readonly HistoryPoint[]): Promise<string> {
  const [first] = points;
  const path = runFilePath(first?.commit ?? '', first ? orderOf(first) : '');
  // Each folder made link-free (a planted points/<day> link would take the file elsewhere); the file is new.
  await mkdir(dir, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    // EEXIST from a recursive mkdir: a file where the folder goes.
    throw error.code === 'EEXIST' ? notAFolder(error.message) : error;
  });
  const folder = await folderWithin(dir, ...path.split('/').slice(0, -1));
  const file = join(folder, path.split('/').at(-1)!);
  await writeFile(file, toJsonLines(points), { flag: 'wx' });
  return file;
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
