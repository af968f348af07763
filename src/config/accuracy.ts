import type { AccuracyConfig, ModelConfig, Precision } from '../contract/config.js';
import type { RawAccuracy } from './accuracy-schema.js';

/**
 * Defaults by precision, from a ResNet-50 on an H200 against ONNX Runtime FP32 (docs/trtexec-inference-io.md):
 * FP32 with TF32 was off by at most 0.04% of the largest logit, FP16 0.07%, BF16 0.5%, with cosine 0.9999999,
 * 0.9999998 and 0.99998. Each default leaves room of 2.5-7x over that; INT8 and FP8 get the widest. A
 * 1e-5 tolerance (Polygraphy's default) fails every FP16 build (NVIDIA/TensorRT#2709).
 */
const DEFAULTS: Record<
  'fp32' | 'fp16' | 'bf16' | 'quantized',
  Omit<AccuracyConfig, 'inputs' | 'shapes' | 'topK' | 'reference' | 'firstDivergence'>
> = {
  fp32: { atol: { shareOfMax: 0.001 }, rtol: 0.001, cosine: 0.9999 },
  fp16: { atol: { shareOfMax: 0.005 }, rtol: 0.005, cosine: 0.9999 },
  bf16: { atol: { shareOfMax: 0.02 }, rtol: 0.02, cosine: 0.999 },
  quantized: { atol: { shareOfMax: 0.05 }, rtol: 0.05, cosine: 0.99 },
};

/** The shapes an accuracy check with seeded inputs runs at, unless told. */
const SWEEP: AccuracyConfig['shapes'] = ['opt', 'min', 'max', 'interior'];

function defaultsFor(
  precision: Precision | null,
): Omit<AccuracyConfig, 'inputs' | 'shapes' | 'topK' | 'reference' | 'firstDivergence'> {
  if (precision === 'fp16') return DEFAULTS.fp16;
  if (precision === 'bf16') return DEFAULTS.bf16;
  if (precision === 'int8' || precision === 'fp8' || precision === 'best') return DEFAULTS.quantized;
  return DEFAULTS.fp32;
}

/**
 * A model's consistency checks: off with its reason, the batch dimension it names, and the tolerances of its
 * precision (a strongly typed network: its tensors' own float type) for a model with no accuracy check.
 */
export function resolveConsistency(
  raw: { off: string } | { 'batch-dim': number } | undefined,
  precision: Precision | null,
  networkFloat: () => 'fp16' | 'bf16' | null,
): ModelConfig['consistency'] {
  const typed = precision === null || precision === 'fp32' || precision === 'strongly-typed';
  const { atol, rtol } = defaultsFor((typed && networkFloat()) || precision);
  return {
    off: raw && 'off' in raw ? raw.off : null,
    batchDim: raw && 'batch-dim' in raw ? raw['batch-dim'] : null,
    tolerance: { atol, rtol },
  };
}

/**
 * The check a model gets: the top-level `accuracy:` with the model's own keys over it (key by key, as budgets
 * merge), else none; gaps from the defaults. A
 * strongly typed network (no precision flag, or strongly-typed) computes in its tensors' own type: an FP16 or
 * BF16 network gets that precision's defaults.
 */
export function resolveAccuracy(
  own: RawAccuracy | undefined,
  top: RawAccuracy | undefined,
  precision: Precision | null,
  /** Paths in trt-ci.yml are relative to its folder. */
  resolvePath: (path: string) => string,
  /** The network's narrowest float type, read from the ONNX only when a default needs it. */
  networkFloat: () => 'fp16' | 'bf16' | null = () => null,
): AccuracyConfig | null {
  const raw = own && top ? { ...top, ...own } : (own ?? top);
  if (!raw) return null;
  const typed = precision === null || precision === 'fp32' || precision === 'strongly-typed';
  const defaults = defaultsFor((typed && networkFloat()) || precision);
  const atol =
    raw.atol === undefined
      ? defaults.atol
      : typeof raw.atol === 'number'
        ? { absolute: raw.atol }
        : { shareOfMax: Number(raw.atol.slice(0, -1)) / 100 };
  return {
    inputs:
      raw.inputs === undefined || raw.inputs === 'auto'
        ? 'auto'
        : typeof raw.inputs === 'object'
          ? { ranges: Object.fromEntries(Object.entries(raw.inputs).map(([name, { range }]) => [name, range])) }
          : raw.inputs.endsWith('.npz')
            ? { npz: resolvePath(raw.inputs) }
            : { folder: resolvePath(raw.inputs) },
    reference: raw.reference === undefined ? null : resolvePath(raw.reference),
    // Seeded inputs sweep the range (its corners and two shapes inside it); samples have the one shape they have.
    shapes:
      raw.shapes ??
      (raw.inputs === undefined || raw.inputs === 'auto' || typeof raw.inputs === 'object' ? SWEEP : ['opt']),
    atol,
    rtol: raw.rtol ?? defaults.rtol,
    cosine: raw.cosine ?? defaults.cosine,
    topK: raw['top-k'] ?? null,
    firstDivergence: raw['first-divergence'] ?? true,
  };
}
