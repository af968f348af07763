// Why trtexec failed, read from its log one line at a time: the lines that name a cause (real logs in
// test/fixtures/trtexec-logs), ranked, and the lines after which it gives up. What to do about each kind is
// failure-hints.ts's.
import type { FailureKind } from '../contract/failures.js';
import { RTX_COMPUTE_CAPABILITIES } from './compat.js';

interface Evidence {
  kind: FailureKind;
  pattern: RegExp;
  /** A more precise hint than the kind's own, for this message. */
  hint?: string;
}

/** A process that died of a signal, as a shell or a signal handler says it (test/fixtures/trtexec-logs/crash-*). */
const CRASH = /\b(Segmentation fault|Bus error|Illegal instruction)\b|\bAborted \(core dumped\)/;

/**
 * Lines that tell why trtexec failed, from real logs (test/fixtures/trtexec-logs). Order is priority:
 * when a log shows several, the earlier kind is the cause (a missing plugin also fails the ONNX
 * parse; an out-of-memory also ends in "Could not find any implementation").
 */
const EVIDENCE: Evidence[] = [
  { kind: 'unknown-option', pattern: /Unknown option: (\S+)/ },
  // The engine built and could not be written (sampleEngines.cpp v10.16 saveEngine and setUpInference): a full
  // or read-only output folder. Before out-of-memory: a build that skipped tactics for memory still built.
  {
    kind: 'other',
    pattern: anyOf(
      /Saving engine to file failed/,
      /Cannot open engine file: /,
      /Failed to open engine file for reading/,
      /Error when reading engine file/,
    ),
    hint:
      'trtexec built the engine and could not write it: check the free space of the output folder and that it ' +
      'is writable (df -h; a read-only mount), then build again.',
  },
  // TensorRT-RTX checks a profile's shapes against the network itself (real logs, test/fixtures/tensorrt-rtx/logs).
  // Before driver-insufficient: building on a CPU (TensorRT-RTX's default), checking a bad profile also logs a
  // CUDA driver error (cudaError 35) that nothing else in the build needed.
  {
    kind: 'bad-profile',
    pattern: anyOf(
      /please ensure that the optimization profiles satisfy MIN<=OPT<=MAX/,
      /input tensor \S+ has \d+ dimensions but profile \d+ has \d+ dimensions/,
    ),
  },
  {
    kind: 'driver-insufficient',
    pattern:
      /CUDA driver version is insufficient for CUDA runtime version|CUDA initialization failure with error:? 35\b/,
  },
  { kind: 'unsupported-gpu', pattern: /Unsupported SM|SM version not supported|Target GPU SM \d+ is not supported/ },
  // TensorRT-RTX 1.7 loading a plan on a GPU it was not built for, or does not support (real: an H100, 9.0).
  {
    kind: 'unsupported-gpu',
    pattern: /The engine cannot run on this GPU, which has compute capability/,
    hint:
      'TensorRT-RTX runs a plan only on the compute capabilities it was built for (--compute-capability), and ' +
      `only on those it supports (${RTX_COMPUTE_CAPABILITIES.join(', ')}): run it on such a GPU, or build for ` +
      'this one.',
  },
  {
    kind: 'unsupported-gpu',
    pattern: /no kernel image is available for execution on the device/,
    hint:
      'A kernel (often a plugin .so) was not compiled for this GPU: rebuild the plugin with ' +
      "-gencode for this GPU's compute capability (nvidia-smi --query-gpu=compute_cap --format=csv).",
  },
  {
    kind: 'plugin-missing',
    pattern: /SymbolAddress for (getPluginCreators|getCreators) could not be loaded/,
    hint:
      'A library passed with --dynamicPlugins must export getCreators (older TensorRT: getPluginCreators) and ' +
      'setLoggerFinder; export them from the plugin, or list ' +
      'it under `plugins:` so trt-ci loads it with --staticPlugins.',
  },
  // An op the parser has no importer for: it then looks for a plugin of the op's name, and says the plugin is not
  // found (TensorRT-RTX 1.7, test/fixtures/tensorrt-rtx/logs/unsupported.log). Before plugin-missing.
  {
    kind: 'onnx-parse',
    pattern: /In function checkFallbackPluginImporter/,
    hint:
      'The ONNX has an op this TensorRT has no importer for (the parser then looked for a plugin of its name and ' +
      'found none): the node is the one the log names ("While parsing node number …"). Export it as ops TensorRT ' +
      'imports (another opset, a supported equivalent), or give a plugin that implements it under plugins:.',
  },
  {
    kind: 'plugin-missing',
    pattern: anyOf(
      /Plugin not found, are the plugin name, version, and namespace correct/,
      /IPluginCreator not found in Plugin Registry/,
      /Cannot find plugin: /,
      /getPluginCreator could not find plugin/,
    ),
  },
  { kind: 'plugin-missing', pattern: /Could not load library|cannot open shared object file/ },
  {
    kind: 'plan-incompatible',
    pattern: /Magic tag does not match|magicTag == rt::kPLAN_MAGIC_TAG failed|magicTagRead == kMAGIC_TAG failed/,
    hint:
      'The file is not a TensorRT plan: check it is the saved engine, not the ONNX; an ' +
      'Ultralytics .engine has a JSON header in front of the plan and must be stripped first.',
  },
  {
    kind: 'plan-incompatible',
    pattern: anyOf(
      /Version tag does not match/,
      /generated on an incompatible device/,
      /Engine deserialization failed/,
      /Could not deserialize engine/,
      /Serialization version is not supported/,
    ),
  },
  {
    kind: 'out-of-memory',
    pattern: anyOf(
      /Cuda Runtime \(out of memory\)/i,
      /Error Code 2: OutOfMemory/i,
      /out of memory/i,
      // TensorRT 7's one word (rtSafe "OutOfMemory Error in allocate") and 8.x's own spelling "insuficient".
      /OutOfMemory Error/,
      /could not be allocated/i,
      /insuf+icient memory/i,
      // Said by the allocator alone, with no "Building engine failed" after it (a Jetson build's autotuning, Myelin).
      /User allocator error allocating \d+-byte buffer/,
      /region '[^']+' allocation failed/,
      /Requested size was \d+ bytes/,
    ),
  },
  // The ONNX parser could not open the file (onnx-tensorrt's ParseFromFileAsBinary and parseFromFile): a path,
  // not a model that does not parse. Before onnx-parse, whose "Failed to parse ONNX model from file" follows.
  {
    kind: 'other',
    pattern: /^Could not open file |Input is not a regular file: |Input file cannot be found/,
    hint:
      'trtexec could not open the file the message names: it is missing, unreadable, or a folder. The path is ' +
      "trtexec's: where trtexec runs in a container (a trtexec: or run: wrapper), mount the model's folder at the " +
      'same path, or give the model by a path that exists there.',
  },
  {
    kind: 'int8-calibration',
    pattern: anyOf(
      /Calibration failure occurred with no scaling factors detected/,
      /Could not find scales for tensor/,
      /Builder failed while configuring INT8 mode/,
      // An assertion in TensorRT's quantization code: a calibration cache that is not one (an .h5 given to --calib,
      // NVIDIA/TensorRT#2984: quantizeBiasCommon) or ranges it cannot use (min > max, #1634: DynamicRange).
      /\[(?:quantization|weightConvertors|calibrator)\.cpp::\w+::\d+\].*Assertion/,
    ),
  },
  {
    kind: 'no-profile',
    pattern: /no optimization profile has been defined|optimization profile is missing values for shape input/,
  },
  // After out-of-memory, whose builds also end in it; before the assertion and the crash that may follow it.
  { kind: 'no-implementation', pattern: /Could not find any implementation for node/ },
  // Myelin's words for the same, where the workspace is what is short (TensorRT-RTX 1.7 with a 1-byte workspace).
  {
    kind: 'no-implementation',
    pattern: /no tactics to implement the operation within workspace limit/,
    hint:
      'TensorRT found no kernel that fits the workspace it was given: raise workspace: (and min-workspace:), ' +
      'or leave workspace: unset for the builder to use what the GPU has.',
  },
  {
    kind: 'onnx-parse',
    pattern: anyOf(
      /Failed to parse onnx file/,
      /Failure while parsing ONNX file/,
      /While parsing node number/,
      /Parsing model failed/,
      // No gaps: `.*` between two words is quadratic on a long line that repeats the first one.
      /ModelImporter\.cpp:\d+: ERROR/,
    ),
  },
  // glibc's assert(3) line, then abort (SIGABRT, exit 134 from a shell), with no &&&& line after it:
  // "python3: …/myelin/src/compiler/kernel_gen/dag.cpp:1050: …: Assertion `value_info->operand()->is_tensor()'
  // failed." (NVIDIA/TensorRT#2654). Last: a log that says more (out of memory, a plugin) says why.
  // Myelin's own form says the same: "In function split_input -- …kqv_gemm_split.cpp:658 … -- assertion failed".
  {
    kind: 'internal-assertion',
    pattern: anyOf(
      /: Assertion `[^`'’]*['’] failed\.|-- assertion failed$/,
      // trtexec's fatal line ("[F] [TRT] Assertion failed: …", NVIDIA/TensorRT#2690) and TensorRT 7's ("[TensorRT]
      // INTERNAL ERROR: Assertion failed: …", #872); the check's file and line follow on the next line.
      /^Assertion failed: |INTERNAL ERROR: Assertion failed: /,
      // Myelin's own checks: "operand.cpp:75: DCHECK(t->root_tensor()->is_update_tensor()) failed" (#4394).
      /\bD?CHECK\(.*\) failed\b/,
      // An Error Code 2 assertion; not the builder's "engine != nullptr", which only says the build failed.
      /Internal Error \(Assertion (?!engine(?:Ptr)? != nullptr).* failed/,
    ),
  },
  // A crash says least: the shell's line ("Segmentation fault (core dumped)"), or a signal handler's
  // ("Signal: Segmentation fault (11)"). Any line that says more comes first.
  {
    kind: 'other',
    pattern: CRASH,
    hint:
      'trtexec crashed: TensorRT, a plugin or the driver died on this model. Run it again with --verbose to see ' +
      'the last layer it reached; a crash in a plugin points at the plugin, else report it to NVIDIA with the log.',
  },
];

/** One pattern that matches any of the alternatives (each kept on its own line). */
function anyOf(...alternatives: RegExp[]): RegExp {
  return new RegExp(alternatives.map((a) => a.source).join('|'), alternatives[0]?.flags);
}

/** Lines after which trtexec gives up; without an exit code they mark the log as failed. */
export const TERMINAL_PATTERN = anyOf(
  /Engine set up failed/,
  /Engine could not be created/,
  /Engine creation failed/,
  /Failed to create engine/,
  /Failed to parse onnx file/,
  /Failure while parsing ONNX/,
  /Parsing model failed/,
  /Network validation failed/,
  /Cuda failure/,
  /^Aborting/,
  /Unknown option:/,
  /Engine deserialization failed/,
  /Could not deserialize engine/,
  /FAILED_EXECUTION/,
  /Cannot find any available devices/,
  /Cannot find device ID/,
  /Uncaught exception detected/,
  /Building engine failed/,
  /Serialization assertion /,
  /: Assertion `[^`'’]*['’] failed\.|-- assertion failed$/,
  /Deserialize the cuda engine failed/,
  /SymbolAddress for \w+ could not be loaded/,
  // The ONNX parser's own errors and a build that found no tactic: trtexec stops after them.
  /While parsing node number/,
  /ModelImporter\.cpp:\d+: ERROR/,
  /Could not find any implementation for node/,
  /Saving engine to file failed/,
  CRASH,
);

export interface EvidenceMatch {
  kind: FailureKind;
  message: string;
  hint?: string;
  rank: number;
}

const rankOf = (kind: FailureKind) => EVIDENCE.findIndex((e) => e.kind === kind);
const CALIBRATION_RANK = rankOf('int8-calibration');

/**
 * The failure evidence in one line, if any. A line at trtexec's [F] level (TensorRT's kINTERNAL_ERROR) that says
 * nothing more is an internal assertion.
 */
export function matchEvidence(message: string, level: string | null = null): EvidenceMatch | null {
  for (let rank = 0; rank < EVIDENCE.length; rank += 1) {
    const evidence = EVIDENCE[rank]!;
    if (evidence.pattern.test(message))
      return { kind: evidence.kind, message, rank, ...(evidence.hint && { hint: evidence.hint }) };
  }
  return level === 'F' ? { kind: 'internal-assertion', message, rank: rankOf('internal-assertion') } : null;
}

/**
 * A line while TensorRT calibrates (from "Starting Calibration" to "Calibration completed"): an error there is the
 * calibration's, an illegal memory access first among them (NVIDIA/TensorRT#4092); a cause that says more (out of
 * memory, a driver) keeps its own kind.
 */
export function matchWhileCalibrating(message: string, level: string | null): EvidenceMatch | null {
  const found = matchEvidence(message, level);
  if (found && found.rank <= CALIBRATION_RANK) return found;
  const illegal = /an illegal memory access was encountered/.test(message);
  if (!illegal && !found && level !== 'E') return null;
  const hint = illegal
    ? 'TensorRT hit an illegal memory access while calibrating: a bug in a kernel or a plugin at the calibration ' +
      'shapes, not in the data. Calibrate at a smaller shape (--optShapesCalib, a batch of 1), build without the ' +
      "plugin the model's failing layer uses, or give a quantized (Q/DQ) ONNX (ModelOpt), which needs no calibration."
    : undefined;
  return { kind: 'int8-calibration', message, rank: CALIBRATION_RANK + (illegal ? 0.25 : 0.5), ...(hint && { hint }) };
}

/** The file and line a fatal assertion names on the line after it ("/…/groupNormKernel.cu:138"). */
const LOCATION = /^\s*(\S+\.(?:cu|cuh|cpp|cc|h|hpp)):(\d+)\s*$/;

/** An assertion's evidence with the location on the line after it; a plugin's source gets a hint of its own. */
export function withLocation(evidence: EvidenceMatch, line: string): EvidenceMatch | null {
  const at = LOCATION.exec(line);
  if (!at) return null;
  const plugin = /\/plugin\/(\w+)\//.exec(at[1]!)?.[1];
  const hint = plugin
    ? `A check in TensorRT's ${plugin} failed (${at[1]!.split('/').at(-1)}:${at[2]}): the plugin does not take ` +
      "this layer's shapes or attributes. Use the ONNX op TensorRT builds natively where there is one (the parser " +
      'picks it over the plugin), change the shapes to ones the plugin supports, or fix the plugin.'
    : evidence.hint;
  return { ...evidence, message: `${evidence.message} (${at[1]}:${at[2]})`, ...(hint && { hint }) };
}

/** "Requested amount of GPU memory (N bytes)", "requested size of N", "allocating N-byte buffer". */
export function requestedBytes(line: string): number | null {
  const match = /memory \((\d+) bytes\)|requested size (?:of|was) (\d+)|allocating (\d+)-byte/i.exec(line);
  return match ? Number(match[1] ?? match[2] ?? match[3]) : null;
}
