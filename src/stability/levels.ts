// How alike two builds of one engine are, pure: the same bytes, the same tactic in every layer, the same
// outputs on the same inputs. TensorRT picks tactics by timing them on the GPU, so two builds from the same
// inputs need not be one engine (NVIDIA/TensorRT#4798: the same timing cache, 0 of 100 outputs bitwise equal;
// #4730: identical commands, two engine graphs). A level is claimed only where it was measured.
import { compareOutput } from '../common/compare-output.js';
import type { EngineLayer } from '../tensorrt/layer-info.js';

/**
 * The strongest first: byte-identical plans, the same tactics, the same outputs, the same latency (an A/B that
 * says `same`); none of them.
 */
const STABILITY_LEVELS = ['bits', 'tactics', 'outputs', 'latency', 'none'] as const;
export type StabilityLevel = (typeof STABILITY_LEVELS)[number];

/** What one build gave: its plan's digest, its layers (detailed layer info), its outputs on the check's inputs. */
export interface BuildSample {
  sha256: string;
  /** Null when the build wrote no detailed layer info: tactics were not measured. */
  layers: readonly Pick<EngineLayer, 'name' | 'tactic'>[] | null;
  /** Null when the engine was not run: outputs were not measured. */
  outputs: ReadonlyMap<string, ArrayLike<number>> | null;
}

export interface TacticChange {
  layer: string;
  /** The tactic in the first build and in this one (null: the layer is not in that build). */
  first: string | null;
  again: string | null;
}

export interface Rebuild {
  level: StabilityLevel;
  bytesEqual: boolean;
  /** Layers whose tactic changed; null when tactics were not measured. */
  changedLayers: TacticChange[] | null;
  /** The outputs against the first build's: null when not measured. */
  outputs: { bitwiseEqual: boolean; output: string | null; maxAbsDiff: number; outOfTolerance: number } | null;
}

/** Every layer's tactic in both builds, and the layers where they differ (or one build lacks the layer). */
export function tacticChanges(
  first: readonly Pick<EngineLayer, 'name' | 'tactic'>[],
  again: readonly Pick<EngineLayer, 'name' | 'tactic'>[],
): TacticChange[] {
  const before = new Map(first.map((l) => [l.name, l.tactic]));
  const after = new Map(again.map((l) => [l.name, l.tactic]));
  const names = [...new Set([...before.keys(), ...after.keys()])];
  return names
    .map((layer) => ({ layer, first: before.get(layer) ?? null, again: after.get(layer) ?? null }))
    .filter((c) => c.first !== c.again || !before.has(c.layer) || !after.has(c.layer));
}

/** The outputs of a rebuild against the first build's: bitwise, else by the accuracy check's tolerance. */
function outputsAgainst(
  first: ReadonlyMap<string, ArrayLike<number>>,
  again: ReadonlyMap<string, ArrayLike<number>>,
  tolerance: { atol: number; rtol: number },
): NonNullable<Rebuild['outputs']> {
  let worst: NonNullable<Rebuild['outputs']> = { bitwiseEqual: true, output: null, maxAbsDiff: 0, outOfTolerance: 0 };
  for (const [name, want] of first) {
    const got = again.get(name);
    if (!got || got.length !== want.length)
      return { bitwiseEqual: false, output: name, maxAbsDiff: Infinity, outOfTolerance: 1 };
    let bitwise = true;
    for (let i = 0; i < want.length && bitwise; i += 1) bitwise = Object.is(got[i], want[i]);
    if (bitwise) continue;
    const error = compareOutput(got, want, [want.length], { ...tolerance, cosine: null, topK: null });
    const maxAbsDiff = error.maxAbsError ?? Infinity;
    if (worst.bitwiseEqual || error.outOfTolerance > worst.outOfTolerance || maxAbsDiff > worst.maxAbsDiff)
      worst = { bitwiseEqual: false, output: name, maxAbsDiff, outOfTolerance: error.outOfTolerance };
  }
  return worst;
}

/**
 * How a rebuild compares with the first build, and the strongest level that was measured to hold. `latencySame`
 * is the A/B's answer (true: `same`; false: slower or faster; null: not measured or no verdict): a level above
 * latency holds only where a measured latency agrees too.
 */
export function judgeRebuild(
  first: BuildSample,
  again: BuildSample,
  tolerance: { atol: number; rtol: number },
  latencySame: boolean | null = null,
): Rebuild {
  const bytesEqual = first.sha256 === again.sha256;
  const changedLayers = first.layers && again.layers ? tacticChanges(first.layers, again.layers) : null;
  const outputs = first.outputs && again.outputs ? outputsAgainst(first.outputs, again.outputs, tolerance) : null;
  // The same bytes are the same engine. The same tactics count only where the outputs, when measured, agree too:
  // #4798's builds shared a timing cache and still gave other outputs.
  const outputsAgree = outputs !== null && outputs.outOfTolerance === 0;
  const latencyAgrees = latencySame !== false;
  const level: StabilityLevel = bytesEqual
    ? 'bits'
    : changedLayers?.length === 0 && (outputs === null || outputsAgree) && latencyAgrees
      ? 'tactics'
      : outputsAgree && latencyAgrees
        ? 'outputs'
        : latencySame === true
          ? 'latency'
          : 'none';
  return { level, bytesEqual, changedLayers, outputs };
}

/**
 * The level every rebuild reached: the weakest of them (an engine is as stable as its least alike rebuild); null
 * when no rebuild ran, since nothing was measured.
 */
export function certifiedLevel(rebuilds: readonly Rebuild[]): StabilityLevel | null {
  if (rebuilds.length === 0) return null;
  const rank = (level: StabilityLevel) => STABILITY_LEVELS.indexOf(level);
  return rebuilds.reduce<StabilityLevel>((weakest, r) => (rank(r.level) > rank(weakest) ? r.level : weakest), 'bits');
}
