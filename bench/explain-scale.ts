// npm run bench: explain on inputs an attacker (or a huge network) hands it (issue 35). Layer info of 150k
// names-only layers, 100k unnamed layers, and an ONNX tensor read by 100k nodes: the explanation's time as a
// ratio against parsing the same JSON (JSON.parse, the reference), measured in the same run. Linear work
// keeps each ratio flat as the size doubles; a quadratic step doubles it.
import { explainEngines } from '../src/explain/regions.js';
import { parseEngineLayers } from '../src/tensorrt/layer-info.js';
import type { OnnxGraph } from '../src/onnx/inputs.js';

const timed = <T>(work: () => T): [T, number] => {
  const start = performance.now();
  const value = work();
  return [value, performance.now() - start];
};

const cases: [string, (n: number) => { names: string[]; graph?: OnnxGraph }][] = [
  ['names-only layers', (n) => ({ names: Array.from({ length: n }, (_, i) => `/b${i}/Conv + /b${i}/Relu`) })],
  [
    'unnamed layers',
    (n) => ({ names: ['first', ...Array.from({ length: n }, (_, i) => `(Unnamed Layer* ${i}) [Shuffle]`)] }),
  ],
  [
    'readers of one tensor',
    (n) => {
      const readers = Array.from({ length: n }, (_, i) => `r${i}`);
      const graph = {
        nodes: ['src', ...readers],
        inputs: new Map(readers.map((r) => [r, ['t']])),
        producers: new Map([['t', 'src']]),
      } as OnnxGraph;
      return { names: ['src'], graph };
    },
  ],
];

for (const [what, make] of cases) {
  const ratios: string[] = [];
  // 150k: past the argument count a spread (Math.max(...xs)) takes; a stack overflow there ends the bench.
  for (const n of [50_000, 100_000, 150_000]) {
    const { names, graph } = make(n);
    const text = JSON.stringify({ Layers: names, Bindings: [] });
    const [, parseMs] = timed(() => JSON.parse(text));
    const [explained, explainMs] = timed(() => {
      const side = { layers: parseEngineLayers(text), profiles: [] };
      return explainEngines(side, side, graph ? { graph } : {});
    });
    if (what === 'names-only layers' && explained.regions.length !== n) {
      console.log(`FAILED: explain on ${n} ${what}: ${explained.regions.length} regions, not ${n}`);
      process.exitCode = 1;
    }
    ratios.push(
      `${n / 1000}k: ${explainMs.toFixed(0)} ms, ${(explainMs / parseMs).toFixed(0)}× the parse, ` +
        `${explained.regions.length} regions`,
    );
  }
  console.log(`explain on ${what}: ${ratios.join('; ')}`);
}
