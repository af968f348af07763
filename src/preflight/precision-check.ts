import type { ModelConfig } from '../contract/config.js';
import type { GpuInfo } from '../gpu/nvidia-smi.js';
import { atLeast, type TensorRtVersion } from '../tensorrt/version.js';
import type { Check } from '../contract/report.js';

/** FP8 tensor cores start with Ada and Hopper (compute capability 8.9). */
const FP8_MIN_CC = 8.9;

/**
 * What the precisions ask of the GPUs: FP8 needs compute capability 8.9 or newer (a build for an older
 * GPU fails deep in the build); INT8 without a calibration cache (before TensorRT 11, which builds INT8
 * only from Q/DQ nodes) calibrates on random data unless the ONNX brings its own scales.
 */
export function precisionCheck(
  models: readonly Pick<ModelConfig, 'name' | 'precision' | 'extraArgs' | 'onnx'>[],
  gpus: readonly GpuInfo[],
  tensorrt: TensorRtVersion,
  /** A file's size, or null when there is none: an empty calibration cache calibrates nothing. */
  fileBytes: (path: string) => number | null = () => null,
  /** The op types of a model's main graph, or null when it cannot be read. */
  opsOf: (onnx: string) => ReadonlySet<string> | null = () => null,
): Check {
  const fp8 = models.filter((m) => m.precision === 'fp8').map((m) => m.name);
  const old = gpus.filter((g) => g.computeCapability !== null && Number(g.computeCapability) < FP8_MIN_CC);
  if (fp8.length > 0 && old.length > 0) {
    const which = old.map((g) => `GPU ${g.index} (${g.name ?? 'unknown'}) is ${g.computeCapability}`).join(', ');
    return {
      id: 'precision',
      status: 'fail',
      message: `${fp8.join(', ')}: fp8 needs compute capability ${FP8_MIN_CC} or newer; ${which}`,
      hint: 'Build fp8 engines on Ada, Hopper or Blackwell runners (L4, L40S, H100, H200, B200), or use fp16 here.',
    };
  }
  // TensorRT 11 builds INT8 only where the ONNX says so (QuantizeLinear/DequantizeLinear): without them an
  // int8 model builds in the precisions its ONNX holds, FP32, and says nothing.
  const int8 = models.filter((m) => m.precision === 'int8');
  if (int8.length > 0 && atLeast(tensorrt, '11.0')) {
    const unquantized = int8.filter((m) => {
      const ops = opsOf(m.onnx);
      return ops !== null && !ops.has('QuantizeLinear') && !ops.has('DequantizeLinear');
    });
    if (unquantized.length > 0)
      return {
        id: 'precision',
        status: 'fail',
        message:
          `${unquantized.map((m) => m.name).join(', ')}: int8 on TensorRT 11 comes only from Q/DQ nodes in the ` +
          'ONNX (there is no calibrator), and this ONNX has none: the engine would be FP32',
        hint:
          'Quantize the ONNX (ModelOpt: python -m modelopt.onnx.quantization --quantize_mode int8) and build ' +
          'that; or use precision: fp16',
      };
  }
  const calibrated = (m: (typeof models)[number]) =>
    m.extraArgs.some((a) => a.startsWith('--calib=') && (fileBytes(a.slice('--calib='.length)) ?? 0) > 0);
  const uncalibrated = models.filter((m) => m.precision === 'int8' && !calibrated(m)).map((m) => m.name);
  if (uncalibrated.length > 0 && !atLeast(tensorrt, '11.0')) {
    return {
      id: 'precision',
      status: 'warn',
      message: `${uncalibrated.join(', ')}: int8 without a calibration cache (--calib in extra-args, not empty)`,
      hint:
        'Without --calib, TensorRT uses placeholder scales unless the ONNX has Q/DQ nodes: the engine ' +
        'builds and runs but computes wrong values. Pass --calib=<cache>, or quantize the ONNX with ModelOpt.',
    };
  }
  return { id: 'precision', status: 'pass', message: 'the GPUs support the precisions asked for', hint: null };
}
