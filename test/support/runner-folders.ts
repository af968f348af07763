// The temporary runner folders a test file made, removed when it is done (one holds a 256 MiB log). Its own
// module so that the setup file run before every test file loads nothing else.
import { rmSync } from 'node:fs';

const made: string[] = [];

export function keepForRemoval(dir: string): void {
  made.push(dir);
}

/** Removes every runner folder made so far (test/support/cleanup.ts calls it after each test file). */
export function removeRunners(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
