// The measurement contract (issue 38): what a latency is made of, asked the same way of TensorRT 10 and 11,
// recorded in the A/B, the benchmark, the history's key and the baseline comparison.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateBudgets, type Measured } from '../src/compare/evaluate.js';
import { HISTORY_SCHEMA, type HistoryPoint } from '../src/contract/history.js';
import type { Report } from '../src/contract/report.js';
import { historyPoints, seriesId } from '../src/history/points.js';
import { standings } from '../src/history/standing.js';
import { historySection } from '../src/report/sections/history.js';
import { engineArgs } from '../src/tensorrt/argv.js';
import {
  defaultMeasurement,
  MEASUREMENT,
  measuredFrom,
  measurementFlags,
  measurementId,
  parseMeasurementId,
} from '../src/tensorrt/measurement.js';
import { TrtexecLogParser } from '../src/tensorrt/log-parser.js';
import { parseVersion } from '../src/tensorrt/version.js';
import { FIXTURES } from './support/harness.js';
import { build } from './support/reports.js';

const v = (text: string) => parseVersion(text)!;
const real = (file: string) => readFileSync(join(FIXTURES, 'trtexec-logs', file), 'utf8');
const parseLogText = async (text: string) => {
  const parser = new TrtexecLogParser();
  for (const line of text.split('\n')) parser.push(line);
  return parser.result();
};
// trtexec's own words when it cannot capture a graph (samples/common/sampleInference.cpp at v10.16 and v11.1).
const REFUSED_10 =
  '[W] The built TensorRT engine contains operations that are not permitted under CUDA graph capture mode.\n' +
  '[W] The specified --useCudaGraph flag has been ignored. The inference will be launched without using CUDA ' +
  'graph launch.';
const REFUSED_11 =
  '[W] The built TensorRT engine contains operations that are not permitted under CUDA graph capture mode.\n' +
  '[W] CUDA graph capture failed. The inference will be launched without using CUDA graph.';

describe('one measurement on every TensorRT', () => {
  it('10.x is asked for it with its three flags; 11.x gets none (its defaults); the other way round too', () => {
    expect(measurementFlags(v('10.16.1'))).toEqual(['--noDataTransfers', '--useCudaGraph', '--useSpinWait']);
    expect(measurementFlags(v('8.6.1'))).toEqual(['--noDataTransfers', '--useCudaGraph', '--useSpinWait']);
    expect(measurementFlags(v('11.0.0'))).toEqual([]);
    expect(measurementFlags(v('11.5.0'))).toEqual([]);
    const tenDefaults = defaultMeasurement(v('10.16.1'));
    expect(measurementFlags(v('11.5.0'), tenDefaults)).toEqual([
      '--includeDataTransfers',
      '--noCudaGraph',
      '--noSpinWait',
    ]);
    expect(measurementFlags(v('10.16.1'), tenDefaults)).toEqual([]);
    expect(measurementFlags(v('11.5.0'), { ...MEASUREMENT, spinWait: false })).toEqual(['--noSpinWait']);
  });

  it('every measurement run carries it: the A/B, the profile runs and the benchmark alike', () => {
    const engine = { shapes: [], plugins: [], dynamicPlugins: [] };
    expect(engineArgs(v('10.16.1'), engine)).toEqual(['--noDataTransfers', '--useCudaGraph', '--useSpinWait']);
    expect(engineArgs(v('11.2.1'), engine)).toEqual([]);
  });

  it('a run whose graph trtexec could not capture measured without one, in either version’s words', () => {
    expect(measuredFrom(MEASUREMENT, REFUSED_10)).toEqual({ ...MEASUREMENT, cudaGraph: false });
    expect(measuredFrom(MEASUREMENT, REFUSED_11)).toEqual({ ...MEASUREMENT, cudaGraph: false });
    expect(
      measuredFrom(MEASUREMENT, '[I] Successfully captured CUDA graph for the current execution context.'),
    ).toEqual(MEASUREMENT);
  });

  it('reads what a run measured from its options block, in real 10.14.1 and 11.0.0 logs', () => {
    const eleven = real('options-strongly-typed-trt11.0.0-b200-cookbook.log');
    const ten = real('options-fp16-trt10.14.1-rtx6000ada-cookbook.log');
    // 11.0 asked nothing measures the contract; 10.14 asked nothing measures its defaults: the log says so,
    // whatever trt-ci thought it asked.
    expect(measuredFrom(defaultMeasurement(v('10.14.1')), eleven)).toEqual(MEASUREMENT);
    expect(measuredFrom(MEASUREMENT, ten)).toEqual(defaultMeasurement(v('10.14.1')));
    expect(measuredFrom(MEASUREMENT, `${eleven}\n${REFUSED_11}`)).toEqual({ ...MEASUREMENT, cudaGraph: false });
  });

  it('reads a held-out 11.0 inference log: the contract, and the GPU time alone as its latency', async () => {
    const log = real('inference-graph-spin-trt11.0.0-b200-cookbook.log');
    expect(measuredFrom(defaultMeasurement(v('10.16.1')), log)).toEqual(MEASUREMENT);
    // No transfers: trtexec's host latency is its GPU compute time, line for line.
    const parsed = await parseLogText(log);
    expect(parsed.latencyMs).toEqual(parsed.gpuComputeMs);
    expect(parsed.latencyMs).toMatchObject({ median: 0.0402832, p99: 0.0413513 });
  });

  it('its id reads back, and nothing else does', () => {
    for (const m of [MEASUREMENT, defaultMeasurement(v('10.3.0')), { ...MEASUREMENT, cudaGraph: false }])
      expect(parseMeasurementId(measurementId(m))).toEqual(m);
    expect(parseMeasurementId('graph+spin')).toBeNull();
  });
});

describe('the baseline comparison compares like with like', () => {
  const measured = (over: Partial<Measured>): Measured => ({
    model: 'm',
    profile: 'p',
    gpu: 'NVIDIA H200',
    bytes: 1,
    zeroFraction: 0,
    trailingZeroBytes: 0,
    onnxBytes: 1,
    buildSeconds: 1,
    peakGpuMemoryMiB: 1,
    latencyMedianMs: 1,
    accuracyError: null,
    ...over,
  });
  const budgets = () => ({
    'latency-growth': { fail: null, warn: { value: 0.05, unit: 'fraction' as const, text: '5%' } },
  });

  it('a 10.x baseline measured with its defaults is not a growth of an 11.x latency: said, not judged', () => {
    const now = measured({ latencyMedianMs: 2, latencyMeasurement: MEASUREMENT });
    const before = measured({ latencyMedianMs: 1, latencyMeasurement: defaultMeasurement(v('10.16.1')) });
    const [row] = evaluateBudgets([now], budgets, [before]);
    expect(row!.status).toBe('no-baseline');
    expect(row!.message).toMatch(
      new RegExp(
        "not compared: the baseline's latency was measured with data transfers, no CUDA graph, blocking sync, " +
          "this run's with no data transfers, CUDA graph, spin-wait",
      ),
    );
    // Measured alike, the same growth warns.
    const [alike] = evaluateBudgets([now], budgets, [{ ...before, latencyMeasurement: MEASUREMENT }]);
    expect(alike!.status).toBe('warn');
  });
});

describe("the history's key carries the measurement where it is not that TensorRT's default", () => {
  const report = (tensorrt: string, measurement: Report['environment']['measurement'], perf = true) =>
    ({
      environment: { tensorrtVersion: tensorrt, trtexec: 't', gpus: [], gpuQueryError: null, image: null, measurement },
      startedAt: '2026-12-03T00:00:00.000Z',
      builds: [
        build('m', 'p', 'NVIDIA H200', {
          attempts: [{ argv: ['--fp16', '--skipInference'] } as never],
          perf: perf
            ? { throughputQps: 1, latencyMs: { median: 1 } as never, gpuComputeMs: null, log: 'l', measurement }
            : null,
        }),
      ],
    }) as unknown as Report;
  const key = (r: Report) => historyPoints(r, { commit: 'c', date: r.startedAt, image: null })[0]!.key;

  it('older reports (no contract) keep their series; 10.x under the contract starts one; 11.x continues', () => {
    expect(key(report('10.16.1.11', null)).measurement).toBeUndefined();
    expect(key(report('10.16.1.11', MEASUREMENT)).measurement).toBe('transfers-off+graph+spin');
    expect(seriesId(key(report('10.16.1.11', MEASUREMENT)))).toContain('measured transfers-off+graph+spin');
    expect(key(report('11.5.0.1', MEASUREMENT)).measurement).toBeUndefined();
    expect(seriesId(key(report('11.5.0.1', MEASUREMENT)))).toBe(seriesId(key(report('11.5.0.1', null))));
    // An engine measured without a graph (trtexec could not capture it) is its own series, on 11 too.
    const noGraph = report('11.5.0.1', MEASUREMENT);
    noGraph.builds[0]!.perf!.measurement = { ...MEASUREMENT, cudaGraph: false };
    expect(key(noGraph).measurement).toBe('transfers-off+no-graph+spin');
  });

  it('a TensorRT 10 → 11 upgrade is an environment step in the comment, never "above the last builds"', () => {
    const past: HistoryPoint[] = [1, 2, 3].map((i) => ({
      schema: HISTORY_SCHEMA,
      key: key(report('10.16.1.11', MEASUREMENT)),
      commit: `c${i}`,
      date: `2026-12-0${i}T00:00:00.000Z`,
      pushedAt: null,
      metrics: {
        planBytes: 12 * 1024 ** 2,
        buildSeconds: 1,
        peakGpuMemoryMiB: 1,
        latencyMs: 0.5,
        latencyInterval: null,
        accuracyMaxAbsError: null,
        accuracyMaxRelError: null,
        stabilityLevel: null,
      },
      environment: { tensorrt: '10.16.1.11', driver: '580', cuda: '13.0', image: null, trtexec: 't' },
    }));
    const head = report('11.5.0.1', MEASUREMENT);
    const found = standings([head], past);
    expect(found.map((s) => s.metric).sort()).toEqual(['latencyMs', 'planBytes']);
    for (const s of found) {
      expect(s.step).toBe('TensorRT 10.16 → 11.5, latency measured alike (no data transfers, CUDA graph, spin-wait)');
      expect(s.recent).toHaveLength(3);
    }
    const text = historySection(found)!.text;
    expect(text).toContain('0 of 2 outside');
    expect(text).toContain('an environment step (TensorRT 10.16 → 11.5');
    expect(text).not.toContain('**above**');
    // The old contract's 10.x series against the new one: the measurement is the step.
    const older = past.map((p) => ({ ...p, key: key(report('10.16.1.11', null)) }));
    const [step] = standings([report('10.16.1.11', MEASUREMENT)], older);
    expect(step!.step).toBe(
      'latency measured with data transfers, no CUDA graph, blocking sync → no data transfers, CUDA graph, spin-wait',
    );
    // The same series: judged as always, no step.
    const [same] = standings([report('10.16.1.11', MEASUREMENT)], past);
    expect(same!.step).toBeUndefined();
  });
});
