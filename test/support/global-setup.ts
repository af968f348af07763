// Vitest global setup: the programs the tests spawn (the action as the runner runs it, the CLI in its
// own process) are compiled from src/ once per test run with esbuild, which tsx also uses: the same
// source, without paying tsx's loader on every spawn. The tests spawn these programs a few hundred
// times, so start-up counts: packages are bundled in (resolving them file by file from node_modules
// cost about 40 ms a spawn), lazy imports stay lazy chunks as in dist/, and each program is entered
// through a two-line loader that turns on Node's compile cache before the bundle is read.
//
// It also starts the stand-in server (standin-server.mjs says why) and builds its client; installStandins
// (standins.ts) installs that client as trtexec and nvidia-smi when both are there. Without a C compiler the
// tests install the stand-ins as programs of their own, as the demo and the benchmarks do.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { build } from 'esbuild';

import { PROGRAMS_DIR } from './programs.js';
import { STANDIN_CLIENT_SOURCE, STANDIN_SERVER } from './standins.js';

const execFileAsync = promisify(execFile);

const PROGRAMS = {
  action: 'src/action/main.ts',
  gate: 'src/action/gate-main.ts',
  report: 'src/action/report-main.ts',
  cli: 'src/cli/main.ts',
};

export default async function setup(): Promise<() => Promise<void>> {
  rmSync(PROGRAMS_DIR, { recursive: true, force: true });
  // The server starts while the programs are bundled.
  const starting = startStandinServer();
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
  const server = await starting;
  return async () => {
    if (!server) return;
    server.child.stdin?.end();
    if (server.child.exitCode === null) await once(server.child, 'exit');
    rmSync(server.dir, { recursive: true, force: true });
  };
}

async function startStandinServer(): Promise<{ child: ChildProcess; dir: string } | null> {
  const dir = mkdtempSync(join(tmpdir(), 'trt-ci-standin-'));
  const client = join(dir, 'standin-client');
  const socket = join(dir, 'server.sock');
  try {
    // Static where the C library allows it: no dynamic loading at each of a test run's ~1,200 starts.
    const compile = (link: string[]) => execFileAsync('cc', ['-O2', ...link, '-o', client, STANDIN_CLIENT_SOURCE]);
    await compile(['-static']).catch(() => compile([]));
  } catch (error) {
    process.stderr.write(`The stand-ins run as programs of their own: no C compiler (${error}).\n`);
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  // As the test workers (vitest.config.ts): one GC thread, a larger young generation, on a machine of few cores.
  const flags = ['--max-semi-space-size=32', '--single-threaded-gc'];
  const child = spawn(process.execPath, [...flags, STANDIN_SERVER, socket], { stdio: ['pipe', 'pipe', 'inherit'] });
  const [line] = await Promise.race([
    once(createInterface({ input: child.stdout! }), 'line'),
    once(child, 'exit').then(([code]) => [`exit ${code}`]),
  ]);
  if (line !== 'ready') throw new Error(`the stand-in server did not start: ${line}`);
  // Read by installStandins in the test workers, which inherit this environment.
  process.env.STANDIN_CLIENT = client;
  process.env.STANDIN_SERVER = socket;
  return { child, dir };
}
