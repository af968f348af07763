// Where and why two engines of one network differ, across different fusions: every layer of both engines
// goes to the ONNX nodes it computes, and the layers of either engine that share a node fall in one region
// (connected components of the overlap), so `Conv_3 + Relu_4` in one build and `Conv_3` + `Relu_4` in the
// other, or a ForeignNode against many kernels, are one region. A layer that computes no ONNX node (a
// reformat, a copy) joins the region of the layer it names, else of the nearest layer that computes one; a
// node of the graph that no layer computes joins its neighbour's. Per region: layers, time (the profile runs'
// sums), weights, precisions, formats, tactics, and what changed. Pure: layers in, regions out.
import type { Explanation } from '../contract/report.js';
import type { EngineLayer, EngineLayers } from '../tensorrt/layer-info.js';
import { EMPTY_GRAPH, type OnnxGraph } from '../onnx/inputs.js';
import type { PlanScan } from '../tensorrt/plan-scan.js';
import { mostlyTrailingZeros } from '../verify/diagnose.js';
import type { LayerTimes } from '../tensorrt/layer-profile.js';

export interface EngineSide {
  layers: EngineLayers;
  /** One per profile run of this engine (two or more make the run-to-run spread). */
  profiles: readonly LayerTimes[];
  /** The plan's scan, when known: its bytes split into weights, the #4841 padding, and the rest. */
  plan?: Pick<PlanScan, 'bytes' | 'trailingZeroBytes'> | null;
}

class Components {
  private readonly parent = new Map<string, string>();

  find(key: string): string {
    let root = key;
    while (this.parent.has(root) && this.parent.get(root) !== root) root = this.parent.get(root)!;
    if (!this.parent.has(root)) this.parent.set(root, root);
    // Path halving keeps later finds short.
    let at = key;
    while (at !== root) {
      const next = this.parent.get(at) ?? root;
      this.parent.set(at, root);
      at = next;
    }
    return root;
  }

  union(a: string, b: string): void {
    const [ra, rb] = [this.find(a), this.find(b)];
    if (ra !== rb) this.parent.set(rb, ra);
  }
}

const isReformat = (layer: EngineLayer) => layer.reformatOf !== null || layer.type === 'Reformat';

/**
 * The layer each node-less layer joins: the one a reformat names, else the nearest layer before it that computes
 * ONNX nodes, else the nearest after it. (Joining merely the layer before would pair a reformat with the
 * node-less layer it feeds, "reshape_after_MatMul-12", apart from the MatMul both belong to.) All layers in
 * two passes: a scan per layer would be quadratic in 100k unnamed layers.
 */
function anchorsOf(layers: readonly EngineLayer[]): (number | null)[] {
  const byName = new Map<string, number>();
  layers.forEach((l, i) => {
    if (!byName.has(l.name)) byName.set(l.name, i);
  });
  const before: (number | null)[] = [];
  let last: number | null = null;
  for (let i = 0; i < layers.length; i += 1) {
    before.push(last);
    if (layers[i]!.onnxNodes.length > 0) last = i;
  }
  const after: (number | null)[] = new Array(layers.length).fill(null);
  let next: number | null = null;
  for (let i = layers.length - 1; i >= 0; i -= 1) {
    after[i] = next;
    if (layers[i]!.onnxNodes.length > 0) next = i;
  }
  return layers.map((layer, i) => {
    const named = layer.reformatOf === null ? undefined : byName.get(layer.reformatOf);
    if (named !== undefined && named !== i) return named;
    const near = before[i] ?? after[i] ?? null;
    if (near !== null) return near;
    if (i > 0) return i - 1;
    return layers.length > 1 ? 1 : null;
  });
}

/**
 * A set of layers' time: the mean over the profile runs of their summed times (a mean, so that the regions'
 * times add up to the engine's in every run count; each run's layer time is already its median over
 * iterations), and the spread (max - min) of those sums.
 */
function timeOf(names: readonly string[], profiles: readonly LayerTimes[]) {
  if (profiles.length === 0) return { timeMs: null, spreadMs: null };
  const sums = profiles.map((p) => names.reduce((sum, n) => sum + (p.times.get(n) ?? 0), 0));
  const timeMs = sums.reduce((a, b) => a + b, 0) / sums.length;
  return { timeMs, spreadMs: sums.length > 1 ? Math.max(...sums) - Math.min(...sums) : null };
}

/** The same strings, as many times each, in any order. */
function sameSet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const sorted = [...b].sort();
  return [...a].sort().every((x, i) => x === sorted[i]);
}

/**
 * Explains the head engine against the base. `measuredChangeMs`: the A/B's change of latency, if known.
 * `graph`: the ONNX graph, if known; its nodes that no layer names (a bias Add TensorRT folded into a
 * MatMul, a constant) join the region of the node they read from, else of the node that reads them, so
 * that each connected ONNX node is in exactly one region.
 */
export function explainEngines(
  base: EngineSide,
  head: EngineSide,
  options: { measuredChangeMs?: number | null; graph?: OnnxGraph } = {},
): Explanation {
  const graph = options.graph ?? EMPTY_GRAPH;
  const groups = groupsOf(base, head, graph);
  const [baseTotal, headTotal] = [totalsOf(base), totalsOf(head)];
  const layerChange =
    baseTotal.timeMs !== null && headTotal.timeMs !== null ? headTotal.timeMs - baseTotal.timeMs : null;
  const denominator = options.measuredChangeMs ?? layerChange;
  // A region's nodes in the graph's order where it is known (a sort that keeps the layers' order otherwise).
  const position = new Map(graph.nodes.map((n, i) => [n, i]));
  const regions = groups
    .map((g) => {
      const [b, h] = [sideOf(g.base, base.profiles, baseTotal.timeMs), sideOf(g.head, head.profiles, headTotal.timeMs)];
      const deltaMs = b.timeMs !== null && h.timeMs !== null ? h.timeMs - b.timeMs : null;
      const significant =
        deltaMs !== null && b.spreadMs !== null && h.spreadMs !== null
          ? Math.abs(deltaMs) > b.spreadMs + h.spreadMs
          : null;
      return {
        onnxNodes: [...g.nodes].sort((x, y) => (position.get(x) ?? Infinity) - (position.get(y) ?? Infinity)),
        base: b,
        head: h,
        deltaMs,
        share: deltaMs !== null && denominator ? deltaMs / denominator : null,
        significant,
        change: changesOf(g.base, g.head),
      };
    })
    .sort(
      (x, y) =>
        Math.abs(y.deltaMs ?? 0) - Math.abs(x.deltaMs ?? 0) ||
        Math.abs(y.head.weightBytes - y.base.weightBytes) - Math.abs(x.head.weightBytes - x.base.weightBytes),
    );
  const shared = groups.some((g) => g.base.length > 0 && g.head.length > 0);
  const noneShared =
    !shared && base.layers.layers.length > 0 && head.layers.layers.length > 0
      ? [
          'the two engines share no ONNX node (a model exported again renames its nodes): every region is new ' +
            'in one engine and gone from the other, so what changed where cannot be said by region',
        ]
      : [];
  return { base: baseTotal, head: headTotal, regions, notes: [...noneShared, ...notesOf(base, head)] };
}

interface Group {
  nodes: Set<string>;
  base: EngineLayer[];
  head: EngineLayer[];
  first: number;
}

/**
 * The regions: layers of both engines joined by the ONNX nodes they name (a layer that names none joins the
 * nearest layer that does), then the graph's nodes no layer names joined to a neighbour; in first-seen order.
 */
function groupsOf(base: EngineSide, head: EngineSide, graph: OnnxGraph): Group[] {
  const components = new Components();
  const sides = [
    ['b', base],
    ['h', head],
  ] as const;
  for (const [tag, side] of sides) {
    const { layers } = side.layers;
    layers.forEach((layer, i) => {
      const key = `${tag}:${i}`;
      components.find(key);
      for (const node of layer.onnxNodes) components.union(`n:${node}`, key);
    });
    const anchors = anchorsOf(layers);
    layers.forEach((layer, i) => {
      if (layer.onnxNodes.length > 0) return;
      const anchor = anchors[i]!;
      if (anchor !== null) components.union(`${tag}:${anchor}`, `${tag}:${i}`);
    });
  }
  const groups = new Map<string, Group>();
  const group = (root: string) => {
    let g = groups.get(root);
    if (!g) {
      g = { nodes: new Set(), base: [], head: [], first: groups.size };
      groups.set(root, g);
    }
    return g;
  };
  for (const [tag, side] of sides) {
    side.layers.layers.forEach((layer, i) => {
      const g = group(components.find(`${tag}:${i}`));
      (tag === 'b' ? g.base : g.head).push(layer);
      for (const node of layer.onnxNodes) g.nodes.add(node);
    });
  }
  const named = new Set([...groups.values()].flatMap((g) => [...g.nodes]));
  for (const node of unnamedNodes(graph, named, components)) {
    groups.get(components.find(`n:${node}`))?.nodes.add(node);
  }
  return [...groups.values()].sort((a, b) => a.first - b.first);
}

/** An engine's totals: layers, layer time, weights, and its plan split into weights, #4841 padding and the rest. */
function totalsOf(side: EngineSide): Explanation['base'] {
  const weightBytes = side.layers.layers.reduce((sum, l) => sum + l.weightBytes, 0);
  const plan = side.plan ?? null;
  // Only the padding verify diagnoses: zeros at the end of a plan that is mostly not zeros are its own.
  const paddingBytes = plan === null ? null : mostlyTrailingZeros(plan) ? plan.trailingZeroBytes : 0;
  return {
    layers: side.layers.layers.length,
    timeMs: timeOf(
      side.layers.layers.map((l) => l.name),
      side.profiles,
    ).timeMs,
    weightBytes,
    planBytes: plan?.bytes ?? null,
    paddingBytes,
    otherBytes: plan === null ? null : Math.max(0, plan.bytes - weightBytes - (paddingBytes ?? 0)),
  };
}

/** One engine's side of a region: its layers, their time and share, weights, precisions, formats and tactics. */
function sideOf(layers: readonly EngineLayer[], profiles: readonly LayerTimes[], total: number | null) {
  const computing = layers.filter((l) => !isReformat(l));
  const time = timeOf(
    layers.map((l) => l.name),
    profiles,
  );
  return {
    layers: layers.map((l) => l.name),
    ...time,
    timeShare: time.timeMs !== null && total ? time.timeMs / total : null,
    weightBytes: layers.reduce((sum, l) => sum + l.weightBytes, 0),
    precisions: [...new Set(computing.flatMap((l) => l.precisions))].sort(),
    formats: [...new Set(computing.flatMap((l) => l.formats))].sort(),
    tactics: [...new Set(computing.map((l) => l.tactic).filter((t): t is string => t !== null))].sort(),
  };
}

/**
 * Joins the graph's nodes that no layer names to a neighbour's component: first to the node that makes one of
 * their inputs (in graph order, so chains resolve), then to a node that reads one of their outputs. Returns
 * the nodes so joined; a node with no named neighbour at all stays out.
 */
function unnamedNodes(graph: OnnxGraph, named: ReadonlySet<string>, components: Components): string[] {
  const placed = new Set(named);
  const joined: string[] = [];
  const join = (node: string, neighbour: string | undefined) => {
    if (neighbour === undefined || !placed.has(neighbour)) return false;
    components.union(`n:${neighbour}`, `n:${node}`);
    placed.add(node);
    joined.push(node);
    return true;
  };
  for (const node of graph.nodes) {
    if (placed.has(node)) continue;
    for (const input of graph.inputs.get(node) ?? []) if (join(node, graph.producers.get(input))) break;
  }
  // Lists grown in place: a copy per entry is quadratic in a tensor read by 100k nodes.
  const readers = new Map<string, string[]>();
  for (const [node, inputs] of graph.inputs) for (const input of inputs) listAt(readers, input).push(node);
  const outputs = new Map<string, string[]>();
  for (const [tensor, node] of graph.producers) listAt(outputs, node).push(tensor);
  for (const node of [...graph.nodes].reverse()) {
    if (placed.has(node)) continue;
    const next = (outputs.get(node) ?? []).flatMap((t) => readers.get(t) ?? []);
    for (const reader of next) if (join(node, reader)) break;
  }
  return joined;
}

function listAt<T>(map: Map<string, T[]>, key: string): T[] {
  const found = map.get(key);
  if (found) return found;
  const list: T[] = [];
  map.set(key, list);
  return list;
}

/** What changed between a region's layers of the two engines. */
function changesOf(
  base: readonly EngineLayer[],
  head: readonly EngineLayer[],
): Explanation['regions'][number]['change'] {
  if (base.length === 0) return ['new'];
  if (head.length === 0) return ['gone'];
  const change: Explanation['regions'][number]['change'] = [];
  const computing = (layers: readonly EngineLayer[]) => layers.filter((l) => !isReformat(l));
  const [b, h] = [computing(base), computing(head)];
  const precisions = (layers: readonly EngineLayer[]) => [...new Set(layers.flatMap((l) => l.precisions))];
  if (!sameSet(precisions(b), precisions(h))) change.push('precision');
  // A fusion is which nodes a layer computes together; the names may differ while that stays.
  const groupsOf = (layers: readonly EngineLayer[]) => layers.map((l) => [...l.onnxNodes].sort().join('\n'));
  if (!sameSet(groupsOf(b), groupsOf(h))) change.push('fusion');
  const tactics = (layers: readonly EngineLayer[]) =>
    layers.map((l) => l.tactic).filter((t): t is string => t !== null);
  if (!change.includes('fusion') && !sameSet(tactics(b), tactics(h))) change.push('tactic');
  const reformats = (layers: readonly EngineLayer[]) => layers.filter(isReformat).length;
  if (reformats(head) > reformats(base)) change.push('reformat-added');
  if (reformats(head) < reformats(base)) change.push('reformat-removed');
  return change;
}

function notesOf(base: EngineSide, head: EngineSide): string[] {
  const notes: string[] = [];
  for (const [which, side] of [
    ['base', base],
    ['head', head],
  ] as const) {
    if (side.layers.verbosity === 'layer_names_only') {
      notes.push(
        `the ${which} engine's layer info has names only (built without --profilingVerbosity=detailed): ` +
          'regions come from layer names, with no precisions, tactics or weights',
      );
    }
    if (side.layers.layers.some((l) => l.auxiliaryStream)) {
      notes.push(
        `the ${which} engine runs layers on auxiliary streams (StreamId > 0): the sum of layer times is not reliable`,
      );
    }
    if (side.profiles.some((p) => !p.median))
      notes.push(`the ${which} profile has averages, not medians (TensorRT before 8.4)`);
    else if (side.profiles.length > 0) {
      notes.push(
        `the ${which} engine's times: each layer's median over its iterations (--exportProfile medianMs), summed ` +
          `per region, the mean of ${side.profiles.length} profile run${side.profiles.length === 1 ? '' : 's'}`,
      );
    }
    const names = new Set(side.layers.layers.map((l) => l.name));
    const unmatched = new Set(side.profiles.flatMap((p) => [...p.times.keys()].filter((n) => !names.has(n))));
    if (unmatched.size) notes.push(`${unmatched.size} of the ${which} profile's layers are not in its layer info`);
    if (side.profiles.length === 1)
      notes.push(`one profile run of the ${which} engine: no run-to-run spread to judge by`);
  }
  if ((base.profiles.length === 0) !== (head.profiles.length === 0)) {
    const only = base.profiles.length ? 'base' : 'head';
    notes.push(`a profile of the ${only} engine only: its times are shown, with no deltas to the other`);
  }
  const [bp, hp] = [base.layers.profiles, head.layers.profiles];
  if (bp !== hp) {
    notes.push(
      `the engines hold different numbers of optimization profiles (${bp} against ${hp}): ` +
        `profile ${base.layers.profile} of the base is compared with profile ${head.layers.profile} of the head`,
    );
  } else if (bp > 1) {
    notes.push(`engines of ${bp} optimization profiles: profile ${head.layers.profile} of each is compared`);
  }
  if (base.layers.schema !== head.layers.schema) {
    notes.push(`the layer info schemas differ (${base.layers.schema} against ${head.layers.schema})`);
  }
  return notes;
}
