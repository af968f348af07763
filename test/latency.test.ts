// The latency A/B: its statistics against SciPy, its verdict on real H200 measurements, and `trt-ci ab`
// end to end with the stand-ins (per-engine speed, drift, throttling as nvidia-smi reports it).
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareAb } from '../src/latency/ab.js';
import { hodgesLehmann, mannWhitney, median } from '../src/latency/statistics.js';
import { judgeAb, type Repetition } from '../src/latency/verdict.js';
import { parseExportedTimes } from '../src/tensorrt/export-times.js';
import { readBindings } from '../src/tensorrt/bindings.js';
import { findBasePlan } from '../src/latency/base-plan.js';
import type { BuildOutcome } from '../src/builds/outcome.js';
import type { CacheTrust } from '../src/cache/trust.js';
import { affineOnnx, cancellationOnnx } from './support/onnx-models.js';
import { cli, FIXTURES, makeRunner, writeStandinPlan } from './support/harness.js';

const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES, 'latency', name), 'utf8'));

describe('the statistics', () => {
  it('Mann-Whitney U and its two-sided p are what SciPy 1.17 computes (exact, and with ties)', () => {
    const cases = fixture('mwu-scipy.json') as { name: string; x: number[]; y: number[]; u: number; p: number }[];
    for (const c of cases) {
      const test = mannWhitney(c.x, c.y);
      expect(test.u, c.name).toBe(c.u);
      expect(test.p, c.name).toBeCloseTo(c.p, 6);
    }
  });

  it('the Hodges-Lehmann interval is the set of shifts the same test does not reject', () => {
    const x = [1.01, 0.99, 1.0, 1.02, 0.98, 1.005, 0.995, 1.015];
    const y = x.map((v, i) => v + 0.03 + ((i * 7) % 5) * 0.004);
    const { shift, ci } = hodgesLehmann(x, y);
    expect(shift).toBeGreaterThan(ci[0]);
    expect(shift).toBeLessThan(ci[1]);
    const p = (delta: number) =>
      mannWhitney(
        x,
        y.map((v) => v - delta),
      ).p;
    // Just inside either end the test keeps the shift, just outside it rejects it (n = m = 8: k = 13).
    expect(p(ci[0] + 1e-9)).toBeGreaterThanOrEqual(0.05);
    expect(p(ci[1] - 1e-9)).toBeGreaterThanOrEqual(0.05);
    expect(p(ci[0] - 1e-9)).toBeLessThan(0.05);
    expect(p(ci[1] + 1e-9)).toBeLessThan(0.05);
  });
});

/** Real run medians of one H200 (ResNet-50 FP16, CUDA graphs), interleaved as an A/B would run them. */
function probe(base: string, head: string, budget: number) {
  const data = fixture('latency-probe-h200-2026-11-30.json').variants as Record<string, { run_medians_ms: number[] }>;
  const reps: Repetition[] = [];
  data[base]!.run_medians_ms.forEach((medianMs, round) => {
    const headMs = data[head]!.run_medians_ms[round]!;
    const rep = (side: 'base' | 'head', ms: number): Repetition => ({
      side,
      round,
      medianMs: ms,
      p99Ms: ms * 1.01,
      iterations: 300,
      throttled: [],
    });
    reps.push(rep('base', medianMs), rep('head', headMs));
  });
  return judgeAb(reps, budget);
}

describe('the verdict, on real H200 measurements (15 runs a side)', () => {
  it('the same engine twice is the same; 2% and 5% slowdowns are slower; 1% is slower at a 1% budget', () => {
    const same = probe('A', 'A2', 0.01);
    expect(same).toMatchObject({ verdict: 'same', repetitions: 15 });
    expect(same.ci![0]).toBeGreaterThan(0.99);
    expect(same.ci![1]).toBeLessThan(1.01);
    for (const [variant, injected] of [
      ['B1', 0.01],
      ['B2', 0.02],
      ['B5', 0.05],
    ] as const) {
      const slower = probe('A', variant, 0.01);
      expect(slower.verdict, variant).toBe('slower');
      expect(slower.ratio! - 1).toBeGreaterThan(injected * 0.9);
      expect(slower.ci![0]).toBeLessThan(slower.ratio!);
      expect(slower.p).toBeLessThan(1e-4);
    }
    // A 2% slowdown judged against a 5% budget: significant, but not enough to count.
    expect(probe('A', 'B2', 0.05).verdict).toBe('same');
    // Swapped, a slowdown is a speed-up.
    expect(probe('B5', 'A', 0.01).verdict).toBe('faster');
  });

  it('throttling, too few runs and a difference that moved within the run are inconclusive', () => {
    const base: Repetition = { side: 'base', round: 0, medianMs: 1, p99Ms: 1, iterations: 10, throttled: [] };
    const reps = (count: number, headMs: (round: number) => number) =>
      Array.from({ length: count }, (_, round) => [
        { ...base, round, medianMs: 1 + round * 1e-5 },
        { ...base, side: 'head' as const, round, medianMs: headMs(round) },
      ]).flat();
    expect(
      judgeAb(
        reps(2, () => 1.1),
        0.01,
      ),
    ).toMatchObject({ verdict: 'inconclusive', retry: null });
    const hot = reps(6, () => 1.1);
    hot[5] = { ...hot[5]!, throttled: ['sw_thermal_slowdown'] };
    expect(judgeAb(hot, 0.01)).toMatchObject({
      verdict: 'inconclusive',
      reason: expect.stringMatching(
        /^the GPU throttled \(sw_thermal_slowdown\) during 1 repetition\(s\), first in round 3/,
      ),
    });
    const drifting = judgeAb(
      reps(8, (round) => (round < 4 ? 1.0 : 1.05)),
      0.01,
    );
    expect(drifting).toMatchObject({ verdict: 'inconclusive', retry: 'drift' });
    expect(drifting.reason).toMatch(/drifted within the run: [-+]0\.00% in the first half, \+4\.99% in the second/);
  });
});

/**
 * Twelve interleaved rounds whose head is `ratio` times the base, each side with its own run-to-run noise;
 * both halves of the run see the same noise, so the difference does not drift.
 */
function planted(ratio: number, noise: number): Repetition[] {
  const pattern = [0, 0.3, -0.2, 0.1, -0.3, 0.2];
  const wobble = [...pattern, ...pattern];
  return wobble.flatMap((w, round) => {
    const rep = (side: 'base' | 'head', ms: number): Repetition => ({
      side,
      round,
      medianMs: ms,
      p99Ms: ms,
      iterations: 100,
      throttled: [],
    });
    const other = pattern[(round + 3) % pattern.length]!;
    return [rep('base', 10 * (1 + w * noise)), rep('head', 10 * ratio * (1 + other * noise))];
  });
}

describe('the verdict at its edges (a 2% budget)', () => {
  it('a significant change counts from the budget on: a change of exactly the budget is slower', () => {
    const judged = judgeAb(planted(1.02, 0.001), 0.02);
    expect(judged.p).toBeLessThan(1e-4);
    // The budget set to the measured change itself (r - 1 is exact for r in [1, 2), and so is 1 + (r - 1)).
    const change = judged.ratio! - 1;
    expect(judgeAb(planted(1.02, 0.001), change).verdict).toBe('slower');
    expect(judgeAb(planted(1.02, 0.001), change * (1 + 1e-9)).verdict).not.toBe('slower');
    // Significant (p < 1e-4) with a tight interval, but half the budget: the same, never slower.
    const inside = judgeAb(planted(1.01, 0.001), 0.02);
    expect(inside.p).toBeLessThan(1e-4);
    expect(inside).toMatchObject({ verdict: 'same', reason: 'the 95% interval is within ±2.0%' });
    expect(judgeAb(planted(1.025, 0.001), 0.02).verdict).toBe('slower');
  });

  it('the same holds for speed-ups: a drop of exactly the budget is faster, half of it the same', () => {
    const judged = judgeAb(planted(0.98, 0.001), 0.02);
    const change = 1 - judged.ratio!;
    expect(judgeAb(planted(0.98, 0.001), change).verdict).toBe('faster');
    expect(judgeAb(planted(0.98, 0.001), change * (1 + 1e-9)).verdict).not.toBe('faster');
    expect(judgeAb(planted(0.99, 0.001), 0.02).verdict).toBe('same');
  });

  it('"same" needs both ends of the interval inside the budget; one end past it is undecided', () => {
    const wide = judgeAb(planted(1.01, 0.1), 0.02);
    expect(wide.p).toBeGreaterThan(0.05);
    expect(wide.ci![0]).toBeGreaterThan(0.98);
    expect(wide.ci![1]).toBeGreaterThan(1.02);
    expect(wide).toMatchObject({ verdict: 'inconclusive', retry: 'undecided' });
    expect(wide.reason).toBe('no change beyond ±2.0% is significant, but the 95% interval reaches past it');
  });
});

describe('the A/B runs', () => {
  it('reads the clock state only between runs, never while one is timed, in ABBA order', async () => {
    const events: string[] = [];
    let running = 0;
    const result = await compareAb(
      {
        async measure(side) {
          running += 1;
          events.push(`run ${side}`);
          await new Promise((resolve) => setImmediate(resolve));
          running -= 1;
          return Array.from({ length: 5 }, (_, i) => 1 + i * 0.01);
        },
        async clockState() {
          expect(running).toBe(0);
          events.push('clock');
          return { smClockMHz: 1980, slowed: { sw_thermal_slowdown: 0 } };
        },
      },
      { repetitions: 4, budget: 0.01, retry: false },
    );
    expect(events.filter((e) => e !== 'clock')).toEqual(
      ['base', 'head', 'head', 'base', 'base', 'head', 'head', 'base'].map((side) => `run ${side}`),
    );
    // One read before the first run, then one after each.
    expect(events.filter((e) => e === 'clock')).toHaveLength(9);
    expect(events[0]).toBe('clock');
    expect(result.runs.every((r) => r.smClockMHz === 1980)).toBe(true);
  });
});

describe('trtexec --exportTimes', () => {
  it("reads each iteration's GPU compute time; anything else is an error naming the file", () => {
    const text = '[\n  { "startEnqMs" : 1, "computeMs" : 1.25, "latencyMs" : 1.3 }\n, { "computeMs" : 1.5 }\n]\n';
    expect(parseExportedTimes(text, 't.json')).toEqual([1.25, 1.5]);
    expect(() => parseExportedTimes('[{ "latencyMs" : 1 }]', 't.json')).toThrow('t.json: iteration 0 has no computeMs');
    expect(() => parseExportedTimes('nan', 't.json')).toThrow(/t\.json: expected trtexec --exportTimes JSON/);
  });
});

describe('trt-ci ab BASE.plan HEAD.plan', () => {
  /** Two plans the stand-in loads; its engines' speed, drift and throttling come from `env`. */
  async function ab(env: Record<string, string>, extra: string[] = [], versions = ['10.16.1', '10.16.1']) {
    const runner = makeRunner({ trtexecEnv: env });
    const plan = (name: string, version: string) => {
      writeStandinPlan(join(runner.dir, name), version);
      return name;
    };
    const config = runner.writeConfig(
      'output-dir: out\nmodels: [{ name: m, onnx: m.onnx, profiles: [{ name: p, shapes: { x: 1x8 } }] }]\n',
    );
    runner.touch('m.onnx');
    const args = ['ab', plan('base.plan', versions[0]!), plan('head.plan', versions[1]!), '--config', config];
    const result = await cli([...args, '--repetitions', '4', '--iterations', '50', '--json', ...extra], {
      cwd: runner.dir,
    });
    return { result, latency: result.stdout ? JSON.parse(result.stdout) : null, runner };
  }

  it('slower: exit 1, with the ratio, its interval, p and every repetition in ABBA order', async () => {
    const { result, latency, runner } = await ab({ TRTEXEC_STANDIN_LATENCY_MS: 'head.plan=1.03,base.plan=1' });
    expect(result.code, result.stderr).toBe(1);
    expect(latency).toMatchObject({ verdict: 'slower', repetitions: 4, retried: false, clockEventsRead: true });
    expect(latency.ratio).toBeCloseTo(1.03, 2);
    expect(latency.ci[0]).toBeGreaterThan(1.02);
    expect(latency.p).toBeLessThan(0.05);
    expect(latency.runs.map((r: Repetition) => r.side[0]).join('')).toBe('bhhbbhhb');
    // The SM clock nvidia-smi gave after each run (the H200 capture's 345 MHz).
    expect(new Set(latency.runs.map((r: Repetition) => r.smClockMHz))).toEqual(new Set([345]));
    expect(Object.keys(latency)).toEqual(expect.arrayContaining(['verdict', 'ratio', 'ci', 'p', 'base', 'head']));
    // Every run had the same flags but the engine, and no other process polled the GPU meanwhile.
    const calls = runner.calls().map((c) => c.args.filter((a) => !/^--(loadEngine|exportTimes)=/.test(a)));
    expect(new Set(calls.map((a) => a.join(' ')))).toEqual(
      new Set(['--noDataTransfers --useCudaGraph --useSpinWait --warmUp=200 --duration=0 --iterations=50']),
    );
    expect(latency.measurement).toEqual({ dataTransfers: false, cudaGraph: true, spinWait: true });
  });

  it('faster and same: exit 0', async () => {
    const faster = await ab({ TRTEXEC_STANDIN_LATENCY_MS: 'head.plan=0.9,base.plan=1' });
    expect(faster.result.code).toBe(0);
    expect(faster.latency.verdict).toBe('faster');
    // 5% of iterations three times as slow, on both sides: a run's median does not move, nor the verdict.
    const same = await ab({ TRTEXEC_STANDIN_LATENCY_OUTLIERS: '0.05' }, ['--budget', '1%']);
    expect(same.result.code).toBe(0);
    expect(same.latency.verdict).toBe('same');
    expect(same.latency.head.p99).toBeGreaterThan(same.latency.head.median * 2.5);
  });

  it('a throttled repetition (its clock event counter grew) makes it inconclusive; the text says so', async () => {
    const env = { TRTEXEC_STANDIN_LATENCY_MS: 'head.plan=1.03,base.plan=1', TRTEXEC_STANDIN_THROTTLE_CALL: '3' };
    const { result, latency } = await ab(env);
    expect(result.code).toBe(0);
    expect(latency.verdict).toBe('inconclusive');
    expect(latency.runs[2].throttled).toEqual(['sw_thermal_slowdown']);
    expect(latency.reason).toMatch(
      /^the GPU throttled \(sw_thermal_slowdown\) during 1 repetition\(s\), first in round 2 \(head\)/,
    );
  });

  it('prints the verdict, the figures and the chart of repetition medians', async () => {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_LATENCY_MS: 'head.plan=1.05,base.plan=1' } });
    for (const name of ['base.plan', 'head.plan']) writeStandinPlan(join(runner.dir, name));
    const args = ['ab', 'base.plan', 'head.plan', '--trtexec', runner.trtexec, '--repetitions', '4'];
    const result = await cli([...args, '--iterations', '20'], { cwd: runner.dir });
    expect(result.code).toBe(1);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toMatch(
      /^head vs base: slower: \+5\.0% \[[\d.]+, [\d.]+\], p = [\d.e-]+ \(4 repetitions a side\)/,
    );
    expect(lines[2]).toMatch(/^ {2}base █·+$/);
    expect(lines[3]).toMatch(/^ {2}head ·+█ {3}\(repetition medians, [\d.]+–[\d.]+ ms\)$/);
  });

  it("--config: the config's latency-growth budget; --budget overrides it; budgets that differ: exit 2", async () => {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_LATENCY_MS: 'head.plan=1.05,base.plan=1' } });
    for (const name of ['base.plan', 'head.plan']) writeStandinPlan(join(runner.dir, name));
    runner.touch('m.onnx');
    const model = (name: string, budget: string) =>
      `  - name: ${name}\n    onnx: m.onnx\n    budgets: { latency-growth: ${budget} }\n` +
      '    profiles: [{ name: p, shapes: { x: 1x8 } }]\n';
    const ab = (extra: string[]) =>
      cli(['ab', 'base.plan', 'head.plan', '--repetitions', '4', '--iterations', '20', '--json', ...extra], {
        cwd: runner.dir,
      });
    // +5% against a 10% budget: not slower by the budget, exit 0; --budget 2% overrides it: slower, exit 1.
    const loose = runner.writeConfig(`output-dir: out\nmodels:\n${model('m', '10%')}`);
    const withConfig = await ab(['--config', loose]);
    expect([withConfig.code, JSON.parse(withConfig.stdout).budget], withConfig.stderr).toEqual([0, 0.1]);
    const overridden = await ab(['--config', loose, '--budget', '2%']);
    expect([overridden.code, JSON.parse(overridden.stdout).verdict]).toEqual([1, 'slower']);
    const mixed = runner.writeConfig(`output-dir: out\nmodels:\n${model('a', '10%')}${model('b', '2%')}`);
    const refused = await ab(['--config', mixed]);
    expect([refused.code, refused.stderr.trim()]).toEqual([
      2,
      "trt-ci: --budget: the config's latency-growth budgets differ (a: 10%, b: 2%); give --budget",
    ]);
    expect((await ab(['--config', mixed, '--budget', '2%'])).code).toBe(1);
  });

  it('a difference that drifts gets a second batch, judged alone, then inconclusive', async () => {
    const { latency } = await ab({ TRTEXEC_STANDIN_LATENCY_DRIFT: 'head.plan=0.01' });
    expect(latency).toMatchObject({ verdict: 'inconclusive', retried: true });
    expect(latency.runs).toHaveLength(16);
    expect(latency.reason).toMatch(/drifted within the run/);
  });

  it('one measurement on both versions: 10.16 gets three flags, 11.5 none and no deprecation warning', async () => {
    const eleven = await ab({ TRTEXEC_STANDIN_VERSION: '11.5.0.1' }, [], ['11.5.0', '11.5.0']);
    expect(eleven.result.code, eleven.result.stderr).toBe(0);
    expect(eleven.latency.measurement).toEqual({ dataTransfers: false, cudaGraph: true, spinWait: true });
    const calls = eleven.runner.calls().map((c) => c.args.filter((a) => !/^--(loadEngine|exportTimes)=/.test(a)));
    expect(new Set(calls.map((a) => a.join(' ')))).toEqual(new Set(['--warmUp=200 --duration=0 --iterations=50']));
    const logs = readdirSync(join(eleven.runner.dir, 'out', 'ab')).filter((f) => f.endsWith('.log'));
    for (const log of logs) {
      const text = readFileSync(join(eleven.runner.dir, 'out', 'ab', log), 'utf8');
      expect(text).toContain('Successfully captured CUDA graph');
      expect(text).not.toContain('is deprecated');
    }
  });

  it('one engine trtexec cannot capture as a CUDA graph: both run again without, a 30% slower head fails', async () => {
    const env = { TRTEXEC_STANDIN_NO_GRAPH: 'head.plan=1', TRTEXEC_STANDIN_LATENCY_MS: 'head.plan=1.3,base.plan=1' };
    const { result, latency, runner } = await ab(env);
    expect(result.code, result.stderr).toBe(1);
    expect(latency.verdict).toBe('slower');
    expect(latency.ratio).toBeCloseTo(1.3, 2);
    expect(latency.measurement).toEqual({ dataTransfers: false, cudaGraph: false, spinWait: true });
    expect(latency.reason).toMatch(/both engines ran without a CUDA graph: trtexec cannot capture the head engine/);
    // The verdict's runs all ran under the one contract: no --useCudaGraph in the second A/B's calls.
    const runs = runner.calls().filter((c) => c.args.some((a) => a.startsWith('--exportTimes=')));
    const second = runs.slice(runs.findIndex((c) => !c.args.includes('--useCudaGraph')));
    expect(second.length).toBe(8);
    expect(second.every((c) => !c.args.includes('--useCudaGraph'))).toBe(true);
    // Neither can be captured: both measured alike, without a graph, and compared at once.
    const both = await ab({ TRTEXEC_STANDIN_NO_GRAPH: '1', TRTEXEC_STANDIN_LATENCY_MS: 'head.plan=1.03,base.plan=1' });
    expect(both.latency.verdict).toBe('slower');
    expect(both.latency.measurement).toEqual({ dataTransfers: false, cudaGraph: false, spinWait: true });
    expect(both.latency.reason).not.toMatch(/both engines ran without/);
  });

  it('contract mismatch: plans of two TensorRT versions are not compared (exit 2, nothing run)', async () => {
    const { result, latency, runner } = await ab({}, [], ['10.16.1', '10.3.0']);
    expect(result.code).toBe(2);
    expect(latency).toMatchObject({ verdict: 'contract-mismatch', runs: [] });
    expect(latency.reason).toMatch(/base plan is TensorRT 10\.16\.1\.0, the head 10\.3\.0\.0/);
    expect(runner.calls()).toEqual([]);
  });
});

// Guard for the fixtures' own numbers: the probe's medians are what its README says.
it('the H200 probe fixture holds 15 runs a variant, its medians as its README gives them', () => {
  const data = fixture('latency-probe-h200-2026-11-30.json');
  expect(median(data.variants.A.run_medians_ms)).toBeCloseTo(1.1794, 4);
  expect(data.variants.B10.run_medians_ms).toHaveLength(15);
});

describe('benchmark: ab in trt-ci run', () => {
  /** A base-branch run, then a head run whose ONNX changed (a new engine) against the base's report. */
  async function baseThenHead(env: Record<string, string>, headConfig: (base: string) => string = (b) => b) {
    const runner = makeRunner({ trtexecEnv: env });
    const config = (text: string) => runner.writeConfig(text);
    const yaml =
      'output-dir: out\ncache-dir: cache\nmodels:\n  - name: m\n    onnx: m.onnx\n    benchmark: ab\n' +
      '    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]\n';
    writeFileSync(join(runner.dir, 'm.onnx'), 'base model');
    const base = await cli(['run', '--config', config(yaml), '--json'], { cwd: runner.dir });
    expect(base.code, base.stderr).toBe(0);
    writeFileSync(join(runner.dir, 'base-report.json'), base.stdout);
    writeFileSync(join(runner.dir, 'm.onnx'), 'head model');
    const head = await cli(['run', '--config', config(headConfig(yaml)), '--baseline', 'base-report.json', '--json'], {
      cwd: runner.dir,
    });
    return { base: JSON.parse(base.stdout), head, report: JSON.parse(head.stdout || '{}'), runner };
  }

  it('slower: the base engine from the engine cache by the base report key; latency-growth fails', async () => {
    // The stand-in's speed by plan path: the base engine is the cache's, the head engine is out/'s.
    const { base, head, report, runner } = await baseThenHead({ TRTEXEC_STANDIN_LATENCY_MS: 'out/=1.03,cache/=1' });
    expect(base.comparison.latencyNotes).toEqual([
      'm/p: no latency A/B: the base branch has no report of this engine on this GPU model',
    ]);
    expect(head.code).toBe(1);
    const [build] = report.builds;
    expect(build.latency).toMatchObject({ verdict: 'slower', repetitions: 8, baseEngine: { source: 'cache' } });
    expect(build.latency.baseEngine.plan).toMatch(/^cache\/engines\/[0-9a-f]{2}\/[0-9a-f]+\/plan$/);
    expect(build.latency.ratio).toBeCloseTo(1.03, 2);
    const row = report.budgets.find((b: { metric: string }) => b.metric === 'latency-growth');
    expect(row).toMatchObject({ status: 'fail', limit: 0.01 });
    expect(row.message).toMatch(/^latency 3\.\d% slower than the base engine on the same GPU \(A\/B: significant/);
    const summary = readFileSync(join(runner.dir, 'out', 'summary.md'), 'utf8');
    expect(summary).toContain('#### ❌ Latency against the base engine, same GPU: 1/1 slower');
    // Markdown's brackets are escaped in the cell: it reads "+3.0% [2.9, 3.1]".
    expect(summary).toMatch(
      /\| ❌ \| m \/ p \| NVIDIA H200 \| slower \| \+3\.\d% \\\[\d\.\d, \d\.\d\\\] \| [\d.e-]+ \|/,
    );
    expect(summary).toMatch(/\| base █·+ \/ head ·+█ \|/);
    // The memory sampler (nvidia-smi -lms) ran during the builds, and during none of the A/B's 16 runs.
    const abRuns = runner.calls().filter((c) => c.args.some((a) => a.startsWith('--exportTimes=')));
    expect(abRuns.map((c) => (c as { nvidiaSmiStreaming?: boolean }).nvidiaSmiStreaming)).toEqual(
      new Array(16).fill(false),
    );
    const text = await cli(['run', '--config', 'trt-ci.yml', '--baseline', 'base-report.json'], { cwd: runner.dir });
    expect(text.stdout).toMatch(
      /^✘ latency m\/p: slower: \+3\.\d% \[[\d.]+, [\d.]+\], p = [\d.e-]+ \(8 repetitions a side\)/m,
    );
  });

  it('same, from base-plans: (the plans the base job uploaded); an unchanged engine is not measured', async () => {
    const { mkdirSync, copyFileSync } = await import('node:fs');
    // A base-plans: folder that is not there (a download step that found nothing) is exit 2 at its line,
    // never an A/B switched off for another reason (issue 35).
    const { head, runner } = await baseThenHead({}, (yaml) => `base-plans: base-plans\n${yaml}`);
    expect([head.code, head.stderr]).toEqual([
      2,
      expect.stringMatching(
        /trt-ci\.yml:\d+:\d+ base-plans: expected a folder, got .*base-plans, which does not exist/,
      ),
    ]);
    // There but without this engine's plan: the base engine is the cache's.
    const plans = join(runner.dir, 'base-plans');
    mkdirSync(plans);
    const cached = await cli(['run', '--config', 'trt-ci.yml', '--baseline', 'base-report.json', '--json'], {
      cwd: runner.dir,
    });
    expect(cached.code, cached.stderr).toBe(0);
    expect(JSON.parse(cached.stdout).builds[0].latency).toMatchObject({
      verdict: 'same',
      baseEngine: { source: 'cache' },
    });
    // Now the base job's upload is there: it is the base engine, whatever the cache holds.
    copyFileSync(join(runner.dir, 'out', 'm.p.plan'), join(plans, 'm.p.plan'));
    const again = await cli(['run', '--config', 'trt-ci.yml', '--baseline', 'base-report.json', '--json'], {
      cwd: runner.dir,
    });
    const latency = JSON.parse(again.stdout).builds[0].latency;
    expect(latency).toMatchObject({ verdict: 'same', baseEngine: { source: 'plans', plan: 'base-plans/m.p.plan' } });
    expect(latency.reason).toBe('the same plan as the base engine (sha256): nothing to measure');
    // A base "plan" that is a folder: a note, and the run goes on with its report.
    const { rmSync } = await import('node:fs');
    rmSync(join(plans, 'm.p.plan'));
    mkdirSync(join(plans, 'm.p.plan'));
    const broken = await cli(['run', '--config', 'trt-ci.yml', '--baseline', 'base-report.json', '--json'], {
      cwd: runner.dir,
    });
    expect(broken.code, broken.stderr).toBe(0);
    const brokenReport = JSON.parse(broken.stdout);
    expect(brokenReport.builds[0].latency).toBeNull();
    expect(brokenReport.comparison.latencyNotes[0]).toMatch(/^m\/p: the latency A\/B could not run: .*m\.p\.plan/);
  });

  it('a cancel during the A/B: exit 130, and the report is failed and says the A/B was interrupted', async () => {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_LATENCY_MS: 'out/=1.03,cache/=1' } });
    const yaml =
      'output-dir: out\ncache-dir: cache\nmodels:\n  - name: m\n    onnx: m.onnx\n    benchmark: ab\n' +
      '    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]\n';
    runner.writeConfig(yaml);
    writeFileSync(join(runner.dir, 'm.onnx'), 'base model');
    const base = await cli(['run', '--config', 'trt-ci.yml', '--json'], { cwd: runner.dir });
    writeFileSync(join(runner.dir, 'base-report.json'), base.stdout);
    writeFileSync(join(runner.dir, 'm.onnx'), 'head model');
    const controller = new AbortController();
    const abRuns = () => runner.calls().filter((c) => c.args.some((a) => a.startsWith('--exportTimes='))).length;
    const before = abRuns();
    // The cancel arrives once the head run's A/B has started, not after a guessed time.
    const cancel = (async () => {
      while (abRuns() === before) await new Promise((r) => setTimeout(r, 10));
      controller.abort();
    })();
    const head = await cli(['run', '--config', 'trt-ci.yml', '--baseline', 'base-report.json', '--json'], {
      cwd: runner.dir,
      signal: controller.signal,
    });
    await cancel;
    expect(head.code).toBe(130);
    const report = JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8'));
    expect([report.status, report.interrupted]).toEqual(['failed', 'latency']);
    const summary = readFileSync(join(runner.dir, 'out', 'summary.md'), 'utf8');
    expect(summary).toMatch(/^## trt-ci ❌ failed\n\n\*\*Interrupted:\*\* the run was cancelled during latency;/);
    // The report job judges it again from the file: failed, whatever its status field says.
    const { loadReport } = await import('../src/compare/baseline.js');
    writeFileSync(join(runner.dir, 'fork.json'), JSON.stringify({ ...report, status: 'passed' }));
    expect((await loadReport(join(runner.dir, 'fork.json'))).status).toBe('failed');
  });

  it('a base-plans: folder without the plan says so, and then why the cache cannot stand in', async () => {
    const runner = makeRunner();
    const job = { model: { name: 'm' }, profile: { name: 'p' } } as BuildOutcome['job'];
    const plans = join(runner.dir, 'base-plans');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(plans);
    const found = await findBasePlan(job, null, { cacheDir: null, basePlans: plans }, {} as CacheTrust);
    expect(found).toEqual({
      missing: `${plans} has no m.p.plan, and the base branch has no report of this engine on this GPU model`,
    });
    writeFileSync(join(plans, 'm.p.plan'), 'plan');
    expect(await findBasePlan(job, null, { cacheDir: null, basePlans: plans }, {} as CacheTrust)).toMatchObject({
      source: 'plans',
    });
  });

  it('throttled during the A/B: inconclusive, a warning and no failure, the reason in the report', async () => {
    // The 5th trtexec call (base run: build, benchmark; head run: build, benchmark) is the first A/B run.
    const env = { TRTEXEC_STANDIN_LATENCY_MS: 'out/=1.03,cache/=1', TRTEXEC_STANDIN_THROTTLE_CALL: '5' };
    const { head, report } = await baseThenHead(env);
    expect(head.code, head.stderr).toBe(0);
    expect(report.builds[0].latency.verdict).toBe('inconclusive');
    expect(report.builds[0].latency.reason).toMatch(/^the GPU throttled \(sw_thermal_slowdown\)/);
    const row = report.budgets.find((b: { metric: string }) => b.metric === 'latency-growth');
    expect(row).toMatchObject({
      status: 'warn',
      message: expect.stringMatching(/^latency A\/B inconclusive: the GPU/),
    });
  });

  it('contract mismatch: a base engine built for other shapes is not compared; the budget warns', async () => {
    const { head, report } = await baseThenHead({}, (yaml) => yaml.replace('1x3x8x8', '2x3x8x8'));
    expect(head.code, head.stderr).toBe(0);
    expect(report.builds[0].latency).toMatchObject({ verdict: 'contract-mismatch', runs: [] });
    expect(report.builds[0].latency.reason).toMatch(/other shapes \(x:1x3x8x8\) than this one \(x:2x3x8x8\)/);
    const row = report.budgets.find((b: { metric: string }) => b.metric === 'latency-growth');
    expect(row).toMatchObject({ status: 'warn' });
  });
});

/** A git repository in the runner with m.onnx ("base model") committed; its git, for more. */
function baseCommit(runner: ReturnType<typeof makeRunner>) {
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: runner.dir, encoding: 'utf8' });
  git('init', '-q');
  writeFileSync(join(runner.dir, 'm.onnx'), 'base model');
  git('add', 'm.onnx');
  git('commit', '-qm', 'base');
  return git;
}

describe('benchmark: ab with base-ref: (the base engine built from the base commit)', () => {
  it("builds the base commit's ONNX with this job's flags when no plan is found, and says so", async () => {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_LATENCY_MS: 'base.plan=1,out/m.p.plan=1.05' } });
    baseCommit(runner);
    writeFileSync(join(runner.dir, 'm.onnx'), 'head model');
    const config = runner.writeConfig(
      'output-dir: out\nbase-ref: HEAD\nmodels:\n  - name: m\n    onnx: m.onnx\n    benchmark: ab\n' +
        '    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]\n',
    );
    const result = await cli(['run', '--config', config, '--json'], { cwd: runner.dir });
    expect(result.code).toBe(1);
    const { latency } = JSON.parse(result.stdout).builds[0];
    expect(latency).toMatchObject({
      verdict: 'slower',
      baseEngine: { source: 'rebuilt', plan: 'out/ab/m.p.base/base.plan' },
    });
    // The base engine was built from the committed ONNX, with the same flags but the paths.
    const builds = runner.calls().filter((c) => c.args.some((a) => a.startsWith('--onnx=')));
    expect(builds).toHaveLength(2);
    expect(readFileSync(join(runner.dir, 'out', 'ab', 'm.p.base', 'm.onnx'), 'utf8')).toBe('base model');
    const flags = (args: string[]) =>
      args.filter((a) => !/^--(onnx|saveEngine|exportLayerInfo|timingCacheFile)=/.test(a));
    expect(flags(builds[1]!.args)).toEqual(flags(builds[0]!.args));
    // git was given the commit the ref names, never the ref itself.
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: runner.dir, encoding: 'utf8' }).trim();
    expect(readFileSync(join(runner.dir, 'out', 'ab', 'm.p.base', 'm.onnx.git.log'), 'utf8')).toBe('');
    expect(JSON.parse(result.stdout).builds[0].latency.baseEngine.plan).toBe('out/ab/m.p.base/base.plan');
    expect(head).toMatch(/^[0-9a-f]{40}$/);
  });

  it('the base engine is built as the stage builds: backs off out of memory, a second run has it cached', async () => {
    const faults = { TRTEXEC_STANDIN_OOM_ABOVE_MIB: '1024', TRTEXEC_STANDIN_ONLY: 'base.plan' };
    const runner = makeRunner({ trtexecEnv: faults });
    baseCommit(runner);
    writeFileSync(join(runner.dir, 'm.onnx'), 'head model');
    const config = runner.writeConfig(
      'output-dir: out\ncache-dir: cache\nbase-ref: HEAD\nmodels:\n  - name: m\n    onnx: m.onnx\n' +
        '    benchmark: ab\n    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]\n',
    );
    const first = await cli(['run', '--config', config, '--json'], { cwd: runner.dir });
    expect(JSON.parse(first.stdout).builds[0].latency.baseEngine).toMatchObject({ source: 'rebuilt' });
    const workspaces = (calls: typeof runner.calls extends () => infer C ? C : never) =>
      calls
        .filter((c) => c.args.some((a) => a.endsWith('base.plan') && a.startsWith('--saveEngine=')))
        .map((c) => c.args.find((a) => a.startsWith('--memPoolSize=')));
    expect(workspaces(runner.calls())).toEqual([
      '--memPoolSize=workspace:4096',
      '--memPoolSize=workspace:2048',
      '--memPoolSize=workspace:1024',
    ]);
    // The base engine went into the engine cache like any build: the next run builds neither.
    const before = runner.calls().length;
    const second = await cli(['run', '--config', config, '--json'], { cwd: runner.dir });
    expect(JSON.parse(second.stdout).builds[0].latency.baseEngine).toMatchObject({ source: 'rebuilt' });
    const builds = runner
      .calls()
      .slice(before)
      .filter((c) => c.args.some((a) => a.startsWith('--saveEngine=')));
    expect(builds).toEqual([]);
  });

  it('11.x fp16: a base commit whose written ONNX ONNX Runtime refuses is no base engine, said as why', async () => {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_VERSION: '11.2.1.2' } });
    const git = baseCommit(runner);
    // The base commit's model holds a weight FP16 rounds away (1024.25): its written FP16 ONNX is refused.
    writeFileSync(join(runner.dir, 'm.onnx'), cancellationOnnx());
    git('add', 'm.onnx');
    git('commit', '-qm', 'big weight');
    writeFileSync(join(runner.dir, 'm.onnx'), affineOnnx());
    const config = runner.writeConfig(
      'output-dir: out\nbase-ref: HEAD\nmodels:\n  - name: m\n    onnx: m.onnx\n    precision: fp16\n' +
        '    benchmark: ab\n    profiles: [{ name: p, shapes: { x: { min: 1x4, opt: 2x4, max: 4x4 } } }]\n',
    );
    const result = await cli(['run', '--config', config, '--json'], { cwd: runner.dir });
    const report = JSON.parse(result.stdout);
    expect(report.builds[0].status).toBe('built');
    expect(report.builds[0].latency).toBeNull();
    const summary = readFileSync(join(runner.dir, 'out', 'summary.md'), 'utf8');
    // Said under the headline, as every engine asked for an A/B that got none.
    expect(summary).toMatch(/⚠️ No latency A\/B for 1 engine[\s\S]*?- m\/p: no latency A\/B: .*base's written ONNX/);
    expect(summary).toMatch(/the base's written ONNX from [0-9a-f]{40}: on ONNX Runtime its output y is off/);
    expect(summary).toMatch(/off from the model's by [\d.]+% of its largest value at x:1x4/);
    // Only the head was built: nothing from the refused base.
    expect(runner.calls().filter((c) => c.args.some((a) => a.startsWith('--saveEngine=')))).toHaveLength(1);
  });

  it.each([
    ['a ref git does not have', 'no-such-ref', /"no-such-ref" is not a commit: git has no commit by that name/],
    ['a tree, not a commit', 'HEAD^{tree}', /"HEAD\^\{tree\}" is not a commit/],
    // Rewritten by a step before trt-ci: the run checks what git makes of it, not only its spelling.
    ['a tag of a blob', 'blobtag', /"blobtag" is not a commit/],
  ])('base-ref that names no commit (%s): exit 2 naming base-ref, before any build', async (_what, ref, message) => {
    const runner = makeRunner();
    const git = baseCommit(runner);
    git('tag', 'blobtag', git('hash-object', '-w', 'm.onnx').trim());
    const config = runner.writeConfig(
      `output-dir: out\nbase-ref: ${ref}\nmodels:\n  - name: m\n    onnx: m.onnx\n    benchmark: ab\n` +
        '    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]\n',
    );
    const result = await cli(['run', '--config', config, '--json'], { cwd: runner.dir });
    expect(result.code).toBe(2);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/trt-ci\.yml:4:11 base-ref: /);
    expect(lines[0]).toMatch(message);
    expect(runner.calls()).toEqual([]);
  });
});

it("the stand-in's probe for a polling nvidia-smi sees one (so the A/B runs' false is a real no)", async () => {
  const runner = makeRunner();
  const stream = spawn(
    runner.nvidiaSmi,
    ['--query-gpu=timestamp,memory.used', '--format=csv,noheader', '-lms', '100'],
    {
      env: { ...process.env, STANDIN_GPU_STATE: runner.gpuState },
    },
  );
  try {
    await new Promise((resolve) => stream.stdout.once('data', resolve));
    writeStandinPlan(join(runner.dir, 'e.plan'));
    execFileSync(runner.trtexec, [
      `--loadEngine=${join(runner.dir, 'e.plan')}`,
      `--exportTimes=${join(runner.dir, 't.json')}`,
    ]);
    expect(runner.calls().map((c) => (c as { nvidiaSmiStreaming?: boolean }).nvidiaSmiStreaming)).toEqual([true]);
  } finally {
    stream.kill('SIGKILL');
  }
});

describe('an A/B of engines that are not the same contract (issue 24)', () => {
  const plans = (runner: ReturnType<typeof makeRunner>) => {
    for (const name of ['base.plan', 'head.plan']) writeStandinPlan(join(runner.dir, name));
  };
  const ab = (runner: ReturnType<typeof makeRunner>, extra: string[] = []) =>
    cli(['ab', 'base.plan', 'head.plan', '--trtexec', runner.trtexec, '--repetitions', '3', '--json', ...extra], {
      cwd: runner.dir,
    });

  it('reads the bindings trtexec names, from real logs', () => {
    const log = readFileSync(join(FIXTURES, 'trtexec-logs', 'bindings-and-dynamic-override.log'), 'utf8');
    const { bindings, overridden } = readBindings(log);
    expect(bindings.slice(0, 2)).toEqual([
      { kind: 'input', name: 'images', dims: '4x3x640x640' },
      { kind: 'output', name: 'output0', dims: '4x84x8400' },
    ]);
    expect(bindings.map((b) => b.name)).toContain('onnx::Cast_0');
    expect(overridden).toEqual(['pixel_values']);
  });

  it('a YOLO plan against a ViT plan: contract mismatch (exit 2), never "same"', async () => {
    const runner = makeRunner({
      trtexecEnv: {
        TRTEXEC_STANDIN_BINDINGS:
          'head.plan=in:images:1x3x640x640>out:output0:1x84x8400,' +
          'base.plan=in:pixel_values:1x3x224x224>out:logits:1x1000',
      },
    });
    plans(runner);
    const result = await ab(runner);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toMatchObject({
      verdict: 'contract-mismatch',
      reason:
        "the engines' inputs and outputs differ: base pixel_values:1x3x224x224 → logits:1x1000; " +
        'head images:1x3x640x640 → output0:1x84x8400',
    });
  });

  it('a dynamic engine run without --shapes would be measured at 1s: refused; with --shapes it runs', async () => {
    const runner = makeRunner({
      trtexecEnv: { TRTEXEC_STANDIN_BINDINGS: 'in:pixel_values:?x3x518x518>out:depth:1x1' },
    });
    plans(runner);
    const bare = await ab(runner);
    expect(bare.code).toBe(2);
    expect(JSON.parse(bare.stdout).reason).toMatch(/dynamic inputs given no shape \(pixel_values\).*give --shapes/);
    const shaped = await ab(runner, ['--shapes', 'pixel_values:1x3x518x518', '--iterations', '20']);
    expect(shaped.code, shaped.stderr).toBe(0);
    expect(JSON.parse(shaped.stdout).verdict).not.toBe('contract-mismatch');
  });
});
