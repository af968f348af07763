// Where a failing engine's error first appears, from the marked engine's tensors against ONNX Runtime's. ONNX
// keeps its nodes in topological order, so the first node in graph order whose output leaves the tolerance
// is where the error starts: every node before it computed within tolerance (as far as marking shows).
// Which tensors to mark is decided here too. Pure: tables in, a record out.
import type { AccuracyOutput, Divergence } from '../contract/report.js';
import type { EngineLayer } from '../tensorrt/layer-info.js';
import type { NodePrecision } from '../onnx/mixed-precision.js';

/** Up to this many main-graph nodes, every node's output is marked; above it, each engine layer's last. */
export const EVERY_NODE_UP_TO = 200;

/** The main graph's nodes of a writer's table (the first node's graph is the main one). */
export const mainGraphNodes = (table: readonly NodePrecision[]) => table.filter((n) => n.graph === table[0]?.graph);

/**
 * The tensors to mark: every float output of a small graph's nodes; for a large one, the outputs of the last
 * ONNX node each engine layer computes (its region's boundary, where marking breaks no fusion inside it).
 */
export function tensorsToMark(nodes: readonly NodePrecision[], layers: readonly EngineLayer[] | null): string[] {
  if (nodes.length <= EVERY_NODE_UP_TO || !layers) return nodes.flatMap((n) => n.floatOutputs);
  const order = new Map(nodes.map((n, i) => [n.node, i]));
  const ends = new Set<number>();
  for (const layer of layers) {
    const at = layer.onnxNodes.map((name) => order.get(name)).filter((i) => i !== undefined);
    if (at.length) ends.add(Math.max(...at));
  }
  return [...ends].sort((a, b) => a - b).flatMap((i) => nodes[i]!.floatOutputs);
}

const errorOf = (o: AccuracyOutput) => ({
  maxAbsError: o.maxAbsError,
  maxRelError: o.maxRelError,
  outOfTolerance: o.outOfTolerance,
  nan: o.nan,
  inf: o.inf,
});

type Verdict = Omit<Divergence, 'log' | 'onnx' | 'configPosition' | 'problem'>;

/**
 * The first node whose marked output is out of tolerance, with the error there and after it. `judged` holds
 * the marked engine's outputs (marked tensors and the model's own) at one shape.
 */
export function firstDivergence(
  nodes: readonly NodePrecision[],
  judged: readonly AccuracyOutput[],
  modelOutputs: readonly string[],
  shape: Divergence['shape'],
): Verdict {
  const byTensor = new Map(judged.map((o) => [o.name, o]));
  const marked = nodes.flatMap((n, i) =>
    n.floatOutputs.flatMap((tensor) => (byTensor.has(tensor) ? [{ node: i, output: byTensor.get(tensor)! }] : [])),
  );
  const finals = new Set(modelOutputs);
  const outputsFailing = judged.filter((o) => finals.has(o.name) && o.failure !== null).map((o) => o.name);
  const first = marked.find((m) => m.output.failure !== null);
  const none = { node: null, op: null, computes: null, tensor: null, error: null, failure: null, downstream: null };
  if (!first) return { status: 'marked-passes', shape, marked: marked.length, ...none, outputsFailing, span: [] };
  const node = nodes[first.node]!;
  const after = marked.filter((m) => m.node > first.node);
  // Where it starts, between the last marked node still within tolerance and this one.
  const before = marked.filter((m) => m.node < first.node).at(-1)?.node ?? -1;
  const span = nodes.slice(before + 1, first.node + 1).map((n) => n.node);
  return {
    status: 'found',
    shape,
    marked: marked.length,
    node: node.node,
    op: node.op,
    computes: node.precision === 'fp32' ? `fp32 (${node.reason})` : node.precision,
    tensor: first.output.name,
    error: errorOf(first.output),
    failure: first.output.failure,
    downstream: { marked: after.length, failing: after.filter((m) => m.output.failure !== null).length },
    outputsFailing,
    span,
  };
}
