// Reports as runs leave them, for the renderer's tests and the comment's screenshot (scripts/screenshots.ts):
// a TensorRT upgrade on one H100, and a merged A100 + H100 run of six engines with one failure of each kind.
import type { HistoryPoint } from '../../src/contract/history.js';
import type { Report, ReportBuild } from '../../src/contract/report.js';
import { type ReportV1, upgradeReport } from '../../src/contract/report-v1.js';
import { historyPoints } from '../../src/history/points.js';

const MiB = 1024 * 1024;

export function build(model: string, profile: string, gpu: string, over: Partial<ReportBuild> = {}): ReportBuild {
  return {
    model,
    profile,
    accuracy: null,
    consistency: null,
    stability: null,
    latency: null,
    explain: null,
    deploy: [],
    deployCost: null,
    status: 'built',
    gpu: { index: 0, name: gpu, computeCapability: '9.0' },
    shapes: {},
    plan: `out/${model}.${profile}.plan`,
    layerInfo: null,
    builtFrom: null,
    bytes: 12 * MiB,
    sha256: 'ab'.repeat(32),
    attempts: [],
    buildSeconds: 8.1,
    peakGpuMemoryMiB: 2048,
    perf: null,
    failure: null,
    configPosition: { file: 'trt-ci.yml', line: 9, column: 9 },
    onnxBytes: 4 * MiB,
    baseline: { bytes: 12 * MiB, buildSeconds: 8, peakGpuMemoryMiB: 2000, latencyMedianMs: null },
    cache: null,
    scan: null,
    budgets: [],
    portabilityFlags: [],
    ...over,
  };
}

/** A report as a TensorRT 10.16 → 11.2 upgrade on an H100 leaves it: one plan padded with zeros, one failed build. */
export function tensorrtUpgradeReport(gpu = 'NVIDIA H100 PCIe'): Report {
  // Written as version 1 wrote it (plans and budgets beside the builds) and read as trt-ci reads it.
  return upgradeReport({
    schema: 'trt-ci/report@1',
    status: 'failed',
    startedAt: '2026-11-29T20:00:00.000Z',
    finishedAt: '2026-11-29T20:10:00.000Z',
    config: 'trt-ci.yml',
    environment: {
      tensorrtVersion: '11.2.1.2',
      product: 'TensorRT',
      trtexec: 'trtexec',
      gpus: [gpuInfo(gpu)],
      gpuQueryError: null,
      image: null,
      measurement: null,
    },
    preflight: null,
    builds: [
      build('upsampler', 'sd', gpu, {
        bytes: 5_487_774_180,
        baseline: { bytes: 1_041_804, buildSeconds: 8, peakGpuMemoryMiB: 2000, latencyMedianMs: null },
      }),
      build('upsampler', 'hd', gpu, {
        status: 'failed',
        bytes: null,
        plan: null,
        buildSeconds: null,
        attempts: [
          {
            attempt: 1,
            workspaceMiB: 4096,
            log: 'out/logs/upsampler.hd.1.log',
            startedAt: '',
            endedAt: '',
            seconds: 1,
            exitCode: 1,
            signal: null,
            peakGpuMemoryMiB: null,
            failure: null,
            argv: [],
          },
        ],
        failure: {
          kind: 'out-of-memory',
          message: 'Error[1]: [defaultAllocator.cpp::allocate::31] Error Code 1: Cuda Runtime (out of memory)',
          hint: 'The GPU ran out of memory during the build.',
        },
      }),
      build('detector', 'b1', gpu),
      build('detector', 'b8', gpu),
    ],
    plans: [],
    budgets: [
      {
        model: 'upsampler',
        profile: 'sd',
        gpu,
        metric: 'plan-growth',
        value: 5266.5,
        limit: 0.1,
        unit: 'fraction',
        baseline: 1_041_804,
        status: 'fail',
        message: 'plan size growth over the baseline 526,650% is over the limit 10%',
        configPosition: { file: 'trt-ci.yml', line: 12, column: 7 },
      },
    ],
    comparison: {
      baseline: 'base/report.json',
      environment: [{ what: 'TensorRT', from: '10.16.1.11', to: '11.2.1.2' }],
      added: [],
      removed: ['upsampler/uhd'],
    },
    manifest: 'out/manifest.json',
    cache: null,
  });
}

const gpuInfo = (name: string, index = 0): Report['environment']['gpus'][number] => ({
  index,
  name,
  uuid: null,
  busId: null,
  computeCapability: name.includes('A100') ? '8.0' : '9.0',
  driverVersion: '580.159.04',
  memoryTotalMiB: 81559,
  memoryUsedMiB: 0,
  memoryFreeMiB: 81000,
  eccMode: null,
  eccUncorrectedErrors: 0,
  displayActive: null,
  persistenceMode: null,
  computeMode: null,
  migMode: null,
});

/** The A/B of an engine `ratio` times its base's latency, as trt-ci ab reports it. */
function ab(ratio: number, baseMs: number): NonNullable<ReportBuild['latency']> {
  const slower = ratio > 1.01;
  return {
    verdict: slower ? 'slower' : 'same',
    ratio,
    ci: [ratio - 0.0004, ratio + 0.0005],
    p: slower ? 0.00016 : 0.6,
    base: { median: baseMs, p99: baseMs * 1.01 },
    head: { median: baseMs * ratio, p99: baseMs * ratio * 1.01 },
    repetitions: 8,
    reason: slower ? 'every head repetition slower than every base one' : 'within the noise of the repetitions',
    retried: false,
    budget: 0.01,
    clockEventsRead: true,
    baseEngine: { source: 'plans', plan: 'base-plans/x.plan' },
    runs: [],
    measurement: { dataTransfers: false, cudaGraph: true, spinWait: true },
  };
}

function runOn(gpu: string, builds: ReportBuild[], extra: Partial<ReportV1> = {}): Report {
  return upgradeReport({
    schema: 'trt-ci/report@1',
    status: 'passed',
    startedAt: '2026-11-30T09:00:00.000Z',
    finishedAt: '2026-11-30T09:20:00.000Z',
    config: 'trt-ci.yml',
    environment: {
      tensorrtVersion: '10.16.1.11',
      product: 'TensorRT',
      trtexec: 'trtexec',
      gpus: [gpuInfo(gpu)],
      gpuQueryError: null,
      image: null,
      measurement: null,
    },
    preflight: null,
    builds,
    plans: [],
    budgets: [],
    comparison: { baseline: 'base/report.json', environment: [], added: [], removed: [] },
    manifest: 'out/manifest.json',
    cache: null,
    ...extra,
  });
}

/**
 * Six engines on an A100 and an H100 runner, merged into one comment: on the A100 bert/s128's plan grew 27%,
 * 97.7 KiB of it a trailing zero run; on the H100 bert/s384 got 4.0% slower (A/B) and vit-int8 went out of
 * tolerance. The other nine engine × GPU pairs are fine.
 */
export function mixedReports(): Report[] {
  const engines = [
    ['yolov8n', '640'],
    ['resnet50', 'b1'],
    ['resnet50', 'b32'],
    ['bert', 's128'],
    ['bert', 's384'],
    ['vit-int8', 'b8'],
  ] as const;
  const line = (i: number) => ({ file: 'trt-ci.yml', line: 6 + i * 4, column: 7 });
  const reports = ['NVIDIA A100-SXM4-80GB', 'NVIDIA H100 80GB HBM3'].map((gpu) => {
    const a100 = gpu.includes('A100');
    const builds = engines.map(([model, profile], i) => {
      const bytes = (i + 2) * 9 * MiB;
      const grew = a100 && model === 'bert' && profile === 's128';
      const latency = ab(!a100 && profile === 's384' ? 1.0403 : 1.0002, 0.4 + i * 0.21);
      const accuracy: ReportBuild['accuracy'] =
        model === 'vit-int8'
          ? {
              status: a100 ? 'passed' : 'failed',
              problem: null,
              configPosition: { file: 'trt-ci.yml', line: 29, column: 5 },
              divergence: null,
              outputs: [
                {
                  shape: 'opt',
                  at: null,
                  name: 'logits',
                  maxAbsError: a100 ? 0.021 : 0.31,
                  maxRelError: a100 ? 0.004 : 0.09,
                  outOfTolerance: a100 ? 0 : 0.031,
                  cosine: a100 ? 0.9999 : 0.9953,
                  nan: 0,
                  inf: 0,
                  atol: 0.1,
                  rtol: 0.01,
                  judgedBy: 'trt-ci',
                  failure: a100 ? null : 'max abs error 0.31 over atol 0.1 in 3.1% of elements',
                  topK: null,
                },
              ],
            }
          : null;
      const argv = [`--onnx=models/${model}.onnx`, '--fp16', `--saveEngine=out/${model}.${profile}.plan`];
      const attempt = { attempt: 1, workspaceMiB: 4096, log: `out/logs/${model}.${profile}.1.log`, argv };
      return build(model, profile, gpu, {
        attempts: [
          {
            ...attempt,
            startedAt: '',
            endedAt: '',
            seconds: 61,
            exitCode: 0,
            signal: null,
            peakGpuMemoryMiB: 3000,
            failure: null,
          },
        ],
        bytes: grew ? Math.round(bytes * 1.27) : bytes,
        baseline: { bytes, buildSeconds: 60, peakGpuMemoryMiB: 3000, latencyMedianMs: null },
        buildSeconds: 61,
        latency,
        accuracy,
        configPosition: line(i),
      });
    });
    const budgets: ReportV1['budgets'] = a100
      ? [
          {
            model: 'bert',
            profile: 's128',
            gpu,
            metric: 'plan-growth',
            value: 0.27,
            limit: 0.1,
            unit: 'fraction',
            baseline: 45 * MiB,
            status: 'fail',
            message: 'plan size growth over the baseline 27.0% is over the limit 10%',
            configPosition: { file: 'trt-ci.yml', line: 20, column: 9 },
          },
        ]
      : [
          {
            model: 'bert',
            profile: 's384',
            gpu,
            metric: 'latency-growth',
            value: 0.0403,
            limit: 0.02,
            unit: 'fraction',
            baseline: null,
            status: 'fail',
            message: 'latency 4.0% slower than the base engine on the same GPU, over the limit 2%',
            configPosition: { file: 'trt-ci.yml', line: 24, column: 9 },
          },
        ];
    const plans: ReportV1['plans'] = a100
      ? [
          {
            model: 'bert',
            profile: 's128',
            path: 'out/bert.s128.plan',
            bytes: Math.round(45 * MiB * 1.27),
            zeroBytes: 100_045,
            zeroFraction: 0.0017,
            trailingZeroBytes: 100_045,
            longestZeroRun: 100_045,
            sha256: null,
            magic: true,
            layout: 'ftrt',
            tensorrtVersion: '10.16.1.11',
            planOffset: 0,
            problem: null,
            metadata: null,
            diagnosis: null,
          } as unknown as ReportV1['plans'][number],
        ]
      : [];
    return runOn(gpu, builds, { status: 'failed', budgets, plans });
  });
  return reports;
}

/**
 * The default branch's last 30 runs of the same engines, as the history branch would hold them: each at
 * its base's latency and plan size, with the H200's run-to-run spread. For the comment's History section.
 */
export function mixedHistory(
  reports: readonly Report[],
  spread: (commit: number, engine: number) => number,
): HistoryPoint[] {
  return Array.from({ length: 30 }, (_, c) =>
    reports.flatMap((report) =>
      historyPoints(report, {
        commit: String(c).padStart(2, '0').repeat(20),
        date: new Date(Date.UTC(2026, 10, 1) + c * 86_400_000).toISOString(),
        image: null,
      }).map((point, engine) => {
        const build = report.builds.find((b) => b.model === point.key.model && b.profile === point.key.profile)!;
        const latency = build.latency?.base?.median ?? null;
        return {
          ...point,
          metrics: {
            ...point.metrics,
            planBytes: build.baseline?.bytes ?? point.metrics.planBytes,
            latencyMs: latency === null ? null : latency * (1 + spread(c, engine)),
          },
        };
      }),
    ),
  ).flat();
}
