// npm run build: bundles the action (dist/index.js, with its lazily loaded chunks) and the CLI
// (dist/cli.js) with ncc, writes the reference made from the code (schema/, docs/: scripts/generate-reference.ts),
// and copies the workflow pack into
// .github/workflows/. `node scripts/build.mjs --out DIR` builds into DIR instead of the repo.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { actionInputsModule } from './action-inputs.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outFlag = process.argv.indexOf('--out');
const out = outFlag === -1 ? root : resolve(process.argv[outFlag + 1]);
const bin = (name) => join(root, 'node_modules', '.bin', name);

// Each bundle's lazily loaded chunks sit beside it in dist/, named by the suffix its loader asks for.
const entries = [
  ['action/main.js', 'dist/index.js', '', '.index.js'],
  ['action/gate-main.js', 'dist/gate.js', '', '.gate.js'],
  ['action/report-main.js', 'dist/report.js', '', '.report.js'],
  ['cli/main.js', 'dist/cli.js', '#!/usr/bin/env node\n', '.cli.js'],
];
// The version is set in package.json only; the code reads it from a file written here.
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const versionModule =
  '// Written by npm run build from package.json\'s "version", the one place the version is set (.ci/run fails\n' +
  '// when this file is stale).\n' +
  `export const VERSION = '${version}';\n`;
mkdirSync(join(out, 'src', 'contract'), { recursive: true });
writeFileSync(join(out, 'src', 'contract', 'version.ts'), versionModule);
mkdirSync(join(out, 'src', 'action'), { recursive: true });
writeFileSync(join(out, 'src', 'action', 'action-inputs.ts'), actionInputsModule(root));
mkdirSync(join(out, 'dist'), { recursive: true });
for (const old of readdirSync(join(out, 'dist')).filter((f) => /^\d+\.(index|gate|report|cli)\.js$/.test(f)))
  rmSync(join(out, 'dist', old));
mkdirSync(join(out, 'schema'), { recursive: true });
const scratch = mkdtempSync(join(tmpdir(), 'trt-ci-build-'));
try {
  // tsc first: ncc's own TypeScript loader emits CommonJS, where top-level await and ESM-only
  // dependencies (@actions/*) do not work. ncc then bundles tsc's ES modules.
  // Inside the repo, so that node_modules and "type": "module" apply to the compiled files.
  const compiled = join(root, '.build', 'tsc');
  execFileSync(bin('tsc'), ['-p', join(root, 'tsconfig.build.json'), '--outDir', compiled], {
    cwd: root,
    stdio: 'inherit',
  });
  for (const [entry, target, prefix, suffix] of entries) {
    const dir = join(scratch, target);
    execFileSync(
      bin('ncc'),
      ['build', join(compiled, entry), '-o', dir, '--transpile-only', '--quiet', '--license', 'licenses.txt'],
      { cwd: root, stdio: 'inherit' },
    );
    // ncc names every chunk <id>.index.js; the two bundles' chunks differ, so the CLI's get its own suffix.
    const template = 'return "" + chunkId + ".index.js";';
    const code = readFileSync(join(dir, 'index.js'), 'utf8');
    if (code.includes('__nccwpck_require__.u =') && code.split(template).length !== 2) {
      throw new Error(`${target}: ncc's chunk file name template changed; update scripts/build.mjs`);
    }
    const renamed = code.replace(template, `return "" + chunkId + "${suffix}";`).replace(/^#!.*\n/, '');
    writeFileSync(join(out, target), prefix + renamed, { mode: prefix ? 0o755 : 0o644 });
    // The action bundles everything the CLI does and more, so its licence list covers both.
    if (target === 'dist/index.js') cpSync(join(dir, 'licenses.txt'), join(out, 'dist', 'licenses.txt'));
    // Chunks of what is loaded lazily (@actions/artifact, ONNX Runtime), next to the bundle that imports them.
    for (const chunk of readdirSync(dir).filter((f) => /^\d+\.index\.js$/.test(f))) {
      cpSync(join(dir, chunk), join(out, 'dist', chunk.replace(/\.index\.js$/, suffix)));
    }
  }
  // ONNX Runtime's WebAssembly build (the accuracy check's reference) loads these from beside its chunk.
  for (const file of ['ort-wasm-simd-threaded.wasm', 'ort-wasm-simd-threaded.mjs']) {
    cpSync(join(root, 'node_modules', 'onnxruntime-web', 'dist', file), join(out, 'dist', file));
  }
  // uPlot, which trt-ci history html puts inside each dashboard page, read from beside the bundle.
  mkdirSync(join(out, 'dist', 'uplot'), { recursive: true });
  for (const [from, to] of [
    ['dist/uPlot.iife.min.js', 'uPlot.iife.min.js'],
    ['dist/uPlot.min.css', 'uPlot.min.css'],
    ['LICENSE', 'LICENSE'],
  ]) {
    cpSync(join(root, 'node_modules', 'uplot', from), join(out, 'dist', 'uplot', to));
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(join(root, '.build'), { recursive: true, force: true });
}
execFileSync(bin('tsx'), [join(root, 'scripts/generate-reference.ts'), out], { cwd: root, stdio: 'inherit' });
// GitHub runs reusable workflows only from .github/workflows/: the pack's canonical files are copied there.
mkdirSync(join(out, '.github', 'workflows'), { recursive: true });
for (const file of readdirSync(join(root, 'workflows')).filter((f) => f.endsWith('.yml'))) {
  cpSync(join(root, 'workflows', file), join(out, '.github', 'workflows', file));
}
