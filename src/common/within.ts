// Whether a path lies inside a folder, by the names alone (resolve links first where a link could lead out).
import { isAbsolute, relative, resolve } from 'node:path';

/** `path` is `folder` or below it: not above it (`..`), and not on another root or drive. */
export function isWithin(folder: string, path: string): boolean {
  const rest = relative(resolve(folder), resolve(path));
  return !rest.startsWith('..') && !isAbsolute(rest);
}
