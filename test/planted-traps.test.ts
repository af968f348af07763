// Issue 37's planted graphs: each FP16 trap it names (a Mul past 65504, an Exp on large activations, an unshifted
// variance, a sum that accumulates past 65504, a softmax without its max subtracted) fails an all-FP16 engine
// through the stand-in, whose FP16 is real arithmetic (Cast pairs under ONNX Runtime), and passes with exactly
// its planted nodes kept: each one of them is needed (left out, the gate fails), and together they suffice.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, makeRunner } from './support/harness.js';
import { plantedChainOnnx, TRAP_KINDS } from './support/onnx-models.js';

async function gate(version: string, model: Uint8Array, keep: string[]): Promise<string> {
  const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_VERSION: version } });
  writeFileSync(join(runner.dir, 'm.onnx'), model);
  const config = runner.writeConfig(
    `output-dir: out\nmodels:\n  - name: m\n    onnx: m.onnx\n    precision: fp16\n` +
      (keep.length ? `    keep-fp32: [${keep.join(', ')}]\n` : '') +
      '    accuracy: { inputs: { x: { range: [1, 3] } }, first-divergence: false }\n' +
      '    profiles: [{ name: p, shapes: { x: 1x4 } }]\n',
  );
  const result = await cli(['run', '--config', config, '--json']);
  const build = JSON.parse(result.stdout).builds[0];
  return build.status === 'built' ? build.accuracy.status : `${build.status}: ${build.failure?.message}`;
}

describe('planted FP16 traps, one of each kind in one chain', () => {
  // The softmax first, 40 safe nodes after its trap: a sum made Inf must still reach y.
  const softmaxFirst = ['softmax', 'mul', 'exp', 'variance', 'accumulate'] as const;
  const { model, planted, kinds } = plantedChainOnnx(11, 64, TRAP_KINDS.length, softmaxFirst);

  it('holds every kind, with its planted nodes in graph order', () => {
    expect(kinds).toEqual([...softmaxFirst]);
    expect(new Set(kinds)).toEqual(new Set(TRAP_KINDS));
    // softmax 3, mul 2, exp 2, variance 3, accumulate 2.
    expect(planted).toHaveLength(12);
    const order = planted.map((name) => Number(/^n(\d+)_/.exec(name)![1]));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  for (const version of ['10.16.1.11', '11.2.1.2']) {
    it(`${version}: all-FP16 fails, the planted nodes kept pass, and each of them is needed`, async () => {
      expect(await gate(version, model, [])).toBe('failed');
      expect(await gate(version, model, planted)).toBe('passed');
      // Each planted node left out in turn: its trap comes back. (11.x's written ONNX on every one; 10.x's
      // --layerPrecisions on one per trap kind, to keep the test short.)
      const leftOut = version.startsWith('11')
        ? planted
        : [planted[0]!, planted[2]!, planted[5]!, planted[8]!, planted[10]!];
      for (const node of leftOut) {
        expect(
          await gate(
            version,
            model,
            planted.filter((n) => n !== node),
          ),
          `without ${node}`,
        ).toBe('failed');
      }
    });
  }
});
