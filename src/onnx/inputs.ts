// The inputs of an ONNX model (what trtexec's --minShapes/--optShapes/--maxShapes must name), read from the
// protobuf itself: ModelProto.graph (7) → GraphProto.input (11), each a ValueInfoProto: name (1), type (2) →
// TypeProto.tensor_type (1) → elem_type (1), shape (2) → TensorShapeProto.dim (1) → dim_value (1) or
// dim_param (2). Initializers (GraphProto.initializer, 5; TensorProto.name, 8) that older exporters also list
// as inputs are not inputs a profile must shape. Source: onnx/onnx.proto3 (ONNX 1.x, field numbers are stable).

import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { type ByteSource, bufferSource, wireFields } from '../common/protobuf.js';

export interface OnnxInput {
  name: string;
  /** TensorProto.DataType as a word: float32, float16, int64, bool, … */
  type: string;
  /** Each dimension: a fixed size, or null when dynamic (a symbolic name, or none). */
  dims: (number | null)[];
}

const ELEM_TYPES: Record<number, string> = {
  1: 'float32',
  2: 'uint8',
  3: 'int8',
  4: 'uint16',
  5: 'int16',
  6: 'int32',
  7: 'int64',
  8: 'string',
  9: 'bool',
  10: 'float16',
  11: 'float64',
  12: 'uint32',
  13: 'uint64',
  16: 'bfloat16',
  17: 'float8e4m3fn',
  18: 'float8e4m3fnuz',
  19: 'float8e5m2',
  20: 'float8e5m2fnuz',
  21: 'uint4',
  22: 'int4',
};

/** One protobuf field: its number, and a varint's value or where a LEN field's bytes are. */
interface Field {
  number: number;
  value?: number;
  start?: number;
  length?: number;
}

/** The fields of the message in [start, end) of `source`, in order; throws on bytes that are not protobuf. */
function fields(source: ByteSource, start: number, end: number): Field[] {
  return wireFields(source, start, end).flatMap((f): Field[] => {
    if (f.wire === 0) return [{ number: f.number, value: f.value }];
    if (f.wire === 2) return [{ number: f.number, start: f.payload, length: f.value }];
    return [];
  });
}

/**
 * The graph's inputs a build must be given shapes for; throws when the bytes are not an ONNX model. Only the
 * graph's structure, its inputs and its initializers' names are read: a model's weights (gigabytes of
 * initializer data) are skipped by their lengths.
 */
export function onnxInputs(source: ByteSource | Buffer): OnnxInput[] {
  return graphValues(source, 11);
}

/** The graph's outputs (GraphProto.output, 12), read as its inputs are. */
function onnxOutputs(source: ByteSource | Buffer): OnnxInput[] {
  return graphValues(source, 12);
}

/** An ONNX graph as layer names are read against it: its nodes in order, and which node made each tensor. */
export interface OnnxGraph {
  /** Node names in the order the file lists them, which ONNX requires to be topological. */
  nodes: readonly string[];
  /** Each node output's tensor name → the node that computes it (TensorRT names copies and constants by them). */
  producers: ReadonlyMap<string, string>;
  /** Each node's input tensors (graph inputs and initializers among them), by the node's name. */
  inputs: ReadonlyMap<string, readonly string[]>;
  /** The op types the main graph's nodes use (NodeProto.op_type, 4): Q/DQ nodes say a model is quantized. */
  ops?: ReadonlySet<string>;
  /** The nodes inside If/Loop/Scan bodies, at any depth (their layers too carry their names), in file order. */
  subgraphNodes?: readonly string[];
}

export const EMPTY_GRAPH: OnnxGraph = { nodes: [], producers: new Map(), inputs: new Map() };

/**
 * The graph's nodes in the order the file lists them: each node's name (NodeProto.name, 3), else its first
 * output (NodeProto.output, 2), as TensorRT names a layer from it, with the tensors it reads (NodeProto.input,
 * 1) and writes.
 */
export function onnxGraph(source: ByteSource | Buffer): OnnxGraph {
  const src = Buffer.isBuffer(source) ? bufferSource(source) : source;
  const inside = (f: Field) => fields(src, f.start!, f.start! + f.length!);
  const text = (f: Field) => src.read(f.start!, f.length!).toString('utf8');
  const graph = fields(src, 0, src.size).find((f) => f.number === 7 && f.start !== undefined);
  if (!graph) throw new Error('no graph in it (ModelProto.graph)');
  const nodes: string[] = [];
  const producers = new Map<string, string>();
  const inputs = new Map<string, string[]>();
  const ops = new Set<string>();
  const subgraphNodes: string[] = [];
  // NodeProto.attribute (5) → AttributeProto.g (6) or .graphs (11) → GraphProto.node (1), at any depth.
  const bodiesOf = (nodeFields: Field[]) =>
    nodeFields
      .filter((f) => f.number === 5)
      .flatMap((a) => inside(a).filter((f) => (f.number === 6 || f.number === 11) && f.start !== undefined));
  const walkBody = (body: Field) => {
    for (const node of inside(body).filter((f) => f.number === 1 && f.start !== undefined)) {
      const nodeFields = inside(node).filter((f) => f.start !== undefined);
      const named = nodeFields.find((f) => f.number === 3);
      const first = nodeFields.find((f) => f.number === 2);
      subgraphNodes.push(layerNameOf((named && text(named)) || '', first && text(first)));
      for (const inner of bodiesOf(nodeFields)) walkBody(inner);
    }
  };
  for (const node of inside(graph).filter((f) => f.number === 1 && f.start !== undefined)) {
    const nodeFields = inside(node).filter((f) => f.start !== undefined);
    for (const body of bodiesOf(nodeFields)) walkBody(body);
    const op = nodeFields.find((f) => f.number === 4);
    if (op) ops.add(text(op));
    const outputs = nodeFields.filter((f) => f.number === 2).map(text);
    const named = nodeFields.find((f) => f.number === 3);
    const name = layerNameOf((named && text(named)) || '', outputs[0]);
    nodes.push(name);
    inputs.set(name, nodeFields.filter((f) => f.number === 1).map(text));
    for (const output of outputs) producers.set(output, name);
  }
  return { nodes, producers, inputs, ops, subgraphNodes };
}

/** The layer name TensorRT gives an ONNX node: its name, else `node_of_<first output>` (onnx-tensorrt getNodeName). */
export const layerNameOf = (name: string, firstOutput: string | undefined): string =>
  name || (firstOutput ? `node_of_${firstOutput}` : '');

/** The graph's node names in order (see onnxGraph). */
export const onnxNodeNames = (source: ByteSource | Buffer): string[] => [...onnxGraph(source).nodes];

/** A model file's graph, read at offsets; empty when it cannot be read (the ForeignNodes stay coarse). */
export async function readOnnxGraph(path: string): Promise<OnnxGraph> {
  try {
    return onnxGraphOf(path);
  } catch {
    return EMPTY_GRAPH;
  }
}

/** A model file's graph, read at offsets (never whole); throws when it cannot be read or parsed. */
export function onnxGraphOf(path: string): OnnxGraph {
  const fd = openSync(path, 'r');
  try {
    return onnxGraph(fileSource(fd, fstatSync(fd).size, (f, buffer, at) => readSync(f, buffer, 0, buffer.length, at)));
  } finally {
    closeSync(fd);
  }
}

/** A model file's inputs and outputs, read at offsets (never whole); throws when it cannot be read or parsed. */
export function readOnnxIo(path: string): { inputs: OnnxInput[]; outputs: OnnxInput[] } {
  const fd = openSync(path, 'r');
  try {
    const source = fileSource(fd, fstatSync(fd).size, (f, buffer, at) => readSync(f, buffer, 0, buffer.length, at));
    return { inputs: onnxInputs(source), outputs: onnxOutputs(source) };
  } finally {
    closeSync(fd);
  }
}

/** The ValueInfoProtos of GraphProto field `number` (11: inputs, less initializers; 12: outputs). */
function graphValues(source: ByteSource | Buffer, number: 11 | 12): OnnxInput[] {
  const src = Buffer.isBuffer(source) ? bufferSource(source) : source;
  const sub = (list: Field[], number: number) => list.filter((f) => f.number === number && f.start !== undefined);
  const inside = (f: Field) => fields(src, f.start!, f.start! + f.length!);
  const text = (f: Field | undefined) => (f ? src.read(f.start!, f.length!).toString('utf8') : null);
  const graph = sub(fields(src, 0, src.size), 7)[0];
  if (!graph) throw new Error('no graph in it (ModelProto.graph)');
  const graphFields = inside(graph);
  // An initializer's name (8) comes before its raw_data (9) as protobuf writes fields in order; the rest is skipped.
  const initialized = new Set(sub(graphFields, 5).map((t) => text(sub(inside(t), 8)[0])));
  return sub(graphFields, number).flatMap((info) => {
    const infoFields = inside(info);
    const name = text(sub(infoFields, 1)[0]) ?? '';
    if (number === 11 && initialized.has(name)) return [];
    const tensor = sub(infoFields, 2).flatMap((t) => sub(inside(t), 1))[0];
    const tensorFields = tensor ? inside(tensor) : [];
    const elem = tensorFields.find((f) => f.number === 1)?.value;
    const shape = sub(tensorFields, 2)[0];
    const dims = shape
      ? sub(inside(shape), 1).map((d) => {
          const value = inside(d).find((f) => f.number === 1)?.value;
          return value !== undefined && value > 0 ? value : null;
        })
      : [];
    return [{ name, type: elem !== undefined ? (ELEM_TYPES[elem] ?? `type ${elem}`) : 'unknown', dims }];
  });
}

/** A model file as a ByteSource: read at offsets, never whole. */
export function fileSource(fd: number, size: number, readAt: (fd: number, buffer: Buffer, at: number) => number) {
  return {
    size,
    read(offset: number, length: number): Buffer {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
      const got = readAt(fd, buffer, offset);
      return buffer.subarray(0, got);
    },
  } satisfies ByteSource;
}

/** `images (float32, 1x3x?x?)`: an input as a message shows it. */
export const describeInput = (input: OnnxInput) =>
  `${input.name} (${input.type}, ${input.dims.map((d) => d ?? '?').join('x') || 'scalar'})`;
