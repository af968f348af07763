// Engine history (issue 28): change points as Apache Otava finds them, on Otava's own test series.
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../src/contract/report.js';
import { changePoints, eDivisive, studentTTest } from '../src/history/e-divisive.js';
import { flagsHash, historyPoints, precisionOf, seriesId } from '../src/history/points.js';
import { groupSeries, historyChanges } from '../src/history/changes.js';
import { type HistoryRead, parseJsonLines, toJsonLines } from '../src/history/store.js';
import { appendToBranch, readBranch } from '../src/github/history-branch.js';
import { makeOctokit } from '../src/github/octokit.js';
import { startGitHubApi } from './support/github-api.js';
import { HISTORY_SCHEMA, type HistoryPoint, monthFilePath } from '../src/contract/history.js';
import { folderWithin } from '../src/proc/new-file.js';
import { cli, FIXTURES, makeRunner } from './support/harness.js';
import { seeded } from './support/history-maker.js';
import { build, tensorrtUpgradeReport } from './support/reports.js';

/** A point of one series, for tests that make histories by hand. */
function historyPoint(): HistoryPoint {
  return {
    schema: HISTORY_SCHEMA,
    key: { model: 'm', profile: 'p', gpu: 'NVIDIA H200', tensorrt: '10.16', precision: 'fp16', flags: 'f' },
    commit: 'c',
    date: '2026-12-01T00:00:00.000Z',
    pushedAt: null,
    metrics: {
      planBytes: 100,
      buildSeconds: null,
      peakGpuMemoryMiB: null,
      latencyMs: 1,
      latencyInterval: null,
      accuracyMaxAbsError: null,
      accuracyMaxRelError: null,
      stabilityLevel: null,
    },
    environment: { tensorrt: '10.16.1.11', driver: '580', cuda: '13.0', image: null, trtexec: 'trtexec' },
  };
}

/** One attempt as a build records it. */
const attemptOf = () => ({
  attempt: 1,
  workspaceMiB: 4096,
  log: 'out/logs/m.p.1.log',
  startedAt: '2026-12-07T00:00:00.000Z',
  endedAt: '2026-12-07T00:00:08.000Z',
  seconds: 8,
  exitCode: 0,
  signal: null,
  peakGpuMemoryMiB: 2048,
  failure: null,
  argv: [] as string[],
});

describe('the stability level in the history (issue 60)', () => {
  it('a drop from bits to outputs on the default branch is a change point of its own', () => {
    const points = Array.from({ length: 60 }, (_, i) => {
      const p = historyPoint();
      const date = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
      return { ...p, commit: `c${i}`, date, metrics: { ...p.metrics, stabilityLevel: i < 40 ? 0 : 2 } };
    });
    const stability = historyChanges(points).find((s) => s.metric === 'stabilityLevel')!;
    expect(stability.changePoints.map((c) => [c.kind, c.index])).toEqual([['regression', 40]]);
  });

  it("a report's rebuilt engine is a point with its level; one not rebuilt has none", () => {
    const report = tensorrtUpgradeReport();
    const attempt = { ...attemptOf(), argv: ['--onnx=m.onnx', '--fp16'] };
    const built = build('m', 'p', 'NVIDIA H100 PCIe', { attempts: [attempt] });
    const rebuilt = { ...built!, stability: { level: 'outputs' as const, rebuilds: [], asked: 2, problem: null } };
    const context = { commit: 'c', date: '2026-12-07T00:00:00.000Z', pushedAt: null, image: null };
    const [plain] = historyPoints({ ...report, builds: [built!] }, context);
    const [point] = historyPoints({ ...report, builds: [rebuilt] }, context);
    expect([plain?.metrics.stabilityLevel, point?.metrics.stabilityLevel]).toEqual([null, 2]);
  });
});

describe('environment steps (issue 50)', () => {
  /** Latencies in order, the driver of each run: a series of one engine. */
  const series = (values: number[], driver: (i: number) => string) =>
    values.map((latencyMs, i) => {
      const p = historyPoint();
      const date = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
      return {
        ...p,
        commit: `c${i}`,
        date,
        metrics: { ...p.metrics, planBytes: null, latencyMs: latencyMs * (1 + ((i * 7) % 5) * 1e-4) },
        environment: { ...p.environment, driver: driver(i) },
      };
    });
  const latency = (points: HistoryPoint[]) => historyChanges(points).find((s) => s.metric === 'latencyMs')!;

  it('a regression just before a driver upgrade: the upgrade changed nothing and is named no step', () => {
    // 40 runs at 1.00 ms, 12 at 1.20 ms (a regression), then the driver upgrade with the level unchanged.
    const values = [...Array(40).fill(1), ...Array(12).fill(1.2), ...Array(30).fill(1.2)];
    const { changePoints } = latency(series(values, (i) => (i < 52 ? '580' : '590')));
    expect(changePoints.map((c) => [c.kind, c.index])).toEqual([['regression', 40]]);
  });

  it('a real step: its before is the level just before it, not a mean across an earlier change', () => {
    const values = [...Array(40).fill(1), ...Array(12).fill(1.2), ...Array(30).fill(1.5)];
    const { changePoints } = latency(series(values, (i) => (i < 52 ? '580' : '590')));
    const step = changePoints.find((c) => c.kind === 'environment')!;
    expect(step).toMatchObject({ index: 52, what: 'driver 580 → 590' });
    expect(step.before).toBeCloseTo(1.2, 2);
    expect(step.after).toBeCloseTo(1.5, 2);
  });
});

const otava = JSON.parse(readFileSync(join(FIXTURES, 'history', 'otava-tests.json'), 'utf8'));
const computed = JSON.parse(readFileSync(join(FIXTURES, 'history', 'otava-computed.json'), 'utf8'));

describe("E-divisive means, ported from Apache Otava, on Otava's test series (test/fixtures/history)", () => {
  for (const { test, options, expected } of otava.tigerbeetle.cases as {
    test: string;
    options: { window_len: number; max_pvalue: number; min_magnitude: number };
    expected: number[];
  }[]) {
    it(`${test}: window ${options.window_len}, p ${options.max_pvalue}, magnitude ${options.min_magnitude}`, () => {
      const found = changePoints(otava.tigerbeetle.series, {
        windowLen: options.window_len,
        maxPValue: options.max_pvalue,
        minMagnitude: options.min_magnitude,
      });
      expect(found.map((c) => c.index)).toEqual(expected);
    });
  }

  it(otava.single.test, () => {
    const found = changePoints(otava.single.series, { windowLen: 10, maxPValue: 0.0001 });
    expect(found.map((c) => c.index)).toEqual(otava.single.expected);
    expect(found[0]).toMatchObject({ meanBefore: expect.closeTo(1.004, 3), meanAfter: expect.closeTo(0.501, 3) });
  });

  it(otava.sequence.test, () => {
    expect(eDivisive(otava.sequence.series, otava.sequence.max_pvalue).map((c) => c.index)).toEqual(
      otava.sequence.expected,
    );
  });

  it('tests/analysis_test.py::test_significance_tester: the same level is p ≈ 1, a 20% drop p < 0.001', () => {
    const flat = [1.0, 1.02, 1.05, 0.95, 0.98, 1.0, 1.02, 1.05, 0.95, 0.98];
    const p = studentTTest(flat.slice(0, 5), flat.slice(5)).pValue;
    expect(p).toBeGreaterThan(0.99);
    const drop = [1.0, 1.02, 1.05, 0.95, 0.98, 0.8, 0.82, 0.85, 0.79, 0.77];
    const q = studentTTest(drop.slice(0, 5), drop.slice(5)).pValue;
    expect(q).toBeGreaterThan(0);
    expect(q).toBeLessThan(0.001);
  });
});

describe('the port against Otava itself, on 36 drawn series (test/fixtures/history/otava-computed.json)', () => {
  it('the same change points and p-values, series by series', () => {
    const differ = (
      computed.cases as {
        kind: string;
        options: { window_len: number; max_pvalue: number; min_magnitude: number };
        series: number[];
        expected: number[];
        pValues: number[];
      }[]
    ).flatMap((c, k) => {
      const found = changePoints(c.series, {
        windowLen: c.options.window_len,
        maxPValue: c.options.max_pvalue,
        minMagnitude: c.options.min_magnitude,
      });
      const same =
        JSON.stringify(found.map((f) => f.index)) === JSON.stringify(c.expected) &&
        found.every((f, i) => Math.abs(f.pValue - c.pValues[i]!) <= 1e-9 * Math.max(1, c.pValues[i]!));
      return same ? [] : [{ k, kind: c.kind, expected: c.expected, got: found.map((f) => [f.index, f.pValue]) }];
    });
    expect(differ).toEqual([]);
    expect(computed.cases.flatMap((c: { expected: number[] }) => c.expected)).toHaveLength(85);
  });
});

// --- the history itself: points from real runs, the folder store, change points per series, BMF ---

const residuals = JSON.parse(readFileSync(join(FIXTURES, 'history', 'h200-run-to-run.json'), 'utf8'))
  .residuals as number[];

/** A latency series around `ms` with the H200's run-to-run spread, resampled. */
const noisy = (next: () => number, n: number, ms: number) =>
  Array.from({ length: n }, () => ms * (1 + residuals[Math.floor(next() * residuals.length)]!));

describe('false alarms and detection on series with the H200 run-to-run spread (issue 28)', () => {
  it('100 flat series of 300 points: at most 1 change point in all; a 3% step is found within 5 points', () => {
    const next = seeded(28);
    let falseAlarms = 0;
    for (let k = 0; k < 100; k += 1) falseAlarms += changePoints(noisy(next, 300, 1.13), { minMagnitude: 0.01 }).length;
    expect(falseAlarms).toBeLessThanOrEqual(1);
    const misses: number[] = [];
    for (let k = 0; k < 100; k += 1) {
      const at = 20 + Math.floor(next() * 260);
      const series = noisy(next, 300, 1.13).map((v, i) => (i >= at ? v * 1.03 : v));
      const found = changePoints(series, { minMagnitude: 0.01 });
      if (!found.some((c) => Math.abs(c.index - at) <= 5)) misses.push(at);
    }
    expect(misses).toEqual([]);
  });

  it("with Otava's own default magnitude (0) the same flat series raise false alarms: why trt-ci sets 1%", () => {
    const next = seeded(28);
    let falseAlarms = 0;
    for (let k = 0; k < 100; k += 1) falseAlarms += changePoints(noisy(next, 300, 1.13)).length;
    expect(falseAlarms).toBeGreaterThan(10);
  });
});

describe('trt-ci history on the reports of real runs (issue 28)', () => {
  /** A run of the stand-in with a benchmark: its report.json, as a default-branch run writes it. */
  async function realReport(env: NodeJS.ProcessEnv = process.env) {
    const runner = makeRunner();
    runner.touch('m.onnx');
    const config = runner.writeConfig(
      'output-dir: out\nbenchmark: true\nmodels:\n  - name: m\n    onnx: m.onnx\n    precision: fp16\n' +
        '    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]\n',
    );
    const run = await cli(['run', '--config', config], { env });
    expect(run.code, run.stderr).toBe(0);
    const file = join(runner.dir, 'out', 'report.json');
    return { runner, file, report: JSON.parse(readFileSync(file, 'utf8')) as Report };
  }

  it('an engine served from the cache is a point of the series of the build it stands for (issue 58)', async () => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    const config = runner.writeConfig(
      'output-dir: out\ncache-dir: cache\nbenchmark: true\nmodels:\n  - name: m\n    onnx: m.onnx\n' +
        '    precision: fp16\n    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]\n',
    );
    const history = join(runner.dir, 'history');
    const runAndAppend = async (commit: string) => {
      const run = await cli(['run', '--config', config]);
      expect(run.code, run.stderr).toBe(0);
      const file = join(runner.dir, 'out', `report-${commit}.json`);
      writeFileSync(file, readFileSync(join(runner.dir, 'out', 'report.json')));
      const appended = await cli(['history', 'append', '--report', file, '--history', history, '--commit', commit]);
      expect(appended.code, appended.stderr).toBe(0);
      return JSON.parse(readFileSync(file, 'utf8')) as Report;
    };
    const built = await runAndAppend('a'.repeat(40));
    const served = await runAndAppend('b'.repeat(40));
    expect([built.builds[0]!.status, served.builds[0]!.status]).toEqual(['built', 'cached']);
    expect(served.builds[0]!.attempts).toEqual([]);
    const read: HistoryRead = { points: [], skipped: [] };
    for (const month of readdirSync(join(history, 'points')))
      parseJsonLines(readFileSync(join(history, 'points', month), 'utf8'), month, read);
    expect(read.points.map((p) => p.commit)).toEqual(['a'.repeat(40), 'b'.repeat(40)]);
    expect(seriesId(read.points[1]!.key)).toBe(seriesId(read.points[0]!.key));
    // Its latency is this run's (a served plan is measured as a built one is); its build time is not.
    expect(read.points[1]!.metrics.latencyMs).toBe(served.builds[0]!.perf!.latencyMs!.median);
    expect(read.points[1]!.metrics.buildSeconds).toBeNull();
  });

  it('a point per engine: its series key, metrics and environment; paths and workspace not in the key', async () => {
    const { runner, file, report } = await realReport();
    const history = join(runner.dir, 'history');
    const appended = await cli([
      'history',
      'append',
      '--report',
      file,
      '--history',
      history,
      '--commit',
      'a'.repeat(40),
    ]);
    expect(appended.code, appended.stderr).toBe(0);
    // The month's file (issue 35: one file per month, not per run).
    const [month] = readdirSync(join(history, 'points'));
    expect(month).toBe(`${report.startedAt.slice(0, 7)}.jsonl`);
    const point = JSON.parse(readFileSync(join(history, 'points', month!), 'utf8'));
    const build = report.builds[0]!;
    expect(point).toMatchObject({
      schema: 'trt-ci/history@1',
      key: { model: 'm', profile: 'p', gpu: 'NVIDIA H200', tensorrt: '10.16', precision: 'fp16' },
      commit: 'a'.repeat(40),
      date: report.startedAt,
      metrics: {
        planBytes: build.bytes,
        buildSeconds: build.buildSeconds,
        peakGpuMemoryMiB: build.peakGpuMemoryMiB,
        latencyMs: build.perf!.latencyMs!.median,
      },
      environment: { tensorrt: report.environment.tensorrtVersion, driver: '580.159.04', trtexec: runner.trtexec },
    });
    expect(point.environment.image).toBeNull();
    // The image the job ran in (TRT_CI_IMAGE, which the pack sets from container:): in the report and the point.
    const inImage = await realReport({ ...process.env, TRT_CI_IMAGE: 'nvcr.io/nvidia/tensorrt:25.10-py3' });
    expect(inImage.report.environment.image).toBe('nvcr.io/nvidia/tensorrt:25.10-py3');
    const { historyPoints } = await import('../src/history/points.js');
    const [imaged] = historyPoints(inImage.report, { commit: 'x', date: report.startedAt, image: null });
    expect(imaged!.environment.image).toBe('nvcr.io/nvidia/tensorrt:25.10-py3');
    const argv = build.attempts.at(-1)!.argv;
    expect(point.key.flags).toBe(flagsHash(argv));
    // Another checkout, another workspace after a back-off: the same series.
    const moved = argv.map((a) =>
      a.replace(runner.dir, '/elsewhere').replace(/--memPoolSize=.*/, '--memPoolSize=workspace:1024'),
    );
    expect(flagsHash(moved)).toBe(flagsHash(argv));
    // fp16 on TensorRT 11, built from the ONNX trt-ci wrote: the key says fp16, and another keep list is
    // another series, as --layerPrecisions makes it on 10.x.
    const written = (kept: string[]) => ({
      ...inImage.report,
      builds: [
        {
          ...build,
          builtFrom: { onnx: 'out/fp16-onnx/m/m.onnx', fp16Nodes: 3, fp32Nodes: 1, kept, keptWide: [], casts: 2 },
        },
      ],
    });
    const [plain11] = historyPoints(written([]), { commit: 'x', date: report.startedAt, image: null });
    const [kept11] = historyPoints(written(['exp']), { commit: 'x', date: report.startedAt, image: null });
    expect(plain11!.key.precision).toBe('fp16');
    expect(kept11!.key.flags).not.toBe(plain11!.key.flags);
    // bf16 on 11: the written ONNX says so, and it is another series than fp16's.
    const bf16 = {
      ...written([]),
      builds: [
        { ...written([]).builds[0]!, builtFrom: { ...written([]).builds[0]!.builtFrom, narrow: 'bf16' as const } },
      ],
    };
    const [bf16Point] = historyPoints(bf16, { commit: 'x', date: report.startedAt, image: null });
    expect(bf16Point!.key.precision).toBe('bf16');
    expect(seriesId(bf16Point!.key)).not.toBe(seriesId(plain11!.key));
    expect(plain11!.key.flags).toBe(flagsHash(argv));
    expect(flagsHash([...argv, '--builderOptimizationLevel=5'])).not.toBe(flagsHash(argv));
    expect([precisionOf(['--fp16', '--int8']), precisionOf([]), precisionOf(['--stronglyTyped'])]).toEqual([
      'fp16+int8',
      'fp32',
      'strongly-typed',
    ]);
  });

  it('a regression, an environment step and the BMF export, from 120 runs appended at once', async () => {
    const { runner, report } = await realReport();
    const history = join(runner.dir, 'history');
    const next = seeded(120);
    const latency = noisy(next, 120, 0.5).map((v, i) => v * (i >= 60 ? 1.03 : 1) * (i >= 90 ? 1.05 : 1));
    const runs = latency.map((ms, i) => {
      const copy = structuredClone(report);
      copy.builds[0]!.perf!.latencyMs!.median = ms;
      // A driver upgrade at run 90, with the 5% it brought: an environment step, not a regression.
      if (i >= 90) copy.environment.gpus[0]!.driverVersion = '590.10';
      const file = join(runner.dir, `report-${i}.json`);
      writeFileSync(file, JSON.stringify(copy));
      const date = new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString();
      return ['history', 'append', '--report', file, '--history', history, '--commit', `c${i}`, '--date', date];
    });
    // Concurrent runners: one month's file, every append's line in it, none lost or torn.
    const results = await Promise.all(runs.map((args) => cli(args)));
    expect(results.map((r) => r.code)).toEqual(runs.map(() => 0));
    expect(readdirSync(join(history, 'points'))).toEqual(['2026-01.jsonl']);
    const month = join(history, 'points', '2026-01.jsonl');
    const lines = readFileSync(month, 'utf8').trim().split('\n');
    expect(lines.map((l) => JSON.parse(l).commit).sort()).toEqual(runs.map((_, i) => `c${i}`).sort());
    // A line that is no history point is skipped and said, and decides nothing.
    appendFileSync(month, '{"schema":"trt-ci/history@1","key":"forged"}\n');
    const changes = await cli(['history', 'changes', '--history', history, '--json']);
    expect(changes.code, changes.stderr).toBe(0);
    // Said with where and why (issue 35).
    expect(changes.stderr).toMatch(/^trt-ci: skipped points\/2026-01\.jsonl:121: key: /m);
    const { series } = JSON.parse(changes.stdout);
    const latencySeries = series.find((s: { metric: string }) => s.metric === 'latencyMs');
    expect(latencySeries).toMatchObject({ key: { model: 'm', gpu: 'NVIDIA H200', tensorrt: '10.16' }, points: 120 });
    const found = latencySeries.changePoints.map((c: { index: number; kind: string; commit: string }) => [
      c.kind,
      c.commit,
    ]);
    expect(found).toEqual([
      ['regression', expect.stringMatching(/^c(5[5-9]|6[0-5])$/)],
      ['environment', 'c90'],
    ]);
    expect(latencySeries.changePoints[1]).toMatchObject({ what: 'driver 580.159.04 → 590.10' });
    expect(latencySeries.changePoints[0].ratio).toBeCloseTo(1.03, 2);
    // Plan size never moved: no change points there.
    expect(series.find((s: { metric: string }) => s.metric === 'planBytes').changePoints).toEqual([]);

    const bmf = await cli(['history', 'export', '--history', history, '--format', 'bmf']);
    expect(bmf.code, bmf.stderr).toBe(0);
    const entries = Object.entries(JSON.parse(bmf.stdout)) as [string, Record<string, { value: number }>][];
    expect(entries).toHaveLength(1);
    const [benchmark, measures] = entries[0]!;
    expect(benchmark).toMatch(
      /^m · p · NVIDIA H200 · TensorRT 10\.16 · fp16 · [0-9a-f]{12} · measured transfers-off\+graph\+spin$/,
    );
    expect(measures.latency!.value).toBeCloseTo(latency[119]! * 1e6, 3);
    expect(measures['plan-size']!.value).toBe(report.builds[0]!.bytes);
    const old = await cli(['history', 'export', '--history', history, '--format', 'bmf', '--commit', 'c3']);
    expect(JSON.parse(old.stdout)[benchmark].latency.value).toBeCloseTo(latency[3]! * 1e6, 3);
  });

  it('bad input is exit 2 with one line naming what was expected', async () => {
    const { runner, file } = await realReport();
    const history = join(runner.dir, 'h');
    const empty = join(runner.dir, 'empty');
    mkdirSync(empty);
    const cases: [string[], RegExp][] = [
      [['history', 'apend', '--history', history], /^trt-ci: history: expected one of append, changes, export, html/],
      [['history', 'changes'], /--history: expected the history folder/],
      [['history', 'append', '--history', history, '--report', file], /--commit: expected the commit/],
      [['history', 'append', '--history', history, '--report', file, '--commit', 'x', '--date', 'soon'], /--date:/],
      [['history', 'export', '--history', empty, '--format', 'csv'], /--format: expected bmf, got "csv"/],
      // A history that is not there is no empty history (issue 35): it was "0 series", exit 0.
      [
        ['history', 'changes', '--history', history],
        /^trt-ci: --history: expected a history folder, got .*\/h, which does not exist$/m,
      ],
    ];
    // Paths that are not folders: the folder asked for is a file, or the report is not JSON.
    writeFileSync(join(runner.dir, 'a-file'), 'x\ny\n');
    cases.push(
      [
        ['history', 'changes', '--history', join(runner.dir, 'a-file')],
        /--history: expected a history folder, got .*a-file, which is not one/,
      ],
      [['history', 'html', '--history', empty, '--out', join(runner.dir, 'a-file', 'site')], /--out: cannot write/],
      [
        ['history', 'append', '--history', join(runner.dir, 'a-file'), '--report', file, '--commit', 'x'],
        /--history: cannot write to .*a-file: a part of the path is a file, not a folder/,
      ],
      [
        ['history', 'append', '--history', history, '--report', join(runner.dir, 'a-file'), '--commit', 'x'],
        /not JSON/,
      ],
    );
    for (const [args, message] of cases) {
      const result = await cli(args, { env: {} });
      expect([result.code, result.stderr.split('\n').filter(Boolean).length]).toEqual([2, 1]);
      expect(result.stderr).toMatch(message);
    }
    expect(existsSync(history)).toBe(false);
  });
});

describe('the history branch through the API (github/history-branch.ts)', () => {
  it("a cancel stops the read between requests (each takes the runner's signal); a cut tree is refused", async () => {
    const controller = new AbortController();
    const signals: (AbortSignal | undefined)[] = [];
    let truncated = false;
    const octokit = {
      rest: {
        git: {
          getTree: async (args: { request?: { signal?: AbortSignal } }) => {
            signals.push(args.request?.signal);
            const tree = ['a', 'b', 'c'].map((n) => ({ path: `points/2026-12-01/${n}.jsonl`, sha: n, type: 'blob' }));
            return { data: { tree, truncated } };
          },
          getBlob: async (args: { request?: { signal?: AbortSignal } }) => {
            signals.push(args.request?.signal);
            controller.abort(); // the runner cancels while the first file is read
            return { data: { content: Buffer.from('{}\n').toString('base64') } };
          },
        },
      },
    };
    const where = { owner: 'acme', repo: 'engines', branch: 'trt-ci-data', signal: controller.signal };
    await expect(readBranch(octokit as never, where, { months: 10, perRunFiles: 10 })).rejects.toThrow(/aborted/);
    expect(signals).toEqual([controller.signal, controller.signal]); // the tree and one blob, no more
    truncated = true;
    const fresh = { ...where, signal: new AbortController().signal };
    await expect(readBranch(octokit as never, fresh, { months: 10, perRunFiles: 10 })).rejects.toThrow(
      /too large for one read \(GitHub truncated it\)/,
    );
  });

  it('runs appending at once: the branch made once, each month one file, no line lost (409s retried)', async () => {
    const api = await startGitHubApi();
    try {
      const octokit = makeOctokit('t', { GITHUB_API_URL: api.url, TRT_CI_GITHUB_BACKOFF_MS: '0' });
      const where = { owner: 'acme', repo: 'engines', branch: 'trt-ci-data' };
      const line = (i: number) => `{"run":${i}}\n`;
      await Promise.all(
        Array.from({ length: 4 }, (_, i) => appendToBranch(octokit, where, 'points/2026-12.jsonl', line(i), 'm')),
      );
      const file = api.branches.get('trt-ci-data')!.get('points/2026-12.jsonl')!;
      expect(file.split('\n').filter(Boolean).sort()).toEqual(
        Array.from({ length: 4 }, (_, i) => line(i).trim()).sort(),
      );
      expect(api.violations).toEqual([]);
      // A branch that is not there yet is made by the first write, holding that one file.
      await appendToBranch(octokit, { ...where, branch: 'x' }, 'points/2026-12.jsonl', line(9), 'm');
      expect([...api.branches.get('x')!]).toEqual([['points/2026-12.jsonl', line(9)]]);
    } finally {
      await api.close();
    }
  });

  it('300 commits × 30 series read back in a few requests: the tree and one blob per month (issue 35)', async () => {
    const api = await startGitHubApi();
    try {
      const octokit = makeOctokit('t', { GITHUB_API_URL: api.url, TRT_CI_GITHUB_BACKOFF_MS: '0' });
      const where = { owner: 'acme', repo: 'engines', branch: 'trt-ci-data' };
      const points = (c: number) =>
        Array.from({ length: 30 }, (_, s) => {
          const date = new Date(Date.UTC(2026, 9, 1) + c * 4 * 3_600_000).toISOString();
          return {
            ...historyPoint(),
            key: { ...historyPoint().key, model: `m${s}` },
            commit: `c${c}`,
            date,
            pushedAt: date,
          };
        });
      // The first runs through the API (the branch made, a month file started and added to), the rest packed.
      const all = Array.from({ length: 300 }, (_, c) => points(c));
      for (const run of all.slice(0, 3)) {
        await appendToBranch(octokit, where, monthFilePath(run[0]!.pushedAt!), toJsonLines(run), 'm');
      }
      const branch = api.branches.get('trt-ci-data')!;
      for (const run of all.slice(3)) {
        const path = monthFilePath(run[0]!.pushedAt!);
        branch.set(path, `${branch.get(path) ?? ''}${toJsonLines(run)}`);
      }
      // A file of the layout before month files is still read.
      api.branches.get('trt-ci-data')!.set('points/2026-09-30/old-1.jsonl', toJsonLines(points(-1)));
      const before = api.requests.length;
      const read = await readBranch(octokit, where, { months: Number.POSITIVE_INFINITY, perRunFiles: 100 });
      const requests = api.requests.length - before;
      const parsed: HistoryRead = { points: [], skipped: [] };
      for (const file of read.files) parseJsonLines(file.text, file.path, parsed);
      expect([parsed.points.length, parsed.skipped, read.unread]).toEqual([301 * 30, [], 0]);
      // Oct, Nov (300 × 4 h = 50 days from Oct 1) and the old file: the tree and three blobs.
      expect(requests).toBe(4);
      expect([...api.branches.get('trt-ci-data')!.keys()].sort()).toEqual([
        'points/2026-09-30/old-1.jsonl',
        'points/2026-10.jsonl',
        'points/2026-11.jsonl',
      ]);
    } finally {
      await api.close();
    }
  });
});

describe('a history that cannot be poisoned (issue 35)', () => {
  const point = (over: Partial<HistoryPoint> & { latencyMs?: number } = {}): HistoryPoint => {
    const { latencyMs = 1, ...rest } = over;
    return {
      schema: HISTORY_SCHEMA,
      key: { model: 'm', profile: 'p', gpu: 'NVIDIA H200', tensorrt: '10.16', precision: 'fp16', flags: 'f' },
      commit: 'c',
      date: '2026-12-01T00:00:00.000Z',
      pushedAt: null,
      metrics: {
        planBytes: 100,
        buildSeconds: null,
        peakGpuMemoryMiB: null,
        latencyMs,
        latencyInterval: null,
        accuracyMaxAbsError: null,
        accuracyMaxRelError: null,
        stabilityLevel: null,
      },
      environment: { tensorrt: '10.16.1.11', driver: '580', cuda: '13.0', image: null, trtexec: 'trtexec' },
      ...rest,
    };
  };
  const write = (dir: string, points: HistoryPoint[]) => {
    mkdirSync(join(dir, 'points', '2026-12-01'), { recursive: true });
    writeFileSync(join(dir, 'points', '2026-12-01', 'all.jsonl'), points.map((p) => JSON.stringify(p)).join('\n'));
  };

  it('keys are structured: names that hold the separator name two series, not one', () => {
    const a = point({ key: { ...point().key, model: 'a · b', profile: 'c' } });
    const b = point({ key: { ...point().key, model: 'a', profile: 'b · c' } });
    expect(seriesId(a.key)).not.toBe(seriesId(b.key));
    expect(groupSeries([a, b]).size).toBe(2);
  });

  it('a commit re-run 25 times is one point, the latest, and said; --exit-code fails on a regression', async () => {
    const runner = makeRunner();
    const flat = Array.from({ length: 40 }, (_, i) =>
      point({
        commit: `c${i}`,
        date: `2026-12-01T${String(i % 24).padStart(2, '0')}:00:00.000Z`,
        pushedAt: new Date(Date.UTC(2026, 10, 1) + i * 3_600_000).toISOString(),
        latencyMs: 1 + (i % 3) * 0.001,
      }),
    );
    // The last commit run 25 times, each run 2x slower by a noisy runner: one point only, the latest.
    const reruns = Array.from({ length: 25 }, (_, r) =>
      point({
        commit: 'c39',
        pushedAt: flat[39]!.pushedAt,
        date: `2026-12-02T00:${String(r).padStart(2, '0')}:00.000Z`,
        latencyMs: r === 24 ? 1.001 : 2,
      }),
    );
    write(runner.dir, [...flat, ...reruns]);
    const changes = await cli(['history', 'changes', '--history', runner.dir, '--json', '--exit-code']);
    expect(changes.code, changes.stderr).toBe(0);
    expect(changes.stderr).toContain("trt-ci: 25 point(s) of re-runs replaced by their commit's latest");
    const latency = JSON.parse(changes.stdout).series.find((s: { metric: string }) => s.metric === 'latencyMs');
    expect([latency.points, latency.changePoints]).toEqual([40, []]);
    // A real step: 40 more commits 10% slower; --exit-code makes it exit 1, without it exit 0.
    const slower = Array.from({ length: 40 }, (_, i) =>
      point({
        commit: `d${i}`,
        pushedAt: new Date(Date.UTC(2026, 10, 3) + i * 3_600_000).toISOString(),
        latencyMs: 1.1 + (i % 3) * 0.001,
      }),
    );
    write(runner.dir, [...flat, ...slower]);
    expect((await cli(['history', 'changes', '--history', runner.dir, '--exit-code'])).code).toBe(1);
    expect((await cli(['history', 'changes', '--history', runner.dir])).code).toBe(0);
  });

  it('interrupted, history changes and html write nothing and say so (exit 130)', async () => {
    const runner = makeRunner();
    write(runner.dir, [point()]);
    const controller = new AbortController();
    controller.abort();
    const site = join(runner.dir, 'site');
    for (const args of [['changes'], ['html', '--out', site]]) {
      const result = await cli(['history', ...args, '--history', runner.dir], { signal: controller.signal });
      expect([result.code, result.stdout, result.stderr]).toEqual([
        130,
        '',
        `trt-ci: history ${args[0]} interrupted: nothing written\n`,
      ]);
    }
    expect(existsSync(site)).toBe(false);
  });

  it("a runner's clock at 2099 reorders nothing: the push time GitHub recorded is the order", () => {
    const real = Array.from({ length: 5 }, (_, i) =>
      point({ commit: `c${i}`, date: `2026-12-0${i + 1}T00:00:00.000Z`, pushedAt: `2026-12-0${i + 1}T00:00:05.000Z` }),
    );
    const skewed = point({ commit: 'early', date: '2099-01-01T00:00:00.000Z', pushedAt: '2026-11-30T00:00:00.000Z' });
    const [series] = [...groupSeries([...real, skewed]).values()];
    expect(series!.map((p) => p.commit)).toEqual(['early', 'c0', 'c1', 'c2', 'c3', 'c4']);
  });

  it('a value no measurement has, or a name that is not UTF-8, is a line each: where and why', () => {
    const read: HistoryRead = { points: [], skipped: [] };
    const lines = [
      JSON.stringify(point({ latencyMs: 1e308 })),
      JSON.stringify(point({ latencyMs: 1e-308 })),
      JSON.stringify(point({ key: { ...point().key, model: 'm\uFFFD' } })),
      JSON.stringify(point()),
    ];
    parseJsonLines(lines.join('\n'), 'points/x.jsonl', read);
    expect(read.points).toHaveLength(1);
    expect(read.skipped).toEqual([
      'points/x.jsonl:1: metrics.latencyMs: expected a measurement <= 1e15',
      'points/x.jsonl:2: metrics.latencyMs: expected 0 or a measurement >= 1e-9',
      'points/x.jsonl:3: key.model: expected valid UTF-8',
    ]);
  });

  it('a link planted in the history or the site folder is never written through', async () => {
    const runner = makeRunner();
    const victim = join(runner.dir, 'victim');
    mkdirSync(victim);
    writeFileSync(join(victim, 'keep'), 'mine');
    const history = join(runner.dir, 'h');
    mkdirSync(join(history, 'points'), { recursive: true });
    symlinkSync(victim, join(history, 'points', '2026-12-01'));
    const { file } = await (async () => {
      const report = join(runner.dir, 'report.json');
      writeFileSync(report, readFileSync(join(FIXTURES, 'reports', 'v0.11.1-demo-report.json')));
      return { file: report };
    })();
    const appended = await cli([
      'history',
      'append',
      '--history',
      history,
      '--report',
      file,
      '--commit',
      'a'.repeat(40),
      '--date',
      '2026-12-01T10:00:00Z',
    ]);
    expect([appended.code, appended.stdout], appended.stderr).toEqual([
      0,
      expect.stringMatching(/^appended \d+ point/),
    ]);
    expect(readdirSync(victim)).toEqual(['keep']);
    const site = join(runner.dir, 'site');
    mkdirSync(site);
    symlinkSync(join(victim, 'keep'), join(site, 'index.html'));
    const html = await cli(['history', 'html', '--history', history, '--out', site]);
    expect(html.code, html.stderr).toBe(0);
    expect(readFileSync(join(victim, 'keep'), 'utf8')).toBe('mine');
    expect(readFileSync(join(site, 'index.html'), 'utf8')).toContain('<html');
    // The explain folder of a reused output folder: a link there is replaced by a folder.
    const out = join(runner.dir, 'out');
    mkdirSync(out);
    symlinkSync(victim, join(out, 'explain'));
    const made = await folderWithin(out, 'explain', 'm.p');
    writeFileSync(join(made, 'x'), 'y');
    expect(readdirSync(victim)).toEqual(['keep']);
  });
});
