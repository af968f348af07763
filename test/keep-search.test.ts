// The keep-fp32 search against brute force: on every planted set of up to 16 candidates it finds the optimum
// (the planted set), within its build bound; on a gate with two ways to pass it finds a minimal set; and it
// says when nothing is needed, when nothing fixes it, and when the budget ran out.
import { describe, expect, it } from 'vitest';
import {
  buildBound,
  layerRegions,
  rankByDivergence,
  searchKeepSet,
  searchKeepSetByRegions,
} from '../src/accuracy/keep-search.js';

const names = (n: number) => Array.from({ length: n }, (_, i) => `n${i}`);

/** The smallest sets (by size) of `candidates` that pass, by trying all 2^R of them. */
function bruteForceOptimum(candidates: string[], passes: (keep: string[]) => boolean): number {
  let best = Number.POSITIVE_INFINITY;
  for (let mask = 0; mask < 1 << candidates.length; mask++) {
    const keep = candidates.filter((_, i) => mask & (1 << i));
    if (keep.length < best && passes(keep)) best = keep.length;
  }
  return best;
}

function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

describe('searchKeepSet', () => {
  it('finds the planted set, the brute-force optimum, within its build bound (R <= 16, k <= 3)', async () => {
    const random = seeded(7);
    for (let graph = 0; graph < 60; graph++) {
      const R = 2 + Math.floor(random() * 15);
      const candidates = names(R);
      const k = Math.min(R, 1 + Math.floor(random() * 3));
      const planted = new Set<string>();
      while (planted.size < k) planted.add(candidates[Math.floor(random() * R)]!);
      const passes = (keep: string[]) => [...planted].every((p) => keep.includes(p));
      const search = await searchKeepSet(candidates, async (keep) => passes(keep), 1000);
      expect(search.outcome).toBe('found');
      expect(new Set(search.keep)).toEqual(planted);
      expect(search.keep!.length).toBe(bruteForceOptimum(candidates, passes));
      expect(search.trials.length).toBeLessThanOrEqual(buildBound(k, R));
      expect(search.trials.length).toBeLessThanOrEqual(2 * k * Math.ceil(Math.log2(R)) + 2);
    }
  });

  it('judges each set once, and the search it makes stops at a minimal set where two sets pass', async () => {
    // Passes with {n1, n2} or with {n5}: a minimal answer keeps no node it can drop.
    const passes = (keep: string[]) => (keep.includes('n1') && keep.includes('n2')) || keep.includes('n5');
    const asked: string[] = [];
    const search = await searchKeepSet(
      names(8),
      async (keep) => {
        asked.push(keep.join(','));
        return passes(keep);
      },
      100,
    );
    expect(search.outcome).toBe('found');
    expect(passes(search.keep!)).toBe(true);
    for (const node of search.keep!) expect(passes(search.keep!.filter((n) => n !== node))).toBe(false);
    expect(new Set(asked).size).toBe(asked.length);
  });

  it('nothing needed, nothing fixes it, and a spent budget, each said', async () => {
    expect(await searchKeepSet(names(4), async () => true, 10)).toMatchObject({ outcome: 'none-needed', keep: [] });
    const unfixable = await searchKeepSet(names(4), async () => false, 10);
    expect(unfixable).toMatchObject({ outcome: 'unfixable', keep: null });
    expect(unfixable.trials.map((t) => t.keep.length)).toEqual([0, 4]);
    // Needs n3 and n9: four builds are not enough; what passes (all of the open ones) is returned, not a guess.
    const spent = await searchKeepSet(names(12), async (keep) => keep.includes('n3') && keep.includes('n9'), 4);
    expect(spent.outcome).toBe('budget-spent');
    expect(spent.spent).toBe('builds');
    expect(spent.trials).toHaveLength(4);
    expect(spent.keep).toEqual(expect.arrayContaining(['n3', 'n9']));
  });

  it('a time that runs out stops it before the next build, as the build budget does', async () => {
    const needs = async (keep: string[]) => keep.includes('n3') && keep.includes('n9');
    // The clock is asked before each build: up after the 5th, the 6th never starts.
    let builds = 0;
    const counted = async (keep: string[]) => {
      builds += 1;
      return needs(keep);
    };
    const late = await searchKeepSet(names(12), counted, 100, undefined, () => builds >= 5);
    expect(late).toMatchObject({ outcome: 'budget-spent', spent: 'time' });
    expect(late.trials).toHaveLength(5);
    expect(late.keep).toEqual(expect.arrayContaining(['n3', 'n9']));
    // Up before the first build: nothing judged, no list.
    const none = await searchKeepSet(names(12), needs, 100, undefined, () => true);
    expect(none).toMatchObject({ outcome: 'budget-spent', spent: 'time', keep: null, trials: [] });
    // Never up: the search ends on its own, with the planted set.
    expect(await searchKeepSet(names(12), needs, 100, undefined, () => false)).toMatchObject({
      outcome: 'found',
      keep: ['n3', 'n9'],
      spent: null,
    });
  });
});

describe('rankByDivergence', () => {
  it('opens at the node where the error starts, then after it, then before it; graph order otherwise', () => {
    expect(rankByDivergence(names(5), 'n2')).toEqual(['n2', 'n3', 'n4', 'n0', 'n1']);
    expect(rankByDivergence(names(3), 'n0')).toEqual(['n0', 'n1', 'n2']);
    expect(rankByDivergence(names(3), 'kept-already')).toEqual(names(3));
    expect(rankByDivergence(names(3), null)).toEqual(names(3));
  });

  it('a search opened where the error starts finds the same set in fewer builds; a bad rank is ignored', async () => {
    // A chain's traps: the node where the error starts and the one after it, late in a long chain.
    const candidates = names(16);
    const planted = ['n9', 'n10', 'n13', 'n14'];
    const passes = async (keep: string[]) => planted.every((p) => keep.includes(p));
    const plain = await searchKeepSet(candidates, passes, 100);
    const ranked = await searchKeepSet(candidates, passes, 100, () => rankByDivergence(candidates, 'n9'));
    expect(ranked.keep).toEqual(planted);
    expect(plain.keep).toEqual(planted);
    expect(ranked.trials.length).toBeLessThan(plain.trials.length);
    // Not a permutation of the candidates (a name twice, one missing): graph order, the same trials.
    const bad = await searchKeepSet(candidates, passes, 100, () => [...candidates.slice(1), 'n1']);
    expect(bad.trials).toEqual(plain.trials);
  });
});

describe('searchKeepSetByRegions', () => {
  /** R regions of 1 to 6 nodes each, in graph order. */
  const regionsOf = (sizes: number[]) => {
    let n = 0;
    return sizes.map((size) => Array.from({ length: size }, () => `n${n++}`));
  };

  it('finds the planted nodes, the brute-force optimum, within its bound, regions first (R <= 12)', async () => {
    const random = seeded(11);
    for (let graph = 0; graph < 40; graph++) {
      const R = 2 + Math.floor(random() * 11);
      const regions = regionsOf(Array.from({ length: R }, () => 1 + Math.floor(random() * 6)));
      const candidates = regions.flat();
      const k = 1 + Math.floor(random() * 3);
      const planted = new Set<string>();
      while (planted.size < k) planted.add(candidates[Math.floor(random() * candidates.length)]!);
      const passes = (keep: string[]) => [...planted].every((p) => keep.includes(p));
      const search = await searchKeepSetByRegions(regions, async (keep) => passes(keep), 1000);
      expect(search.outcome).toBe('found');
      expect(new Set(search.keep)).toEqual(planted);
      if (candidates.length <= 16) expect(search.keep!.length).toBe(bruteForceOptimum(candidates, passes));
      // The guilty regions are those holding a planted node.
      const holding = regions.flatMap((r, i) => (r.some((n) => planted.has(n)) ? [i] : []));
      expect(search.guiltyRegions).toEqual(holding);
      const S = holding.reduce((sum, i) => sum + regions[i]!.length, 0);
      const bound = 2 + k * (Math.ceil(Math.log2(R)) + 1) + k * (Math.ceil(Math.log2(Math.max(S, 1))) + 1) + 1;
      expect(search.trials.length).toBeLessThanOrEqual(bound);
      // Every set built once.
      expect(new Set(search.trials.map((t) => t.keep.join(','))).size).toBe(search.trials.length);
    }
  });

  it('keeps to the budget across both levels, and says nothing needed and nothing fixes it', async () => {
    const regions = regionsOf([4, 4, 4, 4]);
    const needs = async (keep: string[]) => keep.includes('n5') && keep.includes('n14');
    for (const max of [2, 5, 8, 11]) {
      const search = await searchKeepSetByRegions(regions, needs, max);
      expect(search.trials.length, `budget ${max}`).toBeLessThanOrEqual(max);
    }
    const spent = await searchKeepSetByRegions(regions, needs, 5);
    expect(spent).toMatchObject({ outcome: 'budget-spent', spent: 'builds' });
    expect(spent.keep).toEqual(expect.arrayContaining(['n5', 'n14']));
    expect(await searchKeepSetByRegions(regions, async () => true, 9)).toMatchObject({
      outcome: 'none-needed',
      keep: [],
    });
    expect(await searchKeepSetByRegions(regions, async () => false, 9)).toMatchObject({
      outcome: 'unfixable',
      keep: null,
    });
  });

  it('spends its whole budget: the builds an unbounded search takes are enough, one fewer is not', async () => {
    const regions = regionsOf([4, 4, 4, 4]);
    const needs = async (keep: string[]) => keep.includes('n5') && keep.includes('n14');
    const unbounded = await searchKeepSetByRegions(regions, needs, 1000);
    expect(unbounded.outcome).toBe('found');
    const took = unbounded.trials.length;
    // The second level is handed what the first left, with the sets the memo already answered back.
    const exact = await searchKeepSetByRegions(regions, needs, took);
    expect(exact).toMatchObject({ outcome: 'found', keep: unbounded.keep });
    expect(exact.trials).toHaveLength(took);
    const short = await searchKeepSetByRegions(regions, needs, took - 1);
    expect(short).toMatchObject({ outcome: 'budget-spent', spent: 'builds' });
    expect(short.trials).toHaveLength(took - 1);
  });

  it('opens at the region ranked first: a guilty region ranked first costs fewer builds', async () => {
    const regions = regionsOf(Array.from({ length: 32 }, () => 2));
    const needs = async (keep: string[]) => keep.includes('n51');
    const plain = await searchKeepSetByRegions(regions, needs, 100);
    const order = () =>
      rankByDivergence(
        regions.map((_, i) => String(i)),
        '25',
      ).map(Number);
    const ranked = await searchKeepSetByRegions(regions, needs, 100, order);
    expect(ranked.keep).toEqual(['n51']);
    expect(ranked.trials.length).toBeLessThan(plain.trials.length);
  });
});

describe('layerRegions', () => {
  it('groups the candidates by the layer that computes them, in graph order; one a layer lacks stands alone', () => {
    const candidates = ['a', 'b', 'c', 'd', 'e', 'f'];
    const layers = [
      { onnxNodes: ['d', 'c', 'x__cast'] },
      { onnxNodes: ['a', 'b'] },
      // A node two layers name (a split layer) goes with the first; a name that is no candidate is dropped.
      { onnxNodes: ['c', 'f', 'shape_only'] },
    ];
    expect(layerRegions(candidates, layers)).toEqual([['a', 'b'], ['c', 'd'], ['e'], ['f']]);
    expect(layerRegions(candidates, [])).toEqual(candidates.map((c) => [c]));
  });
});
