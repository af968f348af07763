// The import graph of src/, read from the source (type-only imports count: they tie modules together as
// much for a reader), and the rule it must follow: data flows one way, from the contract through the
// adapters and the stages in pipeline order to the entries. ARCHITECTURE.md says the rule in words.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Each module (path relative to src/, e.g. `builds/jobs.ts`) and the src/ modules it imports. */
export type ImportGraph = Map<string, string[]>;

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;
const DYNAMIC = /import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

export function readImportGraph(srcDir: string): ImportGraph {
  const graph: ImportGraph = new Map();
  const files = (readdirSync(srcDir, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
  for (const file of files) {
    const text = readFileSync(join(srcDir, file), 'utf8');
    const targets = new Set<string>();
    for (const match of [...text.matchAll(IMPORT), ...text.matchAll(DYNAMIC)]) {
      const target = resolve(dirname(join(srcDir, file)), match[1]!).replace(/\.js$/, '.ts');
      targets.add(relative(srcDir, target));
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** The shared leaf, pure helpers, then the adapters: below every stage. */
export const CONTRACT = 'contract';
export const COMMON = 'common';
export const ADAPTERS = ['onnx', 'tensorrt', 'runners', 'gpu', 'proc', 'cache', 'github'] as const;
/** The entries: they may import anything (and nothing imports them but each other). */
export const ENTRIES = ['pipeline.ts', 'run', 'action', 'cli'] as const;

/** Which layer a module is in, and for a stage its place in the pipeline. */
export function layerOf(module: string, stages: readonly string[]): { rank: number; stage: number } | null {
  const top = module.includes('/') ? module.slice(0, module.indexOf('/')) : module;
  if (top === CONTRACT) return { rank: 0, stage: 0 };
  if (top === COMMON) return { rank: 1, stage: 0 };
  if ((ADAPTERS as readonly string[]).includes(top)) return { rank: 2, stage: 0 };
  const stage = stages.indexOf(top);
  if (stage >= 0) return { rank: 3, stage };
  if ((ENTRIES as readonly string[]).includes(top)) return { rank: 4, stage: 0 };
  return null;
}

export interface Violation {
  from: string;
  to: string;
  why: string;
}

/** Every import that points the wrong way, and every module that is in no layer. */
export function backwardImports(graph: ImportGraph, stages: readonly string[]): Violation[] {
  const found: Violation[] = [];
  for (const [from, targets] of graph) {
    const a = layerOf(from, stages);
    if (!a) {
      found.push({ from, to: from, why: 'is in no layer: put it in a stage, an adapter, common/ or contract/' });
      continue;
    }
    for (const to of targets) {
      const b = layerOf(to, stages);
      if (!b) continue;
      const top = (m: string) => m.split('/')[0];
      if (top(from) === top(to)) continue;
      if (a.rank === 0) found.push({ from, to, why: 'the contract imports nothing else from src/' });
      else if (b.rank > a.rank) found.push({ from, to, why: 'a lower layer imports a higher one' });
      else if (a.rank === 3 && b.rank === 3 && b.stage > a.stage)
        found.push({ from, to, why: `the ${top(from)} stage comes before the ${top(to)} stage` });
    }
  }
  return found;
}

/** Every cycle of the graph, as its strongly connected modules (Tarjan). */
export function importCycles(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}
