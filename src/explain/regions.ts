// Where and why two engines of one network differ, across different fusions: every layer of both engines
// goes to the ONNX nodes it computes, and the layers of either engine that share a node fall in one region
// (connected components of the overlap), so `Conv_3 + Relu_4` in one build and `Conv_3` + `Relu_4` in the
// other, or a ForeignNode against many kernels, are one region. A layer that computes no ONNX node (a
// reformat, a copy) joins the region of the layer it names, else of the layer before it. Per region: layers,
// time (the profile runs' sums), weights, precisions, tactics, and what changed. Pure: layers in, regions out.
import type { Explanation } from '../contract/report.js';
import type { EngineLayer, EngineLayers } from './engine-layers.js';
import type { LayerTimes } from './profile.js';

export interface EngineSide {
  layers: EngineLayers;
  /** One per profile run of this engine (two or more make the run-to-run spread). */
  profiles: readonly LayerTimes[];
  /** The plan's size in bytes, when known: what is not weights is kernels, Myelin code and padding. */
  planBytes?: number | null;
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

/** The layer each node-less layer joins: the one it names, else the one before it, else the one after. */
function anchorOf(layers: readonly EngineLayer[], i: number): number | null {
  const layer = layers[i]!;
  if (layer.reformatOf !== null) {
    const named = layers.findIndex((l) => l.name === layer.reformatOf);
    if (named >= 0) return named;
  }
  if (i > 0) return i - 1;
  return layers.length > 1 ? 1 : null;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** A set of layers' time: the median over runs of their summed times, and the spread of those sums. */
function timeOf(names: readonly string[], profiles: readonly LayerTimes[]) {
  if (profiles.length === 0) return { timeMs: null, spreadMs: null };
  const sums = profiles.map((p) => names.reduce((sum, n) => sum + (p.times.get(n) ?? 0), 0));
  return { timeMs: median(sums), spreadMs: sums.length > 1 ? Math.max(...sums) - Math.min(...sums) : null };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);

/** Explains the head engine against the base; `measuredChangeMs` is the A/B's change of latency, if known. */
export function explainEngines(
  base: EngineSide,
  head: EngineSide,
  measuredChangeMs: number | null = null,
): Explanation {
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
    layers.forEach((layer, i) => {
      if (layer.onnxNodes.length > 0) return;
      const anchor = anchorOf(layers, i);
      if (anchor !== null) components.union(`${tag}:${anchor}`, `${tag}:${i}`);
    });
  }
  const groups = new Map<string, { nodes: Set<string>; base: EngineLayer[]; head: EngineLayer[]; first: number }>();
  let order = 0;
  const group = (root: string) => {
    let g = groups.get(root);
    if (!g) {
      g = { nodes: new Set(), base: [], head: [], first: order++ };
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

  const summary = (layers: readonly EngineLayer[], profiles: readonly LayerTimes[]) => {
    const computing = layers.filter((l) => !isReformat(l));
    return {
      layers: layers.map((l) => l.name),
      ...timeOf(
        layers.map((l) => l.name),
        profiles,
      ),
      weightBytes: layers.reduce((sum, l) => sum + l.weightBytes, 0),
      precisions: [...new Set(computing.flatMap((l) => l.precisions))].sort(),
      tactics: [...new Set(computing.map((l) => l.tactic).filter((t): t is string => t !== null))].sort(),
    };
  };
  const totals = (side: EngineSide) => {
    const weightBytes = side.layers.layers.reduce((sum, l) => sum + l.weightBytes, 0);
    const planBytes = side.planBytes ?? null;
    return {
      layers: side.layers.layers.length,
      timeMs: timeOf(
        side.layers.layers.map((l) => l.name),
        side.profiles,
      ).timeMs,
      weightBytes,
      planBytes,
      otherBytes: planBytes === null ? null : Math.max(0, planBytes - weightBytes),
    };
  };
  const [baseTotal, headTotal] = [totals(base), totals(head)];
  const layerChange =
    baseTotal.timeMs !== null && headTotal.timeMs !== null ? headTotal.timeMs - baseTotal.timeMs : null;
  const denominator = measuredChangeMs ?? layerChange;

  const regions = [...groups.values()]
    .sort((a, b) => a.first - b.first)
    .map((g) => {
      const [b, h] = [summary(g.base, base.profiles), summary(g.head, head.profiles)];
      const deltaMs = b.timeMs !== null && h.timeMs !== null ? h.timeMs - b.timeMs : null;
      const significant =
        deltaMs !== null && b.spreadMs !== null && h.spreadMs !== null
          ? Math.abs(deltaMs) > b.spreadMs + h.spreadMs
          : null;
      return {
        onnxNodes: [...g.nodes],
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
  return { base: baseTotal, head: headTotal, regions, notes: notesOf(base, head) };
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
    const names = new Set(side.layers.layers.map((l) => l.name));
    const unmatched = new Set(side.profiles.flatMap((p) => [...p.times.keys()].filter((n) => !names.has(n))));
    if (unmatched.size) notes.push(`${unmatched.size} of the ${which} profile's layers are not in its layer info`);
    if (side.profiles.length === 1)
      notes.push(`one profile run of the ${which} engine: no run-to-run spread to judge by`);
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
