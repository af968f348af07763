import { CATALOGUED_THROUGH, FLAG_CATALOG } from './flag-catalog.js';
import { atLeast, formatVersion, type TensorRtVersion } from './version.js';

/**
 * Where a trtexec flag exists, from docs/trtexec-flags.md (NVIDIA/TensorRT sampleOptions.cpp by
 * tag). `since` and `until` are inclusive-exclusive "major.minor" bounds: a flag with until "10.0"
 * is rejected by 10.0 as `Unknown option`.
 */
interface FlagSpan {
  since?: string;
  until?: string;
  /** What to use instead, for the error message. */
  instead?: string;
}

const FLAG_SPANS: Record<string, FlagSpan> = {
  '--workspace': { until: '10.0', instead: '--memPoolSize=workspace:<MiB> (trt-ci sets it from `workspace:`)' },
  '--memPoolSize': { since: '8.4' },
  '--fp16': {
    until: '11.0',
    instead: 'precision: fp16 in trt-ci.yml (trt-ci writes the FP16 ONNX); TensorRT 11 removed precision flags',
  },
  '--int8': { until: '11.0', instead: 'a quantized (Q/DQ) ONNX; TensorRT 11 removed precision flags' },
  '--best': { until: '11.0', instead: 'a strongly typed ONNX; TensorRT 11 removed precision flags' },
  '--bf16': { since: '10.0', until: '11.0', instead: 'a strongly typed ONNX; TensorRT 11 removed precision flags' },
  '--fp8': { since: '8.6', until: '11.0', instead: 'a quantized ONNX; TensorRT 11 removed precision flags' },
  '--int4': { since: '10.1', until: '11.0', instead: 'a quantized ONNX; TensorRT 11 removed precision flags' },
  '--stronglyTyped': { since: '10.0' },
  '--calib': { until: '11.0' },
  '--skipInference': { since: '8.6', instead: '--buildOnly before TensorRT 8.6' },
  '--buildOnly': { until: '10.0', instead: '--skipInference' },
  '--staticPlugins': { since: '8.6', instead: '--plugins' },
  '--dynamicPlugins': { since: '8.6' },
  '--setPluginsToSerialize': { since: '8.6' },
  '--timingCacheFile': { since: '8.0' },
  '--profilingVerbosity': { since: '8.2' },
  '--exportLayerInfo': { since: '8.2' },
  '--builderOptimizationLevel': { since: '8.6' },
  '--hardwareCompatibilityLevel': { since: '8.6' },
  '--versionCompatible': { since: '8.6' },
  '--vc': { since: '8.6' },
  '--excludeLeanRuntime': { since: '8.6' },
  '--useRuntime': { since: '8.6' },
  '--leanDLLPath': { since: '8.6' },
  '--pluginInstanceNorm': { since: '10.0' },
  '--runtimePlatform': { since: '10.2' },
  '--profile': { since: '10.0' },
  '--useProfile': { since: '10.0' },
  '--getPlanVersionOnly': { since: '10.0' },
  '--explicitBatch': { until: '10.0' },
  '--minTiming': { until: '10.0', instead: '--avgTiming' },
  '--uff': { until: '10.0', instead: '--onnx' },
  '--model': { until: '10.0', instead: '--onnx' },
  '--deploy': { until: '10.0', instead: '--onnx' },
  '--batch': { until: '10.0', instead: 'explicit shapes' },
  '--maxBatch': { until: '10.0', instead: 'explicit shapes' },
  '--precisionConstraints': {
    since: '8.2',
    until: '11.0',
    instead: 'keep-fp32: in trt-ci.yml (TensorRT 11 takes precisions from the ONNX, which trt-ci writes)',
  },
  '--layerPrecisions': {
    since: '8.4',
    until: '11.0',
    instead: 'keep-fp32: in trt-ci.yml (TensorRT 11 takes precisions from the ONNX, which trt-ci writes)',
  },
  '--layerOutputTypes': { since: '8.4', until: '11.0' },
  '--includeDataTransfers': { since: '11.0' },
  '--noCudaGraph': { since: '11.0' },
  '--noSpinWait': { since: '11.0' },
  '--dumpRawBindingsToFile': { since: '8.6' },
  '--loadRefOutputs': { since: '11.1' },
  '--accuracyAlgorithm': { since: '11.1' },
  '--accuracyThreshold': { since: '11.1' },
  '--atol': { since: '11.1' },
  '--rtol': { since: '11.1' },
  '--refPair': { since: '11.1' },
  '--tuneBuildRoutes': { since: '11.1' },
  '--tuneBuildRouteFile': { since: '11.1' },
  '--tuningSearch': { since: '11.1' },
  '--tuningTimeOut': { since: '11.1' },
  '--tuningCacheFile': { since: '11.1' },
  '--continue': { since: '11.1' },
  '--dryRun': { since: '11.1' },
  '--saveAllEngines': { since: '11.1' },
  '--helpBuildRoute': { since: '11.1' },
  // Parsed since v10.13.0 (sampleOptions.cpp), though trt-ci once dated them from the 11.4 release notes.
  '--dumpKernelText': { since: '10.13' },
  '--remoteAutoTuningConfig': { since: '10.13' },
  // 11.4 and 11.5 from their release notes (the repository snapshot has no tag past v11.1).
  '--greenContext': { since: '11.4' },
  '--reference': { since: '11.4' },
  '--loadCheckerBlob': { since: '11.4' },
  '--dumpCheckerBlob': { since: '11.4' },
  '--remoteConfig': { since: '11.4' },
  '--dlaWorkspaceAllocationStrategy': { since: '11.4' },
  '--independentWeightLayouts': { since: '11.5' },
  '--saveEngineSo': { since: '11.5' },
  '--loadEngineSo': { since: '11.5' },
};

/** The last release whose new trtexec flags trt-ci has read (its release notes; FLAG_SPANS holds them). */
const FLAGS_KNOWN_THROUGH = '11.5';

/**
 * Flags trtexec reads every copy of (sampleOptions.cpp v11.1: the plugin lists in a loop; --profile and
 * --refPair each take the shapes or files that follow them). Any other flag is read once: up to 11.3 a
 * second copy is left over as an unknown option (exit 1), from 11.4 it is ignored with a warning.
 */
export const REPEATABLE_FLAGS = new Set([
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

/** Flags that no trtexec ever had, though they are often written (docs/trtexec-flags.md). */
const NEVER_FLAGS: Record<string, string> = {
  '--engineCollection': 'trtexec has no --engineCollection; trt-ci builds one engine per profile',
  '--optProfile': 'trtexec has no --optProfile; multiple profiles are --profile=N plus shapes (TensorRT >= 10)',
};

export type FlagVerdict = { ok: true } | { ok: false; reason: string };

/** Whether `flag` (as "--name", without "=value") is accepted by trtexec `version`. */
export function flagSupport(flag: string, version: TensorRtVersion): FlagVerdict {
  const never = NEVER_FLAGS[flag];
  if (never) return { ok: false, reason: never };
  const span = FLAG_SPANS[flag];
  if (!span) return { ok: true };
  const v = formatVersion(version);
  if (span.since && !atLeast(version, span.since)) {
    return {
      ok: false,
      reason:
        `${flag} needs TensorRT >= ${span.since}, this ` +
        `trtexec is ${v}${span.instead ? `; use ${span.instead}` : ''}`,
    };
  }
  if (span.until && atLeast(version, span.until)) {
    return {
      ok: false,
      reason:
        `${flag} was removed in TensorRT ${span.until}, this ` +
        `trtexec is ${v}${span.instead ? `; use ${span.instead}` : ''}`,
    };
  }
  return { ok: true };
}

/** Whether trt-ci knows from which version to which this flag exists (so --help need not list it). */
export function hasKnownSpan(flag: string): boolean {
  return Object.hasOwn(FLAG_SPANS, flag);
}

/**
 * Whether trtexec `version`'s option parser takes this flag name at all, by the catalog of its sources
 * (flag-catalog.ts) and the release notes after it: 'absent' is sure, 'unknown' is a release trt-ci has not read.
 * For a flag with a FLAG_SPANS entry, flagSupport is the verdict.
 */
export function parsedBy(flag: string, version: TensorRtVersion): 'parsed' | 'absent' | 'unknown' {
  const span = FLAG_CATALOG[flag];
  const introduced = FLAG_SPANS[flag]?.since;
  if (span && atLeast(version, span[0]) && (span[1] === null || !atLeast(version, nextMinor(span[1])))) return 'parsed';
  if (introduced && atLeast(version, introduced)) return 'parsed';
  if (!atLeast(version, nextMinor(CATALOGUED_THROUGH))) return 'absent';
  if (span && span[1] === null) return 'parsed';
  return atLeast(version, nextMinor(FLAGS_KNOWN_THROUGH)) ? 'unknown' : 'absent';
}

/** The flag names trtexec `version` parses, for a did-you-mean. */
export function catalogFlags(version: TensorRtVersion): string[] {
  return Object.keys(FLAG_CATALOG).filter((flag) => parsedBy(flag, version) === 'parsed');
}

function nextMinor(minor: string): string {
  const [major, rest] = minor.split('.').map(Number);
  return `${major}.${rest! + 1}`;
}

export function hasFlag(flag: string, version: TensorRtVersion): boolean {
  return flagSupport(flag, version).ok;
}

/**
 * Flags trt-ci derives from the config itself; `extra-args` may not set them, or the manifest and
 * the back-off would describe a build that did not happen.
 */
export const MANAGED_FLAGS = new Set([
  '--onnx',
  '--saveEngine',
  '--loadEngine',
  '--minShapes',
  '--optShapes',
  '--maxShapes',
  '--shapes',
  '--profile',
  '--memPoolSize',
  '--workspace',
  '--timingCacheFile',
  '--skipInference',
  '--buildOnly',
  '--plugins',
  '--staticPlugins',
  '--exportLayerInfo',
  '--fp16',
  '--bf16',
  '--int8',
  '--fp8',
  '--int4',
  '--best',
  '--stronglyTyped',
]);

/** "--foo=bar" → "--foo". */
export function flagName(arg: string): string {
  const eq = arg.indexOf('=');
  return eq === -1 ? arg : arg.slice(0, eq);
}

/**
 * Flags whose value names files: `file` is the whole value, `named` is `name:file[,name:file]`
 * (--loadInputs). In extra-args their relative paths are relative to trt-ci.yml's folder, like every
 * path in the config (sampleOptions.cpp reads them relative to trtexec's working directory).
 */
const FILE_FLAGS: Record<string, 'file' | 'named'> = {
  '--calib': 'file',
  '--loadInputs': 'named',
  '--loadRefOutputs': 'named',
  '--exportTimes': 'file',
  '--exportProfile': 'file',
  '--exportOutput': 'file',
  '--setPluginsToSerialize': 'file',
  '--tuningCacheFile': 'file',
  '--leanDLLPath': 'file',
};

/** The flags whose files trtexec reads (the rest of FILE_FLAGS it writes): they must exist before a build. */
const READ_FLAGS = new Set(['--calib', '--loadInputs', '--loadRefOutputs', '--setPluginsToSerialize', '--leanDLLPath']);

/** The files an extra-args entry (its paths resolved) has trtexec read: `--calib=x` → [x]. */
export function filesReadBy(arg: string): { flag: string; files: string[] } | null {
  const eq = arg.indexOf('=');
  const flag = eq === -1 ? arg : arg.slice(0, eq);
  if (!READ_FLAGS.has(flag) || eq === -1) return null;
  const value = arg.slice(eq + 1);
  const files =
    FILE_FLAGS[flag] === 'file'
      ? [value]
      : value.split(',').map((item) => (item.includes(':') ? item.slice(item.indexOf(':') + 1) : item));
  return { flag, files: files.filter(Boolean) };
}

/** An extra-args entry with the relative file paths in its value made absolute against `dir`. */
export function resolveFlagPaths(arg: string, dir: string, resolvePath: (dir: string, path: string) => string): string {
  const eq = arg.indexOf('=');
  const kind = eq === -1 ? undefined : FILE_FLAGS[arg.slice(0, eq)];
  if (!kind) return arg;
  const value = arg.slice(eq + 1);
  const resolved =
    kind === 'file'
      ? resolvePath(dir, value)
      : value
          .split(',')
          .map((item) => {
            const at = item.indexOf(':');
            return at === -1 ? item : `${item.slice(0, at + 1)}${resolvePath(dir, item.slice(at + 1))}`;
          })
          .join(',');
  return `${arg.slice(0, eq + 1)}${resolved}`;
}
