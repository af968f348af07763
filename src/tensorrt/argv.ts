import { closest } from '../common/did-you-mean.js';
import { type ModelConfig, narrowOf, type ProfileConfig, type ShapeRange, type Precision } from '../contract/config.js';
import { MEASUREMENT, type Measurement, measurementFlags } from './measurement.js';
import type { NarrowType } from '../onnx/graph.js';
import type { EngineSpec, InputShape } from '../runners/plan-runner.js';
import {
  catalogFlags,
  flagName,
  flagSupport,
  hasFlag,
  hasKnownSpan,
  MANAGED_FLAGS,
  parsedBy,
  REPEATABLE_FLAGS,
} from './flags.js';
import { MiB } from '../common/units.js';
import { atLeast, formatVersion, productOf, stronglyTypedOnly, type TensorRtVersion } from './version.js';

export interface BuildPaths {
  plan: string;
  layerInfo: string;
  timingCache: string | null;
}

/** trtexec takes quoted tensor names when they hold the characters its shape syntax uses. */
const quoteName = (name: string) => (/[:,']/.test(name) ? `'${name}'` : name);

function shapeSpec(shapes: readonly ShapeRange[], pick: 'min' | 'opt' | 'max'): string {
  return shapes.map((shape) => `${quoteName(shape.input)}:${shape[pick].join('x')}`).join(',');
}

const PRECISION_FLAGS: Record<Precision, string | null> = {
  fp32: null,
  fp16: '--fp16',
  bf16: '--bf16',
  int8: '--int8',
  fp8: '--fp8',
  best: '--best',
  'strongly-typed': '--stronglyTyped',
};

/**
 * The flag for a precision on this TensorRT, or why there is none. TensorRT 11 is strongly typed and has no
 * precision flags: --stronglyTyped is its default there, and fp16 and bf16 are built from the FP16 or BF16
 * ONNX trt-ci writes (`writesOnnx`: the build stage swaps the model for it, so buildArgv never sees them).
 */
export function precisionFlag(
  precision: Precision | null,
  version: TensorRtVersion,
): { flag: string | null; writesOnnx?: NarrowType } | { error: string } {
  if (precision === null || precision === 'fp32') return { flag: null };
  if (precision === 'strongly-typed' && stronglyTypedOnly(version)) return { flag: null };
  const narrow = narrowOf(precision);
  if (narrow && stronglyTypedOnly(version)) return { flag: null, writesOnnx: narrow };
  // TensorRT 11 has no calibrator: INT8 comes only from the ONNX's Q/DQ nodes (preflight checks it has them).
  if (precision === 'int8' && stronglyTypedOnly(version)) return { flag: null };
  const flag = PRECISION_FLAGS[precision]!;
  const verdict = flagSupport(flag, version);
  if (verdict.ok) return { flag };
  if (stronglyTypedOnly(version)) {
    return {
      error:
        `${productOf(version)} ${formatVersion(version)} builds strongly typed networks and has no ${flag}; use ` +
        'precision: fp16 or bf16 (trt-ci writes that ONNX), give it a strongly typed ONNX (ModelOpt AutoCast) with ' +
        'precision: strongly-typed, or remove precision',
    };
  }
  return { error: verdict.reason };
}

/**
 * keep-fp32 on TensorRT <= 10: each node's layer pinned to FP32 and the builder told to obey
 * (samples/common/sampleOptions.cpp getLayerPrecisions at v10.16: comma-separated name:precision pairs, the
 * name before the last ':'; sampleEngines.cpp setLayerPrecisions matches the network's layer names).
 */
function keptLayerArgs(model: ModelConfig): string[] {
  if (model.keepFp32.length === 0) return [];
  return [`--layerPrecisions=${model.keepFp32.map((n) => `${n}:fp32`).join(',')}`, '--precisionConstraints=obey'];
}

/** Why an extra-args entry cannot be passed to this trtexec, or null when it can. */
export function extraArgProblem(
  arg: string,
  version: TensorRtVersion,
  helpFlags: ReadonlySet<string> = new Set(),
): string | null {
  const flag = flagName(arg);
  if (MANAGED_FLAGS.has(flag))
    return (
      `${flag} is set by trt-ci from the config (shapes, ` +
      `workspace, precision, plugins, timing-cache); set it there`
    );
  const verdict = flagSupport(flag, version);
  if (!verdict.ok) return verdict.reason;
  if (flag === '--saveEngineSo' || flag === '--loadEngineSo')
    return (
      `${flag} is for safety engines (it requires --safe, TensorRT 11.5 release notes); trt-ci builds, runs ` +
      'and checks standard engines'
    );
  // Strongly typed (11.x), a binding's type is its ONNX tensor's: an FP16/BF16 I/O format on an FP32 input
  // is not a conversion TensorRT 11 makes (issue 38's list of 11.x config errors).
  if ((flag === '--inputIOFormats' || flag === '--outputIOFormats') && atLeast(version, '11.0')) {
    const narrow = arg
      .slice(flag.length + 1)
      .split(',')
      .find((spec) => /^(fp16|bf16)(:|$)/.test(spec));
    if (narrow)
      return (
        `${flag}=${narrow}: TensorRT ${formatVersion(version)} takes each binding's type from the ONNX ` +
        '(strongly typed); give the ONNX FP16/BF16 inputs and outputs with precision: strongly-typed, or drop it ' +
        '(precision: fp16 keeps FP32 inputs and outputs)'
      );
  }
  // A flag this trtexec neither lists in --help nor is known to parse would fail every build. Where --help lists
  // none (a run: command says only its version), the catalog of trtexec's sources judges.
  if (helpFlags.size > 0 && !helpFlags.has(flag) && !hasKnownSpan(flag)) {
    const near = closest(flag, [...helpFlags]);
    return `this trtexec (${formatVersion(version)}) has no ${flag}${near ? `; did you mean ${near}?` : ''}`;
  }
  if (helpFlags.size === 0 && flag.startsWith('--') && parsedBy(flag, version) === 'absent') {
    const near = closest(flag, catalogFlags(version));
    return (
      `trtexec ${formatVersion(version)} has no ${flag} (not in its option parser)` +
      (near ? `; did you mean ${near}?` : '')
    );
  }
  return null;
}

/**
 * Why an extra-args entry repeats a flag (an earlier entry's, or one trt-ci puts in the build itself), or null.
 * trtexec reads most flags once (REPEATABLE_FLAGS): up to 11.3 the copy it leaves is an unknown option and the
 * build fails; from 11.4 it warns "specified more than once" and keeps one, which one no source says.
 */
export function repeatedFlagProblem(
  flag: string,
  earlier: readonly string[],
  model: ModelConfig,
  version: TensorRtVersion,
): string | null {
  if (REPEATABLE_FLAGS.has(flag)) return null;
  const own = ownBuildArgs(model, version).some((arg) => flagName(arg) === flag);
  if (!own && !earlier.some((arg) => flagName(arg) === flag)) return null;
  const where = own ? 'trt-ci sets it in the build itself' : 'extra-args gives it twice';
  const v = formatVersion(version);
  return atLeast(version, '11.4')
    ? `${flag} would be given twice (${where}): trtexec ${v} keeps one and warns "specified more than once"; ` +
        'give it once'
    : `${flag} would be given twice (${where}): trtexec ${v} reads one and fails the build on the other as an ` +
        'unknown option; give it once';
}

/** The flags a build gets from the config besides the managed ones: its precision and the layer info's. */
function ownBuildArgs(model: ModelConfig, version: TensorRtVersion): string[] {
  const precision = precisionFlag(model.precision, version);
  const precisionArgs = 'flag' in precision && precision.flag ? [precision.flag, ...keptLayerArgs(model)] : [];
  return [...precisionArgs, ...layerInfoArgs(version, '')];
}

const layerInfoArgs = (version: TensorRtVersion, path: string) =>
  hasFlag('--exportLayerInfo', version) ? ['--profilingVerbosity=detailed', `--exportLayerInfo=${path}`] : [];

/** argv for building one profile of one model. Never a shell string. */
export function buildArgv(
  version: TensorRtVersion,
  model: ModelConfig,
  profile: ProfileConfig,
  workspaceBytes: number,
  paths: BuildPaths,
): string[] {
  const argv = [`--onnx=${model.onnx}`, `--saveEngine=${paths.plan}`];
  // One engine with several optimization profiles: --profile=N, each followed by its shapes (9.1+).
  (profile.parts ?? [profile]).forEach((part, index) => {
    if (profile.parts) argv.push(`--profile=${index}`);
    if (part.shapes.length === 0) return;
    argv.push(
      `--minShapes=${shapeSpec(part.shapes, 'min')}`,
      `--optShapes=${shapeSpec(part.shapes, 'opt')}`,
      `--maxShapes=${shapeSpec(part.shapes, 'max')}`,
    );
  });
  const workspaceMiB = Math.max(1, Math.floor(workspaceBytes / MiB));
  argv.push(
    hasFlag('--memPoolSize', version) ? `--memPoolSize=workspace:${workspaceMiB}` : `--workspace=${workspaceMiB}`,
  );
  const precision = precisionFlag(model.precision, version);
  // fp16 and bf16 on 11.x are an ONNX trt-ci writes (builds/precision-onnx.ts): built as it is, it would be FP32.
  if ('writesOnnx' in precision && precision.writesOnnx)
    throw new Error(
      `${model.name}: ${precision.writesOnnx} on TensorRT 11 is built from the written ONNX, not ${model.onnx}`,
    );
  if ('flag' in precision && precision.flag) argv.push(precision.flag, ...keptLayerArgs(model));
  if (paths.timingCache && hasFlag('--timingCacheFile', version)) argv.push(`--timingCacheFile=${paths.timingCache}`);
  argv.push(hasFlag('--skipInference', version) ? '--skipInference' : '--buildOnly');
  argv.push(...pluginArgs(model, version), ...layerInfoArgs(version, paths.layerInfo), ...model.extraArgs);
  return argv;
}

/** argv for loading a built plan and measuring it at its shapes. */
export function benchmarkArgv(version: TensorRtVersion, engine: EngineSpec): string[] {
  return [`--loadEngine=${engine.plan}`, ...engineArgs(version, engine)];
}

/**
 * argv for one load of a plan as it ships (deploy-load): loaded, run once at its shapes, no warm-up or timing
 * (version-compatible plans need --versionCompatible to load, docs/deploy.md).
 */
export function loadArgv(engine: Pick<EngineSpec, 'plan' | 'shapes'>, versionCompatible: boolean): string[] {
  return [
    `--loadEngine=${engine.plan}`,
    ...(versionCompatible ? ['--versionCompatible'] : []),
    ...(engine.shapes.length > 0 ? [`--shapes=${shapesText(engine.shapes)}`] : []),
    '--warmUp=0',
    '--duration=0',
    '--iterations=1',
  ];
}

/** What a run of an engine is given besides the engine: the contract both sides of an A/B share. */
export function engineArgs(
  version: TensorRtVersion,
  engine: Omit<EngineSpec, 'plan'>,
  measurement: Measurement = MEASUREMENT,
): string[] {
  return [
    ...(engine.shapes.length > 0 ? [`--shapes=${shapesText(engine.shapes)}`] : []),
    ...pluginArgs(engine, version),
    // What a latency is made of, the same on every version (measurement.ts): explicit wherever it is not
    // this version's default.
    ...measurementFlags(version, measurement),
  ];
}

/** `x:1x3x224x224,mask:1x77`: shapes as trtexec's --shapes takes them. */
const shapesText = (shapes: readonly InputShape[]) =>
  shapes.map((s) => `${quoteName(s.input)}:${s.dims.join('x')}`).join(',');

/**
 * argv for one repetition of a latency A/B: the engine, the contract (shapes, plugins), then trtexec's
 * default 200 ms warm-up and a fixed number of timed iterations (no --duration: every repetition times
 * the same work), each written to `times` (--exportTimes, docs/trtexec-inference-io.md).
 */
export function abRunArgv(plan: string, contract: readonly string[], iterations: number, times: string): string[] {
  return [
    `--loadEngine=${plan}`,
    ...contract,
    '--warmUp=200',
    '--duration=0',
    `--iterations=${iterations}`,
    `--exportTimes=${times}`,
  ];
}

/**
 * argv for one profile run of an engine after its A/B (docs/explain.md): the same contract and warm-up, a
 * fixed number of iterations, per-layer times to `profile` (--exportProfile). Below 11.0 the profile is
 * taken in a run of its own (--separateProfileRun), so profiling does not slow the timed iterations; from
 * 11.0 that is always so and the flag a no-op that warns (docs/trtexec-flags.md).
 */
export function profileRunArgv(
  version: TensorRtVersion,
  plan: string,
  contract: readonly string[],
  iterations: number,
  profile: string,
): string[] {
  return [
    `--loadEngine=${plan}`,
    ...contract,
    '--warmUp=200',
    '--duration=0',
    `--iterations=${iterations}`,
    `--exportProfile=${profile}`,
    ...(version.major < 11 ? ['--separateProfileRun'] : []),
  ];
}

/** trtexec 11.1's own accuracy check, as trt-ci asks for it: L0 (the share of elements out of tolerance). */
export interface TrtexecJudge {
  references: { name: string; file: string }[];
  atol: number;
  rtol: number;
}

/**
 * argv for running a built plan once on given inputs and writing its outputs, at one of the profile's
 * shapes (docs/trtexec-inference-io.md): --loadInputs (raw files); the outputs at full precision with
 * --dumpRawBindingsToFile (8.6+, into the working folder) or else --exportOutput's JSON; one iteration,
 * no warm-up (trtexec would otherwise infer for its default 3 s). With `judge` (11.1+), trtexec also
 * compares them with the reference outputs: any element out of tolerance fails (a threshold above 0 is
 * required; the share of one element in a billion is still above 1e-9).
 */
export function accuracyArgv(
  version: TensorRtVersion,
  engine: EngineSpec,
  files: { inputs: { name: string; file: string }[]; output: string },
  judge: TrtexecJudge | null = null,
  /** false: --exportOutput even where the dump exists (outputs whose dump file names collide). */
  dump = hasFlag('--dumpRawBindingsToFile', version),
): string[] {
  const argv = [`--loadEngine=${engine.plan}`];
  if (engine.shapes.length > 0) argv.push(`--shapes=${shapesText(engine.shapes)}`);
  argv.push(`--loadInputs=${fileList(files.inputs)}`, '--warmUp=0', '--duration=0', '--iterations=1');
  argv.push(dump ? '--dumpRawBindingsToFile' : `--exportOutput=${files.output}`);
  if (judge) {
    argv.push(`--loadRefOutputs=${fileList(judge.references)}`, '--accuracyAlgorithm=l0');
    argv.push(`--atol=${judge.atol}`, `--rtol=${judge.rtol}`, '--accuracyThreshold=1e-9');
  }
  argv.push(...pluginArgs(engine, version));
  return argv;
}

const fileList = (files: readonly { name: string; file: string }[]) =>
  files.map((f) => `${quoteName(f.name)}:${f.file}`).join(',');

function pluginArgs(
  model: { plugins: readonly string[]; dynamicPlugins: readonly string[] },
  version: TensorRtVersion,
): string[] {
  const flag = hasFlag('--staticPlugins', version) ? '--staticPlugins' : '--plugins';
  return [
    ...model.plugins.map((plugin) => `${flag}=${plugin}`),
    ...model.dynamicPlugins.map((plugin) => `--dynamicPlugins=${plugin}`),
  ];
}
