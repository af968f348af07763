// A stand-in for NVIDIA's trtexec, for tests and the demo only: trt-ci never knows it is talking to it.
// It accepts exactly the flags of the TensorRT version it pretends to be (reference: NVIDIA/TensorRT
// samples/common/sampleOptions.cpp by tag up to 11.3, samples/trtexecCommon/ from 11.4, whose rows come from
// the release notes: docs/trtexec-flags.md), rejects the rest as
// that version does, prints that version's output format, and writes plans with a real header.
// Run as a program (node trtexec-standin.mjs ARGS), or one call at a time in the test run's standin-server.mjs.
//
// Switches (environment):
//   TRTEXEC_STANDIN_VERSION       10.16.1.11 (default) | 8.6.1.6 | 8.4.1.5 | 10.3.0.26 | 11.2.1.2 | 11.1.0.5 ...
//   TRTEXEC_STANDIN_OOM_ABOVE_MIB build fails with TensorRT's out-of-memory errors above this workspace
//   TRTEXEC_STANDIN_LONG_LINE_MIB a loaded engine's run prints one line of this many MiB (no newline in it)
//   TRTEXEC_STANDIN_HANG          "1": hang after parsing (with a forked child); "ignore-term": and ignore SIGTERM;
//                                 "load": a --loadEngine run hangs so (a build does not)
//   TRTEXEC_STANDIN_CHILD_PIDS    file to append the forked child's pid to (hang and escape modes)
//   TRTEXEC_STANDIN_ESCAPE        "1": the build leaves an idle child in a session of its own (setsid)
//   TRTEXEC_STANDIN_NEEDS_PLUGIN  a plugin library name the model needs; without it the ONNX parse fails
//   TRTEXEC_STANDIN_CRASH         "driver": die as trtexec does on a driver older than its CUDA runtime
//   TRTEXEC_STANDIN_BINDINGS     a loaded engine's bindings, per engine: "head.plan=in:images:?x3x640x640>out:y:1x8"
//                                 (? a dynamic dimension: 1 without --shapes, with trtexec's warning)
//   TRTEXEC_STANDIN_RUN_NO_KERNEL "1": a run on given inputs (--loadInputs) fails as a plugin without a kernel
//                                 for the GPU does (Cuda Error 209, FAILED_EXECUTION), exit 1
//   TRTEXEC_STANDIN_RUN_CRASH     a loaded engine dies by SIGSEGV before its first inference: "all" runs, or
//                                 "timed" ones (--exportTimes: the latency A/B's, not the plain benchmark)
//   TRTEXEC_STANDIN_ONLY          apply the fault switches only to builds whose --saveEngine contains this
//   TRTEXEC_STANDIN_TERSE_HELP    --help lists no flags (a build whose help trt-ci cannot read)
//   TRTEXEC_STANDIN_BUILD_MS      how long the build takes (default 0)
//   TRTEXEC_STANDIN_LATENCY_*     per-iteration timings (--exportTimes): see iterationTimes below
//   TRTEXEC_STANDIN_REAL_TIME     "1": inference lasts --warmUp + --duration as trtexec's (default 0.2 s + 3 s)
//   TRTEXEC_STANDIN_ALLOC_MIB     GPU memory the build holds (default: its workspace), seen by the nvidia-smi stand-in
//   TRTEXEC_STANDIN_PLAN_BYTES    plan size (default: derived from the max shapes)
//   TRTEXEC_STANDIN_PAD_ZEROS     append this many zero bytes to the plan, as TensorRT 11.2 does for
//                                 unfused pointwise ops (NVIDIA/TensorRT#4841)
//   TRTEXEC_STANDIN_CUT_PLAN      write only this many bytes of the plan, and still pass (a writer cut short)
//   TRTEXEC_STANDIN_VERBOSE_BYTES emit this many bytes of [V] lines while building
//   TRTEXEC_STANDIN_CALLS         file to append one JSON line per call to (argv, GPU, start and end times)
//   TRTEXEC_STANDIN_FUSED_TO_FP32 "1": on 11.x every layer computes in FP32 though the ONNX holds FP16 nodes
//   TRTEXEC_STANDIN_GPU_NAME      default "NVIDIA H200"; TRTEXEC_STANDIN_GPU_CC default "9.0"
//   TRTEXEC_STANDIN_PORTABLE_UNCHANGED  a --hardwareCompatibilityLevel build identical to the native one
//                                 (else it has another convolution tactic and 4 KiB more plan)
//   TRTEXEC_STANDIN_OUTPUT_ERROR  inference outputs off as asked: noise:R | fp16 | zeros | nan | inf, or wrong only
//                                 in a batch: couple-rows:R | row-drift:R | jitter:R (see batchFault), or at one
//                                 shape of the first input: at-shape:<dims>:R (noise there only), for every
//                                 engine or per engine: <part of its path>=<error>,…
//   TRTEXEC_STANDIN_OUTPUT_TYPE   the output bindings' type in dumps: fp32 (default) | fp16
//   TRTEXEC_STANDIN_TACTIC_FLIP   p in [0, 1]: each build flips each layer's tactic with probability p (random);
//                                 its plan bytes, layer info and outputs' last bits follow
//   TRTEXEC_STANDIN_NO_GRAPH      "1" for every engine, or per engine <part of its path>=1: its CUDA graph
//                                 cannot be captured (trtexec's warning; the run goes on without one)
//   STANDIN_GPU_STATE             folder shared with the nvidia-smi stand-in: memory held per GPU
import { createCipheriv, createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

// Outputs whose type is not the data's, whatever the inputs are (ONNX's operator schemas): never rounded.
const NOT_FLOAT = {
  Shape: [0],
  Size: [0],
  NonZero: [0],
  ArgMax: [0],
  ArgMin: [0],
  Equal: [0],
  Greater: [0],
  GreaterOrEqual: [0],
  Less: [0],
  LessOrEqual: [0],
  Not: [0],
  And: [0],
  Or: [0],
  Xor: [0],
  IsNaN: [0],
  IsInf: [0],
  TopK: [1],
  MaxPool: [1],
  Dropout: [1],
};
const layerName = (node) => node.name || `node_of_${node.output[0]}`;
import { runAsProgram } from './standin-process.mjs';

/** How a call ends early, as trtexec's exit(): the code its process exits with. */
class Exit {
  constructor(code) {
    this.code = code;
  }
}

/**
 * One trtexec call to its end: the code its process exits with, after its exit handlers. `io` is the call
 * (args, env, cwd, pid) and its process's edges: the same code runs as a program of its own
 * (standin-process.mjs) and in the test run's stand-in server (standin-server.mjs), a call per client process.
 */
export async function runTrtexec(io) {
  const atExit = [];
  try {
    await trtexec({ ...io, atExit: (handler) => atExit.push(handler) });
    return 0;
  } catch (error) {
    if (error instanceof Exit) return error.code;
    throw error;
  } finally {
    for (const handler of atExit) handler();
  }
}

async function trtexec(io) {
  // Paths as the calling process resolves them: against its working folder (a server runs many calls).
  const inCwd = (path) => resolve(io.cwd, String(path));
  const existsSync = (path) => fs.existsSync(inCwd(path));
  const readFileSync = (path, ...rest) => fs.readFileSync(inCwd(path), ...rest);
  const writeFileSync = (path, ...rest) => fs.writeFileSync(inCwd(path), ...rest);
  const appendFileSync = (path, ...rest) => fs.appendFileSync(inCwd(path), ...rest);
  const mkdirSync = (path, ...rest) => fs.mkdirSync(inCwd(path), ...rest);
  const rmSync = (path, ...rest) => fs.rmSync(inCwd(path), ...rest);
  const readdirSync = (path, ...rest) => fs.readdirSync(inCwd(path), ...rest);
  const exit = (code) => {
    throw new Exit(code);
  };
  const { env, args, pid } = io;
  /** Written into each plan after the header: the ONNX it was built from, for --loadEngine to infer with. */
  const ONNX_MARK = 'trtexec-standin onnx=';
  const BUILT_MARK = 'trtexec-standin built=';
  // A weakly typed FP16 build (--fp16, TensorRT <= 10): the layers pinned to FP32 (--layerPrecisions with
  // --precisionConstraints=obey or prefer), as JSON; inference rounds every other layer's outputs to FP16.
  const FP16_MARK = 'trtexec-standin fp16=';
  // The layers whose tactic a build picked other than the default (TRTEXEC_STANDIN_TACTIC_FLIP), as JSON.
  const TACTICS_MARK = 'trtexec-standin flipped=';
  /**
   * TRTEXEC_STANDIN_TACTIC_FLIP=<p>: each build, each layer picks its other tactic with probability p, drawn from
   * the OS's randomness, as TensorRT's timing does between runs (NVIDIA/TensorRT#4798, #4730). Chosen once per
   * call; the plan's bytes, its layer info and, through the plan, its outputs' last bits follow the choice.
   */
  const STANDIN_LAYERS = ['node_conv2d + node_relu', '__myl_CastMulLtSeleCast_myl6_0'];
  let flippedLayers = null;
  const flipped = (layers) => {
    if (flippedLayers) return flippedLayers;
    // A fault switch: TRTEXEC_STANDIN_ONLY picks the builds it applies to.
    const p = Number(fault('TRTEXEC_STANDIN_TACTIC_FLIP') ?? 0);
    const draws = new Uint32Array(layers.length);
    globalThis.crypto.getRandomValues(draws);
    flippedLayers = layers.filter((_, i) => draws[i] / 0x100000000 < p);
    return flippedLayers;
  };
  /** A layer's tactic: its default, or the other one when this build flipped it. */
  const tacticOf = (layer, own, other) => (flippedLayers?.includes(layer) ? other : own);
  const thisGpuCc = () => env.TRTEXEC_STANDIN_GPU_CC ?? '9.0';
  const thisGpuName = () => env.TRTEXEC_STANDIN_GPU_NAME ?? 'NVIDIA H200';
  const portableTakesEffect = () =>
    (options.get('--hardwareCompatibilityLevel') ?? 'none') !== 'none' && !env.TRTEXEC_STANDIN_PORTABLE_UNCHANGED;
  const [major, minor, patch, build] = (env.TRTEXEC_STANDIN_VERSION ?? '10.16.1.11').split('.').map(Number);
  const at = (m, n) => major > m || (major === m && minor >= n);
  const versionCode = major >= 10 ? major * 10000 + minor * 100 + patch : major * 1000 + minor * 100 + patch;
  const buildTag = at(10, 4) ? ` [b${build ?? 0}]` : '';
  const commandLine = ['trtexec', ...args].join(' ');
  const started = Date.now();

  const out = (text) => io.write(`${text}\n`);
  const stamp = () => {
    const d = new Date();
    const p = (n) => String(n).padStart(2, '0');
    const time = `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
    return `[${p(d.getMonth() + 1)}/${p(d.getDate())}/${d.getFullYear()}-${time}]`;
  };
  const log = (level, text) => out(`${stamp()} [${level}] ${text}`);
  const banner = (state) =>
    out(`&&&& ${state} TensorRT.trtexec [TensorRT v${versionCode}]${buildTag} # ${commandLine}`);
  const sleep = (ms) => io.sleep(ms);

  // Flags by version, from sampleOptions.cpp (value: [since, until) as [major, minor] pairs).
  const ALWAYS = [
    '--onnx',
    '--saveEngine',
    '--loadEngine',
    '--minShapes',
    '--optShapes',
    '--maxShapes',
    '--shapes',
    '--verbose',
    '--iterations',
    '--duration',
    '--warmUp',
    '--avgRuns',
    '--percentile',
    '--device',
    '--exportTimes',
    '--exportOutput',
    '--loadInputs',
    '--exportProfile',
    '--dumpProfile',
    '--noBuilderCache',
    '--useCudaGraph',
    '--useSpinWait',
    '--noDataTransfers',
    '--separateProfileRun',
    '--tacticSources',
    '--dumpLayerInfo',
    '--plugins',
    '--help',
    '--refit',
    '--sparsity',
    '--noTF32',
    '--inputIOFormats',
    '--outputIOFormats',
    '--timingCacheFile',
    '--profilingVerbosity',
    '--exportLayerInfo',
    '--allowGPUFallback',
    '--safe',
  ];
  const SPANS = {
    '--workspace': [null, [10, 0]],
    '--memPoolSize': [[8, 4], null],
    '--fp16': [null, [11, 0]],
    '--int8': [null, [11, 0]],
    '--best': [null, [11, 0]],
    '--calib': [null, [11, 0]],
    '--bf16': [
      [9, 1],
      [11, 0],
    ],
    '--fp8': [
      [8, 6],
      [11, 0],
    ],
    '--int4': [
      [10, 1],
      [11, 0],
    ],
    '--stronglyTyped': [[9, 1], null],
    '--skipInference': [[8, 6], null],
    '--buildOnly': [null, [10, 0]],
    '--staticPlugins': [[8, 6], null],
    '--dynamicPlugins': [[8, 6], null],
    '--setPluginsToSerialize': [[8, 6], null],
    '--builderOptimizationLevel': [[8, 6], null],
    '--hardwareCompatibilityLevel': [[8, 6], null],
    '--versionCompatible': [[8, 6], null],
    '--vc': [[8, 6], null],
    '--excludeLeanRuntime': [[8, 6], null],
    '--useRuntime': [[8, 6], null],
    '--leanDLLPath': [[8, 6], null],
    '--pluginInstanceNorm': [[10, 0], null],
    '--runtimePlatform': [[10, 2], null],
    '--profile': [[9, 1], null],
    '--useProfile': [[9, 1], null],
    '--getPlanVersionOnly': [[9, 1], null],
    '--explicitBatch': [null, [10, 0]],
    '--minTiming': [null, [10, 0]],
    '--precisionConstraints': [
      [8, 2],
      [11, 0],
    ],
    '--layerPrecisions': [
      [8, 4],
      [11, 0],
    ],
    '--layerOutputTypes': [
      [8, 4],
      [11, 0],
    ],
    '--includeDataTransfers': [[11, 0], null],
    '--noCudaGraph': [[11, 0], null],
    '--noSpinWait': [[11, 0], null],
    '--dumpRawBindingsToFile': [[8, 6], null],
    '--loadRefOutputs': [[11, 1], null],
    '--refPair': [[11, 1], null],
    '--accuracyAlgorithm': [[11, 1], null],
    '--accuracyThreshold': [[11, 1], null],
    '--atol': [[11, 1], null],
    '--rtol': [[11, 1], null],
    // The build-route tuner (sampleOptions.cpp TuningOptions::parse at v11.1).
    '--tuneBuildRoutes': [[11, 1], null],
    '--tuneBuildRouteFile': [[11, 1], null],
    '--tuningSearch': [[11, 1], null],
    '--tuningTimeOut': [[11, 1], null],
    '--tuningCacheFile': [[11, 1], null],
    '--continue': [[11, 1], null],
    '--dryRun': [[11, 1], null],
    '--saveAllEngines': [[11, 1], null],
    '--helpBuildRoute': [[11, 1], null],
    // Parsed since v10.13.0 (sampleOptions.cpp).
    '--dumpKernelText': [[10, 13], null],
    '--remoteAutoTuningConfig': [[10, 13], null],
    // 11.4 and 11.5 have no tag in the repository snapshot: their flags are the release notes' (NVIDIA/TensorRT
    // releases v11.4 16ed063, v11.5 7fe18f0; docs/trtexec-flags.md), none taken from another version.
    '--greenContext': [[11, 4], null],
    '--reference': [[11, 4], null],
    '--loadCheckerBlob': [[11, 4], null],
    '--dumpCheckerBlob': [[11, 4], null],
    '--remoteConfig': [[11, 4], null],
    '--dlaWorkspaceAllocationStrategy': [[11, 4], null],
    '--independentWeightLayouts': [[11, 5], null],
    '--saveEngineSo': [[11, 5], null],
    '--loadEngineSo': [[11, 5], null],
  };
  // Flags read in a loop, every copy taken (sampleOptions.cpp v11.1: the plugin lists; --profile and --refPair
  // take the shapes and files that follow them): the only ones a command line may repeat before 11.4.
  const REPEATABLE = new Set([
    '--plugins',
    '--setPluginsToSerialize',
    '--dynamicPlugins',
    '--safetyPlugins',
    '--staticPlugins',
    '--profile',
    '--minShapes',
    '--optShapes',
    '--maxShapes',
    '--refPair',
    '--loadInputs',
    '--loadRefOutputs',
  ]);
  const known = (flag) => {
    if (ALWAYS.includes(flag)) return true;
    const span = SPANS[flag];
    if (!span) return false;
    const [since, until] = span;
    return (!since || at(...since)) && (!until || !at(...until));
  };

  // Flags a version still parses (with a deprecation warning) but no longer lists in --help.
  const PARSED_ONLY = [
    ['--plugins', [8, 6]],
    ['--buildOnly', [8, 6]],
    ['--workspace', [8, 4]],
    ['--explicitBatch', [8, 2]],
  ];

  /** --help as trtexec prints it: every flag this version lists, one per line, under section headings. */
  function printHelp() {
    const listed = [...ALWAYS, ...Object.keys(SPANS)].filter(
      (flag) => known(flag) && !PARSED_ONLY.some(([f, since]) => f === flag && at(...since)),
    );
    if (env.TRTEXEC_STANDIN_TERSE_HELP) return log('I', 'Usage: trtexec [options]');
    log('I', '=== Model Options ===');
    log('I', '  --onnx=<file>               ONNX model');
    log('I', '=== Build Options ===');
    for (const flag of listed.filter((f) => f !== '--onnx' && f !== '--help'))
      log('I', `  ${flag.padEnd(28)}(see trtexec --help)`);
    log('I', '=== Help ===');
    log('I', '  --help, -h                  Print this message');
  }

  // --- parse the command line as trtexec does: --key=value or --key ---
  const options = new Map();
  const multi = new Map();
  const unknown = [];
  const repeated = [];
  for (const arg of args) {
    if (arg === '-h') continue;
    const eq = arg.indexOf('=');
    const key = eq === -1 ? arg : arg.slice(0, eq);
    const value = eq === -1 ? '' : arg.slice(eq + 1);
    if (!key.startsWith('--') || !known(key)) {
      unknown.push([key, value]);
      continue;
    }
    // getAndDelOption (v11.1) takes one copy of a flag off the arguments: a second copy is left over and
    // is an unknown option. 11.4 warns instead (its release's parser; which copy it keeps, no source says:
    // this one keeps the first).
    if (options.has(key) && !REPEATABLE.has(key)) {
      if (!at(11, 4)) unknown.push([key, value]);
      else repeated.push(key);
      continue;
    }
    options.set(key, value);
    multi.set(key, [...(multi.get(key) ?? []), value]);
  }
  banner('RUNNING');
  for (const key of repeated) log('W', `${key} is specified more than once; only one value is used.`);
  if (unknown.length > 0) {
    printHelp();
    for (const [key, value] of unknown) log('E', `Unknown option: ${key} ${value}`);
    // trtexec 11.1 returns the parse error directly, without the FAILED line (trtexec.cpp @v11.1).
    if (!at(11, 1)) banner('FAILED');
    exit(1);
  }
  // The accuracy options' own rules (sampleOptions.cpp InferenceOptions::parse and validate at v11.1).
  const accuracyRule = (() => {
    const algorithm = options.get('--accuracyAlgorithm') ?? 'l0';
    if (!['l0', 'l1', 'l2', 'lInf', 'cos'].includes(algorithm)) return `Unknown accuracyAlgorithm: ${algorithm}`;
    if (algorithm !== 'l0' && options.has('--atol')) return '--atol is only valid for L0 accuracy algorithm.';
    if (algorithm !== 'l0' && options.has('--rtol')) return '--rtol is only valid for L0 accuracy algorithm.';
    if (options.has('--loadRefOutputs') && !options.has('--loadInputs'))
      return '--loadRefOutputs requires --loadInputs to be specified.';
    if (options.has('--loadRefOutputs') && !(Number(options.get('--accuracyThreshold') ?? 0) > 0))
      return '--accuracyThreshold (with a positive value) is required when --loadRefOutputs or --refPair is set.';
    if ((options.has('--loadRefOutputs') || options.has('--refPair')) && options.has('--skipInference'))
      return (
        '--loadRefOutputs/--refPair cannot be used with --skipInference: accuracy validation needs the ' +
        'inference phase to run. Note --skipInference is implicitly enabled by --buildDLAStandalone and by a ' +
        'cross-platform --runtimePlatform.'
      );
    // 11.5's notes: the safety engine's shared object, only with --safe.
    for (const flag of ['--saveEngineSo', '--loadEngineSo'])
      if (options.has(flag) && !options.has('--safe')) return `${flag} requires --safe.`;
    return null;
  })();
  // BuildOptions::parse (v8.6.0-v11.1): the lean and dispatch runtimes only load engines.
  if ((options.get('--useRuntime') ?? 'full') !== 'full' && !options.has('--loadEngine')) {
    log('E', 'Building a TensorRT engine requires --useRuntime=full.');
    banner('FAILED');
    exit(1);
  }
  if (accuracyRule) {
    printHelp();
    log('E', accuracyRule);
    exit(1);
  }
  if (options.has('--help') || args.length === 0) {
    printHelp();
    if (args.length === 0 && !at(11, 1)) banner('PASSED');
    exit(0);
  }

  const only = env.TRTEXEC_STANDIN_ONLY;
  const faulty = !only || (options.get('--saveEngine') ?? options.get('--loadEngine') ?? '').includes(only);
  const fault = (name) => (faulty ? env[name] : undefined);

  function recordCall(extra) {
    if (!env.TRTEXEC_STANDIN_CALLS) return;
    appendFileSync(
      env.TRTEXEC_STANDIN_CALLS,
      `${JSON.stringify({
        args,
        gpu: env.CUDA_VISIBLE_DEVICES ?? null,
        pid,
        start: started,
        end: Date.now(),
        // What of the job's credentials reached trtexec (names only): trt-ci must pass none.
        secrets: Object.keys(env).filter((name) => /TOKEN|PASSWORD|SECRET|CACHE_KEY|^INPUT_|^ACTIONS_/i.test(name)),
        ...extra,
      })}\n`,
    );
  }
  function fail(lines) {
    for (const [level, text] of lines) log(level, text);
    banner('FAILED');
    recordCall({ exit: 1 });
    exit(1);
  }

  // --- the device block ---
  const gpuName = env.TRTEXEC_STANDIN_GPU_NAME ?? 'NVIDIA H200';
  log('I', '=== Device Information ===');
  log('I', 'Available Devices:');
  log('I', `  Device 0: "${gpuName}" UUID: GPU-5f3c2a10-0000-4000-8000-000000000001`);
  log('I', `Selected Device: ${gpuName}`);
  log('I', 'Selected Device ID: 0');
  log('I', `Compute Capability: ${env.TRTEXEC_STANDIN_GPU_CC ?? '9.0'}`);
  log('I', '');
  if (fault('TRTEXEC_STANDIN_CRASH') === 'driver') {
    // <= 8.6: cudaCheck prints and abort()s, no FAILED line; >= 10: CHECK prints the file and exits 1.
    if (!at(9, 0)) {
      out('Cuda failure: CUDA driver version is insufficient for CUDA runtime version');
      await io.raise('SIGABRT');
    }
    out(
      'Cuda failure at /_src/samples/common/sampleDevice.cpp:101: ' +
        'CUDA driver version is insufficient for CUDA runtime version',
    );
    exit(1);
  }
  log('I', `TensorRT version: ${major}.${minor}.${patch}`);

  // --- shared GPU memory bookkeeping, read by the nvidia-smi stand-in ---
  const gpuIndex = (env.CUDA_VISIBLE_DEVICES ?? '0').split(',')[0];
  const stateFile = env.STANDIN_GPU_STATE ? join(env.STANDIN_GPU_STATE, `gpu${gpuIndex}.${pid}.mib`) : null;
  const hold = (mib) => {
    if (!stateFile) return;
    mkdirSync(env.STANDIN_GPU_STATE, { recursive: true });
    writeFileSync(stateFile, String(mib));
  };
  const release = () => stateFile && rmSync(stateFile, { force: true });
  io.atExit(release);

  const plugins = [
    ...(multi.get('--staticPlugins') ?? []),
    ...(multi.get('--plugins') ?? []),
    ...(multi.get('--dynamicPlugins') ?? []),
  ];
  const needsPlugin = fault('TRTEXEC_STANDIN_NEEDS_PLUGIN');
  const pluginLoaded = !needsPlugin || plugins.some((p) => basename(p) === needsPlugin);

  optionLines();
  if (options.has('--loadEngine') && fault('TRTEXEC_STANDIN_HANG') === 'load') await hang();
  if (options.has('--loadEngine')) await runEngine(options.get('--loadEngine'));
  else await buildEngine();

  /**
   * The options block every run prints first, the lines of it trt-ci reads (real 10.14.1 and 11.0.0 logs,
   * test/fixtures/trtexec-logs/options-*): 11.x's precision is always "Strongly Typed" and it has no
   * LayerPrecisions:/Calibration: lines; the measurement's three lines say what the run will measure.
   */
  function optionLines() {
    log('I', '=== Build Options ===');
    if (at(11, 0)) log('I', 'Precision: Strongly Typed');
    else {
      const wanted = ['--fp16', '--bf16', '--int8', '--fp8'].filter((f) => options.has(f));
      log('I', `Precision: ${['FP32', ...wanted.map((f) => f.slice(2).toUpperCase())].join('+')}`);
      // An empty value prints no space after the colon (the real 10.14.1 log).
      const value = (flag) => (options.get(flag) ? ` ${options.get(flag)}` : '');
      log('I', `LayerPrecisions:${value('--layerPrecisions')}`);
      log('I', `Calibration:${value('--calib')}`);
    }
    log('I', '=== Inference Options ===');
    const transfers = at(11, 0) ? options.has('--includeDataTransfers') : !options.has('--noDataTransfers');
    const spin = at(11, 0) ? !options.has('--noSpinWait') : options.has('--useSpinWait');
    const graph = at(11, 0) ? !options.has('--noCudaGraph') : options.has('--useCudaGraph');
    const said = (on) => (on ? 'Enabled' : 'Disabled');
    log('I', `Data transfers: ${said(transfers)}`);
    log('I', `Spin-wait: ${said(spin)}`);
    log('I', `CUDA Graph: ${said(graph)}`);
  }

  async function buildEngine() {
    const onnx = options.get('--onnx');
    if (!onnx)
      fail([
        ['E', 'Model missing or format not recognized'],
        ['E', 'Failed to create engine from model or file.'],
        ['E', 'Engine set up failed'],
      ]);
    const workspaceMiB = readWorkspaceMiB();
    log('I', 'Start parsing network model.');
    log('I', '[TRT] ----------------------------------------------------------------');
    log('I', `[TRT] Input filename:   ${onnx}`);
    if (!existsSync(onnx)) {
      fail([
        ['E', `[TRT] ModelImporter.cpp:773: Failed to parse ONNX model from file: ${onnx}`],
        ['E', 'Failed to parse onnx file'],
        ['E', 'Parsing model failed'],
        ['E', 'Failed to create engine from model or file.'],
        ['E', 'Engine set up failed'],
      ]);
    }
    if (!pluginLoaded) {
      // Real 8.6.1 output for an ONNX node whose plugin is not registered
      // (AUTOMATIC1111/stable-diffusion-webui-tensorrt#54).
      fail([
        ['E', '[TRT] ModelImporter.cpp:729: --- End node ---'],
        [
          'E',
          '[TRT] ModelImporter.cpp:732: ERROR: builtin_op_importers.cpp:5428 In function importFallbackPluginImporter:',
        ],
        [
          'E',
          '[8] Assertion failed: creator && "Plugin not found, are the plugin name, version, and namespace correct?"',
        ],
        ['E', 'Failed to parse onnx file'],
        ['I', 'Finished parsing network model. Parse time: 0.0704936'],
        ['E', 'Parsing model failed'],
        ['E', 'Failed to create engine from model or file.'],
        ['E', 'Engine set up failed'],
      ]);
    }
    log('I', 'Finished parsing network model. Parse time: 0.0170852');
    if (multi.has('--fp16') && at(10, 14)) {
      log(
        'W',
        'Weakly-typed networks have been deprecated in TensorRT. You can use the ' +
          'AutoCast tool to convert a weakly-typed network to a strongly-typed network.',
      );
    }
    // One engine may hold several optimization profiles: --profile=N, each followed by its shapes (9.1+).
    const profiles = profileShapeOptions().map((group, index) => readShapes(group, index));
    profiles.forEach((profileShapes, index) => {
      for (const [name, s] of Object.entries(profileShapes)) {
        const range = `MIN=${s.min} OPT=${s.opt} MAX=${s.max}`;
        log('I', `Set shape of input tensor ${name} for optimization profile ${index} to: ${range}`);
      }
    });
    // Plan size and content follow every profile; the layer info shows the first, as trtexec's does.
    const shapes = profiles.length === 1 ? profiles[0] : Object.assign({}, ...profiles.map((p, i) => renamed(p, i)));
    const cacheFile = options.get('--timingCacheFile');
    let cacheBytes = 0;
    if (cacheFile) {
      if (existsSync(cacheFile)) cacheBytes = readFileSync(cacheFile).length;
      else log('W', `[TRT] Could not read cache from: ${cacheFile}. A new cache will be generated and written.`);
    } else {
      log('I', '[TRT] Local timing cache in use. Profiling results in this builder pass will not be stored.');
    }

    if (fault('TRTEXEC_STANDIN_HANG')) await hang();
    // A build that leaves a daemon behind (setsid: out of its process group), then succeeds.
    if (fault('TRTEXEC_STANDIN_ESCAPE')) io.spawnIdleChild(env.TRTEXEC_STANDIN_CHILD_PIDS, true);
    const oomAbove = fault('TRTEXEC_STANDIN_OOM_ABOVE_MIB');
    if (oomAbove !== undefined && workspaceMiB > Number(oomAbove)) {
      const bytes = Math.round(workspaceMiB * 1024 * 1024 * 0.9);
      // Real 10.3 output (NVIDIA/TensorRT#4258).
      fail([
        ['E', 'Error[1]: [defaultAllocator.cpp::allocate::31] Error Code 1: Cuda Runtime (out of memory)'],
        [
          'W',
          `[TRT] Requested amount of GPU memory (${bytes} bytes) could not be ` +
            `allocated. There may not be enough free memory for allocation to succeed.`,
        ],
        [
          'E',
          `Error[9]: Error Code: 9: Skipping tactic 0x0000000000000000 due to exception ` +
            `[tunable_graph.cpp:create:117] autotuning: User allocator error allocating ${bytes}-byte buffer`,
        ],
        [
          'E',
          'Error[10]: IBuilder::buildSerializedNetwork: Error Code 10: Internal Error (Could ' +
            'not find any implementation for node {ForeignNode[/1/Constant_36_output_0.../1/Slice_4]}.)',
        ],
        ['E', 'Engine could not be created from network'],
        ['E', 'Building engine failed'],
        ['E', 'Failed to create engine from model or file.'],
        ['E', 'Engine set up failed'],
      ]);
    }

    hold(Number(env.TRTEXEC_STANDIN_ALLOC_MIB ?? workspaceMiB));
    await emitVerbose(Number(env.TRTEXEC_STANDIN_VERBOSE_BYTES ?? 0));
    await sleep(Number(env.TRTEXEC_STANDIN_BUILD_MS ?? 0));
    release();

    // Its kernels, too: a hardware-compatible plan carries 4 KiB more of them (see layerInfoJson).
    const portableKernels = portableTakesEffect() ? 4096 : 0;
    const planBytes =
      Number(env.TRTEXEC_STANDIN_PLAN_BYTES ?? defaultPlanBytes(shapes)) +
      portableKernels +
      Number(fault('TRTEXEC_STANDIN_PAD_ZEROS') ?? 0);
    const seconds = (Date.now() - started) / 1000;
    log('I', `[TRT] Engine generation completed in ${seconds.toFixed(5)} seconds.`);
    log(
      'I',
      `[TRT] [MemUsageStats] Peak memory usage of TRT CPU/GPU memory allocators: CPU 0 MiB, GPU ${workspaceMiB} MiB`,
    );
    if (at(10, 0)) log('I', `Created engine with size: ${(planBytes / 1048576).toFixed(4)} MiB`);
    log('I', `Engine built in ${(seconds + 0.01).toFixed(5)} sec.`);
    const save = options.get('--saveEngine');
    if (save)
      writePlan(
        save,
        planBytes - Number(fault('TRTEXEC_STANDIN_PAD_ZEROS') ?? 0),
        shapes,
        Number(fault('TRTEXEC_STANDIN_PAD_ZEROS') ?? 0),
      );
    if (cacheFile) {
      const grown = cacheBytes + 4096;
      writeFileSync(cacheFile, Buffer.alloc(grown, 7));
      log('I', `Saved ${grown} bytes of timing cache to ${cacheFile}`);
    }
    const layerInfo = options.get('--exportLayerInfo');
    const detailed = options.get('--profilingVerbosity') === 'detailed';
    if (layerInfo) {
      const floatType = await builtFloatType();
      const engine = options.get('--saveEngine') ?? '';
      writeFileSync(layerInfo, layerInfoJson(detailed, profiles[0], engine, floatType, await largeNetworkNodes()));
    }
    log('I', `[TRT] Loaded engine size: ${Math.floor(planBytes / 1048576)} MiB`);
    log('I', 'Engine deserialized in 0.00188653 sec.');
    if (options.has('--skipInference')) log('I', 'Skipped inference phase since --skipInference is added.');
    else if (!options.has('--buildOnly')) printPerformance();
    banner('PASSED');
    recordCall({ exit: 0 });
  }

  /**
   * What the run measures, as each version says it (sampleOptions.cpp and sampleInference.cpp, v10.16 and
   * v11.1): 11.x warns that the 10.x flags are no-ops; a CUDA graph is captured where asked (10.x
   * --useCudaGraph, 11.x unless --noCudaGraph), or refused for an engine TRTEXEC_STANDIN_NO_GRAPH names.
   */
  function measurementLines(path) {
    if (at(11, 0)) {
      const deprecated = {
        '--noDataTransfers':
          'Data transfers are now disabled by default. Use --includeDataTransfers to re-enable data transfers.',
        '--useSpinWait': 'Spin wait is now enabled by default. Use --noSpinWait to disable spin wait.',
        '--useCudaGraph': 'CUDA graph is now enabled by default. Use --noCudaGraph to disable CUDA graph.',
      };
      for (const [flag, words] of Object.entries(deprecated))
        if (options.has(flag)) log('W', `${flag} is deprecated. ${words}`);
    }
    const graph = at(11, 0) ? !options.has('--noCudaGraph') : options.has('--useCudaGraph');
    if (!graph) return;
    if (perEngine(env.TRTEXEC_STANDIN_NO_GRAPH, path, '') === '1') {
      log('W', 'The built TensorRT engine contains operations that are not permitted under CUDA graph capture mode.');
      log(
        'W',
        at(11, 0)
          ? 'CUDA graph capture failed. The inference will be launched without using CUDA graph.'
          : 'The specified --useCudaGraph flag has been ignored. The inference will be launched without using ' +
              'CUDA graph launch.',
      );
    } else log('I', 'Successfully captured CUDA graph for the current execution context.');
  }

  async function runEngine(path) {
    if (!existsSync(path))
      fail([
        ['E', `Error opening engine file: ${path}`],
        ['E', 'Failed to create engine from model or file.'],
        ['E', 'Engine set up failed'],
      ]);
    const plan = readFileSync(path);
    log('I', `Engine loaded in 0.0100000 sec.`);
    // A runaway line (a plugin that prints a buffer without a newline): this many MiB in one line.
    const longLine = Number(fault('TRTEXEC_STANDIN_LONG_LINE_MIB') ?? 0);
    if (longLine > 0) {
      const block = Buffer.alloc(1024 * 1024, 0x41);
      for (let i = 0; i < longLine; i += 1) await io.writeAsync(block);
      await io.writeAsync(Buffer.from('\n'));
    }
    if (plan.length < 28 || plan.toString('latin1', 0, 4) !== 'ftrt') {
      fail([
        [
          'E',
          'Error[1]: [runtime.cpp::parsePlan::314] Error Code 1: Serialization ' +
            '(Serialization assertion plan->header.magicTag == rt::kPLAN_MAGIC_TAG failed.)',
        ],
        ['E', 'Engine deserialization failed'],
        ['E', 'Engine set up failed'],
      ]);
    }
    if (plan[24] !== major || plan[25] !== minor || plan[26] !== patch) {
      fail([
        [
          'E',
          '[TRT] IRuntime::deserializeCudaEngine: Error Code 1: Serialization (Serialization assertion ' +
            'stdVersionRead == kSERIALIZATION_VERSION failed.Version tag does not ' +
            'match. Note: Current Version: 239, Serialized Engine Version: 237)',
        ],
        ['E', 'Engine deserialization failed'],
        ['E', 'Engine set up failed'],
      ]);
    }
    // A plan built on another GPU: TensorRT's own words (NVIDIA/TensorRT#564, #4233); "expecting" is this GPU.
    const text = plan.toString('latin1', 36, Math.min(plan.length, 36 + 8192));
    const at = text.indexOf(BUILT_MARK);
    if (at >= 0) {
      const [cc, name, level] = text.slice(at + BUILT_MARK.length, text.indexOf('\n', at)).split(';');
      const sm = (v) => Number(v.replace('.', ''));
      const reaches = level === 'ampere+' ? sm(thisGpuCc()) >= 80 : cc === thisGpuCc();
      if (!reaches) {
        fail([
          [
            'E',
            `[TRT] IRuntime::deserializeCudaEngine: Error Code 6: API Usage Error (The engine plan file is generated ` +
              `on an incompatible device, expecting compute ${thisGpuCc()} got compute ${cc}, please rebuild.)`,
          ],
          ['E', 'Engine deserialization failed'],
          ['E', 'Engine set up failed'],
        ]);
      }
      if (level === 'none' && name !== thisGpuName()) {
        log(
          'W',
          '[TRT] Using an engine plan file across different models of devices is not recommended and is likely to ' +
            'affect performance or even cause errors.',
        );
      }
    }
    if (!pluginLoaded) {
      fail([
        [
          'E',
          '[TRT] 1: [pluginV2Runner.cpp::load::290] Error Code 1: Serialization (Serialization assertion ' +
            'creator failed.Cannot deserialize plugin since corresponding IPluginCreator not found in Plugin Registry)',
        ],
        [
          'E',
          '[TRT] 4: [runtime.cpp::deserializeCudaEngine::50] ' +
            'Error Code 4: Internal Error (Engine deserialization failed.)',
        ],
        ['E', 'Engine set up failed'],
      ]);
    }
    log('I', `[TRT] Loaded engine size: ${Math.floor(plan.length / 1048576)} MiB`);
    log('I', 'Engine deserialized in 0.00676279 sec.');
    measurementLines(path);
    // Its bindings as trtexec 8.5+ creates them (test/fixtures/trtexec-logs/bindings-and-dynamic-override.log):
    // "in:NAME:DIMS>out:NAME:DIMS" per engine; a dynamic input given no --shapes is overridden to 1s.
    const bindings = perEngine(env.TRTEXEC_STANDIN_BINDINGS, path, '');
    for (const binding of bindings.split('>').filter(Boolean)) {
      const [kind, name, dims] = binding.split(':');
      let shown = dims;
      if (dims.includes('?')) {
        const given = (options.get('--shapes') ?? '').split(',').find((s) => s.startsWith(`${name}:`));
        shown = given ? given.slice(name.length + 1) : dims.replace(/\?/g, '1');
        if (!given)
          log(
            'W',
            `Dynamic dimensions required for input: ${name}, but no shapes were provided. Automatically overriding ` +
              `shape to: ${shown}`,
          );
      }
      log('I', `Created ${kind === 'in' ? 'input' : 'output'} binding for ${name} with dimensions ${shown}`);
    }
    // An engine that deserializes and then dies running (a kernel fault, a plugin's bug): killed by SIGSEGV.
    // A plugin kernel built for another GPU fails the first inference, as trtexec 8.x says it
    // (test/fixtures/trtexec-logs/no-kernel-image-plugin-at-inference-trt8.x.log).
    if (fault('TRTEXEC_STANDIN_RUN_NO_KERNEL') && options.has('--loadInputs')) {
      fail([
        [
          'E',
          '[TRT] ../rtExt/cuda/cudaPluginV2DynamicExtRunner.cpp (108) - Cuda Error in execute: 209 ' +
            '(no kernel image is available for execution on the device)',
        ],
        ['E', '[TRT] FAILED_EXECUTION: std::exception'],
      ]);
    }
    const runCrash = fault('TRTEXEC_STANDIN_RUN_CRASH');
    if (runCrash === 'all' || (runCrash === 'timed' && options.has('--exportTimes'))) {
      recordCall({ exit: 139 });
      await io.raise('SIGSEGV');
    }
    const inference = ['--exportOutput', '--dumpRawBindingsToFile', '--loadRefOutputs'].some((f) => options.has(f));
    const results = inference ? await infer(plan) : null;
    const accuracyFailed = results && options.has('--loadRefOutputs') ? checkAccuracy(results.outputs) : false;
    // Inference lasts as trtexec's does: the warm-up, then --duration seconds (defaults 200 ms and 3 s).
    if (env.TRTEXEC_STANDIN_REAL_TIME)
      await sleep(Number(options.get('--warmUp') ?? 200) + Number(options.get('--duration') ?? 3) * 1000);
    const times = iterationTimes(path);
    // Whether an nvidia-smi of this test is polling (the memory sampler's -lms stream) while this engine runs.
    const polled = options.has('--exportTimes') ? nvidiaSmiStreaming() : undefined;
    if (options.has('--exportTimes')) exportTimes(times);
    if (options.has('--exportProfile')) exportProfile(path, times);
    printPerformance();
    if (results && options.has('--exportOutput')) exportOutput(results.outputs);
    if (results && options.has('--dumpRawBindingsToFile')) dumpRawBindings(results);
    if (accuracyFailed) fail([['E', 'Accuracy validation FAILED: one or more tensors exceeded the threshold.']]);
    banner('PASSED');
    recordCall({ exit: 0, ...(polled !== undefined && { nvidiaSmiStreaming: polled }) });
  }

  /**
   * Inference on given inputs: the engine's outputs are its ONNX model's, computed by ONNX Runtime
   * (WebAssembly, on the CPU) on the --loadInputs files (raw, the input's dtype, row-major) or on
   * trtexec-like random inputs, then changed as TRTEXEC_STANDIN_OUTPUT_ERROR asks.
   *   TRTEXEC_STANDIN_OUTPUT_ERROR   noise:R (seeded relative noise of size R; an integer output's first
   *                                  element one off) | fp16 (rounded to FP16, overflow to inf) | zeros |
   *                                  nan (the first element NaN) | inf
   *   TRTEXEC_STANDIN_OUTPUT_TYPE    fp32 (default) | fp16: the engine's output binding type
   */
  async function infer(plan) {
    const text = plan.toString('utf8', 36, Math.min(plan.length, 36 + 4096));
    const onnx = text.startsWith(ONNX_MARK) ? text.slice(ONNX_MARK.length, text.indexOf('\n')) : null;
    if (!onnx || !existsSync(onnx)) fail([['E', 'Could not find the network this engine was built from']]);
    const ort = await import('onnxruntime-web');
    ort.env.wasm.numThreads = 1;
    // The bindings have the network's own types (a strongly typed FP16/BF16 network keeps them); the stand-in
    // computes an FP16/BF16 network in FP32 (ONNX Runtime's CPU has no BF16) and rounds its outputs back.
    const BINDING = bindingTypes();
    // A build that flipped tactics accumulates in another order: real float32 rounding moves the last bits.
    const flipsAt = text.indexOf(TACTICS_MARK);
    const flips =
      flipsAt < 0 ? 0 : JSON.parse(text.slice(flipsAt + TACTICS_MARK.length, text.indexOf('\n', flipsAt))).length;
    const fp16At = text.indexOf(FP16_MARK);
    const fp16 =
      fp16At < 0 ? null : { kept: JSON.parse(text.slice(fp16At + FP16_MARK.length, text.indexOf('\n', fp16At))) };
    const model = await modelTypes(readFileSync(onnx), fp16, dirname(onnx));
    const session = await ort.InferenceSession.create(model.runnable);
    const shapes = Object.fromEntries(nameList('--shapes').map(([name, dims]) => [name, dims.split('x').map(Number)]));
    const files = Object.fromEntries(nameList('--loadInputs'));
    const feeds = {};
    const inputs = [];
    for (const name of session.inputNames) {
      const dims = shapes[name];
      if (!dims) fail([['E', `Dynamic dimensions required for input: ${name}, but no shapes were provided.`]]);
      const count = dims.reduce((a, b) => a * b, 1);
      const type = model.inputs[name] ?? 'fp32';
      let values;
      if (files[name]) {
        const raw = readFileSync(files[name]);
        const size = BINDING[type].bytes;
        if (raw.length !== count * size) fail([['E', `Input size mismatch for ${name}: ${raw.length} bytes`]]);
        values = Array.from({ length: count }, (_, i) => BINDING[type].read(raw, i * size));
      } else {
        values = Array.from({ length: count }, seeded(1)).map((v) => (BINDING[type].whole ? 0 : v));
      }
      feeds[name] = feedTensor(ort, type, values, dims);
      inputs.push({ name, dims, type, values });
    }
    const results = await session.run(feeds);
    const asked = perEngine(env.TRTEXEC_STANDIN_OUTPUT_ERROR, options.get('--loadEngine') ?? '', '');
    // at-shape:<dims>:R: noise of size R at that one shape of the first input (NVIDIA/TensorRT#4846), right elsewhere.
    const atShape = /^at-shape:([\dx]+):(.+)$/.exec(asked);
    const error = atShape ? (inputs[0]?.dims.join('x') === atShape[1] ? `noise:${atShape[2]}` : '') : asked;
    const noise = seeded(2);
    const outputs = session.outputNames.map((name) => {
      const tensor = results[name];
      const own = model.outputs[name] ?? 'fp32';
      const type = own === 'fp32' && env.TRTEXEC_STANDIN_OUTPUT_TYPE === 'fp16' ? 'fp16' : own;
      if (BINDING[type].whole) {
        // Whole numbers have no rounding to be off by: any noise is one index off, zeros are zeros.
        const values = Array.from(tensor.data, (v, i) =>
          error === 'zeros' ? 0 : error.startsWith('noise:') && i === 0 ? Number(v) + 1 : Number(v),
        );
        return { name, dims: [...tensor.dims], type, networkType: own, values };
      }
      const reordered = Array.from(tensor.data, (v) =>
        flips ? Math.fround(Math.fround(v + flips) - flips) : Number(v),
      );
      const batched = batchFault(error, reordered, [...tensor.dims]);
      const values = batched.map((v, i) => {
        let value = v;
        if (error.startsWith('noise:')) value = v * (1 + Number(error.slice(6)) * noise());
        if (error === 'fp16') value = Math.f16round(v);
        if (error === 'zeros') value = 0;
        if (i === 0 && error === 'nan') value = Number.NaN;
        if (i === 0 && error === 'inf') value = Number.POSITIVE_INFINITY;
        return BINDING[type].round(value);
      });
      return { name, dims: [...tensor.dims], type, networkType: own, values };
    });
    return { inputs, outputs };
  }

  /**
   * Faults of an engine that is right for one sample and wrong in a batch, computed from ONNX Runtime's outputs
   * along their leading (batch) dimension N:
   *   couple-rows:R  each row gets R times the batch's mean row added, when N > 1 (rows leak into each other, as
   *                  NVIDIA/TensorRT#4853's batch 2): identical rows stay identical, a batched row is off
   *   row-drift:R    row b is scaled by 1 + R·b (#4813: identical rows in, different rows out); row 0 is right
   *   jitter:R       every value scaled by 1 + R·u, u uniform from the OS's randomness: the same inputs twice differ
   */
  function batchFault(error, values, dims) {
    const [kind, size] = error.split(':');
    const r = Number(size);
    const rows = dims[0] ?? 1;
    const width = values.length / rows;
    if (kind === 'couple-rows' && rows > 1) {
      const mean = Array.from({ length: width }, (_, j) => {
        let sum = 0;
        for (let b = 0; b < rows; b += 1) sum += values[b * width + j];
        return sum / rows;
      });
      return values.map((v, i) => v + r * mean[i % width]);
    }
    if (kind === 'row-drift') return values.map((v, i) => v * (1 + r * Math.floor(i / width)));
    if (kind === 'jitter') {
      const u = new Uint32Array(values.length);
      globalThis.crypto.getRandomValues(u);
      return values.map((v, i) => v * (1 + (r * u[i]) / 0x100000000));
    }
    return values;
  }

  /**
   * The bindings' types by name as trtexec spells them (fp32, fp16, bf16, int32, int64, int8, uint8, bool),
   * and a model ONNX Runtime runs: the ONNX as it is, or with FP16/BF16 made FP32 (via ONNX's own schema).
   */
  async function modelTypes(bytes, fp16 = null, dir = null) {
    const BINDING = bindingTypes();
    const { onnx } = (await import('onnx-proto')).default;
    const model = onnx.ModelProto.decode(bytes);
    // Weights in external data, read from their files beside the ONNX as TensorRT's parser reads them.
    let inlined = false;
    for (const t of dir ? model.graph.initializer : []) {
      if (t.dataLocation !== 1) continue;
      inlined = true;
      const entry = Object.fromEntries(t.externalData.map((e) => [e.key, e.value]));
      const data = readFileSync(join(dir, entry.location));
      const offset = Number(entry.offset ?? 0);
      const length = entry.length === undefined ? data.length - offset : Number(entry.length);
      Object.assign(t, { dataLocation: 0, externalData: [], rawData: data.subarray(offset, offset + length) });
    }
    // FP16 arithmetic, for real: which tensors an FP16 engine holds in FP16, found before the model is made
    // FP32 to run; each is then rounded through a Cast pair where it is made (roundThroughFp16).
    const rounded = fp16 ? weaklyTypedFp16(model.graph, new Set(fp16.kept)) : stronglyTypedFp16(model.graph);
    const spell = { 1: 'fp32', 10: 'fp16', 16: 'bf16', 6: 'int32', 7: 'int64', 3: 'int8', 2: 'uint8', 9: 'bool' };
    const typeOf = (info) => spell[info.type?.tensorType?.elemType] ?? 'fp32';
    const inputs = Object.fromEntries(model.graph.input.map((i) => [i.name, typeOf(i)]));
    const outputs = Object.fromEntries(model.graph.output.map((o) => [o.name, typeOf(o)]));
    let narrow = false;
    const widenTensor = (t) => {
      if (t.dataType !== 10 && t.dataType !== 16) return;
      narrow = true;
      const bits = t.rawData?.length
        ? Array.from({ length: t.rawData.length / 2 }, (_, i) => t.rawData[i * 2] | (t.rawData[i * 2 + 1] << 8))
        : t.int32Data;
      const floats = Float32Array.from(bits, (b) => (t.dataType === 10 ? BINDING.fp16 : BINDING.bf16).fromBits(b));
      Object.assign(t, { dataType: 1, int32Data: [], rawData: new Uint8Array(floats.buffer) });
    };
    const widenGraph = (graph) => {
      for (const info of [...graph.input, ...graph.output, ...graph.valueInfo]) {
        const tensor = info.type?.tensorType;
        if (tensor && (tensor.elemType === 10 || tensor.elemType === 16)) {
          narrow = true;
          tensor.elemType = 1;
        }
      }
      graph.initializer.forEach(widenTensor);
      for (const node of graph.node) {
        for (const attribute of node.attribute) {
          if (attribute.t) widenTensor(attribute.t);
          attribute.tensors.forEach(widenTensor);
          if (attribute.g) widenGraph(attribute.g);
          attribute.graphs.forEach(widenGraph);
          if ((attribute.name === 'to' || attribute.name === 'dtype') && [10, 16].includes(Number(attribute.i))) {
            attribute.i = 1;
          }
        }
      }
    };
    widenGraph(model.graph);
    const casts = roundThroughFp16(onnx, model.graph, rounded);
    return { inputs, outputs, runnable: narrow || casts || inlined ? onnx.ModelProto.encode(model).finish() : bytes };
  }

  /**
   * The float tensors of a graph (its own and its subgraphs'): graph inputs, initializers and Constants of
   * a float type, Casts to one, and every output of a node that reads a float tensor, but those NOT_FLOAT.
   * `narrowOf(node, floatInputs)` says which of them are FP16.
   */
  function floatTensors(graph, isNarrow, types = new Map(), floats = new Set()) {
    const narrowSet = new Set();
    for (const t of graph.initializer) types.set(t.name, t.dataType);
    for (const v of [...graph.input]) types.set(v.name, v.type?.tensorType?.elemType ?? 0);
    const float = (type) => type === 1 || type === 10 || type === 16;
    for (const v of graph.input) if (float(types.get(v.name))) floats.add(v.name);
    for (const node of graph.node) {
      for (const a of node.attribute)
        for (const g of [a.g, ...a.graphs].filter(Boolean)) {
          for (const t of floatTensors(g, isNarrow, new Map(types), floats)) narrowSet.add(t);
        }
      const to = node.attribute.find((a) => a.name === 'to')?.i;
      const value = node.attribute.find((a) => a.name === 'value')?.t;
      const inputs = node.input.filter(Boolean).map((i) => types.get(i) ?? 0);
      node.output.forEach((output, k) => {
        let type = 0;
        if (node.opType === 'Cast') type = Number(to);
        else if (node.opType === 'Constant' || node.opType === 'ConstantOfShape') type = value?.dataType ?? 1;
        else if (!(NOT_FLOAT[node.opType] ?? []).includes(k)) type = inputs.find(float) ?? 0;
        types.set(output, type);
        if (float(type)) floats.add(output);
        if (
          float(type) &&
          isNarrow(
            node,
            type,
            node.input.filter((i) => narrowSet.has(i)),
            output,
          )
        )
          narrowSet.add(output);
      });
    }
    return narrowSet;
  }

  /** Strongly typed: the tensors the ONNX itself makes FP16 or BF16 (what TensorRT 11 computes in them). */
  function stronglyTypedFp16(graph) {
    const bf16 = new Set();
    const isNarrow = (_node, type, _inputs, output) => {
      if (type === 16) bf16.add(output);
      return type === 10 || type === 16;
    };
    return { outputs: floatTensors(graph, isNarrow), inputsOf: () => [], castTo: (o) => (bf16.has(o) ? 16 : 10) };
  }

  /**
   * Weakly typed --fp16 (TensorRT <= 10): every layer's float outputs but the pinned layers', and the float
   * activations an FP16 layer reads from a pinned one or the network's input (TensorRT reformats them to FP16).
   */
  function weaklyTypedFp16(graph, kept) {
    const floats = new Set();
    const outputs = floatTensors(graph, (node) => !kept.has(layerName(node)), new Map(), floats);
    const inputsOf = (node) => (kept.has(layerName(node)) ? [] : node.input.filter((i) => floats.has(i)));
    // Their weights too: an initializer read only by FP16 layers is stored in FP16.
    const readers = new Map();
    const walk = (g) => {
      for (const node of g.node) {
        for (const input of node.input) readers.set(input, [...(readers.get(input) ?? []), node]);
        for (const a of node.attribute) for (const sub of [a.g, ...a.graphs].filter(Boolean)) walk(sub);
      }
      for (const t of g.initializer) {
        if (t.dataType !== 1 || (readers.get(t.name) ?? []).some((n) => kept.has(layerName(n)))) continue;
        const values = t.rawData?.length
          ? new Float32Array(Uint8Array.from(t.rawData).buffer)
          : Float32Array.from(t.floatData);
        Object.assign(t, { floatData: [], rawData: new Uint8Array(values.map((v) => Math.f16round(v)).buffer) });
      }
    };
    walk(graph);
    return { outputs, inputsOf };
  }

  /**
   * Each tensor in `rounded.outputs` made, then cast to FP16 and back, under its own name; each of
   * `rounded.inputsOf(node)` cast so before the node reads it. Returns the casts added.
   */
  function roundThroughFp16(onnx, graph, rounded, ids = { next: 0 }) {
    let casts = 0;
    const cast = (input, output, to) =>
      onnx.NodeProto.create({
        opType: 'Cast',
        input: [input],
        output: [output],
        attribute: [onnx.AttributeProto.create({ name: 'to', i: to, type: onnx.AttributeProto.AttributeType.INT })],
      });
    const nodes = [];
    for (const node of graph.node) {
      for (const a of node.attribute)
        for (const g of [a.g, ...a.graphs].filter(Boolean)) casts += roundThroughFp16(onnx, g, rounded, ids);
      const before = [];
      const reads = new Set(rounded.inputsOf(node).filter((i) => !rounded.outputs.has(i)));
      node.input = node.input.map((input, k) => {
        if (!reads.has(input)) return input;
        casts += 1;
        // Numbered across the model: a branch's first node and the main graph's read the same input (SSA spans
        // subgraphs).
        const at = `${input}__standin_in_${ids.next++}_${k}`;
        before.push(cast(input, `${at}_fp16`, 10), cast(`${at}_fp16`, at, 1));
        return at;
      });
      const after = [];
      node.output = node.output.map((output) => {
        if (!rounded.outputs.has(output)) return output;
        casts += 1;
        // Rounded through the type the engine holds it in: FP16, or BF16 for a strongly typed BF16 tensor.
        after.push(cast(`${output}__standin_fp32`, `${output}__standin_fp16`, rounded.castTo?.(output) ?? 10));
        after.push(cast(`${output}__standin_fp16`, output, 1));
        return `${output}__standin_fp32`;
      });
      nodes.push(...before, node, ...after);
    }
    graph.node = nodes;
    return casts;
  }

  /** An input as ONNX Runtime takes it: floats as float32 (the model it runs is FP32), integers in their type. */
  function feedTensor(ort, type, values, dims) {
    if (type === 'int64') return new ort.Tensor('int64', BigInt64Array.from(values, BigInt), dims);
    if (type === 'int32') return new ort.Tensor('int32', Int32Array.from(values), dims);
    if (type === 'int8') return new ort.Tensor('int8', Int8Array.from(values), dims);
    if (type === 'uint8' || type === 'bool') return new ort.Tensor(type, Uint8Array.from(values), dims);
    return new ort.Tensor('float32', Float32Array.from(values), dims);
  }

  /** `name:value` lists as trtexec reads them: names may be quoted ('a:0'), the value follows the last colon. */
  function nameList(flag) {
    return (options.get(flag) ?? '')
      .split(',')
      .filter(Boolean)
      .map((entry) => {
        const cut = entry.lastIndexOf(':');
        return [entry.slice(0, cut).replace(/^'|'$/g, ''), entry.slice(cut + 1)];
      });
  }

  /** --exportOutput: exportJSONOutput (samples/common/sampleReporting.cpp v8.6-v11.1): this spacing, `os << v`. */
  function exportOutput(outputs) {
    const lines = ['['];
    outputs.forEach((entry, i) => {
      const sep = i === 0 ? '  ' : ', ';
      lines.push(`${sep}{ "name" : "${entry.name}"`);
      lines.push(`  , "dimensions" : "${entry.dims.join('x')}"`);
      lines.push(`  , "values" : [ ${entry.values.map(cFloat).join(', ')} ]`);
      lines.push('  }');
    });
    lines.push(']');
    writeFileSync(options.get('--exportOutput'), `${lines.join('\n')}\n`);
  }

  /**
   * --dumpRawBindingsToFile (8.6+): every binding, in the working folder, as
   * `<name>.<input|output>.<d0.d1…>.<dtype>.raw` (sampleInference.cpp dumpBindings; name made file-safe).
   */
  function dumpRawBindings({ inputs, outputs }) {
    const BINDING = bindingTypes();
    const write = (binding, kind) => {
      const dtype = binding.type;
      const dims = binding.dims.join('.');
      const file = `${binding.name.replace(/[^A-Za-z0-9._,-]/g, '_')}.${kind}.${dims}.${dtype}.raw`;
      const { bytes: size, write: put } = BINDING[dtype];
      const bytes = Buffer.alloc(binding.values.length * size);
      for (const [i, v] of binding.values.entries()) put(bytes, i * size, v);
      log(
        'I',
        `Writing file for ${kind} binding ${binding.name} (with datatype ${dtype} and dimensions ${dims}) to ${file}`,
      );
      writeFileSync(file, bytes);
    };
    for (const input of inputs) write(input, 'input');
    for (const output of outputs) write(output, 'output');
  }

  /** A number's IEEE 754 binary16 bits (rounded to nearest even, as the GPU stores an FP16 output). */
  // A function declaration, not a const: the module's top-level await runs before later consts exist.
  // Each binding type: its size, how a value is rounded to it, read from and written to little-endian bytes.
  // (A function, for the same reason as halfBits: each use builds it.)
  function bindingTypes() {
    const fromHalf = (b) => new Float16Array(Uint16Array.of(b).buffer)[0];
    const fromBfloat = (b) => new Float32Array(Uint32Array.of(b << 16).buffer)[0];
    const whole = (bytes, read, write) => ({ bytes, whole: true, round: Math.trunc, read, write });
    return {
      fp32: {
        bytes: 4,
        round: Math.fround,
        read: (b, at) => b.readFloatLE(at),
        write: (b, at, v) => b.writeFloatLE(v, at),
      },
      fp16: {
        bytes: 2,
        round: Math.f16round,
        fromBits: fromHalf,
        read: (b, at) => fromHalf(b.readUInt16LE(at)),
        write: (b, at, v) => b.writeUInt16LE(halfBits(v), at),
      },
      bf16: {
        bytes: 2,
        round: (v) => fromBfloat(bfloatBits(v)),
        fromBits: fromBfloat,
        read: (b, at) => fromBfloat(b.readUInt16LE(at)),
        write: (b, at, v) => b.writeUInt16LE(bfloatBits(v), at),
      },
      int32: whole(
        4,
        (b, at) => b.readInt32LE(at),
        (b, at, v) => b.writeInt32LE(v, at),
      ),
      int64: whole(
        8,
        (b, at) => Number(b.readBigInt64LE(at)),
        (b, at, v) => b.writeBigInt64LE(BigInt(v), at),
      ),
      int8: whole(
        1,
        (b, at) => b.readInt8(at),
        (b, at, v) => b.writeInt8(v, at),
      ),
      uint8: whole(
        1,
        (b, at) => b.readUInt8(at),
        (b, at, v) => b.writeUInt8(v, at),
      ),
      bool: whole(
        1,
        (b, at) => b.readUInt8(at),
        (b, at, v) => b.writeUInt8(v ? 1 : 0, at),
      ),
    };
  }

  function halfBits(value) {
    return new Uint16Array(Float16Array.of(value).buffer)[0];
  }

  /** A float32's bfloat16 bits, rounded to nearest even (NaN kept a NaN). */
  function bfloatBits(value) {
    const bits = new Uint32Array(Float32Array.of(value).buffer)[0];
    if (Number.isNaN(value)) return 0x7fc0;
    return ((bits + 0x7fff + ((bits >>> 16) & 1)) >>> 16) & 0xffff;
  }

  /**
   * trtexec 11.1's own check (sampleInference.cpp validateAccuracy, sampleUtils.cpp L0AccuracyValidator): each
   * --loadRefOutputs file (raw, the output's type) against the output; L0 is the share of elements with
   * |a - r| > atol + rtol·|r| (a NaN compares false, so it is no mismatch), printed std::fixed with 6
   * decimals, the threshold too (the stream keeps std::fixed). True when any output reached the threshold.
   */
  function checkAccuracy(outputs) {
    const BINDING = bindingTypes();
    const algorithm = options.get('--accuracyAlgorithm') ?? 'l0';
    const atol = Number(options.get('--atol') ?? 1e-5);
    const rtol = Number(options.get('--rtol') ?? 1e-5);
    const threshold = Number(options.get('--accuracyThreshold'));
    const names = { l0: 'L0', l1: 'L1', l2: 'L2', lInf: 'LInf', cos: 'Cosine' };
    let failed = false;
    for (const [name, file] of nameList('--loadRefOutputs')) {
      const output = outputs.find((o) => o.name === name);
      const raw = readFileSync(file);
      // Raw, in the network's type for the output (loadRefOutputsImpl): an FP16 network's reference is FP16.
      const { bytes: size, read } = BINDING[output?.networkType ?? 'fp32'];
      if (!output || raw.length !== output.values.length * size) fail([['E', `Reference size mismatch for ${name}`]]);
      log(
        'I',
        `Loaded reference output for tensor ${name} from ${file} (volume=${output.values.length}, bytes=${raw.length})`,
      );
      const ref = output.values.map((_, i) => read(raw, i * size));
      const pairs = output.values.map((a, i) => [a, ref[i]]);
      let loss;
      if (algorithm === 'l0')
        loss = pairs.filter(([a, r]) => Math.abs(a - r) > atol + rtol * Math.abs(r)).length / pairs.length;
      else if (algorithm === 'l1') loss = pairs.reduce((sum, [a, r]) => sum + Math.abs(a - r), 0) / pairs.length;
      else if (algorithm === 'l2') loss = pairs.reduce((sum, [a, r]) => sum + (a - r) ** 2, 0) / pairs.length;
      else if (algorithm === 'lInf') loss = pairs.reduce((max, [a, r]) => Math.max(max, Math.abs(a - r)), 0);
      else {
        const dot = pairs.reduce((sum, [a, r]) => sum + a * r, 0);
        const norm =
          Math.sqrt(pairs.reduce((sum, [a]) => sum + a * a, 0)) *
          Math.sqrt(pairs.reduce((sum, [, r]) => sum + r * r, 0));
        loss = norm < 1e-12 ? 1 : 1 - dot / norm;
      }
      const over = loss >= threshold;
      failed ||= over;
      const verdict = over ? ` [FAIL: >= threshold ${threshold.toFixed(6)}]` : '';
      log('I', `Accuracy loss for tensor ${name} (${names[algorithm]}): ${loss.toFixed(6)}${verdict}`);
    }
    return failed;
  }

  /** A float as C++ `os << v` prints it: %g with 6 significant digits; nan, -nan, inf, -inf. */
  function cFloat(v) {
    if (Number.isNaN(v)) return 'nan';
    if (!Number.isFinite(v)) return v > 0 ? 'inf' : '-inf';
    if (v === 0) return Object.is(v, -0) ? '-0' : '0';
    const exponent = Math.floor(Math.log10(Math.abs(Number(v.toPrecision(6)))));
    if (exponent < -4 || exponent >= 6) {
      const [mantissa, power] = v.toExponential(5).split('e');
      const trimmed = mantissa.replace(/\.?0+$/, '');
      const sign = power.startsWith('-') ? '-' : '+';
      return `${trimmed}e${sign}${power.replace(/^[-+]/, '').padStart(2, '0')}`;
    }
    return String(Number(v.toPrecision(6)));
  }

  /** A seeded generator in [-1, 1): trtexec fills inputs it is not given with random values too. */
  function seeded(seed) {
    let state = seed;
    return () => {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      return (state / 0x7fffffff) * 2 - 1;
    };
  }

  /**
   * An nvidia-smi -lms stream of the same stand-in GPU (same STANDIN_GPU_STATE) is running now: the stream marks
   * itself there while it runs, as a process or in the test's own (nvidia-smi-standin.mjs).
   */
  function nvidiaSmiStreaming() {
    const state = env.STANDIN_GPU_STATE;
    if (!state) return false;
    try {
      return readdirSync(state).some((name) => name.startsWith('streaming.'));
    } catch {
      return false; // no state yet: nothing streams
    }
  }

  /** A per-engine setting: one value for every engine, or `<part of its path>=<value>,…`. */
  function perEngine(setting, engine, fallback) {
    if (setting === undefined || setting === '') return fallback;
    if (!setting.includes('=')) return setting;
    const match = setting.split(',').find((entry) => engine.includes(entry.slice(0, entry.indexOf('='))));
    return match ? match.slice(match.indexOf('=') + 1) : fallback;
  }

  /** How many trtexec calls came before this one (the calls file has a line for each that ended). */
  function callIndex() {
    const file = env.TRTEXEC_STANDIN_CALLS;
    return file && existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0;
  }

  /**
   * The timed iterations of an inference run (warm-up left out, as trtexec leaves it out): GPU compute time
   * per iteration, seeded by engine, call and file so that runs differ and tests repeat.
   *   TRTEXEC_STANDIN_LATENCY_MS       the engine's compute time (default 1), per engine as <part>=<ms>,…
   *   TRTEXEC_STANDIN_LATENCY_NOISE    run-to-run and iteration noise, relative sd (default 0.0003,0.002)
   *   TRTEXEC_STANDIN_LATENCY_OUTLIERS share of iterations 3x as slow (default 0)
   *   TRTEXEC_STANDIN_LATENCY_DRIFT    per engine: the time grows by this fraction with every call
   *   TRTEXEC_STANDIN_THROTTLE_CALL    the Nth call (1-based) runs throttled: the GPU's sw_thermal_slowdown
   *                                    counter grows by 200 ms, as nvidia-smi reports it afterwards
   */
  function iterationTimes(engine) {
    const count = Math.max(Number(options.get('--iterations') ?? 10), 1);
    const call = callIndex();
    const base = Number(perEngine(env.TRTEXEC_STANDIN_LATENCY_MS, engine, 1));
    const drift = Number(perEngine(env.TRTEXEC_STANDIN_LATENCY_DRIFT, engine, 0));
    const [runNoise, iterationNoise] = (env.TRTEXEC_STANDIN_LATENCY_NOISE ?? '0.0003,0.002').split(',').map(Number);
    const outliers = Number(env.TRTEXEC_STANDIN_LATENCY_OUTLIERS ?? 0);
    // File names, not paths: the same test gets the same timings in any temporary folder.
    const times = basename(options.get('--exportTimes') ?? '');
    const seed = createHash('sha256')
      .update(`${basename(engine)}\0${times}\0${call}`)
      .digest();
    const uniform = seeded(seed.readUInt32LE(0) & 0x7fffffff);
    // A sum of uniforms is close enough to normal for noise (Irwin-Hall, 4 terms, sd 1).
    const normal = () => ((uniform() + uniform() + uniform() + uniform()) / 2) * Math.sqrt(3);
    const level = base * (1 + drift * call) * (1 + runNoise * normal());
    let throttled = 1;
    if (Number(env.TRTEXEC_STANDIN_THROTTLE_CALL) === call + 1 && env.STANDIN_GPU_STATE) {
      mkdirSync(env.STANDIN_GPU_STATE, { recursive: true });
      const counter = join(env.STANDIN_GPU_STATE, `gpu${gpuIndex}.sw_thermal_slowdown.slowed-us`);
      const before = existsSync(counter) ? Number(readFileSync(counter, 'utf8')) : 0;
      writeFileSync(counter, String(before + 200000));
      throttled = 1.3;
    }
    return Array.from({ length: count }, () => {
      const value = level * throttled * (1 + iterationNoise * normal());
      return (uniform() + 1) / 2 < outliers ? value * 3 : value;
    });
  }

  /**
   * --exportProfile: exportJSONProfile (sampleReporting.cpp): { count }, then each layer of the plan's layer
   * info (beside it as <stem>.layers.json, or layers.json in a cache entry, as trt-ci keeps it) with its
   * share of the iterations' time;
   * TRTEXEC_STANDIN_SLOW_LAYER, per engine: <layer>:<factor> makes one layer that much slower.
   */
  function exportProfile(engine, times) {
    // A cache entry keeps `plan` and `layers.json` side by side.
    const info =
      basename(engine) === 'plan'
        ? join(engine, '..', 'layers.json')
        : engine.replace(/\.(plan|engine)$/, '.layers.json');
    const names =
      existsSync(info) && info !== engine
        ? JSON.parse(readFileSync(info, 'utf8')).Layers.map((l) => (typeof l === 'string' ? l : l.Name))
        : ['node_conv2d + node_relu', '__myl_CastMulLtSeleCast_myl6_0'];
    const [slow, factor] = String(perEngine(env.TRTEXEC_STANDIN_SLOW_LAYER, engine, ':1')).split(':');
    const median = [...times].sort((a, b) => a - b)[times.length >> 1] ?? 1;
    const weights = names.map((n) => (n === slow ? Number(factor) : 1));
    const total = weights.reduce((a, b) => a + b, 0);
    const rows = names.map((name, i) => {
      const ms = (median * weights[i]) / names.length;
      const share = cFloat((100 * weights[i]) / total);
      return (
        `, { "name" : "${name}", "timeMs" : ${cFloat(ms * times.length)}, "averageMs" : ${cFloat(ms)}, ` +
        `"medianMs" : ${cFloat(ms)}, "percentage" : ${share} }`
      );
    });
    writeFileSync(options.get('--exportProfile'), `[\n  { "count" : ${times.length} }\n${rows.join('\n')}\n]\n`);
  }

  /** --exportTimes: exportJSONTrace (sampleReporting.cpp): one object per timed iteration, this layout. */
  function exportTimes(times) {
    let clock = 100;
    const lines = ['['];
    times.forEach((compute, i) => {
      const h2d = 0.004;
      const d2h = 0.002;
      const t = { startEnqMs: clock, endEnqMs: clock + 0.02, startH2dMs: clock, endH2dMs: clock + h2d };
      Object.assign(t, { startComputeMs: clock + h2d, endComputeMs: clock + h2d + compute });
      Object.assign(t, { startD2hMs: t.endComputeMs, endD2hMs: t.endComputeMs + d2h });
      Object.assign(t, { h2dMs: h2d, computeMs: compute, d2hMs: d2h, latencyMs: h2d + compute + d2h });
      const fields = Object.entries(t).map(([key, value]) => `"${key}" : ${cFloat(value)}`);
      lines.push(`${i === 0 ? '  ' : ', '}{ ${fields.join(', ')} }`);
      clock += h2d + compute + d2h;
    });
    lines.push(']');
    writeFileSync(options.get('--exportTimes'), `${lines.join('\n')}\n`);
  }

  function printPerformance() {
    // --percentile defaulted to 99 alone before 8.5, to 90,95,99 after (sampleOptions.h).
    const percentiles = at(8, 5) ? [90, 95, 99] : [99];
    const stats = (base) =>
      `min = ${(base * 0.93).toPrecision(6)} ms, max = ${(base * 3.4).toPrecision(6)} ` +
      `ms, mean = ${base.toPrecision(6)} ms, median = ${(base * 0.99).toPrecision(6)} ms, ` +
      percentiles.map((p) => `percentile(${p}%) = ${(base * (1 + (p - 89) / 40)).toPrecision(6)} ms`).join(', ');
    log('I', '');
    log('I', '=== Performance summary ===');
    log('I', 'Throughput: 15374.3 qps');
    log('I', `Latency: ${stats(0.0441053)}`);
    log('I', `Enqueue Time: ${stats(0.0271685)}`);
    log('I', `H2D Latency: ${stats(0.00395853)}`);
    log('I', `GPU Compute Time: ${stats(0.0359588)}`);
    log('I', `D2H Latency: ${stats(0.00418773)}`);
    log('I', 'Total Host Walltime: 3.00013 s');
    log('I', 'Total GPU Compute Time: 1.6586 s');
    log('I', 'Explanations of the performance metrics are printed in the verbose logs.');
    log('I', '');
  }

  function readWorkspaceMiB() {
    const pool = options.get('--memPoolSize');
    if (pool !== undefined) {
      const match = /(?:^|,)workspace:([\d.]+)([KMG]i?B?|B)?(?:,|$)/.exec(pool);
      if (!match) fail([['E', `Invalid memPoolSize: ${pool}`]]);
      const unit = { B: 1 / 1048576, K: 1 / 1024, KiB: 1 / 1024, M: 1, MiB: 1, G: 1024, GiB: 1024 }[match[2] ?? 'M'];
      if (match[2] && !at(10, 1) && match[2] !== 'MiB') fail([['E', `Invalid memPoolSize: ${pool}`]]);
      return Number(match[1]) * unit;
    }
    if (options.has('--workspace')) {
      log('W', '--workspace flag has been deprecated by --memPoolSize flag.');
      return Number(options.get('--workspace'));
    }
    return 143771;
  }

  /** The --minShapes/--optShapes/--maxShapes of each --profile=N, in order; one group without --profile. */
  function profileShapeOptions() {
    if (!multi.has('--profile')) {
      return [{ min: options.get('--minShapes'), opt: options.get('--optShapes'), max: options.get('--maxShapes') }];
    }
    const groups = [];
    for (const arg of args) {
      if (arg.startsWith('--profile=')) groups.push({});
      for (const [flag, which] of [
        ['--minShapes', 'min'],
        ['--optShapes', 'opt'],
        ['--maxShapes', 'max'],
      ]) {
        if (arg.startsWith(`${flag}=`) && groups.length > 0) groups.at(-1)[which] = arg.slice(flag.length + 1);
      }
    }
    return groups;
  }

  /** A profile's shapes under names that keep profiles apart when several are summed into one plan. */
  function renamed(shapes, index) {
    return Object.fromEntries(Object.entries(shapes).map(([name, s]) => [`${name}@${index}`, s]));
  }

  function readShapes(group, index) {
    const parse = (spec) =>
      Object.fromEntries(
        (spec ?? '')
          .split(/,(?=(?:[^']*'[^']*')*[^']*$)/)
          .filter(Boolean)
          .map((entry) => {
            const cut = entry.lastIndexOf(':');
            return [entry.slice(0, cut).replace(/^'|'$/g, ''), entry.slice(cut + 1)];
          }),
      );
    const mins = parse(group.min);
    const opts = parse(group.opt);
    const maxs = parse(group.max);
    const shapes = {};
    for (const name of new Set([...Object.keys(mins), ...Object.keys(opts), ...Object.keys(maxs)])) {
      const opt = opts[name] ?? mins[name] ?? maxs[name];
      for (const which of ['min', 'max']) {
        if (!(which === 'min' ? mins : maxs)[name])
          log('W', `optShapes is being broadcasted to ${which}Shapes for tensor ${name}`);
      }
      shapes[name] = { min: mins[name] ?? opt, opt, max: maxs[name] ?? opt };
      const [mn, op, mx] = [shapes[name].min, opt, shapes[name].max].map((s) => s.split('x').map(Number));
      if (mn.length !== mx.length || mn.some((d, i) => d > op[i] || op[i] > mx[i])) {
        fail([
          [
            'E',
            `Error[4]: [network.cpp::validate::3196] Error Code 4: Internal Error ` +
              `(${name}: for dimension number 0 in profile ${index} does not satisfy MIN <= OPT <= MAX)`,
          ],
          ['E', 'Engine could not be created from network'],
          ['E', 'Building engine failed'],
          ['E', 'Failed to create engine from model or file.'],
          ['E', 'Engine set up failed'],
        ]);
      }
    }
    return shapes;
  }

  // 64 KiB and a byte per 16 elements of the max shapes (at most 1 MiB more): plans that differ by profile,
  // small enough that a test run's some 500 plans cost little to write, hash, cache and remove.
  function defaultPlanBytes(shapes) {
    const elements = Object.values(shapes).reduce(
      (sum, s) => sum + s.max.split('x').reduce((a, b) => a * Number(b), 1),
      0,
    );
    return 65536 + Math.floor(Math.min(elements, 1 << 24) / 16);
  }

  /** A plan with TensorRT's real header: "ftrt", layout 0, engine count, file size, version bytes at 24-27. */
  function writePlan(path, bytes, shapes, padding = 0) {
    const body = Math.max(bytes, 64);
    const size = body + padding;
    const plan = Buffer.alloc(size);
    plan.write('ftrt', 0, 'latin1');
    plan.writeUInt32LE(0, 4);
    plan.writeUInt32LE(1, 8);
    plan.writeBigUInt64LE(BigInt(size), 16);
    plan.writeUInt8(major, 24);
    plan.writeUInt8(minor, 25);
    plan.writeUInt8(patch, 26);
    plan.writeUInt8(build ?? 0, 27);
    plan.write('rtrtNGNE', 28, 'latin1');
    // Deterministic body: the same build gives the same bytes, as a cached or repeated build should. A
    // keystream seeded by the build's inputs is as incompressible as real weights and fast to make.
    // Other weights make another engine: the ONNX's content is part of the seed.
    const onnx = options.get('--onnx');
    const weights = onnx && existsSync(onnx) ? createHash('sha256').update(readFileSync(onnx)).digest('hex') : null;
    const fp16 = fp16Layers();
    const flips = flipped(STANDIN_LAYERS);
    const seed = createHash('sha256')
      .update(JSON.stringify([shapes, onnx && basename(onnx), weights, versionCode, ...(fp16 ? [fp16] : []), ...flips]))
      .digest();
    const keystream = createCipheriv('aes-128-ctr', seed.subarray(0, 16), seed.subarray(16, 32));
    keystream.update(plan.subarray(36, body)).copy(plan, 36);
    // The engine names its model, so that --loadEngine can infer with the ONNX it was built from.
    // Where it was built, as a real plan knows it: the GPU, its compute capability, the hardware level.
    const level = options.get('--hardwareCompatibilityLevel') ?? 'none';
    const built = `${BUILT_MARK}${thisGpuCc()};${thisGpuName()};${level}\n`;
    const precision = fp16 ? `${FP16_MARK}${JSON.stringify(fp16.kept)}\n` : '';
    const tactics = flips.length ? `${TACTICS_MARK}${JSON.stringify(flips)}\n` : '';
    const model = Buffer.from(
      `${ONNX_MARK}${inCwd(options.get('--onnx') ?? '')}\n${built}${precision}${tactics}`,
      'utf8',
    );
    if (36 + model.length <= body) model.copy(plan, 36);
    const cut = fault('TRTEXEC_STANDIN_CUT_PLAN');
    writeFileSync(path, cut === undefined ? plan : plan.subarray(0, Number(cut)));
  }

  /**
   * A weakly typed FP16 build's pinned layers: --layerPrecisions name:fp32 entries count only with
   * --precisionConstraints=obey or prefer (sampleOptions.cpp warns they have no effect otherwise). Null
   * without --fp16.
   */
  function fp16Layers() {
    if (!multi.has('--fp16')) return null;
    const constraints = options.get('--precisionConstraints') ?? 'none';
    const pinned = nameList('--layerPrecisions')
      .filter(([, p]) => p === 'fp32')
      .map(([name]) => name);
    return { kept: constraints === 'none' ? [] : pinned.sort() };
  }

  /**
   * The float type the engine's layers compute in. Strongly typed (11.x) it is the ONNX's own: Float when
   * no tensor of the ONNX is FP16 or BF16 (an FP32 ONNX builds FP32 on 11.x, whatever it was built as on 10.x:
   * roboflow/rf-detr#1453). Before 11, and for an ONNX that does not parse (a placeholder), the canned
   * engine's Half.
   */
  async function builtFloatType() {
    if (major < 11) return 'Half';
    // The ONNX's few narrow nodes fused into FP32 kernels (a Cast, a Mul and a Cast back, one Myelin kernel).
    if (fault('TRTEXEC_STANDIN_FUSED_TO_FP32')) return 'Float';
    let model;
    try {
      model = (await import('onnx-proto')).default.onnx.ModelProto.decode(readFileSync(options.get('--onnx')));
    } catch {
      return 'Half';
    }
    // The narrow type the ONNX holds: FP16 (Half) or BF16 (BFloat16), the first found.
    const hasType = (graph, narrow) =>
      (graph.initializer ?? []).some((t) => narrow(t.dataType)) ||
      [...(graph.input ?? []), ...(graph.output ?? []), ...(graph.valueInfo ?? [])].some((v) =>
        narrow(v.type?.tensorType?.elemType),
      ) ||
      (graph.node ?? []).some((n) =>
        (n.attribute ?? []).some(
          (a) =>
            (n.opType === 'Cast' && a.name === 'to' && narrow(Number(a.i))) ||
            (a.t && narrow(a.t.dataType)) ||
            (a.g && hasType(a.g, narrow)) ||
            (a.graphs ?? []).some((g) => hasType(g, narrow)),
        ),
      );
    if (!model.graph) return 'Float';
    if (hasType(model.graph, (type) => type === 10)) return 'Half';
    return hasType(model.graph, (type) => type === 16) ? 'BFloat16' : 'Float';
  }

  /**
   * A large network's (past 200 nodes) main-graph node names, in order: its layers are then its own nodes, three
   * fused to a layer as TensorRT fuses point-wise runs, in place of the canned small engine. Null otherwise.
   */
  async function largeNetworkNodes() {
    try {
      const model = (await import('onnx-proto')).default.onnx.ModelProto.decode(readFileSync(options.get('--onnx')));
      const nodes = model.graph?.node ?? [];
      return nodes.length > 200 ? nodes.map((n) => n.name || `node_of_${n.output[0]}`) : null;
    } catch {
      return null;
    }
  }

  function layerInfoJson(detailed, shapes, engine, floatType = 'Half', ownNodes = null) {
    const inputs = Object.keys(shapes);
    // A hardware-compatible build keeps off kernels that need more than 48 KiB of shared memory: the
    // convolution gets another tactic (unless TRTEXEC_STANDIN_PORTABLE_UNCHANGED, a flag with no effect).
    const portableChanged = portableTakesEffect();
    // TRTEXEC_STANDIN_LAYER_PRECISION, per engine: <layer>:<Float|Half> (one layer fell back, or not).
    const [fellBack, type] = String(perEngine(env.TRTEXEC_STANDIN_LAYER_PRECISION, engine, ':')).split(':');
    // A tensor's type: one "Format/Datatype" text up to 10.x (cookbook 10.16.1 verbatim), DataType and Format
    // apart on 11.x (NVIDIA's IEngineInspector 10.x-to-11.x migration guide).
    const typed = (dataType) =>
      major >= 11 ? { DataType: dataType, Format: 'Row major linear' } : { 'Format/Datatype': dataType };
    const output = (name) => [
      { Name: `${name}_out`, Location: 'Device', Dimensions: [1], ...typed(name === fellBack ? type : floatType) },
    ];
    const fused = [];
    for (let i = 0; ownNodes && i < ownNodes.length; i += 3) fused.push(ownNodes.slice(i, i + 3));
    const own = fused.map((names) => ({
      Name: names.join(' + '),
      LayerType: 'PointWiseV2',
      Inputs: [],
      Outputs: output(names.join(' + ')),
      TacticValue: '0x0000000000000003',
      StreamId: 0,
      Metadata: names.map((n) => `[ONNX Layer: ${n}]`).join('\u001e'),
    }));
    const layers = ownNodes
      ? detailed
        ? own
        : own.map((l) => l.Name)
      : detailed
        ? [
            {
              Name: 'node_conv2d + node_relu',
              LayerType: 'CaskConvolution',
              Inputs: inputs.map((n) => ({
                Name: n,
                Location: 'Device',
                Dimensions: shapes[n].opt.split('x').map(Number),
                ...typed(floatType),
              })),
              Outputs: output('node_conv2d + node_relu'),
              TacticValue: portableChanged
                ? '0x0000000000000020'
                : tacticOf('node_conv2d + node_relu', '0x000000000000001f', '0x00000000000000a1'),
              StreamId: 0,
              Metadata: '[ONNX Layer: node_conv2d]\u001e[ONNX Layer: node_relu]',
            },
            {
              Name: '__myl_CastMulLtSeleCast_myl6_0',
              LayerType: 'kgen',
              Inputs: [],
              Outputs: output('__myl_CastMulLtSeleCast_myl6_0'),
              TacticName: tacticOf(
                '__myl_CastMulLtSeleCast_myl6_0',
                '__myl_CastMulLtSeleCast_0x1',
                '__myl_CastMulLtSeleCast_0x2',
              ),
              StreamId: 0,
              Metadata: '[ONNX Layer: node_leaky_relu]',
            },
          ]
        : ['node_conv2d + node_relu', '__myl_CastMulLtSeleCast_myl6_0'];
    return major >= 11
      ? JSON.stringify({
          Layers: layers,
          'I/O Tensors': inputs.map((n) => ({
            Name: n,
            IOMode: 'Input',
            DataType: 'Half',
            Dimensions: [-1],
            Location: 'Device',
            IsShapeInferenceIO: false,
            ProfileInfo: [
              { MinShape: shapes[n].min, OptShape: shapes[n].opt, MaxShape: shapes[n].max, Format: 'Row major linear' },
            ],
          })),
        })
      : JSON.stringify({ Layers: layers, Bindings: inputs });
  }

  async function emitVerbose(total) {
    if (total <= 0) return;
    const line = `${stamp()} [V] [TRT] Tactic: 0x0000000000000000 Time: 17.8375 ${'.'.repeat(40)}\n`;
    const block = Buffer.from(line.repeat(Math.ceil(65536 / line.length)));
    for (let sent = 0; sent < total; sent += block.length) {
      await io.writeAsync(block);
    }
  }

  async function hang() {
    io.spawnIdleChild(env.TRTEXEC_STANDIN_CHILD_PIDS);
    if (fault('TRTEXEC_STANDIN_HANG') === 'ignore-term') io.ignoreTerm();
    hold(Number(env.TRTEXEC_STANDIN_ALLOC_MIB ?? 1024));
    log('V', '[TRT] --------------- Timing Runner: {ForeignNode[transformer.h.0.attn.bias.../Cast]} (Myelin)');
    await io.forever();
  }
}

if (import.meta.main) await runAsProgram(runTrtexec);
