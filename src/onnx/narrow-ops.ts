// Which ONNX ops may compute in FP16 or BF16, from ONNX's operator schemas (onnx/docs/Changelog.md at v1.22.0:
// for each version of each op, whether its type variable T lists tensor(float16) and tensor(bfloat16)): the rules
// mixed-precision.ts applies. An op not listed keeps FP32, as does every op of a custom domain.
import type { NarrowType } from './graph.js';
import { BOOL, FLOAT, INT64 } from './graph.js';

/**
 * Per op whose FP32 inputs and outputs may all be the narrow type, the first opset whose version of it takes
 * [float16, bfloat16] (null: none yet). Once a version takes a type, every later one does (checked when the
 * table was made from the Changelog). Inputs that are not FP32 (indices, shapes, axes, conditions) stay as
 * they are. Conv, pooling and the normalizations take BF16 only from opset 22, TopK from 24.
 */
const NARROW_SINCE: Record<string, [fp16: number | null, bf16: number | null]> = {
  Abs: [1, 13],
  Acos: [7, 22],
  Acosh: [9, 22],
  Add: [1, 13],
  ArgMax: [1, 13],
  ArgMin: [1, 13],
  Asin: [7, 22],
  Asinh: [9, 22],
  Atan: [7, 22],
  Atanh: [9, 22],
  AveragePool: [1, 22],
  BatchNormalization: [1, 14],
  Ceil: [1, 13],
  Clip: [1, 13],
  Concat: [1, 13],
  Conv: [1, 22],
  ConvTranspose: [1, 22],
  Cos: [7, 22],
  Cosh: [9, 22],
  CumSum: [14, 14],
  DepthToSpace: [1, 13],
  Div: [1, 13],
  Dropout: [1, 13],
  Einsum: [12, null],
  Elu: [1, 22],
  Equal: [11, 13],
  Erf: [9, 13],
  Exp: [1, 13],
  Expand: [8, 13],
  Flatten: [1, 13],
  Floor: [1, 13],
  Gather: [1, 13],
  GatherElements: [11, 13],
  GatherND: [11, 13],
  Gelu: [20, 20],
  Gemm: [1, 13],
  GlobalAveragePool: [1, 22],
  GlobalMaxPool: [1, 22],
  Greater: [1, 13],
  GreaterOrEqual: [12, 16],
  GroupNormalization: [21, 21],
  HardSigmoid: [1, 22],
  HardSwish: [14, 22],
  Identity: [1, 13],
  InstanceNormalization: [1, 22],
  IsInf: [20, 20],
  IsNaN: [9, 13],
  LayerNormalization: [17, 17],
  LeakyRelu: [1, 16],
  Less: [1, 13],
  LessOrEqual: [12, 16],
  Log: [1, 13],
  LogSoftmax: [1, 13],
  LpNormalization: [1, 22],
  MatMul: [1, 13],
  Max: [1, 13],
  MaxPool: [1, 22],
  Mean: [1, 13],
  Min: [1, 13],
  Mish: [18, 22],
  Mod: [10, 13],
  Mul: [1, 13],
  Neg: [1, 13],
  Pad: [1, 13],
  Pow: [1, 13],
  PRelu: [1, 16],
  Reciprocal: [1, 13],
  ReduceL1: [1, 13],
  ReduceL2: [1, 13],
  ReduceLogSum: [1, 13],
  ReduceLogSumExp: [1, 13],
  ReduceMax: [1, 13],
  ReduceMean: [1, 13],
  ReduceMin: [1, 13],
  ReduceProd: [1, 13],
  ReduceSum: [1, 13],
  ReduceSumSquare: [1, 13],
  Relu: [1, 13],
  Reshape: [1, 13],
  Resize: [10, 13],
  Round: [11, 22],
  ScatterElements: [11, 13],
  ScatterND: [11, 13],
  Selu: [1, 22],
  Shrink: [9, null],
  Sigmoid: [1, 13],
  Sign: [9, 13],
  Sin: [7, 22],
  Sinh: [9, 22],
  Slice: [1, 13],
  Softmax: [1, 13],
  Softplus: [1, 22],
  Softsign: [1, 22],
  SpaceToDepth: [1, 13],
  Split: [1, 13],
  Sqrt: [1, 13],
  Squeeze: [1, 13],
  Sub: [1, 13],
  Sum: [1, 13],
  Tan: [7, 22],
  Tanh: [1, 13],
  ThresholdedRelu: [10, 22],
  Tile: [1, 13],
  TopK: [1, 24],
  Transpose: [1, 13],
  Trilu: [14, 14],
  Unsqueeze: [1, 13],
  Where: [9, 16],
};

/** Whether the op's data type variable is a float that may be narrowed at some opset (its outputs follow it). */
export const takesFloatT = (op: string) => op in NARROW_SINCE;

/** Whether the op's version at this opset takes `narrow` in ONNX's schema. */
export function narrowableAt(op: string, narrow: NarrowType, opset: number): boolean {
  const since = NARROW_SINCE[op]?.[narrow === 'fp16' ? 0 : 1];
  return since !== undefined && since !== null && opset >= since;
}
/** Inputs that stay FP32 on a narrowed node: their type variable is not the data's (Resize: roi, scales). */
export const FP32_INPUTS: Record<string, number[]> = { Resize: [1, 2] };
/** Outputs whose type is fixed whatever the inputs are. */
export const FIXED_OUTPUTS: Record<string, Record<number, number>> = {
  ArgMax: { 0: INT64 },
  ArgMin: { 0: INT64 },
  TopK: { 1: INT64 },
  MaxPool: { 1: INT64 },
  Dropout: { 1: BOOL },
  LayerNormalization: { 1: FLOAT, 2: FLOAT },
  Equal: { 0: BOOL },
  Greater: { 0: BOOL },
  GreaterOrEqual: { 0: BOOL },
  Less: { 0: BOOL },
  LessOrEqual: { 0: BOOL },
  IsInf: { 0: BOOL },
  IsNaN: { 0: BOOL },
  Shape: { 0: INT64 },
  Size: { 0: INT64 },
  NonZero: { 0: INT64 },
};
/** Ops that take any type and need no version of their input made for them: they take the producer's. */
export const TYPE_AGNOSTIC = new Set(['Shape', 'Size', 'Cast', 'CastLike']);
