// Which precision one node of a graph computes in, and why: the rule the mixed-precision writer applies to every
// node (mixed-precision.ts says the whole of it). Pure: the node and what is known of the graph's types in, the
// verdict out.
import { FIXED_OUTPUTS, FP32_INPUTS, narrowableAt, takesFloatT } from './narrow-ops.js';
import {
  FLOAT,
  fieldsOf,
  INT64,
  intAttribute,
  type NarrowType,
  type NodeView,
  payload,
  subgraphs,
  tensorType,
  valueInfo,
} from './graph.js';

/** Why a node computes in the precision it does. */
export type NodeReason =
  | 'narrowed'
  | 'kept'
  | 'no FP32 input'
  | 'op not narrowed'
  | 'custom domain'
  | 'input type unknown'
  | 'holds a subgraph'
  /** It reads an initializer or Constant with a value past the narrow type's largest: narrowed, it would be Inf. */
  | 'reads a constant past the narrow range';

/** What a node's verdict depends on besides the node: the narrow type, the kept names, the opset, the constants. */
export interface NodeGraph {
  narrow: NarrowType;
  keep: ReadonlySet<string>;
  /** The model's default-domain opset: which version of each op, and so which types it takes. */
  opset: number;
  /** The graph's constants (initializers, Constant outputs) that hold a value past the narrow type's largest. */
  wide: ReadonlySet<string>;
}

/**
 * Whether a node computes narrow and why; its outputs' types are recorded in `types` (by their FP32 names), and
 * the outputs it makes narrow in `madeNarrow`.
 */
export function decideNode(
  node: NodeView,
  types: Map<string, number>,
  madeNarrow: Set<string>,
  graph: NodeGraph,
): { narrowed: boolean; reason: NodeReason } {
  const kept = graph.keep.has(node.name);
  const inputTypes = node.inputs.map((input) => (input ? types.get(input) : -1));
  const fixed = FIXED_OUTPUTS[node.op] ?? {};
  const setOutputs = (dataType: number | undefined) =>
    node.outputs.forEach((output, k) => {
      const type = fixed[k] ?? dataType;
      if (output && type) types.set(output, type);
    });
  let reason: NodeReason;
  if (node.domain && node.domain !== 'ai.onnx') reason = 'custom domain';
  else if (subgraphs(node).length) reason = 'holds a subgraph';
  else if (node.op === 'Cast' || node.op === 'CastLike') {
    const to = node.op === 'Cast' ? intAttribute(node, 'to') : types.get(node.inputs[1] ?? '');
    if (node.op === 'CastLike' || to !== FLOAT) reason = 'no FP32 input';
    else reason = kept ? 'kept' : 'narrowed';
    setOutputs(to);
    if (reason === 'narrowed') for (const o of node.outputs) madeNarrow.add(o);
    return { narrowed: reason === 'narrowed', reason };
  } else if (!narrowableAt(node.op, graph.narrow, graph.opset)) reason = 'op not narrowed';
  else if (inputTypes.some((t) => t === undefined)) reason = 'input type unknown';
  else if (!inputTypes.some((t, k) => t === FLOAT && !(FP32_INPUTS[node.op] ?? []).includes(k)))
    reason = 'no FP32 input';
  else if (kept) reason = 'kept';
  // 1e5 as FP16 is Inf: the node that reads it stays FP32 on its own (one keep-fp32 list for 10.x and 11.x).
  else if (node.inputs.some((input, k) => graph.wide.has(input) && !(FP32_INPUTS[node.op] ?? []).includes(k)))
    reason = 'reads a constant past the narrow range';
  else reason = 'narrowed';

  if (reason === 'holds a subgraph') {
    // If: a branch's outputs are the node's; Loop: the body's after its condition (carried, then scanned).
    const body = subgraphs(node)[0]!.bytes;
    const bodyOutputs = fieldsOf(body)
      .filter((f) => f.number === 12)
      .map((f) => valueInfo(payload(body, f)).type);
    const offset = node.op === 'Loop' ? 1 : 0;
    node.outputs.forEach((output, k) => {
      const type = node.op === 'If' || node.op === 'Loop' ? bodyOutputs[k + offset] : undefined;
      if (output && type) types.set(output, type);
    });
  } else if (node.op === 'Constant') {
    const value = node.attributes.find((a) => a.name === 'value');
    const t = value?.fields.find((f) => f.number === 5);
    setOutputs(value && t ? tensorType(payload(value.bytes, t)) : undefined);
  } else if (node.op === 'ConstantOfShape') {
    const value = node.attributes.find((a) => a.name === 'value');
    const t = value?.fields.find((f) => f.number === 5);
    setOutputs(value && t ? tensorType(payload(value.bytes, t)) : FLOAT);
  } else if (takesFloatT(node.op) && reason !== 'input type unknown') {
    // T is the type of the data inputs: the first input whose type is not an index's or a condition's.
    const data = inputTypes.find(
      (t, k) =>
        t !== undefined &&
        t !== -1 &&
        !(FP32_INPUTS[node.op] ?? []).includes(k) &&
        !(node.op === 'Where' && k === 0) &&
        t !== INT64,
    );
    setOutputs(data ?? inputTypes.find((t) => t !== undefined && t !== -1));
  } else setOutputs(undefined);

  const narrowed = reason === 'narrowed';
  if (narrowed)
    node.outputs.forEach((o, k) => {
      if (o && types.get(o) === FLOAT && !(k in fixed)) madeNarrow.add(o);
    });
  return { narrowed, reason };
}
