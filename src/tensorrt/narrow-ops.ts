// Which ONNX ops may compute in FP16 or BF16, from ONNX's operator schemas (onnx/docs/Operators.md: the type
// variable T of each op lists tensor(float16) and tensor(bfloat16)): the rules mixed-precision-onnx.ts
// applies. An op not listed keeps FP32, as does every op of a custom domain.
import { BOOL, FLOAT, INT64 } from './onnx-graph.js';

// Ops whose FP32 inputs and outputs may all be the narrow type in ONNX's schema (the type variable T covers
// float16 and bfloat16). Inputs that are not FP32 (indices, shapes, axes, conditions) are left as they are.
export const NARROWABLE = new Set(
  (
    'Abs Acos Acosh Add And ArgMax ArgMin Asin Asinh Atan Atanh AveragePool BatchNormalization Ceil Celu Clip ' +
    'Concat Conv ConvTranspose Cos Cosh CumSum DepthToSpace Div Dropout Einsum Elu Equal Erf Exp Expand Flatten ' +
    'Floor Gather GatherElements GatherND Gelu Gemm GlobalAveragePool GlobalMaxPool Greater GreaterOrEqual ' +
    'GroupNormalization HardSigmoid HardSwish Identity InstanceNormalization IsInf IsNaN LayerNormalization ' +
    'LeakyRelu Less LessOrEqual Log LogSoftmax LpNormalization MatMul Max MaxPool Mean Min Mish Mod Mul Neg Pad ' +
    'Pow PRelu Reciprocal ReduceL1 ReduceL2 ReduceLogSum ReduceLogSumExp ReduceMax ReduceMean ReduceMin ' +
    'ReduceProd ReduceSum ReduceSumSquare Relu Reshape Resize Round ScatterElements ScatterND Selu Shrink Sigmoid ' +
    'Sign Sin Sinh Slice Softmax Softplus Softsign SpaceToDepth Split Sqrt Squeeze Sub Sum Tan Tanh ' +
    'ThresholdedRelu Tile TopK Transpose Trilu Unsqueeze Where'
  ).split(' '),
);
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
