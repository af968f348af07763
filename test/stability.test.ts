// How alike two builds of one engine are (issue 60): bits, tactics, outputs, measured, never inferred.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseExportedOutput } from '../src/tensorrt/export-output.js';
import { parseEngineLayers } from '../src/tensorrt/layer-info.js';
import { type BuildSample, certifiedLevel, judgeRebuild, tacticChanges } from '../src/stability/levels.js';
import type { Report } from '../src/contract/report.js';
import { loadConfig } from '../src/config/load.js';
import { cli, makeRunner, type Runner, STANDIN_TRTEXEC } from './support/harness.js';
import { classifierOnnx } from './support/onnx-models.js';

const layers = (...tactics: [string, string | null][]) => tactics.map(([name, tactic]) => ({ name, tactic }));
const sample = (over: Partial<BuildSample> = {}): BuildSample => ({
  sha256: 'a'.repeat(64),
  layers: layers(['conv', '0x1f'], ['myl', '__myl_0x1']),
  outputs: new Map([['y', [1, 2, 3]]]),
  ...over,
});
const tolerance = { atol: 0.5, rtol: 0 };

/** The trtexec stand-in as a program, answering as TensorRT 10.16.1. */
function trtexec(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [STANDIN_TRTEXEC, ...args], {
    env: { ...process.env, STANDIN_PROGRAM: 'trtexec', TRTEXEC_STANDIN_VERSION: '10.16.1.11', ...env },
    encoding: 'utf8',
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

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

  it('latency, where measured: the same latency alone is latency; a differing one takes the levels above away', () => {
    const off = sample({ sha256: 'b'.repeat(64), outputs: new Map([['y', [1, 2, 9]]]) });
    expect(judgeRebuild(sample(), off, tolerance, true).level).toBe('latency');
    expect(judgeRebuild(sample(), off, tolerance, null).level).toBe('none');
    const alike = sample({ sha256: 'b'.repeat(64) });
    expect(judgeRebuild(sample(), alike, tolerance, null).level).toBe('tactics');
    expect(judgeRebuild(sample(), alike, tolerance, false).level).toBe('none');
    const retuned = sample({ sha256: 'b'.repeat(64), layers: layers(['conv', '0x20'], ['myl', '__myl_0x1']) });
    expect(judgeRebuild(sample(), retuned, tolerance, true).level).toBe('outputs');
    expect(judgeRebuild(sample(), retuned, tolerance, false).level).toBe('none');
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

describe('the stand-in picks tactics as a GPU timing does (TRTEXEC_STANDIN_TACTIC_FLIP)', () => {
  /** One build of the classifier into `plan` with its detailed layer info, then one run on fixed inputs. */
  function buildAndRun(runner: Runner, name: string, flip: string) {
    const env = { TRTEXEC_STANDIN_TACTIC_FLIP: flip };
    const onnx = join(runner.dir, 'classifier.onnx');
    const plan = join(runner.dir, `${name}.plan`);
    const shapes = 'x:1x3x8x8';
    const built = trtexec(
      [
        `--onnx=${onnx}`,
        `--saveEngine=${plan}`,
        `--minShapes=${shapes}`,
        `--optShapes=${shapes}`,
        `--maxShapes=${shapes}`,
        '--skipInference',
        '--profilingVerbosity=detailed',
        `--exportLayerInfo=${plan}.json`,
      ],
      env,
    );
    expect(built.status, built.out).toBe(0);
    const input = Float32Array.from({ length: 3 * 8 * 8 }, (_, i) => Math.cos(i) * 2);
    writeFileSync(join(runner.dir, 'x.bin'), Buffer.from(input.buffer));
    const out = join(runner.dir, `${name}.out.json`);
    const ran = trtexec(
      [
        `--loadEngine=${plan}`,
        `--shapes=${shapes}`,
        `--loadInputs=x:${join(runner.dir, 'x.bin')}`,
        `--exportOutput=${out}`,
      ],
      env,
    );
    expect(ran.status, ran.out).toBe(0);
    return {
      sha256: createHash('sha256').update(readFileSync(plan)).digest('hex'),
      layers: parseEngineLayers(readFileSync(`${plan}.json`, 'utf8')).layers,
      outputs: new Map(parseExportedOutput(readFileSync(out, 'utf8')).map((o) => [o.name, o.values] as const)),
    };
  }

  it('with the knob off two builds are one engine (bits); with it at 1 every layer changes its tactic', () => {
    const runner = makeRunner();
    writeFileSync(join(runner.dir, 'classifier.onnx'), classifierOnnx());
    const [a, b] = [buildAndRun(runner, 'a', '0'), buildAndRun(runner, 'b', '0')];
    expect(judgeRebuild(a, b, tolerance).level).toBe('bits');
    const c = buildAndRun(runner, 'c', '1');
    const judged = judgeRebuild(a, c, { atol: 1e-3, rtol: 0 });
    expect(judged.bytesEqual).toBe(false);
    expect(judged.changedLayers).toEqual([
      { layer: 'node_conv2d + node_relu', first: '0x000000000000001f', again: '0x00000000000000a1' },
      {
        layer: '__myl_CastMulLtSeleCast_myl6_0',
        first: '__myl_CastMulLtSeleCast_0x1',
        again: '__myl_CastMulLtSeleCast_0x2',
      },
    ]);
    // Another accumulation order: the last bits move, well within an FP32 tolerance.
    expect(judged.outputs).toMatchObject({ bitwiseEqual: false, outOfTolerance: 0 });
    expect(judged.level).toBe('outputs');
  });
});

describe('stability: { rebuilds } in a run (issue 60)', () => {
  async function run(flip: string, cache = '', only = 'rebuild-1') {
    // Only the first rebuild's timing picks other tactics: the engine and the second rebuild keep theirs.
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_TACTIC_FLIP: flip, TRTEXEC_STANDIN_ONLY: only } });
    writeFileSync(join(runner.dir, 'classifier.onnx'), classifierOnnx());
    const config = runner.writeConfig(
      `output-dir: out\n${cache}stability: { rebuilds: 2 }\nmodels:\n  - name: cls\n    onnx: classifier.onnx\n` +
        '    profiles: [{ name: p, shapes: { x: 2x3x8x8 } }]\n',
    );
    const result = await cli(['build', '--config', config], { cwd: runner.dir });
    const report = JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8')) as Report;
    return { result, stability: report.builds[0]!.stability!, runner };
  }

  it('builds that pick the same tactics are one engine: bits, each rebuild its own plan', async () => {
    const { result, stability, runner } = await run('0');
    expect(result.code, result.stderr).toBe(0);
    expect(stability).toMatchObject({ level: 'bits', asked: 2 });
    // Two with the run's timing cache, then one without it.
    expect(stability.rebuilds.map((r) => [r.level, r.bytesEqual, r.timingCache, r.plan])).toEqual([
      ['bits', true, true, 'out/stability/cls.p/rebuild-1.plan'],
      ['bits', true, true, 'out/stability/cls.p/rebuild-2.plan'],
      ['bits', true, false, 'out/stability/cls.p/rebuild-3-no-timing-cache.plan'],
    ]);
    const builds = runner.calls().filter((c) => c.args.some((a) => a.startsWith('--saveEngine=')));
    expect(builds.map((c) => c.args.some((a) => a.startsWith('--timingCacheFile=')))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('builds whose timing picks other tactics: the layers named, the outputs compared, the level', async () => {
    const { result, stability, runner } = await run('1');
    expect(result.code, result.stderr).toBe(0);
    expect(stability.level).toBe('outputs');
    const [flipped, kept, uncached] = stability.rebuilds;
    expect(flipped).toMatchObject({ level: 'outputs', bytesEqual: false });
    expect(flipped!.changedLayers!.map((c) => [c.layer, c.first, c.again])).toEqual([
      ['node_conv2d + node_relu', '0x000000000000001f', '0x00000000000000a1'],
      ['__myl_CastMulLtSeleCast_myl6_0', '__myl_CastMulLtSeleCast_0x1', '__myl_CastMulLtSeleCast_0x2'],
    ]);
    expect(flipped!.outputs).toMatchObject({ bitwiseEqual: false, outOfTolerance: 0 });
    expect([kept!.level, uncached!.level]).toEqual(['bits', 'bits']);
    const summary = readFileSync(join(runner.dir, 'out', 'summary.md'), 'utf8');
    expect(summary).toMatch(
      new RegExp(
        String.raw`\| cls / p \| NVIDIA H200 \| outputs \(the same outputs\) \| 2 \+ 1 without the timing cache \| ` +
          String.raw`tactics of \`node_conv2d \+ node_relu\`, \`__myl_CastMulLtSeleCast_myl6_0\` with the timing ` +
          String.raw`cache \(it missed them, or was not used\); outputs up to [\d.e-]+ apart \|`,
      ),
    );
  });

  it('a layer that changes only without the timing cache is said as such: the cache pinned it', async () => {
    const { stability, runner } = await run('1', '', 'no-timing-cache');
    expect(stability.rebuilds.map((r) => [r.timingCache, (r.changedLayers?.length ?? 0) > 0])).toEqual([
      [true, false],
      [true, false],
      [false, true],
    ]);
    const summary = readFileSync(join(runner.dir, 'out', 'summary.md'), 'utf8');
    expect(summary).toMatch(/\| tactics of `node_conv2d \+ node_relu`, `[^`]+` without the timing cache; outputs/);
    expect(summary).not.toContain('it missed them');
  });

  it('other outputs, the same latency by the A/B: latency; a slower rebuild: none, with its verdict', async () => {
    const at = async (latency: string) => {
      const runner = makeRunner({
        trtexecEnv: {
          TRTEXEC_STANDIN_TACTIC_FLIP: '1',
          TRTEXEC_STANDIN_ONLY: 'rebuild-1',
          TRTEXEC_STANDIN_OUTPUT_ERROR: 'rebuild-1=noise:0.2',
          TRTEXEC_STANDIN_LATENCY_MS: `rebuild-1=${latency}`,
        },
      });
      writeFileSync(join(runner.dir, 'classifier.onnx'), classifierOnnx());
      const config = runner.writeConfig(
        'output-dir: out\ntiming-cache: false\nstability: { rebuilds: 1 }\nmodels:\n  - name: cls\n' +
          '    onnx: classifier.onnx\n    profiles: [{ name: p, shapes: { x: 2x3x8x8 } }]\n',
      );
      const result = await cli(['build', '--config', config], { cwd: runner.dir });
      expect(result.code, result.stderr).toBe(0);
      // One rebuild, with no timing cache to build it with: said so, not "1 + 0".
      expect(readFileSync(join(runner.dir, 'out', 'summary.md'), 'utf8')).toMatch(/ \| 1 \(no timing cache\) \| /);
      return (JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8')) as Report).builds[0]!.stability!;
    };
    const same = await at('1');
    expect(same.level).toBe('latency');
    // timing-cache: false: the rebuild had none, and says so; no second one "without" it.
    expect(same.rebuilds.map((r) => [r.timingCache, r.plan])).toEqual([[false, 'out/stability/cls.p/rebuild-1.plan']]);
    expect(same.rebuilds[0]!.latency).toMatchObject({ verdict: 'same' });
    const slower = await at('1.3');
    expect(slower.level).toBe('none');
    expect(slower.rebuilds[0]!.latency?.verdict).toBe('slower');
    expect(slower.rebuilds[0]!.latency?.ratio).toBeGreaterThan(1.2);
  });

  it('a rebuild that does not build fails the run, saying so; rebuilds: 11 is a config error', async () => {
    const runner = makeRunner({
      trtexecEnv: { TRTEXEC_STANDIN_OOM_ABOVE_MIB: '1', TRTEXEC_STANDIN_ONLY: 'rebuild-1' },
    });
    writeFileSync(join(runner.dir, 'classifier.onnx'), classifierOnnx());
    const yaml = (n: number) =>
      `output-dir: out\ntiming-cache: false\nstability: { rebuilds: ${n} }\nmodels:\n  - name: cls\n` +
      '    onnx: classifier.onnx\n    profiles: [{ name: p, shapes: { x: 2x3x8x8 } }]\n';
    const result = await cli(['build', '--config', runner.writeConfig(yaml(1))], { cwd: runner.dir });
    expect(result.code).toBe(1);
    const report = JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8')) as Report;
    expect(report.builds[0]!.status).toBe('built');
    expect(report.builds[0]!.stability).toMatchObject({
      level: null,
      rebuilds: [{ problem: /^rebuild 1 did not build/ }],
    });
    const refused = await cli(['build', '--config', runner.writeConfig(yaml(11))], { cwd: runner.dir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/stability\.rebuilds: expected at most 10 rebuilds/);
    const none = await cli(['build', '--config', runner.writeConfig(yaml(0))], { cwd: runner.dir });
    expect([none.code, none.stderr]).toEqual([
      2,
      expect.stringMatching(/stability\.rebuilds: expected at least 1 rebuild/),
    ]);
    // 10, the most, is taken (read, not built: ten rebuilds of nothing new).
    expect(loadConfig(runner.writeConfig(yaml(10)), runner.dir, {}).stability).toEqual({ rebuilds: 10 });
  });

  it('a rebuild is built afresh, never served from the engine cache', async () => {
    const { stability, runner } = await run('0', 'cache-dir: cache\n');
    expect(stability.level).toBe('bits');
    // Four builds ran: the engine and its three rebuilds; none was a cache hit.
    expect(runner.calls().filter((c) => c.args.some((a) => a.startsWith('--saveEngine=')))).toHaveLength(4);
  });
});

describe('trt-ci stability (issue 60)', () => {
  it('rebuilds each engine as told and prints its level; a bad --rebuilds is exit 2 naming it', async () => {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_TACTIC_FLIP: '1', TRTEXEC_STANDIN_ONLY: 'rebuild-2' } });
    writeFileSync(join(runner.dir, 'classifier.onnx'), classifierOnnx());
    const config = runner.writeConfig(
      'output-dir: out\nmodels:\n  - name: cls\n    onnx: classifier.onnx\n' +
        '    profiles: [{ name: p, shapes: { x: 2x3x8x8 } }]\n',
    );
    const result = await cli(['stability', '--config', config, '--rebuilds', '2'], { cwd: runner.dir });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /^cls\/p: outputs \(3 rebuilds\); tactics changed: node_conv2d \+ node_relu, __myl_CastMulLtSeleCast_myl6_0$/m,
    );
    for (const bad of ['0', '11', '1.5', 'two']) {
      const refused = await cli(['stability', '--config', config, '--rebuilds', bad], { cwd: runner.dir });
      expect([refused.code, refused.stderr.trim()]).toEqual([
        2,
        `trt-ci: --rebuilds: expected a whole number from 1 to 10, got "${bad}"`,
      ]);
    }
    // At the edges: 1 and 10 are taken.
    for (const edge of ['1', '10']) {
      const args = ['stability', '--config', config, '--rebuilds', edge, '--json'];
      const ran = await cli(args, { cwd: runner.dir });
      expect(ran.code, ran.stderr).toBe(0);
      expect(JSON.parse(ran.stdout).builds[0].stability.asked).toBe(Number(edge));
    }
  });
});
