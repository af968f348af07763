import { type Stats, statSync } from 'node:fs';
/**
 * Bad input (config, arguments, unreadable files). The CLI turns it into exit status 2 and prints
 * only `message`, which must name the field or file and say what was expected.
 */
export class InputError extends Error {
  override name = 'InputError';
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Why a file could not be read, in words: `expected` names what the file should have been. */
export function fileProblem(error: unknown, expected: string): string {
  switch ((error as NodeJS.ErrnoException)?.code) {
    case 'ENOENT':
      return 'no such file';
    case 'EISDIR':
      return `is a directory, expected ${expected}`;
    case 'ENOTDIR':
      return 'a part of the path is a file, not a folder';
    case 'EACCES':
      return 'permission denied';
    case 'ENOSPC':
      return 'no space left on device';
    case 'EDQUOT':
      return 'disk quota exceeded';
    case 'EROFS':
      return 'read-only file system';
    case 'ENXIO':
      return `not a regular file (a socket or device), expected ${expected}`;
    default:
      return errorMessage(error);
  }
}

/**
 * A path that must be a regular file, checked without opening it: opening a FIFO blocks until a writer
 * comes, and a device such as /dev/zero reads forever.
 */
export function requireRegularFile(path: string, name: string, what: string, expected: string): void {
  let kind: string | null = null;
  try {
    kind = notRegularFile(statSync(path), expected);
  } catch (error) {
    throw new InputError(`${name}: cannot read ${what}: ${fileProblem(error, expected)}`);
  }
  if (kind) throw new InputError(`${name}: cannot read ${what}: ${kind}`);
}

/** A file's size in bytes, or null when it cannot be read. */
export function fileSize(path: string): number | null {
  try {
    return statSync(path).size;
  } catch {
    return null;
  }
}

/** What a path is when it is not a regular file (said against what was expected), or null. */
export function notRegularFile(found: Stats, expected: string): string | null {
  if (found.isDirectory()) return `is a directory, expected ${expected}`;
  if (found.isFIFO()) return `not a regular file (a named pipe), expected ${expected}`;
  if (found.isCharacterDevice() || found.isBlockDevice()) return `not a regular file (a device), expected ${expected}`;
  if (found.isSocket()) return `not a regular file (a socket), expected ${expected}`;
  return null;
}

/** A problem found in the config, positioned at `path`. */
export function configError(
  config: { where(path: readonly (string | number)[]): string },
  path: readonly (string | number)[],
  message: string,
): InputError {
  return new InputError(`${config.where(path)}: ${message}`);
}
