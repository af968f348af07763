import { createHash } from 'node:crypto';
import { closest } from '../common/did-you-mean.js';
import { InputError } from '../common/errors.js';

/** `--shard 2/3`: this job is the second of three. */
export interface Shard {
  index: number;
  count: number;
}

/** murmur3's 32-bit finalizer: an even spread of a 32-bit value. */
function mix(x: number): number {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Each pair's rendezvous score for shard s: one SHA-256 per pair, then integer mixing per shard. */
function scorer(pairs: readonly string[]): (i: number, shard: number) => number {
  const seeds = pairs.map((pair) => {
    const digest = createHash('sha256').update(pair).digest();
    return [digest.readUInt32BE(0), digest.readUInt32BE(4)] as const;
  });
  return (i, shard) => mix(seeds[i]![0] ^ mix(seeds[i]![1] + Math.imul(shard + 1, 0x9e3779b9)));
}

/**
 * Which shard builds each model/profile pair: deterministic (every job of the matrix computes the same
 * split on its own), balanced, and stable when models come and go.
 *
 * Rendezvous hashing with bounded load: each pair ranks the shards by a hash of (pair, shard) and starts
 * on its first. A shard over its share (the pair count divided evenly and rounded up; with build times
 * from an earlier report, the even share of the time or the longest build, whichever is more) gives up
 * the pairs that lose least by leaving, each to its best shard with room, until none is over.
 *
 * No pair's whole ranking is kept or sorted: a move looks for the best shard with room when it needs
 * one, so the work is about pairs × shards hash mixes (--shard 1/9999 over 1,000 pairs: ~10 M, well
 * under a second) and the memory pairs + shards.
 */
export function assignShards(pairs: readonly string[], count: number, weights?: ReadonlyMap<string, number>): number[] {
  const weightOf = (pair: string) => (weights ? Math.max(weights.get(pair) ?? 0, 0) || meanWeight : 1);
  const known = weights ? pairs.map((p) => weights.get(p) ?? 0).filter((w) => w > 0) : [];
  // A pair the earlier report did not have counts as an average one.
  const meanWeight = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 1;
  const weight = pairs.map(weightOf);
  const total = weight.reduce((a, b) => a + b, 0);
  const room = weights ? Math.max(total / count, ...weight) : Math.ceil(total / count - 1e-9);
  const score = scorer(pairs);
  /** The highest-scoring shard for pair i that `ok` accepts (ties to the lower index), or -1. */
  const bestShard = (i: number, ok: (shard: number) => boolean) => {
    let best = -1;
    let bestScore = -1;
    for (let s = 0; s < count; s += 1) {
      if (!ok(s)) continue;
      const value = score(i, s);
      if (value > bestScore) [best, bestScore] = [s, value];
    }
    return best;
  };
  const shardOf = pairs.map((_, i) => bestShard(i, () => true));
  const load = new Array<number>(count).fill(0);
  const members: number[][] = Array.from({ length: count }, () => []);
  for (const [i, shard] of shardOf.entries()) {
    load[shard]! += weight[i]!;
    members[shard]!.push(i);
  }
  for (let moves = 0; moves < pairs.length * count; moves += 1) {
    const over = load.findIndex((l) => l > room + 1e-9);
    if (over < 0) break;
    // The pair that loses least by leaving, among those another shard has room for (else the lightest).
    let best: { i: number; to: number; loss: number } | null = null;
    let lightest = -1;
    for (const i of members[over]!) {
      if (lightest < 0 || weight[i]! < weight[lightest]!) lightest = i;
      const fits = bestShard(i, (s) => s !== over && load[s]! + weight[i]! <= room + 1e-9);
      if (fits < 0) continue;
      const loss = score(i, over) - score(i, fits);
      if (!best || loss < best.loss) best = { i, to: fits, loss };
    }
    const emptiest = load.reduce((min, l, s) => (s !== over && (min < 0 || l < load[min]!) ? s : min), -1);
    const { i, to } = best ?? { i: lightest, to: emptiest };
    shardOf[i] = to;
    load[over]! -= weight[i]!;
    load[to]! += weight[i]!;
    members[over] = members[over]!.filter((m) => m !== i);
    members[to]!.push(i);
  }
  return shardOf;
}

/** Which of the config's model/profile pairs this run builds: a shard of them, and/or named ones. */
export interface JobSelection {
  shard: Shard | null;
  /** `model` or `model/profile`; empty for all. */
  only: string[];
  /** Build seconds per `model/profile` from an earlier report, to balance shards by time. */
  weights?: ReadonlyMap<string, number>;
}

/**
 * The pairs of `pairs` (each `model/profile`) this run builds. An `--only` that names no model or profile of
 * the config is an input error with the closest name: a typo must not build nothing and pass.
 */
export function selectPairs(pairs: readonly string[], selection: JobSelection): boolean[] {
  for (const wanted of selection.only) {
    const known = wanted.includes('/') ? pairs : [...new Set(pairs.map((p) => p.split('/')[0]!))];
    if (!known.includes(wanted)) {
      const close = closest(wanted, known);
      throw new InputError(
        `--only: expected a model or model/profile of the config, got "${wanted}"` +
          (close ? `; did you mean "${close}"?` : ''),
      );
    }
  }
  const named = (pair: string) =>
    selection.only.length === 0 || selection.only.some((w) => w === pair || w === pair.split('/')[0]);
  const shardOf = selection.shard ? assignShards(pairs, selection.shard.count, selection.weights) : null;
  return pairs.map((pair, i) => named(pair) && (!shardOf || shardOf[i] === selection.shard!.index - 1));
}

/** `i/n`, 1-based, as the Actions matrix counts: 1/3, 2/3, 3/3. */
export function parseShard(text: string): Shard | null {
  const match = /^(\d{1,4})\/(\d{1,4})$/.exec(text);
  if (!match) return null;
  const [index, count] = [Number(match[1]), Number(match[2])];
  return count >= 1 && index >= 1 && index <= count ? { index, count } : null;
}
