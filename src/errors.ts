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
    case 'EACCES':
      return 'permission denied';
    case 'ENXIO':
      return `not a regular file (a socket or device), expected ${expected}`;
    default:
      return errorMessage(error);
  }
}
