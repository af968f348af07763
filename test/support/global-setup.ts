// Vitest global setup: the programs the tests spawn (the action as the runner runs it, the CLI in its
// own process) are compiled from src/ once per test run with esbuild, which tsx also uses: the same
// source, without paying tsx's loader on every spawn. Packages stay external and resolve from
// node_modules, as in development.
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export const PROGRAMS_DIR = join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'trt-ci-test-programs');

export default async function setup(): Promise<void> {
  mkdirSync(PROGRAMS_DIR, { recursive: true });
  await build({
    entryPoints: { action: 'src/action/main.ts', cli: 'src/cli/main.ts' },
    absWorkingDir: join(import.meta.dirname, '..', '..'),
    outdir: PROGRAMS_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    packages: 'external',
    logLevel: 'warning',
  });
}
