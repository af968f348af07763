import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadReport, measuredBuilds } from '../src/compare/baseline.js';
import { unmeasuredOf } from '../src/compare/compare-run.js';
import { runPipeline } from '../src/pipeline.js';
import { addedAndRemoved, environmentChanges, evaluateBudgets, type Measured } from '../src/compare/evaluate.js';
import { DEFAULT_BUDGETS, type Budgets, type Limit, type Threshold } from '../src/contract/metrics.js';
import { diagnosePlan } from '../src/verify/diagnose.js';
import { myelinOps, parseLayerInfo } from '../src/tensorrt/layer-info.js';
import type { Report } from '../src/contract/report.js';
import type { ReportV1 } from '../src/contract/report-v1.js';
import { cli, FIXTURES, makeRunner } from './support/harness.js';

const MiB = 1024 * 1024;
const pct = (value: number): Threshold => ({ unit: 'fraction', value: value / 100, text: `${value}%` });
const mib = (value: number): Threshold => ({ unit: 'bytes', value: value * MiB, text: `${value}MiB` });
const ratio = (value: number): Threshold => ({ unit: 'ratio', value, text: `${value}x` });
const fail = (t: Threshold): Limit => ({ warn: null, fail: t });
const warn = (t: Threshold): Limit => ({ warn: t, fail: null });

const build = (over: Partial<Measured> = {}): Measured => ({
  model: 'up',
  profile: 'sd',
  gpu: 'NVIDIA H100 PCIe',
  bytes: 10 * MiB,
  zeroFraction: 0.1,
  trailingZeroBytes: 0,
  onnxBytes: 4 * MiB,
  buildSeconds: 100,
  peakGpuMemoryMiB: 2048,
  latencyMedianMs: 1.0,
  accuracyError: null,
  ...over,
});

// [what, budgets, this build, the baseline's (or none), expected status, expected message]
const RULES: [string, Budgets, Partial<Measured>, Partial<Measured> | null, string, RegExp][] = [
  ['plan-size within', { 'plan-size': fail(mib(64)) }, {}, null, 'pass', /plan size 10\.0 MiB is within 64MiB/],
  ['plan-size over', { 'plan-size': fail(mib(8)) }, {}, null, 'fail', /plan size 10\.0 MiB is over the limit 8MiB/],
  // The limit itself is within it; one byte more is over.
  ['plan-size at the limit', { 'plan-size': fail(mib(10)) }, {}, null, 'pass', /10\.0 MiB is within 10MiB/],
  [
    'plan-size a byte over the limit',
    { 'plan-size': fail(mib(10)) },
    { bytes: 10 * MiB + 1 },
    null,
    'fail',
    /is over the limit 10MiB/,
  ],
  [
    'plan-size warn then fail',
    { 'plan-size': { warn: mib(8), fail: mib(12) } },
    {},
    null,
    'warn',
    /over the warning level 8MiB/,
  ],
  [
    'plan-growth 12% over 10%',
    { 'plan-growth': fail(pct(10)) },
    { bytes: 11.2 * MiB },
    { bytes: 10 * MiB },
    'fail',
    /growth over the baseline 12\.0% is over the limit 10%/,
  ],
  [
    'plan-growth as bytes',
    { 'plan-growth': fail(mib(5)) },
    { bytes: 16 * MiB },
    { bytes: 10 * MiB },
    'fail',
    /6\.00 MiB is over the limit 5MiB/,
  ],
  [
    'plan-growth that shrank',
    { 'plan-growth': fail(pct(10)) },
    { bytes: 5 * MiB },
    { bytes: 10 * MiB },
    'pass',
    /-50\.0% is within 10%/,
  ],
  ['plan-growth with no baseline', { 'plan-growth': fail(pct(10)) }, {}, null, 'no-baseline', /no baseline yet/],
  [
    'zero-fraction',
    { 'zero-fraction': fail(pct(50)) },
    { zeroFraction: 0.99998 },
    null,
    'fail',
    /share of zero bytes in the plan 100\.0% is over the limit 50%/,
  ],
  [
    'trailing-zeros as a share',
    { 'trailing-zeros': warn(pct(50)) },
    { trailingZeroBytes: 9 * MiB },
    null,
    'warn',
    /zero run at the end of the plan 90\.0%/,
  ],
  [
    'trailing-zeros as bytes',
    { 'trailing-zeros': fail(mib(1)) },
    { trailingZeroBytes: 2 * MiB },
    null,
    'fail',
    /2\.00 MiB is over the limit 1MiB/,
  ],
  [
    'plan-to-onnx',
    { 'plan-to-onnx': fail(ratio(2)) },
    { bytes: 10 * MiB, onnxBytes: 4 * MiB },
    null,
    'fail',
    /plan size over ONNX size 2\.50x is over the limit 2x/,
  ],
  [
    'build-time-growth',
    { 'build-time-growth': fail(pct(50)) },
    { buildSeconds: 180 },
    { buildSeconds: 100 },
    'fail',
    /build time growth over the baseline 80\.0%/,
  ],
  [
    'accuracy-drift: the error grew 12x, still within tolerance, and warns (the default level)',
    { 'accuracy-drift': warn(ratio(10)) },
    { accuracyError: 0.0012 },
    { accuracyError: 0.0001 },
    'warn',
    /largest output error \(accuracy:\) over the baseline's 12\.00x is over the warning level 10x/,
  ],
  [
    "accuracy-drift from a baseline's error of 0: said as such, never Infinityx",
    { 'accuracy-drift': warn(ratio(10)) },
    { accuracyError: 0.0003 },
    { accuracyError: 0 },
    'warn',
    /over the baseline's ∞ \(the baseline's was 0\) is over the warning level 10x$/,
  ],
  [
    'accuracy-drift within',
    { 'accuracy-drift': fail(ratio(10)) },
    { accuracyError: 0.0003 },
    { accuracyError: 0.0001 },
    'pass',
    /3\.00x is within 10x/,
  ],
  [
    'peak-memory',
    { 'peak-memory': fail(mib(1024)) },
    { peakGpuMemoryMiB: 2048 },
    null,
    'fail',
    /peak GPU memory of the build 2\.00 GiB is over the limit 1024MiB/,
  ],
  // A figure this build was to have and has not: said, never passed (issue 50).
  [
    'peak-memory not seen by the sampler: a warning that says so, never 0 B within',
    { 'peak-memory': fail(mib(1024)) },
    { peakGpuMemoryMiB: null, unmeasured: { 'peak-memory': 'nvidia-smi saw no sample' } },
    null,
    'warn',
    /^peak GPU memory of the build: not measured: nvidia-smi saw no sample$/,
  ],
  [
    'latency-growth the model asked for and nobody measured: a failure, baseline or not',
    { 'latency-growth': fail(pct(1)) },
    { latencyMedianMs: null, unmeasured: { 'latency-growth': 'the engine was not benchmarked' } },
    { latencyMedianMs: 1.0 },
    'fail',
    /^median latency growth over the baseline: not measured: the engine was not benchmarked$/,
  ],
  [
    'latency-growth unmeasured under a warning level only: a warning',
    { 'latency-growth': warn(pct(5)) },
    { latencyMedianMs: null, unmeasured: { 'latency-growth': 'the engine was not benchmarked' } },
    null,
    'warn',
    /not measured/,
  ],
  [
    'latency-growth warns (a bare value is a warning: latency is noisy)',
    { 'latency-growth': warn(pct(5)) },
    { latencyMedianMs: 1.2 },
    { latencyMedianMs: 1.0 },
    'warn',
    /median latency growth over the baseline 20\.0% is over the warning level 5%/,
  ],
];

describe('what an engine was to measure and did not (unmeasuredOf)', () => {
  const outcome = (status: 'built' | 'cached' | 'failed', over: Record<string, unknown> = {}) =>
    ({
      status,
      perf: { latencyMs: { median: 1 }, log: 'b.log' },
      peakGpuMemoryMiB: 100,
      job: { model: { benchmark: true } },
      ...over,
    }) as unknown as Parameters<typeof unmeasuredOf>[0];
  it('nothing when every figure is there, or the engine did not build', () => {
    expect(unmeasuredOf(outcome('built'), false)).toEqual({});
    expect(unmeasuredOf(outcome('failed', { peakGpuMemoryMiB: null, perf: null }), false)).toEqual({});
  });
  it('a cached plan has no peak, said as that; a built one the sampler missed, as that', () => {
    expect(unmeasuredOf(outcome('cached', { peakGpuMemoryMiB: null }), false)['peak-memory']).toMatch(/cache/);
    expect(unmeasuredOf(outcome('built', { peakGpuMemoryMiB: null }), false)['peak-memory']).toMatch(/nvidia-smi/);
  });
  it('latency: missing only where the model asked for a benchmark and no A/B judged it', () => {
    const none = { perf: null };
    expect(unmeasuredOf(outcome('cached', none), false)['latency-growth']).toBe('the engine was not benchmarked');
    expect(unmeasuredOf(outcome('cached', none), true)['latency-growth']).toBeUndefined();
    const off = { perf: null, job: { model: { benchmark: false } } };
    expect(unmeasuredOf(outcome('built', off), false)['latency-growth']).toBeUndefined();
    const silent = { perf: { latencyMs: null, log: 'b.log' } };
    expect(unmeasuredOf(outcome('built', silent), false)['latency-growth']).toMatch(/printed no latency .*b\.log/);
  });
});

describe('budget rules', () => {
  it.each(RULES)('%s', (_what, budgets, now, before, status, message) => {
    const rows = evaluateBudgets([build(now)], () => budgets, before ? [build(before)] : null);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe(status);
    expect(rows[0]!.message).toMatch(message);
  });

  it('reports the measured value, the limit and the baseline figure', () => {
    const [row] = evaluateBudgets([build({ bytes: 12 * MiB })], () => ({ 'plan-growth': fail(pct(10)) }), [build()]);
    expect(row).toMatchObject({
      model: 'up',
      profile: 'sd',
      metric: 'plan-growth',
      value: 0.2,
      limit: 0.1,
      unit: 'fraction',
      baseline: 10 * MiB,
      status: 'fail',
    });
  });

  it('a profile that is new while a baseline exists is "new in this run", never a failure', () => {
    const rows = evaluateBudgets([build({ profile: 'hd' })], () => ({ 'plan-growth': fail(pct(1)) }), [build()]);
    expect(rows[0]).toMatchObject({
      status: 'no-baseline',
      message: 'plan size growth over the baseline: new in this run',
    });
  });

  it('a measurement the build did not make (no benchmark) gives no row', () => {
    expect(
      evaluateBudgets([build({ latencyMedianMs: null })], () => ({ 'latency-growth': warn(pct(5)) }), [build()]),
    ).toEqual([]);
  });

  it('matches the baseline by model, profile and GPU model', () => {
    const baseline = [
      build({ gpu: 'NVIDIA A100-SXM4-80GB', bytes: 20 * MiB }),
      build({ gpu: 'NVIDIA H100 PCIe', bytes: 10 * MiB }),
    ];
    const [row] = evaluateBudgets([build({ bytes: 10 * MiB })], () => ({ 'plan-growth': fail(pct(1)) }), baseline);
    expect(row).toMatchObject({ status: 'pass', baseline: 10 * MiB });
  });

  it('lists what is new and what is gone', () => {
    expect(
      addedAndRemoved([build(), build({ profile: 'uhd' })], [build(), build({ model: 'old', profile: 'x' })]),
    ).toEqual({ added: ['up/uhd'], removed: ['old/x'] });
  });

  it('names every change of environment, since a TensorRT upgrade is when plans bloat', () => {
    expect(
      environmentChanges(
        { tensorrtVersion: '10.16.1.11', driverVersion: '575.57.08', gpus: ['NVIDIA H100 PCIe'] },
        { tensorrtVersion: '11.2.1.2', driverVersion: '580.159.04', gpus: ['NVIDIA H100 PCIe'] },
      ),
    ).toEqual([
      { what: 'TensorRT', from: '10.16.1.11', to: '11.2.1.2' },
      { what: 'driver', from: '575.57.08', to: '580.159.04' },
    ]);
    expect(
      environmentChanges(
        { tensorrtVersion: 'a', driverVersion: 'b', gpus: ['A100'] },
        { tensorrtVersion: 'a', driverVersion: 'b', gpus: ['H100'] },
      ),
    ).toEqual([{ what: 'GPU', from: 'A100', to: 'H100' }]);
  });

  it('every model gets warnings for trailing zeros and growth unless the config says otherwise', () => {
    expect(DEFAULT_BUDGETS['trailing-zeros']).toEqual({ warn: pct(50), fail: null });
    expect(DEFAULT_BUDGETS['plan-growth']).toEqual({ warn: pct(20), fail: null });
  });
});

describe('latency-growth judged by an A/B on one GPU', () => {
  const ab = (verdict: 'slower' | 'same' | 'inconclusive', ratio: number) => ({
    latencyAb: { verdict, ratio, reason: 'significant (p < 0.05)' },
  });
  // The change of exactly the limit: ratio - 1 as the evaluator computes it, so the edge is exact.
  const limit = (ratio: number): Threshold => ({ unit: 'fraction', value: ratio - 1, text: '5%' });

  it('a slower engine fails from the limit on; the same engine by a smaller change passes', () => {
    const judge = (over: Partial<Measured>) =>
      evaluateBudgets([build(over)], () => ({ 'latency-growth': fail(limit(1.05)) }), [build()])[0]!;
    expect(judge(ab('slower', 1.05))).toMatchObject({ status: 'fail', limit: 1.05 - 1 });
    expect(judge(ab('slower', 1.049))).toMatchObject({ status: 'pass' });
    // A/B fails where two jobs' medians only warn.
    expect(judge(ab('slower', 1.2)).message).toMatch(/^latency 20\.0% slower than the base engine on the same GPU/);
    expect(judge(ab('same', 1.2))).toMatchObject({ status: 'pass' });
    expect(judge(ab('inconclusive', 1.2))).toMatchObject({ status: 'warn', message: /^latency A\/B inconclusive/ });
  });
});

describe('accuracy in the figures a budget judges', () => {
  it("a build's accuracyError is its outputs' largest max-abs error; unchecked, none (and no drift row)", () => {
    const output = (name: string, maxAbsError: number | null) => ({
      shape: 'opt' as const,
      name,
      maxAbsError,
      maxRelError: null,
      outOfTolerance: 0,
      cosine: 1,
      nan: 0,
      inf: 0,
      atol: 1,
      rtol: 1,
      failure: null,
    });
    const accuracy = {
      status: 'passed' as const,
      problem: null,
      configPosition: null,
      outputs: [output('a', 0.002), output('b', 0.03), output('c', null)],
    };
    const base = {
      model: 'up',
      profile: 'sd',
      status: 'built' as const,
      gpu: null,
      bytes: 1,
      onnxBytes: 1,
      buildSeconds: 1,
      peakGpuMemoryMiB: null,
      perf: null,
    };
    const [checked, unchecked] = measuredBuilds({
      builds: [
        { ...base, accuracy },
        { ...base, profile: 'hd', accuracy: null },
      ] as unknown as Report['builds'],
    });
    expect(checked!.accuracyError).toBe(0.03);
    expect(unchecked!.accuracyError).toBeNull();
    const rows = evaluateBudgets([unchecked!], () => ({ 'accuracy-drift': { warn: ratio(10), fail: null } }), []);
    expect(rows).toEqual([]);
  });
});

describe('the baseline file', () => {
  const dir = makeRunner().dir;
  it.each([
    ['missing', null, /gone\.json: cannot read baseline: no such file/],
    ['not JSON', 'not json', /bad\.json: the baseline is not JSON/],
    [
      'another schema',
      JSON.stringify({ schema: 'other/1' }),
      /bad\.json: expected a trt-ci report \(schema "trt-ci\/report@2"\), got schema "other\/1"/,
    ],
  ])('%s is an input error naming the file', async (_what, text, message) => {
    const file = join(dir, text === null ? 'gone.json' : 'bad.json');
    if (text !== null) writeFileSync(file, text);
    await expect(loadReport(file)).rejects.toThrow(message);
  });
});

describe('a version-1 report (trt-ci 0.11) as a baseline', () => {
  const stored = join(FIXTURES, 'reports', 'v0.11.1-demo-report.json');
  const v1 = JSON.parse(readFileSync(stored, 'utf8')) as ReportV1;

  it('is read as version 2: each build holds its scan and budgets, the flat views made again from them', async () => {
    const read = await loadReport(stored);
    expect(v1.schema).toBe('trt-ci/report@1');
    expect(read.schema).toBe('trt-ci/report@2');
    for (const build of read.builds) {
      const plan = v1.plans.find((p) => p.model === build.model && p.profile === build.profile)!;
      const { model: _model, profile: _profile, ...scan } = plan;
      // Keys added since are their defaults: a version-1 report's plans are TensorRT's, their header names no targets.
      expect(build.scan, `${build.model}/${build.profile}`).toEqual({
        ...scan,
        product: 'TensorRT',
        computeCapabilities: null,
      });
      const rows = v1.budgets.filter((b) => b.model === build.model && b.profile === build.profile);
      expect(build.budgets).toEqual(rows);
      expect(rows.length).toBeGreaterThan(0);
    }
    expect(read.plans).toEqual(v1.plans.map((p) => ({ ...p, product: 'TensorRT', computeCapabilities: null })));
    expect(read.budgets).toEqual(v1.budgets);
    expect(read.status).toBe('passed');
  });

  it('a failed budget in it still fails it: its status is judged from the nested rows, not its own word', async () => {
    const failed = structuredClone(v1);
    failed.budgets[0] = { ...failed.budgets[0]!, status: 'fail' };
    const file = join(makeRunner().dir, 'failed.json');
    writeFileSync(file, JSON.stringify(failed));
    const read = await loadReport(file);
    expect(read.status).toBe('failed');
    expect(read.builds.find((b) => b.budgets.some((r) => r.status === 'fail'))).toMatchObject({
      model: failed.budgets[0]!.model,
      profile: failed.budgets[0]!.profile,
    });
  });

  it('compares a run against it: growth budgets judged on its plan sizes', async () => {
    const runner = makeRunner();
    runner.touch('up.onnx');
    const [sd] = v1.builds;
    const config = runner.writeConfig(
      `output-dir: out\nmodels:\n  - name: ${sd!.model}\n    onnx: up.onnx\n    budgets: { plan-growth: 10% }\n` +
        `    profiles: [{ name: ${sd!.profile}, shapes: { x: 1x8 } }]\n`,
    );
    const { report } = await runPipeline({
      configFile: config,
      cwd: runner.dir,
      env: process.env,
      baselineFile: stored,
    });
    const [build] = report.builds;
    expect(report.comparison.baseline).toBe(relative(runner.dir, stored));
    expect(build!.baseline?.bytes).toBe(sd!.bytes);
    const growth = build!.budgets.find((row) => row.metric === 'plan-growth');
    expect(growth).toMatchObject({ baseline: sd!.bytes, limit: 0.1 });
    expect(growth!.status).toMatch(/^(pass|fail)$/);
    expect(report.budgets).toEqual(build!.budgets);
  });
});

describe('a baseline that cannot be read, in a run', () => {
  const config = 'output-dir: out\nmodels: [{ name: m, onnx: m.onnx, profiles: [{ name: p, shapes: { x: 1x8 } }] }]\n';
  it.each([
    ['not JSON', '{"schema": "trt-ci/rep', /the baseline is not JSON/],
    ['null', 'null', /expected a trt-ci report/],
  ])(
    '%s: one found for the user is said and the run goes on; one the user named is an input error',
    async (_, text, why) => {
      const runner = makeRunner();
      runner.touch('m.onnx');
      const configFile = runner.writeConfig(config);
      writeFileSync(join(runner.dir, 'base.json'), text);
      const options = { configFile, cwd: runner.dir, env: process.env, baselineFile: 'base.json' };
      const { report } = await runPipeline({ ...options, baselineFound: true });
      expect(report.status).toBe('passed');
      expect(report.comparison.baseline).toBeNull();
      expect(report.comparison.note).toMatch(/^the base branch's report was not used: .*base\.json: /);
      expect(report.comparison.note).toMatch(why);
      await expect(runPipeline(options)).rejects.toThrow(why);
    },
  );
});

describe('layer info', () => {
  const fixture = (name: string) => readFileSync(join(FIXTURES, 'layer-info', name), 'utf8');

  it('reads the 10.x detailed schema and finds the kgen kernels', () => {
    expect(parseLayerInfo(fixture('cookbook-10.16.1-detailed.json'))).toEqual({
      schema: '10.x (Bindings)',
      verbosity: 'detailed',
      layers: 2,
      myelin: [{ name: '__myl_MulSum_myl4_1', kind: 'kgen', ops: ['Mul', 'Sum'] }],
    });
  });

  it('reads layer names only, where a Myelin region is one {ForeignNode[…]}', () => {
    const info = parseLayerInfo(fixture('names-only-10.10.json'))!;
    expect(info).toMatchObject({ schema: '10.x (Bindings)', verbosity: 'layer_names_only', layers: 2 });
    expect(info.myelin.map((l) => l.kind)).toEqual(['foreign-node', 'foreign-node']);
  });

  it('reads the 11.x schema with "I/O Tensors" and the #4841 kernels', () => {
    const info = parseLayerInfo(fixture('issue-4841-11.2-detailed.json'))!;
    expect(info.schema).toBe('11.x (I/O Tensors)');
    expect(info.myelin.map((l) => l.name)).toEqual([
      '__myl_CastMulLtSeleCast_myl6_0',
      '__myl_CastMulLtSeleCast_myl13_0',
    ]);
  });

  it('spells out the fused ops of a Myelin kernel name', () => {
    expect(myelinOps('__myl_CastMulLtSeleCast_myl6_0')).toEqual(['Cast', 'Mul', 'Lt', 'Select', 'Cast']);
    expect(myelinOps('__myl_AddMaxrSubExpSum_myl4_2')).toEqual(['Add', 'ReduceMax', 'Sub', 'Exp', 'Sum']);
    expect(myelinOps('node_linear_myl4_0')).toEqual([]);
  });

  it('is not JSON, or has no Layers: no layer info', () => {
    expect(parseLayerInfo('{"Layers": [')).toBeNull();
    expect(parseLayerInfo('{"Bindings": []}')).toBeNull();
  });
});

describe('diagnosis', () => {
  const info = parseLayerInfo(readFileSync(join(FIXTURES, 'layer-info', 'issue-4841-11.2-detailed.json'), 'utf8'));

  it('names the unfused pointwise kernels of a plan that is mostly trailing zeros (#4841)', () => {
    // The reporter's numbers: 4,389,349,804 bytes, 99.998% zeros.
    const diagnosis = diagnosePlan({ bytes: 4_389_349_804, trailingZeroBytes: 4_389_339_296 }, info)!;
    expect(diagnosis.summary).toBe('100% of the plan (4.09 GiB of 4.09 GiB) is one run of zeros at its end');
    expect(diagnosis.myelinLayers[0]).toMatchObject({
      name: '__myl_CastMulLtSeleCast_myl6_0',
      looksLike: 'a LeakyRelu lowered to Mul, compare and Select',
    });
    expect(diagnosis.advice[0]).toMatch(
      /^Let the pointwise ops of __myl_CastMulLtSeleCast_myl6_0 \(Cast, Mul, Lt, Select, Cast\); __myl_\w+ .* fuse/,
    );
    expect(diagnosis.advice.join(' ')).toMatch(/previous TensorRT/);
    expect(diagnosis.advice.join(' ')).toMatch(/--builderOptimizationLevel=0 .* only to diagnose/);
    expect(diagnosis.link).toBe('https://github.com/NVIDIA/TensorRT/issues/4841');
  });

  it('says how to get the layer info when there is none or only names', () => {
    expect(diagnosePlan({ bytes: 100, trailingZeroBytes: 90 }, null)!.advice.join(' ')).toMatch(
      /--profilingVerbosity=detailed --exportLayerInfo/,
    );
    const namesOnly = parseLayerInfo(readFileSync(join(FIXTURES, 'layer-info', 'names-only-10.10.json'), 'utf8'));
    expect(diagnosePlan({ bytes: 100, trailingZeroBytes: 90 }, namesOnly)!.advice.join(' ')).toMatch(/names only/);
  });

  it('leaves a healthy plan alone', () => {
    expect(diagnosePlan({ bytes: 210_812, trailingZeroBytes: 1000 }, info)).toBeNull();
  });
});

describe('trt-ci run --baseline across a TensorRT upgrade', () => {
  it(
    'fails the growth budget, shows the TensorRT change, ' + 'diagnoses the padding, and lists new and gone profiles',
    async () => {
      const config = `output-dir: out
models:
  - name: up
    onnx: up.onnx
    budgets: { plan-growth: 10%, trailing-zeros: { warn: 50% } }
    profiles:
      - { name: sd, shapes: { x: { min: 1x3x8x8, opt: 1x3x16x16, max: 1x3x32x32 } } }
      - { name: PROFILE, shapes: { x: 1x3x8x8 } }
`;
      const before = makeRunner({ version: '10.16.1.11' });
      before.touch('up.onnx');
      const base = await cli(['run', '--config', before.writeConfig(config.replace('PROFILE', 'old')), '--json']);
      expect(base.code, base.stderr).toBe(0);
      const baselineFile = join(before.dir, 'out', 'report.json');
      expect((JSON.parse(base.stdout) as Report).comparison.baseline).toBeNull();

      const after = makeRunner({
        version: '11.2.1.2',
        trtexecEnv: { TRTEXEC_STANDIN_PAD_ZEROS: (7 * 2 * 64 * 2944 * 1664) / 64, TRTEXEC_STANDIN_ONLY: 'up.sd.plan' },
      });
      after.touch('up.onnx');
      const result = await cli([
        'run',
        '--config',
        after.writeConfig(config.replace('PROFILE', 'new')),
        '--baseline',
        baselineFile,
        '--json',
      ]);
      expect(result.code).toBe(1);
      const report = JSON.parse(result.stdout) as Report;
      expect(report.comparison).toMatchObject({
        baseline: expect.stringContaining('report.json'),
        environment: [{ what: 'TensorRT', from: '10.16.1.11', to: '11.2.1.2' }],
        added: ['up/new'],
        removed: ['up/old'],
      });
      const growth = report.budgets.find((b) => b.metric === 'plan-growth' && b.profile === 'sd')!;
      expect(growth.status).toBe('fail');
      expect(report.budgets.find((b) => b.metric === 'plan-growth' && b.profile === 'new')!.status).toBe('no-baseline');
      expect(report.budgets.find((b) => b.metric === 'trailing-zeros' && b.profile === 'sd')!.status).toBe('warn');
      const plan = report.plans.find((p) => p.profile === 'sd')!;
      expect(plan).toMatchObject({ magic: true, tensorrtVersion: '11.2.1.2' });
      expect(plan.trailingZeroBytes).toBe((7 * 2 * 64 * 2944 * 1664) / 64);
      expect(plan.diagnosis!.layerInfo!.schema).toBe('11.x (I/O Tensors)');
      expect(plan.diagnosis!.myelinLayers.map((l) => l.name)).toContain('__myl_CastMulLtSeleCast_myl6_0');
      const summary = readFileSync(join(after.dir, 'out', 'summary.md'), 'utf8');
      expect(summary).toContain('TensorRT changed: 10.16.1.11 → 11.2.1.2');
      expect(summary).toContain('NVIDIA/TensorRT#4841');
    },
  );

  it('a bad --baseline is exit 2 before anything runs', async () => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    const config = runner.writeConfig(
      'models: [{ name: m, onnx: m.onnx, profiles: [{ name: p, shapes: { x: 1x8 } }] }]\n',
    );
    const result = await cli(['run', '--config', config, '--baseline', join(runner.dir, 'none.json')]);
    expect(result).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/none\.json: cannot read baseline: no such file/),
    });
    expect(runner.calls()).toEqual([]);
    expect((await cli(['build', '--config', config, '--baseline', 'x.json'])).code).toBe(2);
  });
});
