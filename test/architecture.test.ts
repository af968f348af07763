// The shape ARCHITECTURE.md promises, checked on the source: no import cycles (type-only imports count),
// the contract at the bottom, adapters below the stages, the stages in pipeline order, trtexec run from
// one module and the process environment read only by the entries.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backwardImports, importCycles, type ImportGraph, readImportGraph } from './support/import-graph.js';

const root = join(import.meta.dirname, '..');
const src = join(root, 'src');
const graph = readImportGraph(src);

/** The pipeline's stages as ARCHITECTURE.md writes them: `config → preflight → … → report`. */
function stagesIn(file: string): string[] {
  const line = readFileSync(join(root, file), 'utf8')
    .split('\n')
    .find((l) => /^\s*config → preflight → /.test(l));
  if (!line) throw new Error(`${file} has no "config → preflight → …" line`);
  return line.trim().replace(/`/g, '').split(' → ');
}
const STAGES = stagesIn('ARCHITECTURE.md');

/** Modules whose source matches `pattern`. */
function modulesMatching(pattern: RegExp): string[] {
  return [...graph.keys()].filter((m) => pattern.test(readFileSync(join(src, m), 'utf8'))).sort();
}

describe('the import graph of src/', () => {
  it('has no cycle', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('points one way: contract ← common ← adapters ← stages in pipeline order ← entries', () => {
    expect(backwardImports(graph, STAGES)).toEqual([]);
  });

  it('has a folder for every stage, in the order ARCHITECTURE.md gives, the one list of them', () => {
    const folders = readdirSync(src, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    for (const stage of STAGES) expect(folders, stage).toContain(stage);
    // No copy to drift: the README and the docs link to ARCHITECTURE.md's list.
    const copies = ['README.md', ...readdirSync(join(root, 'docs')).map((f) => join('docs', f))].filter(
      (file) => file.endsWith('.md') && /^\s*config → preflight → /m.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(copies).toEqual([]);
  });

  it('fails when a cycle or a backward import is added', () => {
    const broken: ImportGraph = new Map([...graph].map(([m, targets]) => [m, [...targets]]));
    broken.get('config/load.ts')!.push('report/markdown.ts');
    broken.get('contract/report.ts')!.push('common/units.ts');
    broken.get('tensorrt/flags.ts')!.push('gpu/nvidia-smi.ts');
    broken.get('gpu/nvidia-smi.ts')!.push('tensorrt/flags.ts');
    broken.get('proc/git.ts')!.push('builds/jobs.ts');
    broken.set('stray.ts', []);
    expect(importCycles(broken)).toEqual([['gpu/nvidia-smi.ts', 'tensorrt/flags.ts']]);
    expect(backwardImports(broken, STAGES).map((v) => `${v.from} -> ${v.to}`)).toEqual(
      expect.arrayContaining([
        'config/load.ts -> report/markdown.ts',
        'contract/report.ts -> common/units.ts',
        'proc/git.ts -> builds/jobs.ts',
        'stray.ts -> stray.ts',
      ]),
    );
  });
});

describe('no unused exports (npm run lint)', () => {
  it('an export nothing imports is named; one imported, or a type its own signature uses, is not', () => {
    const dir = mkdtempSync(join(tmpdir(), 'trt-ci-exports-'));
    mkdirSync(join(dir, 'src'));
    mkdirSync(join(dir, 'test'));
    writeFileSync(
      join(dir, 'src', 'a.ts'),
      'export interface Options { x: number }\nexport function used(o: Options) { return o.x; }\n' +
        'export const unused = 1;\nexport type Lonely = string;\n',
    );
    writeFileSync(join(dir, 'src', 'b.ts'), "import { used } from './a.js';\nexport const again = used;\n");
    writeFileSync(join(dir, 'test', 'b.test.ts'), "import { again } from '../src/b.js';\nagain;\n");
    const checker = join(root, 'scripts', 'check-unused-exports.mjs');
    const run = spawnSync(process.execPath, [checker, dir], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout.split('\n').filter((l) => l.includes(' is exported'))).toEqual([
      'src/a.ts: unused is exported and imported nowhere',
      'src/a.ts: Lonely is exported and imported nowhere',
    ]);
    expect(spawnSync(process.execPath, [checker, root], { encoding: 'utf8' }).status).toBe(0);
  });
});

describe('the report renders from the contract alone', () => {
  it('report/ imports only report/, contract/ and common/', () => {
    const outside = [...graph]
      .filter(([module]) => module.startsWith('report/'))
      .flatMap(([module, targets]) => targets.map((to) => `${module} -> ${to}`))
      .filter((edge) => !/ -> (report|contract|common)\//.test(edge));
    expect(outside).toEqual([]);
  });

  it('each section of the summary is a file of report/sections/, named in the one list of render.ts', () => {
    const sections = readdirSync(join(src, 'report', 'sections')).map((f) => f.replace(/\.ts$/, ''));
    const list = readFileSync(join(src, 'report', 'render.ts'), 'utf8');
    for (const section of sections) expect(list, section).toContain(`from './sections/${section}.js'`);
  });
});

describe('the edges', () => {
  it('trtexec is run from one module; other processes from their adapters', () => {
    expect(modulesMatching(/from '[./]*proc\/run-process\.js'/).filter((m) => !m.startsWith('proc/'))).toEqual([
      'builds/build-plan.ts', // the ProcessResult type only
      'builds/build-stage.ts', // killAllProcessGroups on a cancel
      'builds/plan-producer.ts', // the ProcessResult type only
      'cli/io.ts', // the StartProcess type: how programs are started, handed down from the entry
      'deploy/load.ts', // StartProcess, handed down
      'gpu/memory-sampler.ts',
      'gpu/nvidia-smi.ts',
      'preflight/preflight.ts', // StartProcess, handed down
      'run/options.ts', // StartProcess, handed down
      'runners/command-runner.ts', // howItEnded, the words for an exit
      'runners/trtexec-runner.ts', // howItEnded
      'tensorrt/trtexec.ts',
    ]);
    expect(modulesMatching(/\brunProcess\)?\(/)).toEqual([
      'gpu/memory-sampler.ts',
      'gpu/nvidia-smi.ts',
      'proc/git.ts',
      'proc/ldd.ts',
      'proc/run-process.ts',
      'tensorrt/trtexec.ts',
    ]);
    // Every process is started one way: its own group, a timeout, credentials removed (proc/run-process.ts).
    expect(modulesMatching(/from 'node:child_process'/)).toEqual(['proc/run-process.ts']);
    expect(modulesMatching(/from '@actions\/exec'/)).toEqual([]);
    expect(modulesMatching(/CUDA_VISIBLE_DEVICES:/)).toEqual(['tensorrt/trtexec.ts']);
  });

  it('each program catches SIGINT and SIGTERM before it loads the run: a cancel in its first moments is seen', () => {
    const staticImports = (file: string) =>
      [...readFileSync(join(src, file), 'utf8').matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
    // The CLI: no static import at all; the handlers, then the run's modules.
    const cli = readFileSync(join(src, 'cli', 'main.ts'), 'utf8');
    expect(staticImports('cli/main.ts')).toEqual([]);
    expect(cli.indexOf('process.on(signal')).toBeGreaterThan(-1);
    expect(cli.indexOf('process.on(signal')).toBeLessThan(cli.indexOf("await import('./run-cli.js')"));
    // The actions: the process edge (its handlers) before the step's code, which each imports when it runs.
    for (const main of ['action/main.ts', 'action/gate-main.ts', 'action/report-main.ts']) {
      expect(
        staticImports(main).every((m) => m === '@actions/core' || m === './edge.js'),
        main,
      ).toBe(true);
      expect(readFileSync(join(src, main), 'utf8'), main).toMatch(/await import\('\.\/[\w-]+\.js'\)/);
    }
  });

  it('the process environment is read only by the entries (action/, cli/); the rest are handed it', () => {
    const readers = modulesMatching(/\bprocess\.env\b/);
    expect(readers.filter((m) => !m.startsWith('action/') && !m.startsWith('cli/'))).toEqual([]);
  });
});
