import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TrtexecLogParser, type ParsedLog, type ProcessOutcome } from '../src/tensorrt/log-parser.js';
import { requestedBytes } from '../src/tensorrt/failures.js';
import { BANNER_PATTERN, decodeBannerVersion, formatVersion } from '../src/tensorrt/version.js';
import { LineSplitter } from '../src/proc/lines.js';
import { cli, FIXTURES, makeRunner } from './support/harness.js';

const LOGS = join(FIXTURES, 'trtexec-logs');

/** A fixture file, or one of its "# (a)" sections when it quotes several sources. */
function section(file: string, name = 'all'): string {
  const text = readFileSync(join(LOGS, file), 'utf8');
  if (name === 'all') return text;
  const parts = text.split(/^# \(([a-z])\)$/m);
  const index = parts.indexOf(name);
  if (index === -1) throw new Error(`${file} has no section (${name})`);
  return parts[index + 1]!;
}

function parse(text: string, outcome?: ProcessOutcome): ParsedLog {
  const parser = new TrtexecLogParser();
  // Feed bytes in odd-sized chunks, as a pipe would deliver them.
  const lines = new LineSplitter((line) => parser.push(line));
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += 37) lines.push(bytes.subarray(i, i + 37));
  lines.end();
  return parser.result(outcome);
}

type Expected = Partial<
  Pick<ParsedLog, 'tensorrtVersion' | 'tensorrtBuild' | 'status' | 'engineBytes' | 'buildSeconds' | 'throughputQps'>
> & {
  kind?: string | null;
  message?: RegExp;
  outcome?: ProcessOutcome;
};

const MiB = 1024 * 1024;

// Expected figures, read off each log by hand. Logs without an exit status are judged by their own
// lines; fragments that stop before trtexec's last word are given the exit status their source reports.
const EXPECTED: [file: string, section: string, expected: Expected][] = [
  // A path the parser cannot open is named by its path, not as the model's parse (issue 58).
  [
    'onnx-file-missing-trt8.2-trt10.log',
    'a',
    {
      status: 'failed',
      kind: 'other',
      message: /^Could not open file \/home\/.*hitnet_eth3d_480x640\.onnx$/,
      outcome: { exitCode: 1 },
    },
  ],
  [
    'onnx-file-missing-trt8.2-trt10.log',
    'b',
    { status: 'failed', kind: 'other', message: /Input is not a regular file: C:\\Apps/, outcome: { exitCode: 1 } },
  ],
  // INT8 calibration (issue 58): a kind of its own, whichever way it shows.
  [
    'int8-calibration-failures-trt7-trt10.log',
    'a',
    { status: 'failed', kind: 'int8-calibration', message: /no scaling factors detected/, outcome: { exitCode: 1 } },
  ],
  [
    'int8-calibration-failures-trt7-trt10.log',
    'b',
    // The first illegal memory access while calibrating, not the "invalid argument" before it.
    {
      status: 'failed',
      kind: 'int8-calibration',
      message: /executeInternal::966\] .*an illegal memory access was encountered/,
      outcome: { exitCode: 1 },
    },
  ],
  [
    'int8-calibration-failures-trt7-trt10.log',
    'c',
    { status: 'failed', kind: 'int8-calibration', message: /DynamicRange::65.*min_ <= max_/, outcome: { exitCode: 1 } },
  ],
  [
    'int8-calibration-failures-trt7-trt10.log',
    'd',
    { status: 'failed', kind: 'int8-calibration', message: /quantizeBiasCommon::310/ },
  ],
  [
    'int8-calibration-failures-trt7-trt10.log',
    'e',
    {
      status: 'failed',
      kind: 'int8-calibration',
      message: /^\[TensorRT\] INTERNAL ERROR: Assertion failed: d\.nbDims >= 1 \(\.\.\/rtSafe\/safeHelpers\.cpp:419\)$/,
    },
  ],
  [
    'fatal-F-plugin-assertion-trt8.5.log',
    'a',
    {
      status: 'failed',
      kind: 'internal-assertion',
      message:
        /^Assertion failed: params\.c .* \(\/workspace\/TensorRT\/plugin\/groupNormPlugin\/groupNormKernel\.cu:138\)$/,
    },
  ],
  [
    'fatal-F-plugin-assertion-trt8.5.log',
    'b',
    { status: 'failed', kind: 'internal-assertion', message: /DCHECK\(/, outcome: { exitCode: 1 } },
  ],
  [
    'no-optimization-profile-trt8.0-trt10.log',
    'a',
    { status: 'failed', kind: 'no-profile', message: /no optimization profile has been defined/ },
  ],
  [
    'no-optimization-profile-trt8.0-trt10.log',
    'b',
    { status: 'failed', kind: 'no-profile', message: /inputT1: optimization profile/, outcome: { exitCode: 1 } },
  ],
  [
    'no-implementation-then-crash-trt8.5-trt10.log',
    'a',
    { status: 'failed', kind: 'no-implementation', message: /^10: Could not find any implementation/ },
  ],
  [
    'no-implementation-then-crash-trt8.5-trt10.log',
    'b',
    { status: 'failed', kind: 'no-implementation', message: /computeCosts::3728/ },
  ],
  [
    'no-implementation-then-crash-trt8.5-trt10.log',
    'c',
    // The crash after it says less: the missing implementation is the cause.
    {
      status: 'failed',
      kind: 'no-implementation',
      message: /computeCosts::3728/,
      outcome: { exitCode: null, signal: 'SIGSEGV' },
    },
  ],
  [
    'cuda-driver-insufficient-trt8.5.1-trtexec.log',
    'a',
    {
      tensorrtVersion: '8.5.1',
      status: 'failed',
      kind: 'driver-insufficient',
      message: /^Cuda failure: CUDA driver version is insufficient/,
    },
  ],
  [
    'cuda-driver-insufficient-trt8.5.1-trtexec.log',
    'b',
    { status: 'failed', kind: 'driver-insufficient', outcome: { exitCode: null, signal: 'SIGABRT' } },
  ],
  [
    'deserialize-magic-tag-mismatch-not-a-plan.log',
    'a',
    { status: 'failed', kind: 'plan-incompatible', message: /magicTag == rt::kPLAN_MAGIC_TAG failed/ },
  ],
  [
    'deserialize-magic-tag-mismatch-not-a-plan.log',
    'b',
    { status: 'failed', kind: 'plan-incompatible', message: /Magic tag does not match/ },
  ],
  [
    'deserialize-magic-tag-mismatch-not-a-plan.log',
    'c',
    { status: 'failed', kind: 'plan-incompatible', message: /Magic tag does not match/ },
  ],
  [
    'deserialize-version-tag-mismatch-trt8.2.log',
    'a',
    { status: 'failed', kind: 'plan-incompatible', message: /^1: \[stdArchiveReader.*Version tag does not match/ },
  ],
  [
    'deserialize-version-tag-mismatch-trt8.2.log',
    'b',
    { status: 'failed', kind: 'plan-incompatible', message: /Current Version: 236, Serialized Engine Version: 237/ },
  ],
  ['deserialize-version-tag-mismatch-trt8.2.log', 'c', { status: 'failed', kind: 'plan-incompatible' }],
  [
    'dynamic-plugin-missing-getCreators-symbol-trt8.6.log',
    'all',
    { status: 'failed', kind: 'plugin-missing', message: /SymbolAddress for getPluginCreators could not be loaded/ },
  ],
  [
    'header-lines-RUNNING-PASSED-FAILED-across-versions.log',
    'all',
    { tensorrtVersion: '8.4.2', tensorrtBuild: null, status: 'passed' },
  ],
  [
    'layerinfo-console-dumpLayerInfo-myelin-trt10.16.1-cookbook.log',
    'all',
    {
      tensorrtVersion: '10.16.1',
      tensorrtBuild: 11,
      status: 'passed',
      engineBytes: Math.round(12.5765 * MiB),
      buildSeconds: 8.05109,
    },
  ],
  [
    'layerinfo-json-layer_names_only-vs-detailed-trt10.x-ngc24.06.log',
    'all',
    { tensorrtVersion: null, status: 'unknown', kind: null },
  ],
  ['layerinfo-myelin-layer_names_only-vs-detailed-trt10.10.log', 'all', { status: 'unknown', kind: null }],
  ['long-build-myelin-foreignnode-tactic-timing.log', 'all', { status: 'unknown', buildSeconds: 584.689 }],
  [
    'missing-plugin-at-deserialize-trt7.2-and-trt8.2.log',
    'a',
    { status: 'failed', kind: 'plugin-missing', message: /IPluginCreator not found in Plugin Registry/ },
  ],
  ['missing-plugin-at-deserialize-trt7.2-and-trt8.2.log', 'b', { status: 'failed', kind: 'plugin-missing' }],
  [
    'missing-plugin-at-deserialize-trt7.2-and-trt8.2.log',
    'c',
    { status: 'failed', kind: 'plugin-missing', message: /Cannot find plugin: EfficientIdxNMS_TRT/ },
  ],
  [
    'missing-plugin-onnx-parse-failed-trt8.6.1.log',
    'all',
    {
      status: 'failed',
      kind: 'plugin-missing',
      message: /Plugin not found, are the plugin name, version, and namespace correct/,
    },
  ],
  [
    'no-kernel-image-plugin-at-inference-trt8.x.log',
    'all',
    { status: 'failed', kind: 'unsupported-gpu', message: /no kernel image is available/ },
  ],
  [
    'onnx-parse-failure-trt7-trt8-classic.log',
    'a',
    { status: 'failed', kind: 'onnx-parse', message: /Failed to parse onnx file/ },
  ],
  [
    'onnx-parse-failure-trt7-trt8-classic.log',
    'b',
    { status: 'failed', kind: 'onnx-parse', message: /Failure while parsing ONNX file/ },
  ],
  ['onnx-parse-failure-trt7-trt8-classic.log', 'c', { tensorrtVersion: '8.2.1', status: 'unknown', kind: null }],
  [
    'oom-build-failed-no-implementation-trt10.3.log',
    'all',
    { status: 'failed', kind: 'out-of-memory', message: /Cuda Runtime \(out of memory\)/ },
  ],
  // Tactics skipped for memory are warnings: the build still succeeded.
  [
    'oom-tactic-skipped-but-build-succeeds-trt10.x.log',
    'all',
    {
      status: 'passed',
      kind: null,
      engineBytes: Math.round(34.271 * MiB),
      buildSeconds: 273.506,
      outcome: { exitCode: 0 },
    },
  ],
  ['oom-virtualMemoryBuffer-resizePhysical-trt8.5-era.log', 'all', { status: 'unknown', kind: null }],
  // TensorRT's own misspelling ("insuficient") and 7.x's one word ("OutOfMemory Error"): out of memory all the same.
  [
    'oom-misspelled-insuficient-trt8.x.log',
    'all',
    { status: 'failed', kind: 'out-of-memory', message: /insuficient memory/, outcome: { exitCode: 1 } },
  ],
  [
    'oom-OutOfMemory-Error-in-allocate-trt7.log',
    'all',
    { status: 'failed', kind: 'out-of-memory', message: /OutOfMemory Error in allocate/, outcome: { exitCode: 1 } },
  ],
  // A log that ends in a crash is a failed one, by its own lines: no exit status, no &&&& verdict.
  [
    'crash-segfault-while-parsing-trt8.6.log',
    'all',
    { status: 'failed', kind: 'other', message: /^Segmentation fault \(core dumped\)$/ },
  ],
  [
    'crash-signal-11-building-trt10.x.log',
    'all',
    { status: 'failed', kind: 'other', message: /Signal: Segmentation fault \(11\)/ },
  ],
  // The engine built and could not be saved: said as that, not as "Engine set up failed".
  [
    'save-engine-failed-trt10.16.log',
    'all',
    { tensorrtVersion: '10.16.1', status: 'failed', kind: 'other', message: /^Saving engine to file failed\.$/ },
  ],
  [
    'oom-virtualMemoryBuffer-resizePhysical-trt8.5-era.log',
    'all',
    { status: 'failed', kind: 'out-of-memory', outcome: { exitCode: 1 } },
  ],
  ['perf-summary-older-formats-trt7.x-trt8.0.log', 'a', { status: 'unknown', throughputQps: 1.57184 }],
  // Binding lines only (the A/B reads them, test/latency.test.ts): no verdict in them.
  ['bindings-and-dynamic-override.log', 'all', { status: 'unknown', kind: null }],
  // TensorRT 7.x's verdict had no version tag: it is a verdict all the same (issue 24).
  ...['a', 'b', 'c'].map((section): [string, string, Expected] => [
    'verdict-without-version-tag-trt7.x.log',
    section,
    { tensorrtVersion: null, status: 'passed', kind: null },
  ]),
  ['perf-summary-older-formats-trt7.x-trt8.0.log', 'b', { status: 'unknown', throughputQps: 0 }],
  [
    'success-build-bench-trt10.16.1-h100-cookbook.log',
    'all',
    {
      tensorrtVersion: '10.16.1',
      tensorrtBuild: 11,
      status: 'passed',
      engineBytes: Math.round(12.5744 * MiB),
      buildSeconds: 8.09138,
      throughputQps: 15374.3,
    },
  ],
  // TensorRT 11.0's options block ("Precision: Strongly Typed", no LayerPrecisions: or Calibration: lines).
  [
    'options-strongly-typed-trt11.0.0-b200-cookbook.log',
    'all',
    {
      tensorrtVersion: '11.0.0',
      tensorrtBuild: 114,
      status: 'passed',
      engineBytes: Math.round(12.627 * MiB),
      buildSeconds: 5.6446,
    },
  ],
  // Held out: TensorRT 11.0.0 running an engine with 11.x's measurement (no transfers, a CUDA graph, spin-wait).
  [
    'inference-graph-spin-trt11.0.0-b200-cookbook.log',
    'all',
    { tensorrtVersion: '11.0.0', tensorrtBuild: 114, status: 'passed', engineBytes: null, throughputQps: 23215 },
  ],
  ['options-fp16-trt10.14.1-rtx6000ada-cookbook.log', 'all', { tensorrtVersion: '10.14.1', tensorrtBuild: 48 }],
  [
    'success-build-bench-trt8.4.1-cookbook.log',
    'all',
    {
      tensorrtVersion: '8.4.1',
      tensorrtBuild: null,
      status: 'passed',
      engineBytes: 12 * MiB,
      buildSeconds: 3.05461,
      throughputQps: 6106.55,
    },
  ],
  [
    'success-build-skipInference-trt8.6.0-cookbook.log',
    'all',
    { tensorrtVersion: '8.6.0', status: 'passed', engineBytes: 6 * MiB, buildSeconds: 9.55249, throughputQps: null },
  ],
  [
    'unknown-option-removed-flags-trt10.3-FAILED.log',
    'all',
    {
      tensorrtVersion: '10.3.0',
      status: 'failed',
      kind: 'unknown-option',
      message: /^Unknown option: --workspace 2048$/,
    },
  ],
  [
    'unsupported-sm-older-trt7-trt8.4.log',
    'a',
    { status: 'failed', kind: 'unsupported-gpu', message: /Unsupported SM/ },
  ],
  [
    'unsupported-sm-older-trt7-trt8.4.log',
    'b',
    { status: 'failed', kind: 'unsupported-gpu', message: /SM version not supported/ },
  ],
  // An abort on an internal assertion, no &&&& line and no exit status given: failed, with its kind (issue 35).
  [
    'internal-assertion-myelin-abort-trt8.x.log',
    'a',
    { status: 'failed', kind: 'internal-assertion', message: /kqv_gemm_split\.cpp:658 status == myelinSuccess/ },
  ],
  [
    'internal-assertion-myelin-abort-trt8.x.log',
    'b',
    {
      status: 'failed',
      kind: 'internal-assertion',
      message: /Assertion `value_info->operand\(\)->is_tensor\(\)' failed\./,
    },
  ],
  [
    'internal-assertion-myelin-abort-trt8.x.log',
    'c',
    { status: 'failed', kind: 'internal-assertion', message: /Assertion `is_const\(\)’ failed\./ },
  ],
];

describe('fatal [E] lines mark a log failed without an exit code or a verdict (issue 24)', () => {
  it.each([
    // oom-build-failed-no-implementation-trt10.3.log, line 8: the build found no tactic (after out-of-memory).
    [
      '[11/22/2024-13:40:47] [E] Error[10]: IBuilder::buildSerializedNetwork: Error Code 10: Internal Error ' +
        '(Could not find any implementation for node {ForeignNode[/1/Constant_36_output_0.../1/Slice_4]}.)',
    ],
    // onnx-parse-failure-trt7-trt8-classic.log (a), its first two lines as published: the ONNX parser's own.
    ['While parsing node number 0 [Conv]:\nERROR: ModelImporter.cpp:296 In function importModel:'],
  ])('%s', (line) => {
    expect(parse(`${line}\n`).status).toBe('failed');
  });
});

describe('the loaded engine size', () => {
  // "MB" is TensorRT 8.0's spelling (issue 24's held-out logs; no public capture of it was found to copy).
  it.each([
    ['[08/12/2021-10:11:12] [I] [TRT] Loaded engine size: 12 MB', 12],
    ['[04/15/2024-18:24:21] [I] [TRT] Loaded engine size: 2 MiB', 2],
  ])('%s', (line, mib) => {
    expect(parse(`${line}\n`).engineBytes).toBe(mib * 1024 * 1024);
    expect(parse(`${line}\n`).engineBytesAre).toBe('at-least');
  });

  it('is a lower bound: "0 MiB" is under 1 MiB, never 0 B; a created size is exact (issue 35)', async () => {
    const runner = makeRunner();
    const log = join(runner.dir, 'load.log');
    writeFileSync(log, '[04/15/2024-18:24:21] [I] [TRT] Loaded engine size: 0 MiB\n');
    expect((await cli(['parse-log', log])).stdout).toMatch(/^engine size: {2}< 1 MiB$/m);
    writeFileSync(log, '[04/15/2024-18:24:21] [I] [TRT] Loaded engine size: 2 MiB\n');
    expect((await cli(['parse-log', log])).stdout).toMatch(/^engine size: {2}≥ 2\.00 MiB$/m);
    const created = '[04/15/2024-18:24:21] [I] [TRT] Created engine with size: 2.5 MiB\n';
    expect(parse(created)).toMatchObject({ engineBytes: 2.5 * 1024 * 1024, engineBytesAre: 'exact' });
  });

  it('a crash and a failed save are failures with a reason: parse-log exits 1 and says what to do', async () => {
    for (const [file, hint] of [
      ['crash-segfault-while-parsing-trt8.6.log', /^trtexec crashed: .*--verbose/],
      ['save-engine-failed-trt10.16.log', /could not write it: check the free space/],
    ] as const) {
      const result = await cli(['parse-log', join(FIXTURES, 'trtexec-logs', file), '--json']);
      expect(result.code, file).toBe(1);
      expect(JSON.parse(result.stdout).failure.hint, file).toMatch(hint);
    }
  });

  it('an abort on an internal assertion is a failed log: parse-log exits 1 with its kind', async () => {
    const file = join(FIXTURES, 'trtexec-logs', 'internal-assertion-myelin-abort-trt8.x.log');
    const result = await cli(['parse-log', file, '--json']);
    expect([result.code, JSON.parse(result.stdout).failure.kind]).toEqual([1, 'internal-assertion']);
  });
});

describe('parseTrtexecLog on real trtexec output', () => {
  it('has expected figures for every log in the fixtures', () => {
    const covered = new Set(EXPECTED.map(([file]) => file));
    expect(
      readdirSync(LOGS)
        .filter((f) => f.endsWith('.log'))
        .filter((f) => !covered.has(f)),
    ).toEqual([]);
  });

  it.each(EXPECTED)('%s (%s)', (file, name, expected) => {
    const { kind, message, outcome, ...figures } = expected;
    const result = parse(section(file, name), outcome);
    expect(result).toMatchObject(figures);
    if (kind !== undefined) expect(result.failure?.kind ?? null).toBe(kind);
    if (message) expect(result.failure?.message).toMatch(message);
    if (result.failure) expect(result.failure.hint.length).toBeGreaterThan(40);
  });

  it('reads the whole performance summary, with the percentiles that version printed', () => {
    const new10 = parse(section('success-build-bench-trt10.16.1-h100-cookbook.log'));
    expect(new10.latencyMs).toEqual({
      min: 0.0410156,
      max: 0.14917,
      mean: 0.0441053,
      median: 0.0440674,
      p90: 0.0450439,
      p95: 0.0458984,
      p99: 0.0512695,
    });
    expect(new10.gpuComputeMs).toEqual({
      min: 0.0331421,
      max: 0.140381,
      mean: 0.0359588,
      median: 0.0361328,
      p90: 0.0368652,
      p95: 0.0371094,
      p99: 0.041748,
    });
    expect(new10.device).toEqual({ name: 'NVIDIA H100 PCIe', computeCapability: '9.0' });
    // 8.4 printed percentile(99%) alone (its --percentile default).
    const old84 = parse(section('success-build-bench-trt8.4.1-cookbook.log'));
    expect(old84.latencyMs).toEqual({
      min: 0.158203,
      max: 1.80566,
      mean: 0.169435,
      median: 0.161621,
      p90: null,
      p95: null,
      p99: 0.433105,
    });
    expect(old84.gpuComputeMs?.p99).toBe(0.427002);
    // 7.x: "Latency:" is host latency; the extra "End-to-End Host Latency:" line must not replace it.
    const v7 = parse(section('perf-summary-older-formats-trt7.x-trt8.0.log', 'a'));
    expect(v7.latencyMs).toEqual({
      min: 634.644,
      max: 638.123,
      mean: 636.196,
      median: 636.003,
      p90: null,
      p95: null,
      p99: 638.123,
    });
    // <= 8.0: the multi-line block.
    const v8 = parse(section('perf-summary-older-formats-trt7.x-trt8.0.log', 'b'));
    expect(v8.latencyMs).toEqual({
      min: 0.03125,
      max: 2.45703,
      mean: 0.041071,
      median: 0.0410156,
      p90: null,
      p95: null,
      p99: 0.0507812,
    });
    expect(v8.gpuComputeMs).toEqual({
      min: 0.0214844,
      max: 2.01758,
      mean: 0.0298031,
      median: 0.0292969,
      p90: null,
      p95: null,
      p99: 0.0371094,
    });
  });

  it('decodes every banner: 4 digits up to 8.x, 6 digits from 10, [bNN] from 10.4', () => {
    const banners = section('header-lines-RUNNING-PASSED-FAILED-across-versions.log')
      .split('\n')
      .map((line) => BANNER_PATTERN.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => formatVersion(decodeBannerVersion(m[2]!, m[3])!, true));
    expect(banners).toEqual(['8.4.2', '10.0.1', '10.2.0', '10.7.0.23', '10.13.3.9', '10.16.2.10', '10.16.1.11']);
  });

  it('out of memory said by the allocator alone is out of memory, with what it asked (issue 58)', () => {
    // As a Jetson Orin Nano Whisper build's notes quote TensorRT (one line each, no "Building engine failed").
    const lines = [
      ['[E] [TRT] autotuning: User allocator error allocating 21504000-byte buffer', 21504000],
      ["[E] [TRT] region '__mye103221-consts' allocation failed", null],
      ['[E] [TRT] Requested size was 100872448 bytes', 100872448],
    ] as const;
    for (const [line, bytes] of lines) {
      const parsed = parse(`${line}\n&&&& FAILED TensorRT.trtexec [TensorRT v101601] # trtexec`);
      expect(parsed.failure?.kind, line).toBe('out-of-memory');
      if (bytes !== null) expect(requestedBytes(line)).toBe(bytes);
    }
    // Not allocator words: another failure.
    expect(parse('[E] [TRT] User error in the plugin\n&&&& FAILED TensorRT.trtexec # trtexec').failure?.kind).not.toBe(
      'out-of-memory',
    );
  });

  it('a timing cache TensorRT cannot read is a warning, never "not a TensorRT plan" (issue 58)', () => {
    // As a ComfyUI TensorRT node's README quotes TensorRT (its versions redacted there): a timing cache written by
    // another TensorRT, refused, and the build goes on without it.
    const unread = [
      '[E] 1: [stdArchiveReader.cpp::nvinfer1::rt::StdArchiveReader::StdArchiveReaderInitCommon::46] Error Code 1: ' +
        'Serialization (Serialization assertion stdVersionRead == serializationVersion failed.Version tag does not ' +
        'match. Note: Current Version: 239, Serialized Engine Version: 236)',
      '[E] 4: The timing cache will not be used!',
    ];
    const failedLater = [
      ...unread,
      '[E] Error[2]: [virtualMemoryBuffer.cpp::resizePhysical::140] Error Code 2: ' +
        'OutOfMemory (no further information)',
      '&&&& FAILED TensorRT.trtexec [TensorRT v101601] # trtexec',
    ];
    expect(parse(failedLater.join('\n')).failure?.kind).toBe('out-of-memory');
    const passed = [...unread, '&&&& PASSED TensorRT.trtexec [TensorRT v101601] # trtexec'].join('\n');
    expect(parse(passed)).toMatchObject({ status: 'passed', failure: null });
    // Without the timing cache's line the same tag mismatch is a plan that does not load.
    const plan = [unread[0]!, '&&&& FAILED TensorRT.trtexec [TensorRT v101601] # trtexec'].join('\n');
    expect(parse(plan).failure?.kind).toBe('plan-incompatible');
    const alone = [...unread, '&&&& FAILED TensorRT.trtexec [TensorRT v101601] # trtexec'].join('\n');
    expect(parse(alone).failure?.kind).not.toBe('plan-incompatible');
  });

  it('reads a PASSED banner without its " # command" as a pass (issue 58); a cut banner is no verdict', () => {
    // As a public tutorial quotes a 10.14 build's log (Learn-TensorRT, 32_final_portfolio_case_study/README.md).
    const quoted = [
      '[I] TensorRT version: 10.14.1',
      '[I] Engine generation completed in 1.32574 seconds.',
      '[I] Created engine with size: 12.6623 MiB',
      '&&&& PASSED TensorRT.trtexec [TensorRT v101401]',
    ].join('\n');
    expect(parse(quoted)).toMatchObject({ status: 'passed', failure: null });
    expect(parse(quoted.replace('PASSED', 'FAILED')).status).toBe('failed');
    // Not a banner: another program's line, or the banner cut inside its version.
    expect(parse(quoted.replace('TensorRT.trtexec [TensorRT v101401]', 'TensorRT.trtexecX')).status).not.toBe('passed');
    expect(parse(quoted.replace('[TensorRT v101401]', '[TensorRT v1014')).status).not.toBe('passed');
  });

  it(
    'trusts the exit status before the log: exit 0 ' + 'passes a log with errors, a non-zero exit fails a PASSED log',
    () => {
      const oomLines = section('oom-build-failed-no-implementation-trt10.3.log');
      expect(parse(oomLines, { exitCode: 0 })).toMatchObject({ status: 'passed', failure: null });
      const passed = parse(section('success-build-skipInference-trt8.6.0-cookbook.log'), { exitCode: 139 });
      expect(passed.status).toBe('failed');
      expect(passed.failure).toMatchObject({ kind: 'other', message: 'trtexec exited with status 139' });
      expect(parse('', { exitCode: null, timedOut: true }).failure?.kind).toBe('timeout');
    },
  );

  it('keeps one line of a runaway line, so a log without newlines cannot fill memory', () => {
    const seen: string[] = [];
    const lines = new LineSplitter((line) => seen.push(line), 16);
    lines.push(Buffer.from('x'.repeat(100)));
    lines.push(Buffer.from('yy\nshort\r\ntail'));
    lines.end();
    expect(seen).toEqual(['x'.repeat(16), 'short', 'tail']);
  });
});

describe('the edges of the failure kinds read from real lines (issue 58)', () => {
  const FAILED = '&&&& FAILED TensorRT.trtexec [TensorRT v100300] # trtexec';
  const kindOf = (...lines: string[]) => parse([...lines, FAILED].join('\n')).failure?.kind;

  it('the builder\'s own "engine != nullptr" says only that the build failed; any other assertion is one', () => {
    const code2 = (at: string, what: string) =>
      `[E] Error[2]: [${at}] Error Code 2: Internal Error (Assertion ${what} failed. )`;
    expect(kindOf(code2('builder.cpp::buildSerializedNetwork::751', 'engine != nullptr'))).toBe('other');
    expect(kindOf(code2('builder.cpp::buildSerializedNetwork::609', 'enginePtr != nullptr'))).toBe('other');
    expect(kindOf(code2('ltWrapper.cpp::setupHeuristic::327', 'cublasStatus == CUBLAS_STATUS_SUCCESS'))).toBe(
      'internal-assertion',
    );
  });

  it("an [F] line is TensorRT's internal error whatever it says; an [E] line that says as little is not", () => {
    expect(kindOf('[F] [TRT] Validation failed: something TensorRT checks')).toBe('internal-assertion');
    expect(kindOf('[E] [TRT] Validation failed: something TensorRT checks')).toBe('other');
  });

  it("only while calibrating is an error the calibration's: not before it starts, not after it completes", () => {
    const illegal =
      '[E] Error[1]: [executionContext.cpp::executeInternal::966] Error Code 1: Cuda Runtime (an illegal memory ' +
      'access was encountered)';
    expect(kindOf('[I] [TRT] Starting Calibration.', illegal)).toBe('int8-calibration');
    expect(kindOf(illegal)).toBe('other');
    expect(
      kindOf('[I] [TRT] Starting Calibration.', '[I] [TRT] Calibration completed in 0.317902 seconds.', illegal),
    ).toBe('other');
    // A warning while calibrating is no error; an error is, and out of memory stays out of memory.
    expect(kindOf('[I] [TRT] Starting Calibration with batch size 50.', '[W] [TRT] slow batch')).toBe('other');
    expect(kindOf('[I] [TRT] Starting Calibration.', '[E] Error[2]: some other error')).toBe('int8-calibration');
    expect(kindOf('[I] [TRT] Starting Calibration.', '[E] [TRT] Requested size was 100872448 bytes')).toBe(
      'out-of-memory',
    );
  });

  it("the location after a fatal assertion joins its message; a plugin's source gets the plugin's hint", () => {
    const plugin = parse(section('fatal-F-plugin-assertion-trt8.5.log', 'a')).failure!;
    expect(plugin.hint).toMatch(/^A check in TensorRT's groupNormPlugin failed \(groupNormKernel\.cu:138\)/);
    const core = parse(section('int8-calibration-failures-trt7-trt10.log', 'e')).failure!;
    expect(core.hint).not.toMatch(/plugin/);
    // A line two lines on is no location of it.
    const late = parse(
      ['[F] [TRT] Assertion failed: x', '[W] [TRT] a warning', '/a/plugin/p/k.cu:1', FAILED].join('\n'),
    );
    expect(late.failure!.message).toBe('Assertion failed: x');
  });

  it('a path the parser cannot open is said as one, not as an ONNX that does not parse', () => {
    const missing = parse(section('onnx-file-missing-trt8.2-trt10.log', 'a'), { exitCode: 1 }).failure!;
    expect(missing.hint).toMatch(/^trtexec could not open the file the message names/);
    expect(missing.hint).not.toMatch(/parser rejected/);
  });

  it('no profile: the hint names the profile, what it gives, and the shape input TensorRT names', () => {
    const parser = new TrtexecLogParser();
    for (const line of section('no-optimization-profile-trt8.0-trt10.log', 'b').split('\n')) parser.push(line);
    const failure = parser.result({ exitCode: 1 }, { profile: { name: 'hd', inputs: ['images'] } }).failure!;
    expect(failure.hint).toMatch(/a shape input, inputT1, that profile hd gives no shape: .*\(it gives images\)/);
    const older = parse(section('no-optimization-profile-trt8.0-trt10.log', 'a')).failure!;
    expect(older.hint).toMatch(/an input with dynamic dimensions, or a shape input, that the build's profile gives/);
  });
});

describe('trt-ci parse-log', () => {
  it('prints the documented JSON keys as JSON', async () => {
    const result = await cli(['parse-log', join(LOGS, 'success-build-bench-trt10.16.1-h100-cookbook.log'), '--json']);
    expect(result.code).toBe(0);
    const parsed = JSON.parse(result.stdout);
    for (const key of [
      'tensorrtVersion',
      'status',
      'engineBytes',
      'buildSeconds',
      'throughputQps',
      'latencyMs',
      'gpuComputeMs',
      'failure',
    ])
      expect(parsed).toHaveProperty(key);
    expect(parsed.tensorrtVersion).toBe('10.16.1');
  });

  it('exits 1 for a failed log and uses --exit-code', async () => {
    const failed = await cli(['parse-log', join(LOGS, 'oom-build-failed-no-implementation-trt10.3.log')]);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('failure:      out-of-memory');
    expect(failed.stdout).toContain('TensorRT asked for 14.4 GiB');
    const passed = await cli([
      'parse-log',
      join(LOGS, 'oom-build-failed-no-implementation-trt10.3.log'),
      '--exit-code',
      '0',
      '--json',
    ]);
    expect(JSON.parse(passed.stdout)).toMatchObject({ status: 'passed', failure: null });
    const bad = await cli(['parse-log', join(LOGS, 'x.log'), '--exit-code', 'one']);
    expect(bad).toMatchObject({ code: 2, stderr: 'trt-ci: --exit-code: expected an exit status 0-255, got "one"\n' });
    const dir = await cli(['parse-log', LOGS]);
    expect(dir).toMatchObject({
      code: 2,
      stderr: `trt-ci: ${LOGS}: cannot read log: is a directory, expected a trtexec log\n`,
    });
  });
});

describe('hints', () => {
  it('names the driver that TensorRT 11 needs, since every 11.x is built with CUDA 13', () => {
    const parser = new TrtexecLogParser();
    parser.push('&&&& RUNNING TensorRT.trtexec [TensorRT v110201] [b2] # trtexec --onnx=m.onnx');
    parser.push('Cuda failure at sampleDevice.cpp:101: CUDA driver version is insufficient for CUDA runtime version');
    const failure = parser.result({ exitCode: 1 }).failure!;
    expect(failure.kind).toBe('driver-insufficient');
    expect(failure.hint).toContain('TensorRT 11.2.1 is built with CUDA 13, which needs driver >= 580.65.06');
  });

  it('says why an unknown option is unknown to this version', () => {
    const parser = new TrtexecLogParser();
    parser.push('&&&& RUNNING TensorRT.trtexec [TensorRT v101601] [b11] # trtexec --workspace=1024');
    parser.push('[11/29/2026-20:49:31] [E] Unknown option: --workspace 1024');
    expect(parser.result({ exitCode: 1 }).failure!.hint).toMatch(
      /^--workspace was removed in TensorRT 10\.0, this trtexec is 10\.16\.1; use --memPoolSize/,
    );
  });
});
