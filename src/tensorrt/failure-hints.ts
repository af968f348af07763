// What to do about each kind of failure: a hint per kind, made more precise by what the caller knows (the
// TensorRT version, the workspace, the profile). The kinds are contract/failures.ts's; failures.ts finds them.
import { formatBytes, formatDuration } from '../common/units.js';
import type { FailureKind } from '../contract/failures.js';
import type { Failure } from '../contract/report.js';
import { requestedBytes } from './failures.js';
import { flagSupport } from './flags.js';
import { parseVersion } from './version.js';

/** What a hint can mention when the caller knows it. */
export interface FailureContext {
  tensorrtVersion?: string | null;
  workspaceBytes?: number;
  minWorkspaceBytes?: number;
  buildTimeoutMs?: number;
  logFile?: string;
  /** The allocation TensorRT could not make, when the log names it. */
  requestedBytes?: number | null;
  /** The profile the build was for: its name and the inputs it gives shapes. */
  profile?: { name: string; inputs: string[] };
}

/** The hints that depend on nothing but the kind of failure. */
const FIXED_HINTS = {
  'precision-onnx-inaccurate':
    'A weight or constant the narrow type cannot hold (past 65504, or too small for FP16) turns Inf or 0 in ' +
    'the written model: keep the node that holds it in FP32 (keep-fp32:, or trt-ci precision to find it), or ' +
    'give a strongly typed ONNX with precision: strongly-typed',
  'silent-fp32':
    'Give precision: fp16 with the FP32 ONNX (trt-ci writes the FP16 ONNX TensorRT 11 needs: ' +
    'docs/accuracy.md), or an ONNX converted to FP16/BF16 (ModelOpt AutoCast) with precision: strongly-typed',
  'internal-assertion':
    'TensorRT stopped on one of its own internal assertions (often in Myelin, which fuses ops into ' +
    'ForeignNodes): a TensorRT bug, not your config. Try another TensorRT release, or move the ops the ' +
    'assertion names out of the fused region (a Cast or a Reshape around them), and report it to ' +
    'NVIDIA/TensorRT with the log.',
  'unsupported-gpu':
    'This TensorRT release has no kernels for this GPU (TensorRT >= ' +
    '10.5 needs compute capability >= 7.5; 8.4 lacks 8.9; 10.7 lacks 12.0). ' +
    'Use a TensorRT release that supports the GPU, or run on a runner whose GPU it supports.',
  'plugin-missing':
    'A layer needs a plugin that was not loaded. List the ' +
    "plugin library under the model's `plugins:` (trt-ci passes it with " +
    '--staticPlugins, or --plugins before TensorRT 8.6), and ' +
    'check that the .so is in the image and built against this TensorRT.',
  'plan-incompatible':
    'The plan was built by another TensorRT version or for another ' +
    'GPU; plans are not portable unless built with --versionCompatible ' +
    'or --hardwareCompatibilityLevel. Rebuild it with this TensorRT on this GPU type.',
  'onnx-parse':
    "TensorRT's ONNX parser rejected the model. Check that " +
    'its opset is supported by this TensorRT, run onnx.checker or ' +
    '`polygraphy inspect model` on it, and fold constants ' +
    '(`polygraphy surgeon sanitize --fold-constants`) before the build.',
  'int8-calibration':
    'INT8 calibration failed. Give --calib a calibration cache written by this TensorRT for this model (one from ' +
    'another release or tool, or a data file such as .h5 or .npy, is not one; an empty one calibrates nothing), ' +
    "calibrate at the profile's shapes (--minShapesCalib/--optShapesCalib/--maxShapesCalib), or give a quantized " +
    '(Q/DQ) ONNX (ModelOpt) with precision: strongly-typed: it needs no calibrator, and is the only INT8 TensorRT 11 ' +
    'builds.',
  'bad-profile':
    "The profile's shapes do not fit the model: give each input the ONNX makes dynamic as many dimensions as it " +
    'has, with min <= opt <= max in every one (the message names the input and what TensorRT found).',
  'no-implementation':
    'TensorRT found no kernel for the node the message names at these shapes and precisions. Give the build more ' +
    "workspace (workspace:, min-workspace:), narrow the profile's max shapes, drop a precision pinned on that node " +
    '(keep-fp32:, or --layerPrecisions with --precisionConstraints=obey), or try another TensorRT release; a ' +
    '{ForeignNode[…]} is a region Myelin fused, where this is often a TensorRT bug to report with the log.',
  cancelled: 'The run was cancelled (Ctrl-C, or the job was cancelled) before this build could finish; run again.',
  'preflight-failed': 'Fix what the preflight section says, or set preflight: warn-only in trt-ci.yml to build anyway.',
} as const satisfies Partial<Record<FailureKind, string>>;

function outOfMemoryHint(message: string, context: FailureContext): string {
  const asked = context.requestedBytes ?? requestedBytes(message);
  const floor =
    context.minWorkspaceBytes !== undefined
      ? ` down to min-workspace (${formatBytes(context.minWorkspaceBytes)})`
      : ' down to min-workspace';
  return (
    `The GPU ran out of memory during the build${asked ? ` (TensorRT asked for ${formatBytes(asked)})` : ''}. ` +
    `trt-ci retries with the workspace halved${floor}; if that is not enough, split the profile's max shapes, ` +
    'free the GPU (nvidia-smi ' +
    '--query-compute-apps=pid,used_memory --format=csv), or build on a GPU with more memory.'
  );
}

function driverHint(context: FailureContext): string {
  // Every TensorRT 11 package is built with CUDA 13 (docs/compatibility.md); earlier lines ship per-CUDA builds.
  const version = context.tensorrtVersion ? parseVersion(context.tensorrtVersion) : null;
  const known =
    version && version.major >= 11
      ? `TensorRT ${context.tensorrtVersion} is built with CUDA 13, which needs driver >= 580.65.06 on Linux. `
      : '';
  return (
    `The NVIDIA driver is older than the CUDA runtime this TensorRT ` +
    `was built with. ${known}Linux drivers needed: CUDA 13.x >= 580.65.06, ` +
    '12.x >= 525.60.13, 11.x >= 450.80.02. Compare `nvidia-smi ' +
    '--query-gpu=driver_version --format=csv` with the libcudart.so that ' +
    'trtexec links (ldd $(which trtexec) | grep cudart), then ' +
    "upgrade the runner's driver or use a container for an older CUDA."
  );
}

function unknownOptionHint(message: string, context: FailureContext): string {
  const flag = /Unknown option: (--[A-Za-z0-9]+)/.exec(message)?.[1];
  const version = context.tensorrtVersion ? parseVersion(context.tensorrtVersion) : null;
  const verdict = flag && version ? flagSupport(flag, version) : null;
  const why =
    verdict && !verdict.ok
      ? `${verdict.reason}. `
      : `trtexec ${context.tensorrtVersion ?? ''} does not know ${flag ?? 'this flag'}. `;
  return `${why}Remove it from extra-args, or run \`trtexec --help\` to see the flags this version takes.`;
}

function noProfileHint(message: string, context: FailureContext): string {
  // "inputT1: optimization profile is missing values for shape input" names it; the older line names none.
  const named = /([^\s(]+): optimization profile is missing values/.exec(message)?.[1];
  const profile = context.profile;
  const given = profile ? ` (it gives ${profile.inputs.join(', ') || 'none'})` : '';
  return (
    `The network has ${named ? `a shape input, ${named},` : 'an input with dynamic dimensions, or a shape input,'} ` +
    `that ${profile ? `profile ${profile.name}` : "the build's profile"} gives no shape: give every dynamic input ` +
    `min/opt/max under the profile's shapes:${given}. \`polygraphy inspect model <onnx>\` lists the inputs and ` +
    'their dimensions.'
  );
}

export function hintFor(kind: FailureKind, message: string, context: FailureContext = {}): string {
  switch (kind) {
    case 'out-of-memory':
      return outOfMemoryHint(message, context);
    case 'driver-insufficient':
      return driverHint(context);
    case 'unknown-option':
      return unknownOptionHint(message, context);
    case 'no-profile':
      return noProfileHint(message, context);
    case 'timeout': {
      const limit = context.buildTimeoutMs !== undefined ? ` (${formatDuration(context.buildTimeoutMs)})` : '';
      return (
        `The build ran past build-timeout${limit} and its whole ` +
        `process group was stopped. Raise build-timeout, keep the timing cache ` +
        'between runs (timing-cache) so later builds are faster, or pass ' +
        '--builderOptimizationLevel=2 in extra-args to search fewer tactics.'
      );
    }
    case 'other':
      return (
        `trtexec failed for a reason trt-ci does not recognise; read the ` +
        `log${context.logFile ? ` (${context.logFile})` : ''} from the first [E] line.`
      );
    default:
      return FIXED_HINTS[kind];
  }
}

/** What a build or a run that the run's cancel stopped, or never let start, reports. */
export const CANCELLED: Failure = {
  kind: 'cancelled',
  message: 'the run was cancelled',
  hint: hintFor('cancelled', ''),
};
