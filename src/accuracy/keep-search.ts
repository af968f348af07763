// Which nodes must stay in FP32: the smallest keep-fp32 set found for which the engine passes its accuracy
// gate, with the built engine as the oracle (no heuristic decides). Keeping more nodes in FP32 never makes
// FP16 arithmetic less exact, so the gate's verdict is taken as monotone in the set: if a set passes, every
// superset does. Then a minimal set is found one node at a time: with the nodes already known necessary (K)
// and the candidates still open (L, in rank order), a binary search finds the shortest prefix of L that
// passes with K; its last node is necessary given the prefix before it, joins K, and only that prefix stays
// open. Each node found costs ceil(log2 |L|) builds and one to check K alone, so a search of k nodes among
// R costs at most 2 + k * (ceil(log2 R) + 1) builds. The result is minimal (no node of it can be dropped
// along the order searched), and minimum when one set of nodes is what the gate needs.
// Pure: the oracle (a build and an accuracy check) is passed in.

/** One candidate set the oracle judged. */
export interface KeepTrial {
  keep: string[];
  passed: boolean;
}

export type KeepSearchOutcome =
  /** All-FP16 already passes: nothing needs keeping. */
  | 'none-needed'
  /** `keep` is a minimal set (each node necessary along the search order). */
  | 'found'
  /** Keeping every candidate in FP32 still fails: the error is not in the nodes FP16 can be kept off. */
  | 'unfixable'
  /** The build or time budget ran out: `keep` passes but may not be minimal (null: none judged passing yet). */
  | 'budget-spent';

export interface KeepSearch {
  outcome: KeepSearchOutcome;
  /** The set to commit (candidate order), null when unfixable. */
  keep: string[] | null;
  /** Every set judged, in order; a set asked twice is judged once. */
  trials: KeepTrial[];
  /** Which budget ran out (outcome budget-spent), else null. */
  spent: 'builds' | 'time' | null;
}

/** The most builds a search of `k` nodes among `candidates` makes. */
export const buildBound = (k: number, candidates: number) =>
  2 + k * (Math.ceil(Math.log2(Math.max(candidates, 1))) + 1);

/**
 * Candidates ranked by where the all-FP16 engine's error starts (the first-divergence pass): that node, then
 * the nodes after it in graph order, then those before it (within tolerance, so searched last). Graph order
 * when the pass named no candidate.
 */
export function rankByDivergence(candidates: readonly string[], start: string | null): string[] {
  const at = start === null ? -1 : candidates.indexOf(start);
  return at < 0 ? [...candidates] : [...candidates.slice(at), ...candidates.slice(0, at)];
}

/**
 * `candidates` in graph order (how a set is written); `rank`, asked once all-FP16 has failed, may give the
 * order the search opens them in (rankByDivergence), a permutation of them.
 */
export async function searchKeepSet(
  candidates: readonly string[],
  passes: (keep: string[]) => Promise<boolean>,
  maxBuilds: number,
  rank: () => readonly string[] = () => candidates,
  /** Whether the search's time is up: asked before each build, as the build count is. */
  outOfTime: () => boolean = () => false,
): Promise<KeepSearch> {
  const trials: KeepTrial[] = [];
  let spent: KeepSearch['spent'] = null;
  const judged = new Map<string, boolean>();
  const order = new Map(candidates.map((c, i) => [c, i]));
  const sorted = (keep: readonly string[]) => [...keep].sort((a, b) => order.get(a)! - order.get(b)!);
  class Spent extends Error {}
  const judge = async (keep: string[]): Promise<boolean> => {
    const set = sorted(keep);
    const id = set.join('\n');
    const known = judged.get(id);
    if (known !== undefined) return known;
    if (trials.length >= maxBuilds) spent = 'builds';
    else if (outOfTime()) spent = 'time';
    if (spent) throw new Spent();
    const passed = await passes(set);
    judged.set(id, passed);
    trials.push({ keep: set, passed });
    return passed;
  };
  try {
    if (await judge([])) return { outcome: 'none-needed', keep: [], trials, spent };
    if (!(await judge([...candidates]))) return { outcome: 'unfixable', keep: null, trials, spent };
  } catch (error) {
    if (error instanceof Spent) return { outcome: 'budget-spent', keep: null, trials, spent };
    throw error;
  }
  const kept: string[] = [];
  // A rank that is not a permutation of the candidates (a name twice, one missing or unknown) is ignored.
  const ranked = new Set(rank());
  const permutation = ranked.size === candidates.length && [...ranked].every((c) => order.has(c));
  let open = permutation ? [...ranked] : [...candidates];
  // Known: kept ∪ open passes.
  try {
    while (open.length > 0 && !(kept.length > 0 && (await judge(kept)))) {
      let [lo, hi] = [0, open.length - 1];
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (await judge([...kept, ...open.slice(0, mid + 1)])) hi = mid;
        else lo = mid + 1;
      }
      kept.push(open[hi]!);
      open = open.slice(0, hi);
    }
  } catch (error) {
    if (error instanceof Spent) return { outcome: 'budget-spent', keep: sorted([...kept, ...open]), trials, spent };
    throw error;
  }
  return { outcome: 'found', keep: sorted(kept), trials, spent };
}

/**
 * Candidates in regions (an engine layer's ONNX nodes, for graphs too large to search node by node): first the
 * regions that must stay FP32, searched as units (each a group test of all its nodes) in `rankRegions`' order,
 * then the nodes inside those guilty regions, in graph order. Regions partition the candidates; a region a
 * passing set needs keeps some node of it, so the nodes searched are the guilty regions' alone. Both levels
 * share the budget; a set asked twice is judged once. At most 2 + k (ceil(log2 R) + 1) + k (ceil(log2 S) + 1)
 * builds for k nodes, R regions and S nodes in the guilty ones.
 */
export async function searchKeepSetByRegions(
  regions: readonly (readonly string[])[],
  passes: (keep: string[]) => Promise<boolean>,
  maxBuilds: number,
  rankRegions: () => readonly number[] = () => regions.map((_, i) => i),
  outOfTime: () => boolean = () => false,
): Promise<KeepSearch & { guiltyRegions: number[] | null }> {
  const candidates = regions.flat();
  const order = new Map(candidates.map((c, i) => [c, i]));
  const inGraphOrder = (keep: readonly string[]) => [...keep].sort((a, b) => order.get(a)! - order.get(b)!);
  const known = new Map<string, boolean>();
  const trials: KeepTrial[] = [];
  // One memo for both levels: the budget counts builds, never a set asked again.
  const judge = async (keep: string[]) => {
    const set = inGraphOrder(keep);
    const id = set.join('\n');
    if (!known.has(id)) {
      known.set(id, await passes(set));
      trials.push({ keep: set, passed: known.get(id)! });
    }
    return known.get(id)!;
  };
  const expand = (chosen: readonly string[]) => chosen.flatMap((id) => regions[Number(id)]!);
  const left = () => maxBuilds - trials.length;
  const byRegion = await searchKeepSet(
    regions.map((_, i) => String(i)),
    (chosen) => judge(expand(chosen)),
    maxBuilds,
    () => rankRegions().map(String),
    outOfTime,
  );
  if (byRegion.outcome !== 'found' || byRegion.keep!.length === 0) {
    const keep = byRegion.keep && inGraphOrder(expand(byRegion.keep));
    return { outcome: byRegion.outcome, keep, trials, spent: byRegion.spent, guiltyRegions: null };
  }
  const guilty = byRegion.keep!.map(Number);
  const inside = inGraphOrder(expand(byRegion.keep!));
  // Its first two sets (none of them, all of them) are known where the memo holds them: no build for those.
  const free = [[], inside].filter((set) => known.has(set.join('\n'))).length;
  const byNode = await searchKeepSet(inside, judge, left() + free, () => inside, outOfTime);
  return { ...byNode, keep: byNode.keep && inGraphOrder(byNode.keep), trials, guiltyRegions: guilty };
}

/**
 * The candidates grouped by the engine layer that computes them (its ONNX nodes, fused), each region and its
 * nodes in graph order; a candidate no layer names is a region of its own.
 */
export function layerRegions(candidates: readonly string[], layers: readonly { onnxNodes: readonly string[] }[]) {
  const at = new Map(candidates.map((c, i) => [c, i]));
  const taken = new Set<string>();
  const regions: string[][] = [];
  for (const layer of layers) {
    const nodes = layer.onnxNodes.filter((n) => at.has(n) && !taken.has(n));
    for (const n of nodes) taken.add(n);
    if (nodes.length) regions.push(nodes);
  }
  for (const c of candidates) if (!taken.has(c)) regions.push([c]);
  const byPlace = (a: string, b: string) => at.get(a)! - at.get(b)!;
  return regions.map((r) => r.sort(byPlace)).sort((a, b) => byPlace(a[0]!, b[0]!));
}
