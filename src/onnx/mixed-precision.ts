// The mixed-precision ONNX TensorRT 11 needs for what 10.x did with `--fp16` (11.x builds strongly typed networks
// only: the precision is in the ONNX's types). Every node that computes on FP32 tensors and whose op takes FP16 in
// ONNX's schema computes in the narrow type, except the nodes kept in FP32 (`keep-fp32:`), nodes that read a
// constant the narrow type cannot hold (1e5 in FP16 is Inf), and nodes whose types are fixed or unknown: shape
// arithmetic, indices, int inputs, custom-domain ops, Resize's roi and scales. The model's inputs and outputs keep
// FP32, as AutoCast's keep_io_types does. How: every FP32 tensor has two versions, its own name (FP32) and
// `<name>__trtci_<type>` (narrow); its producer makes one, each consumer names the one it needs, and the other is
// made where something needs it: an initializer converted (round to nearest even), or a Cast after the producer.
// Subgraphs (If, Loop, Scan) are written the same way; what they capture is the FP32 version and their outputs
// stay FP32, so a body's interface never changes type. Rewritten at the protobuf level (onnx/onnx.proto3) like
// widen-model.ts: fields it does not change are copied byte for byte. Pure: bytes in, bytes and a table out.
import { joinParts, lenField, lenParts, type Part, varintField } from '../common/protobuf.js';
import { FP32_INPUTS, TYPE_AGNOSTIC } from './narrow-ops.js';
import { decideNode, type NodeReason } from './node-precision.js';
import {
  type Attribute,
  capturedNames,
  castNode,
  FLOAT,
  fieldsOf,
  modelOpset,
  type NarrowType,
  type NodeView,
  narrowCode,
  narrowInitializer,
  payload,
  readNode,
  stringField,
  subgraphs,
  tensorName,
  tensorType,
  text,
  valueInfo,
  wideConstants,
} from './graph.js';

export interface NodePrecision {
  /** The node's name (`node_of_<first output>` when it has none), as TensorRT names the layer it makes. */
  node: string;
  op: string;
  /** The graph it is in: the main graph's name, or `<node>/<attribute>` for a subgraph. */
  graph: string;
  precision: NarrowType | 'fp32';
  reason: NodeReason;
  /** Its outputs that are float tensors (by their FP32 names): what a first-divergence pass may mark. */
  floatOutputs: string[];
}

export interface MixedPrecisionOnnx {
  model: Buffer;
  nodes: NodePrecision[];
  /** Names in `keep` that name no node of the model (a typo, or a node an export renamed). */
  unmatched: string[];
  /** Casts written at the boundaries between the two precisions. */
  casts: number;
}

const suffix = (narrow: NarrowType) => `__trtci_${narrow}`;

// --- the rewrite ---------------------------------------------------------------------------------------------

type Version = 'fp32' | 'narrow';

interface Options {
  narrow: NarrowType;
  keep: ReadonlySet<string>;
}

class Writer {
  readonly nodes: NodePrecision[] = [];
  readonly matched = new Set<string>();
  casts = 0;
  /** The graph's constants (initializers, Constant outputs) that hold a value past the narrow type's largest. */
  private wide: ReadonlySet<string> = new Set();

  /** What the graph being written captures: their narrow versions get a name of this graph's own. */
  private captured: { names: ReadonlySet<string>; scope: number } = { names: new Set(), scope: 0 };
  private scopes = 0;

  constructor(
    private readonly options: Options,
    /** The model's default-domain opset: which version of each op, and so which types it takes. */
    private readonly opset: number,
  ) {}

  /**
   * A tensor's narrow version. Names are unique across a model's graphs (ONNX's SSA spans subgraphs), so a
   * subgraph that narrows what it captures (two If branches, each its own Cast) names its version apart.
   */
  private narrowName(name: string): string {
    const tag = suffix(this.options.narrow);
    return this.captured.names.has(name) ? `${name}${tag}_${this.captured.scope}` : `${name}${tag}`;
  }

  /** One graph rewritten, as parts; `outer` holds the element types of what it may capture (all FP32 versions). */
  graph(bytes: Buffer, label: string, outer: ReadonlyMap<string, number>): Part[] {
    const enclosing = this.captured;
    this.captured = { names: outer.size ? capturedNames(bytes) : new Set(), scope: this.scopes++ };
    try {
      return this.write(bytes, label, outer);
    } finally {
      this.captured = enclosing;
    }
  }

  private write(bytes: Buffer, label: string, outer: ReadonlyMap<string, number>): Part[] {
    const { narrow } = this.options;
    const fields = fieldsOf(bytes);
    const types = new Map(outer);
    const initializers = new Map<string, Buffer>();
    for (const f of fields) {
      const p = payload(bytes, f);
      if (f.number === 5) {
        initializers.set(tensorName(p), p);
        types.set(tensorName(p), tensorType(p));
      } else if (f.number === 11 || f.number === 13 || f.number === 12) {
        const info = valueInfo(p);
        if (info.type && !types.has(info.name)) types.set(info.name, info.type);
      }
    }
    const outputs = fields.filter((f) => f.number === 12).map((f) => valueInfo(payload(bytes, f)).name);
    const nodes = fields.filter((f) => f.number === 1).map((f) => readNode(payload(bytes, f)));
    this.wide = wideConstants(initializers, nodes, narrow);

    // Pass 1: each node's precision and its outputs' types; which tensors are made narrow.
    const madeNarrow = new Set<string>();
    const plans = nodes.map((node) => {
      const plan = decideNode(node, types, madeNarrow, { ...this.options, opset: this.opset, wide: this.wide });
      if (this.options.keep.has(node.name)) this.matched.add(node.name);
      this.nodes.push({
        node: node.name,
        op: node.op,
        graph: label,
        precision: plan.narrowed ? narrow : 'fp32',
        reason: plan.reason,
        floatOutputs: node.outputs.filter((o) => o && types.get(o) === FLOAT),
      });
      return plan;
    });

    const { wanted, readAs } = this.versionsRead(nodes, plans, types, madeNarrow, outputs);
    const made = this.versionsMade(nodes, wanted, madeNarrow, initializers);
    const { head, castsAfter, newInitializers, droppedInitializers } = made;

    const written: Part[] = [];
    let nodeIndex = 0;
    let headWritten = false;
    for (const f of fields) {
      const p = payload(bytes, f);
      if (f.number === 1) {
        if (!headWritten) {
          written.push(...head.map((cast) => lenField(1, cast)));
          headWritten = true;
        }
        const i = nodeIndex++;
        written.push(lenField(1, this.node(nodes[i]!, plans[i]!, readAs[i]!, label, types, madeNarrow)));
        for (const cast of castsAfter.get(i) ?? []) written.push(lenField(1, cast));
      } else if (f.number === 5) {
        if (!droppedInitializers.has(tensorName(p))) written.push(bytes.subarray(f.start, f.end));
      } else if (f.number === 13) {
        // A value_info of a tensor whose FP32 version no longer exists would describe nothing.
        const info = valueInfo(p);
        if (!(madeNarrow.has(info.name) && !wanted.get(info.name)?.has('fp32')))
          written.push(bytes.subarray(f.start, f.end));
      } else written.push(bytes.subarray(f.start, f.end));
    }
    if (!headWritten) written.push(...head.map((cast) => lenField(1, cast)));
    for (const tensor of newInitializers) written.push(...lenParts(5, tensor));
    return written;
  }

  /** Which version of each FP32 tensor each consumer reads (null: not an FP32 tensor), and all wanted. */
  private versionsRead(
    nodes: NodeView[],
    plans: { narrowed: boolean }[],
    types: ReadonlyMap<string, number>,
    madeNarrow: ReadonlySet<string>,
    outputs: string[],
  ) {
    const wanted = new Map<string, Set<Version>>();
    const want = (name: string, version: Version) => {
      if (!wanted.has(name)) wanted.set(name, new Set());
      wanted.get(name)!.add(version);
    };
    const readAs = nodes.map((node, i) =>
      node.inputs.map((input, k): Version | null => {
        if (!input || types.get(input) !== FLOAT) return null;
        const native: Version = madeNarrow.has(input) ? 'narrow' : 'fp32';
        const asked: Version = plans[i]!.narrowed && !(FP32_INPUTS[node.op] ?? []).includes(k) ? 'narrow' : 'fp32';
        const version = TYPE_AGNOSTIC.has(node.op) ? native : asked;
        want(input, version);
        return version;
      }),
    );
    for (const node of nodes)
      for (const g of subgraphs(node)) for (const name of capturedNames(g.bytes)) want(name, 'fp32');
    for (const name of outputs) if (types.get(name) === FLOAT) want(name, 'fp32');
    return { wanted, readAs };
  }

  /** The versions their producers do not make: narrowed initializers, or Casts right after the producer. */
  private versionsMade(
    nodes: NodeView[],
    wanted: ReadonlyMap<string, ReadonlySet<Version>>,
    madeNarrow: ReadonlySet<string>,
    initializers: ReadonlyMap<string, Buffer>,
  ) {
    const { narrow } = this.options;
    const castsAfter = new Map<number, Buffer[]>();
    const head: Buffer[] = [];
    const newInitializers: Part[][] = [];
    const droppedInitializers = new Set<string>();
    for (const [name, versions] of wanted) {
      const native: Version = madeNarrow.has(name) ? 'narrow' : 'fp32';
      for (const version of versions) {
        if (version === native) continue;
        const initializer = native === 'fp32' ? initializers.get(name) : undefined;
        const narrowed = initializer ? narrowInitializer(initializer, this.narrowName(name), narrow) : null;
        if (narrowed) {
          newInitializers.push(narrowed);
          // Its FP32 version goes where nothing reads it; one whose data is external is Cast instead, and stays.
          if (!versions.has('fp32')) droppedInitializers.add(name);
          continue;
        }
        this.casts++;
        const cast =
          version === 'narrow'
            ? castNode(name, this.narrowName(name), narrowCode(narrow))
            : castNode(this.narrowName(name), name, FLOAT);
        const producer = nodes.findIndex((n) => n.outputs.includes(name));
        if (producer < 0) head.push(cast);
        else castsAfter.set(producer, [...(castsAfter.get(producer) ?? []), cast]);
      }
    }
    return { head, castsAfter, newInitializers, droppedInitializers };
  }

  /** The node with the inputs it reads and the outputs it makes renamed, and its subgraphs rewritten. */
  private node(
    node: NodeView,
    plan: { narrowed: boolean },
    readAs: (Version | null)[],
    label: string,
    types: ReadonlyMap<string, number>,
    madeNarrow: ReadonlySet<string>,
  ): Buffer {
    let input = 0;
    let output = 0;
    const parts = node.fields.map((f) => {
      if (f.number === 1) {
        const name = node.inputs[input]!;
        return readAs[input++] === 'narrow'
          ? stringField(1, this.narrowName(name))
          : node.bytes.subarray(f.start, f.end);
      }
      if (f.number === 2) {
        const name = node.outputs[output++]!;
        return madeNarrow.has(name) ? stringField(2, this.narrowName(name)) : node.bytes.subarray(f.start, f.end);
      }
      if (f.number === 5) {
        const attribute = node.attributes.find((a) => a.bytes.equals(payload(node.bytes, f)))!;
        return lenField(5, this.attribute(node, attribute, plan, label, types));
      }
      return node.bytes.subarray(f.start, f.end);
    });
    return Buffer.concat(parts);
  }

  private attribute(
    node: NodeView,
    attribute: Attribute,
    plan: { narrowed: boolean },
    label: string,
    types: ReadonlyMap<string, number>,
  ): Buffer {
    const { bytes, fields } = attribute;
    if (node.op === 'Cast' && attribute.name === 'to' && plan.narrowed)
      return Buffer.concat(
        fields.map((f) =>
          f.number === 3 && f.wire === 0
            ? varintField(3, narrowCode(this.options.narrow))
            : bytes.subarray(f.start, f.end),
        ),
      );
    if (!fields.some((f) => (f.number === 6 || f.number === 11) && f.wire === 2)) return bytes;
    // What a subgraph captures is the outer graph's FP32 version, whose type `types` holds.
    const outer = types;
    return joinParts(
      fields.flatMap((f) =>
        (f.number === 6 || f.number === 11) && f.wire === 2
          ? lenParts(f.number, this.graph(payload(bytes, f), `${label}/${node.name}/${attribute.name}`, outer))
          : [bytes.subarray(f.start, f.end)],
      ),
    );
  }
}

/**
 * The model with every node that can compute in `narrow` doing so, except the nodes named in `keep`.
 * Written as parts and joined once: the largest weights are copied once, into the written model. Throws on bytes
 * that are not protobuf.
 */
export function mixedPrecisionOnnx(model: Buffer, options: Options): MixedPrecisionOnnx {
  const writer = new Writer(options, modelOpset(model));
  const rewritten = joinParts(
    fieldsOf(model).flatMap((f): Part[] => {
      if (f.number !== 7 || f.wire !== 2) return [model.subarray(f.start, f.end)];
      const graph = payload(model, f);
      const nameField = fieldsOf(graph).find((x) => x.number === 2);
      return lenParts(7, writer.graph(graph, nameField ? text(graph, nameField) : 'graph', new Map()));
    }),
  );
  return {
    model: rewritten,
    nodes: writer.nodes,
    unmatched: [...options.keep].filter((name) => !writer.matched.has(name)).sort(),
    casts: writer.casts,
  };
}
