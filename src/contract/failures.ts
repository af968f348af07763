// Why a build, a run or a load failed: the report's `failure.kind` and parse-log's. tensorrt/failures.ts
// recognises them in trtexec's output and says what to do about each.
export const FAILURE_KINDS = [
  'out-of-memory',
  'driver-insufficient',
  'unsupported-gpu',
  'plugin-missing',
  'plan-incompatible',
  'onnx-parse',
  'unknown-option',
  'timeout',
  /** TensorRT stopped on one of its own assertions (glibc's "Assertion `…' failed.", a Myelin bug). */
  'internal-assertion',
  /**
   * INT8 calibration failed (TensorRT <= 10; 11 has no calibrator): no scaling factors, a calibration cache that is
   * not one, an error while calibrating (an illegal memory access).
   */
  'int8-calibration',
  /** TensorRT found no kernel (tactic) for a layer at its shapes and precisions ("Could not find any …"). */
  'no-implementation',
  /** The network has a dynamic or shape input that the build's optimization profile gives no shape. */
  'no-profile',
  /** The profile's shapes do not fit the model: another rank than the input's, or not min <= opt <= max. */
  'bad-profile',
  'cancelled',
  /** Not built: the runner failed its preflight (said once for the run, not per engine). */
  'preflight-failed',
  /** Built, but FP32 everywhere while the model asks for FP16/BF16 (a strongly typed FP32 ONNX). */
  'silent-fp32',
  /**
   * Not built: the FP16/BF16 ONNX trt-ci wrote (TensorRT 11) is off from the model on ONNX Runtime, before any GPU
   * time. An accuracy verdict on the narrow model, not a build that broke.
   */
  'precision-onnx-inaccurate',
  'other',
] as const;

export type FailureKind = (typeof FAILURE_KINDS)[number];
