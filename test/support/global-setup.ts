// Vitest global setup: the programs the tests spawn (the action as the runner runs it, the CLI in its
// own process) are compiled from src/ once per test run with esbuild, which tsx also uses: the same
// source, without paying tsx's loader on every spawn. The tests spawn these programs a few hundred
// times, so start-up counts: packages are bundled in (resolving them file by file from node_modules
// cost about 40 ms a spawn), lazy imports stay lazy chunks as in dist/, and each program is entered
// through a two-line loader that turns on Node's compile cache before the bundle is read.
import { build } from 'esbuild';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { PROGRAMS_DIR } from './programs.js';

const PROGRAMS = { action: 'src/action/main.ts', cli: 'src/cli/main.ts' };

export default async function setup(): Promise<void> {
  rmSync(PROGRAMS_DIR, { recursive: true, force: true });
  const bundles = join(PROGRAMS_DIR, 'bundles');
  mkdirSync(bundles, { recursive: true });
  await build({
    entryPoints: PROGRAMS,
    absWorkingDir: join(import.meta.dirname, '..', '..'),
    outdir: bundles,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    // Loaded only by the upload step, and bigger than the rest together: it stays a package. ONNX Runtime
    // loads its WebAssembly from beside its own files (dist/ copies them; here it is the package's own).
    external: ['@actions/artifact', 'onnxruntime-web'],
    // Some bundled packages are CommonJS and call require(): give the ES module one.
    banner: {
      js:
        "import { createRequire as __trtCiRequire } from 'node:module';\n" +
        'const require = __trtCiRequire(import.meta.url);',
    },
    logLevel: 'warning',
  });
  const cache = join(PROGRAMS_DIR, 'compile-cache');
  for (const program of Object.keys(PROGRAMS)) {
    writeFileSync(
      join(PROGRAMS_DIR, `${program}.mjs`),
      "import { enableCompileCache } from 'node:module';\n" +
        `enableCompileCache(${JSON.stringify(cache)});\n` +
        `await import('./bundles/${program}.mjs');\n`,
    );
  }
}
