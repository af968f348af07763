// How alike two builds of one engine are (issue 60): bits, tactics, outputs, measured, never inferred.
import { describe, expect, it } from 'vitest';
import { type BuildSample, certifiedLevel, judgeRebuild, tacticChanges } from '../src/stability/levels.js';

const layers = (...tactics: [string, string | null][]) => tactics.map(([name, tactic]) => ({ name, tactic }));
const sample = (over: Partial<BuildSample> = {}): BuildSample => ({
  sha256: 'a'.repeat(64),
  layers: layers(['conv', '0x1f'], ['myl', '__myl_0x1']),
  outputs: new Map([['y', [1, 2, 3]]]),
  ...over,
});
const tolerance = { atol: 0.5, rtol: 0 };

describe('the level a rebuild reaches', () => {
  it('the same bytes: bits', () => {
    expect(judgeRebuild(sample(), sample(), tolerance)).toMatchObject({ level: 'bits', bytesEqual: true });
  });

  it('other bytes, every tactic the same, the same outputs: tactics', () => {
    const again = sample({ sha256: 'b'.repeat(64) });
    expect(judgeRebuild(sample(), again, tolerance)).toMatchObject({ level: 'tactics', changedLayers: [] });
  });

  it('the same tactics, outputs off beyond tolerance (#4798): not tactics, and not outputs: none', () => {
    const again = sample({ sha256: 'b'.repeat(64), outputs: new Map([['y', [1, 2, 3.6]]]) });
    expect(judgeRebuild(sample(), again, tolerance).level).toBe('none');
  });

  it('a layer that changed its tactic is named with both; outputs within tolerance (at it): outputs', () => {
    const again = sample({
      sha256: 'b'.repeat(64),
      layers: layers(['conv', '0x20'], ['myl', '__myl_0x1']),
      outputs: new Map([['y', [1, 2, 3.5]]]),
    });
    const judged = judgeRebuild(sample(), again, tolerance);
    expect(judged).toMatchObject({
      level: 'outputs',
      changedLayers: [{ layer: 'conv', first: '0x1f', again: '0x20' }],
      outputs: { bitwiseEqual: false, output: 'y', maxAbsDiff: 0.5, outOfTolerance: 0 },
    });
    // Just past the tolerance: none.
    const past = sample({ ...again, outputs: new Map([['y', [1, 2, 3.5000001]]]) });
    expect(judgeRebuild(sample(), past, tolerance).level).toBe('none');
  });

  it('nothing measured beyond the bytes: none, never a level inferred', () => {
    const unmeasured = { layers: null, outputs: null };
    const judged = judgeRebuild(sample(unmeasured), sample({ ...unmeasured, sha256: 'b'.repeat(64) }), tolerance);
    expect(judged).toEqual({ level: 'none', bytesEqual: false, changedLayers: null, outputs: null });
    // Tactics measured alike, outputs not measured: tactics.
    const tacticsOnly = judgeRebuild(
      sample({ outputs: null }),
      sample({ sha256: 'b'.repeat(64), outputs: null }),
      tolerance,
    );
    expect(tacticsOnly.level).toBe('tactics');
  });

  it('a layer only one build has is a change; the engine is as stable as its least alike rebuild', () => {
    expect(tacticChanges(layers(['a', '1']), layers(['a', '1'], ['b', '2']))).toEqual([
      { layer: 'b', first: null, again: '2' },
    ]);
    const of = (level: 'bits' | 'tactics' | 'outputs' | 'none') => ({
      level,
      bytesEqual: false,
      changedLayers: null,
      outputs: null,
    });
    expect(certifiedLevel([of('bits'), of('outputs'), of('tactics')])).toBe('outputs');
    expect(certifiedLevel([of('bits'), of('bits')])).toBe('bits');
    expect(certifiedLevel([])).toBeNull();
  });
});
