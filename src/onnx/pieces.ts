// An ONNX model run by ONNX Runtime in pieces of consecutive nodes, each its own small model: the tensors that
// cross a piece's edge are handed to the next piece as they are (an FP16 tensor stays FP16). ONNX Runtime's
// session start grows faster than the graph on a long FP16 chain (the casts its CPU inserts around every FP16
// node: 10,000 nodes 4.2 s, 20,000 about 20 s, measured in bench/precision-writer.ts), and a session cannot be
// stopped once begun; pieces keep both bounded: the time is linear in the nodes, and a cancel stops the run at
// the next piece. A piece's weights go to ONNX Runtime as external data, a view of the model's bytes or the range
// of an external-data file it needs, so WebAssembly's heap holds one piece's weights once (a 1 GiB FP32 weight
// inline and prepacked: bad_alloc; as external data, unprepacked: checked). A model pieces cannot express (a graph
// output that no node makes, sparse initializers) runs whole, as it is; one whose pieces fail is run again as one
// piece, whose error is the one said.
import { closeSync, fstatSync, openSync, readSync, realpathSync } from 'node:fs';
import { join, normalize, resolve } from 'node:path';
import { isWithin } from '../common/within.js';
import { setImmediate } from 'node:timers/promises';
import { lenField, varintField } from '../common/protobuf.js';
import {
  capturedNames,
  fieldsOf,
  type NodeView,
  payload,
  readNode,
  stringField,
  subgraphs,
  tensorName,
  text,
  valueInfo,
} from './graph.js';
import {
  feed,
  type OnnxRuntime,
  type ReferenceOutput,
  referenceOf,
  referenceOutputs,
  SESSION_OPTIONS,
} from './runtime.js';
import type { InputTensor } from './seeded-inputs.js';

/** Nodes in one piece: small enough that a session starts in well under a second, large enough to amortize it. */
const NODES_PER_PIECE = 1000;
/** The weights one piece holds at most (a larger single weight is a piece of its own). */
const PIECE_WEIGHT_BYTES = 256 * 2 ** 20;
/** From this size an inline weight goes to ONNX Runtime as external data (a view, never copied into the model). */
const EXTERNAL_FROM_BYTES = 2 ** 20;

/** ONNX's TensorProto.DataType code for each type ONNX Runtime's tensors name. */
const ONNX_TYPE: Record<string, number> = {
  float32: 1,
  uint8: 2,
  int8: 3,
  uint16: 4,
  int16: 5,
  int32: 6,
  int64: 7,
  string: 8,
  bool: 9,
  float16: 10,
  float64: 11,
  uint32: 12,
  uint64: 13,
};

interface Piece {
  /** The node fields, as the graph holds them (key included). */
  nodes: Buffer[];
  /** What it reads from outside: graph inputs and earlier pieces' outputs. */
  inputs: string[];
  /** The initializers it reads (TensorProto bytes). */
  initializers: Buffer[];
  /** What later pieces read, and the graph's outputs, that it makes. */
  outputs: string[];
}

interface Plan {
  /** The model's fields but its graph (opset imports, IR version, functions), as bytes. */
  head: Buffer[];
  pieces: Piece[];
  /** For each piece, the tensors no later piece and no graph output reads: dropped after it. */
  done: string[][];
  outputs: string[];
  /** ValueInfoProtos by name (graph outputs and value_info): a piece's outputs keep their declared types. */
  declared: Map<string, Buffer>;
}

/** What a node reads: its inputs and what its subgraphs capture from outside them. */
function readsOf(node: NodeView): string[] {
  const captured = subgraphs(node).flatMap((g) => [...capturedNames(g.bytes)]);
  return [...node.inputs, ...captured].filter(Boolean);
}

/** The bytes of an initializer's data, inline or external (its external_data `length`, else 0). */
function weightBytes(tensor: Buffer): number {
  const fields = fieldsOf(tensor);
  const raw = fields.find((f) => f.number === 9);
  if (raw) return raw.value;
  return Number(externalEntries(tensor, fields).get('length') ?? 0);
}

/** A TensorProto's external_data entries (13: key 1, value 2). */
function externalEntries(tensor: Buffer, fields = fieldsOf(tensor)): Map<string, string> {
  const entries = new Map<string, string>();
  for (const f of fields.filter((x) => x.number === 13 && x.wire === 2)) {
    const entry = payload(tensor, f);
    const parts = fieldsOf(entry);
    const key = parts.find((x) => x.number === 1);
    const value = parts.find((x) => x.number === 2);
    if (key) entries.set(text(entry, key), value ? text(entry, value) : '');
  }
  return entries;
}

/** How large a piece may grow: its nodes, and the bytes of the weights it reads (one larger weight is a piece). */
interface PieceSize {
  nodes: number;
  weights: number;
}

/**
 * The model cut into pieces no larger than `size` (one piece when it is small); null where pieces cannot express
 * it (it then runs as it is).
 */
function plan(model: Buffer, size: PieceSize, fed: ReadonlySet<string>): Plan | null {
  const fields = fieldsOf(model);
  const graphField = fields.find((f) => f.number === 7 && f.wire === 2);
  if (!graphField) return null;
  const graph = payload(model, graphField);
  const graphFields = fieldsOf(graph);
  if (graphFields.some((f) => f.number === 15)) return null;
  const initializers = new Map<string, Buffer>();
  const declared = new Map<string, Buffer>();
  const outputs: string[] = [];
  const nodes: { field: Buffer; node: NodeView }[] = [];
  for (const f of graphFields) {
    const bytes = payload(graph, f);
    if (f.number === 1) nodes.push({ field: graph.subarray(f.start, f.end), node: readNode(bytes) });
    else if (f.number === 5) initializers.set(tensorName(bytes), bytes);
    else if (f.number === 12 || f.number === 13) {
      const { name } = valueInfo(bytes);
      declared.set(name, bytes);
      if (f.number === 12) outputs.push(name);
    }
  }
  // A fed input shadows an initializer of its name (IR < 4's overridable defaults).
  for (const name of fed) initializers.delete(name);
  const made = new Set(nodes.flatMap(({ node }) => node.outputs));
  if (outputs.some((o) => !made.has(o))) return null;

  const pieces: Piece[] = [];
  const lastRead = new Map<string, number>();
  let piece: Piece & { inside: Set<string>; used: Set<string>; weights: number } = open();
  function open() {
    return {
      nodes: [],
      inputs: [],
      initializers: [],
      outputs: [],
      inside: new Set<string>(),
      used: new Set<string>(),
      weights: 0,
    };
  }
  const close = () => {
    pieces.push({
      nodes: piece.nodes,
      inputs: piece.inputs,
      initializers: [...piece.used].map((name) => initializers.get(name)!),
      outputs: [...piece.inside],
    });
    piece = open();
  };
  for (const { field, node } of nodes) {
    const reads = readsOf(node);
    const weights = reads
      .filter((name) => initializers.has(name) && !piece.used.has(name))
      .reduce((sum, name) => sum + weightBytes(initializers.get(name)!), 0);
    if (piece.nodes.length >= size.nodes || (piece.nodes.length > 0 && piece.weights + weights > size.weights)) close();
    for (const name of reads) {
      if (piece.inside.has(name)) continue;
      if (initializers.has(name)) {
        if (!piece.used.has(name)) piece.weights += weightBytes(initializers.get(name)!);
        piece.used.add(name);
      } else if (!piece.inputs.includes(name)) piece.inputs.push(name);
      lastRead.set(name, pieces.length);
    }
    piece.nodes.push(field);
    for (const o of node.outputs) if (o) piece.inside.add(o);
  }
  if (piece.nodes.length > 0) close();
  const kept = new Set(outputs);
  // A piece hands on only what a later piece or the graph's outputs read.
  for (const [k, each] of pieces.entries())
    each.outputs = each.outputs.filter((name) => kept.has(name) || (lastRead.get(name) ?? -1) > k);
  const done = pieces.map(() => [] as string[]);
  for (const [name, k] of lastRead) if (!kept.has(name)) done[k]!.push(name);
  const head = fields.filter((f) => f.number !== 7).map((f) => model.subarray(f.start, f.end));
  return { head, pieces, done, outputs, declared };
}

/** A ValueInfoProto of a tensor's element type and its concrete dims. */
function valueInfoOf(name: string, tensor: { type: string; dims: readonly number[] }): Buffer {
  const code = ONNX_TYPE[tensor.type];
  if (code === undefined) throw new Error(`${name} is a ${tensor.type} tensor, which a piece cannot be fed`);
  const shape = Buffer.concat(tensor.dims.map((d) => lenField(1, varintField(1, d))));
  const tensorType = Buffer.concat([varintField(1, code), lenField(2, shape)]);
  return Buffer.concat([stringField(1, name), lenField(2, lenField(1, tensorType))]);
}

type Tensor = { type: string; dims: readonly number[]; data: unknown };
type ExternalData = { path: string; data: Uint8Array };

/**
 * The bytes [offset, offset + length) of an external-data file in the model's folder (never outside it, by name
 * or through a link), for `tensor`: a range the file does not hold is said, naming the tensor.
 */
function readExternal(tensor: string, dir: string, location: string, offset: number, length: number): Buffer {
  const path = normalize(location);
  const real = (() => {
    try {
      return realpathSync(join(dir, path));
    } catch {
      return null; // not there: the open below says so
    }
  })();
  const folder = realpathSync(dir);
  if (!isWithin(dir, resolve(dir, path)) || (real && !isWithin(folder, real)))
    throw new Error(`${tensor}: external data ${location} is outside the model's folder`);
  const fd = openSync(join(dir, path), 'r');
  const size = fstatSync(fd).size;
  if (offset < 0 || length < 0 || offset + length > size) {
    closeSync(fd);
    throw new Error(
      `${tensor}: external data ${location} holds ${size} bytes; offset ${offset} and length ${length} are not a ` +
        'range of it',
    );
  }
  const out = Buffer.allocUnsafe(length);
  try {
    for (let at = 0; at < length; ) {
      const read = readSync(fd, out, at, length - at, offset + at);
      if (read === 0) throw new Error(`external data ${location} ends before ${offset + length} bytes`);
      at += read;
    }
  } finally {
    closeSync(fd);
  }
  return out;
}

/**
 * An initializer as the piece gives it: a large inline one, or one whose data is external, becomes external data
 * of the piece's own (a view of the model's bytes, or the range of the file it names, read now).
 */
function pieceTensor(tensor: Buffer, dir: string, external: ExternalData[]): Buffer {
  const fields = fieldsOf(tensor);
  const raw = fields.find((f) => f.number === 9);
  const isExternal = fields.some((f) => f.number === 14 && f.value === 1);
  if (!isExternal && (!raw || raw.value < EXTERNAL_FROM_BYTES)) return tensor;
  let data: Uint8Array;
  if (raw) data = payload(tensor, raw);
  else {
    const entries = externalEntries(tensor, fields);
    const offset = Number(entries.get('offset') ?? 0);
    const length = Number(entries.get('length') ?? Number.NaN);
    if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length))
      throw new Error(`${tensorName(tensor)}: external data without an offset and length`);
    data = readExternal(tensorName(tensor), dir, entries.get('location') ?? '', offset, length);
  }
  const path = `piece-data-${external.length}`;
  external.push({ path, data });
  const entry = (key: string, value: string) =>
    lenField(13, Buffer.concat([stringField(1, key), stringField(2, value)]));
  return Buffer.concat([
    ...fields.filter((f) => ![9, 13, 14].includes(f.number)).map((f) => tensor.subarray(f.start, f.end)),
    entry('location', path),
    entry('offset', '0'),
    entry('length', String(data.length)),
    varintField(14, 1),
  ]);
}

/** One piece as a model of its own: its nodes and initializers, fed what it reads, giving what it hands on. */
function pieceModel(plan: Plan, piece: Piece, values: ReadonlyMap<string, Tensor>, dir: string) {
  const externalData: ExternalData[] = [];
  const graph = Buffer.concat([
    ...piece.nodes,
    stringField(2, 'piece'),
    ...piece.initializers.map((t) => lenField(5, pieceTensor(t, dir, externalData))),
    // A name nothing defines is left undeclared: ONNX Runtime says what the whole model would.
    ...piece.inputs
      .filter((name) => values.has(name))
      .map((name) => lenField(11, valueInfoOf(name, values.get(name)!))),
    ...piece.outputs.map((name) => lenField(12, plan.declared.get(name) ?? stringField(1, name))),
  ]);
  return { bytes: Buffer.concat([...plan.head, lenField(7, graph)]), externalData };
}

/**
 * The model's outputs on `inputs` from ONNX Runtime, run piece by piece (`size` nodes each); a cancel stops it at
 * the next piece (throwing the signal's reason). Throws what ONNX Runtime throws for the model as one piece.
 */
export async function runInPieces(
  ort: OnnxRuntime,
  model: Buffer,
  inputs: readonly InputTensor[],
  options: {
    signal?: AbortSignal;
    /** The model's folder: its external-data files. */
    dir?: string;
    /** At most this many nodes and bytes of weights a piece (NODES_PER_PIECE, PIECE_WEIGHT_BYTES). */
    size?: Partial<PieceSize>;
  } = {},
): Promise<ReferenceOutput[]> {
  const { signal, dir = '.' } = options;
  const fed = new Set(inputs.map((i) => i.name));
  const size = { nodes: NODES_PER_PIECE, weights: PIECE_WEIGHT_BYTES, ...options.size };
  const cut = plan(model, size, fed);
  if (!cut) {
    signal?.throwIfAborted();
    const session = await ort.InferenceSession.create(model, SESSION_OPTIONS);
    try {
      return await referenceOutputs(ort, session, inputs);
    } finally {
      await session.release?.();
    }
  }
  try {
    return await piecewise(ort, cut, inputs, dir, signal);
  } catch (error) {
    if (signal?.aborted || cut.pieces.length === 1) throw error;
    // The model as one piece: its error names what is wrong, not which piece met it.
    const whole = { nodes: Number.POSITIVE_INFINITY, weights: Number.POSITIVE_INFINITY };
    return piecewise(ort, plan(model, whole, fed)!, inputs, dir, signal);
  }
}

async function piecewise(
  ort: OnnxRuntime,
  cut: Plan,
  inputs: readonly InputTensor[],
  dir: string,
  signal: AbortSignal | undefined,
): Promise<ReferenceOutput[]> {
  const values = new Map<string, Tensor>(inputs.map((i) => [i.name, feed(ort, i) as Tensor]));
  for (const [k, piece] of cut.pieces.entries()) {
    // ONNX Runtime's promises settle as microtasks: without a turn of the event loop here a SIGTERM's handler
    // (a macrotask) would not run, nor abort the signal, until every piece had (measured: 16 s on 100,000 nodes).
    await setImmediate();
    signal?.throwIfAborted();
    const { bytes, externalData } = pieceModel(cut, piece, values, dir);
    const session = await ort.InferenceSession.create(bytes, { ...SESSION_OPTIONS, externalData });
    try {
      const feeds = Object.fromEntries(piece.inputs.filter((name) => values.has(name)).map((n) => [n, values.get(n)]));
      const results = await session.run(feeds);
      for (const name of piece.outputs) values.set(name, results[name]!);
    } finally {
      await session.release?.();
    }
    for (const name of cut.done[k]!) values.delete(name);
  }
  return cut.outputs.map((name) => referenceOf(name, values.get(name)!));
}
