// Why trtexec failed, read from its log one line at a time: the lines that name a cause (real logs in
// test/fixtures/trtexec-logs), ranked, and the lines after which it gives up. What to do about each kind is
// failure-hints.ts's.
import type { FailureKind } from '../contract/failures.js';

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
  {
    kind: 'driver-insufficient',
    pattern:
      /CUDA driver version is insufficient for CUDA runtime version|CUDA initialization failure with error:? 35\b/,
  },
  { kind: 'unsupported-gpu', pattern: /Unsupported SM|SM version not supported|Target GPU SM \d+ is not supported/ },
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
  { kind: 'internal-assertion', pattern: /: Assertion `[^`'’]*['’] failed\.|-- assertion failed$/ },
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

/** The failure evidence in one line, if any. */
export function matchEvidence(message: string): EvidenceMatch | null {
  for (let rank = 0; rank < EVIDENCE.length; rank += 1) {
    const evidence = EVIDENCE[rank]!;
    if (evidence.pattern.test(message))
      return { kind: evidence.kind, message, rank, ...(evidence.hint && { hint: evidence.hint }) };
  }
  return null;
}

/** "Requested amount of GPU memory (N bytes)", "requested size of N", "allocating N-byte buffer". */
export function requestedBytes(line: string): number | null {
  const match = /memory \((\d+) bytes\)|requested size (?:of|was) (\d+)|allocating (\d+)-byte/i.exec(line);
  return match ? Number(match[1] ?? match[2] ?? match[3]) : null;
}

