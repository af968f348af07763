// trtexec's --exportLayerInfo JSON (8.2+; the 10.x "Bindings" and 11.x "I/O Tensors" schemas), read once for
// both of its readers: verify's padding diagnosis (which Myelin kernels a plan holds) and explain (each layer
// with the ONNX nodes it computes). A layer's nodes are its `Metadata` (8.6+: "[ONNX Layer: name]" entries
// separated by U+001E or U+001F, both occur: the entries are read, not the separators), else the nodes its
// fused name lists ("Conv_0 + Relu_1", "PWN(Clip_16)"), a ForeignNode's "[first...last]" expanded over the
// ONNX graph's order when the graph is known. Given the graph, a name that is no node but a tensor (a
// constant, "<tensor> copy") stands for the node that makes it, and a name that is neither (an initializer
// folded in, "reshape_before_MatMul-9") computes no node. Reformats name the layer they feed or read
// ("Reformatting CopyNode for Input Tensor 0 to X"). Sources: docs/explain.md. Pure: text in, layers out.
import { readFile } from 'node:fs/promises';
import type { MyelinLayer } from '../contract/report.js';
import { EMPTY_GRAPH, type OnnxGraph } from '../onnx/inputs.js';
export type { MyelinLayer };

export interface EngineLayer {
  name: string;
  type: string;
  /** The ONNX nodes this layer computes; empty for a layer TensorRT added (a reformat, a copy). */
  onnxNodes: string[];
  /** For a reformat: the layer it was added for, by name. */
  reformatOf: string | null;
  /** Precision of each output: fp32, fp16, bf16, int8, fp8, int32, int64, bool (unknown spellings left out). */
  precisions: string[];
  /** Formats of its inputs and outputs ("Channel major FP16 format where channel % 8 == 0"). */
  formats: string[];
  /** Its TacticName, else its TacticValue ("0xe2222883a6602489"); null when layer info has neither. */
  tactic: string | null;
  /** Bytes of its Weights and Bias, by count × the size of their type. */
  weightBytes: number;
  /** StreamId > 0: runs on an auxiliary stream, overlapping others. */
  auxiliaryStream: boolean;
}

export type LayerInfoSchema = '10.x (Bindings)' | '11.x (I/O Tensors)' | 'unknown';

export interface EngineLayers {
  /** The layers of one optimization profile (`profile`), their names without the "[profile N]" suffix. */
  layers: EngineLayer[];
  /** The optimization profiles the engine holds: 1 + the largest N of a "[profile N]" name (TREx's rule). */
  profiles: number;
  profile: number;
  /** `detailed` when layers are objects (--profilingVerbosity=detailed), `layer_names_only` when strings. */
  verbosity: 'detailed' | 'layer_names_only';
  schema: LayerInfoSchema;
}

const REFORMAT = /^Reformatting CopyNode for (?:Input|Output) Tensor \d+ to (.+)$/;
const METADATA_ENTRY = /\[ONNX Layer: ([^\]]*)\]/g;
const UNNAMED_LAYER = /\(Unnamed Layer\* \d+\) \[[^\]]*\]/g;
/** A Myelin library layer (a gemm): its ONNX node's name, then _myl<graph>_<index>. */
const MYELIN_LIBRARY = /^(.+)_myl\d+_\d+$/;
/** A copy TensorRT adds for a concatenation or an output, named by the tensor it copies. */
const TENSOR_COPY = /^(.+) copy$/;

const TYPE_BYTES: Record<string, number> = {
  Float: 4,
  Half: 2,
  BFloat16: 2,
  BF16: 2,
  Int8: 1,
  FP8: 1,
  Int32: 4,
  Int64: 8,
  Bool: 1,
  UInt8: 1,
};

/**
 * "Row major linear FP32", "Half", "Channel major FP16 format …", "Int8" → fp32, fp16, fp16, int8; null for a
 * text that names no type ("N/A due to dynamic shapes", which 8.x writes for a dynamic engine's tensors).
 */
export function precisionOf(text: string): string | null {
  const t = text.toLowerCase();
  if (/\bbf16\b|bfloat16/.test(t)) return 'bf16';
  if (/\bfp16\b|\bhalf\b/.test(t)) return 'fp16';
  if (/\bfp32\b|\bfloat\b/.test(t)) return 'fp32';
  if (/\bfp8\b|\bfloat8/.test(t)) return 'fp8';
  if (/\bint8\b/.test(t)) return 'int8';
  if (/\bint32\b/.test(t)) return 'int32';
  if (/\bint64\b/.test(t)) return 'int64';
  if (/\bbool\b/.test(t)) return 'bool';
  return null;
}

/** The nodes a fused layer name lists: "A + B", "PWN(PWN(C, D), E)", "{ForeignNode[F...G]}" (its ends). */
export function nodesInName(name: string): { nodes: string[]; foreign: [string, string] | null } {
  const ends = foreignEnds(name);
  if (ends) {
    // Its ends may themselves be fused names ("/a/Unsqueeze_3 + /a/Unsqueeze_4..."); read as plain names (no
    // recursion: a name of 200k nested "{ForeignNode[" is one pass).
    const first = plainNodes(ends[0]);
    const last = plainNodes(ends[1]);
    return { nodes: [...first, ...last], foreign: [first[0] ?? ends[0], last.at(-1) ?? ends[1]] };
  }
  // "{ForeignNode[A]}": one node.
  const inner = name.startsWith(FOREIGN_OPEN) && name.endsWith(']}') ? name.slice(FOREIGN_OPEN.length, -2) : null;
  const single = inner !== null && inner.length > 0 && !inner.includes(']');
  return { nodes: plainNodes(single ? inner : name), foreign: null };
}

const FOREIGN_OPEN = '{ForeignNode[';

/**
 * The two ends of "{ForeignNode[first...last]}": from the first "{ForeignNode[", to the first "..." after it,
 * to the first "]}" after that. indexOf, not a regex: lazy groups over a long name backtrack for minutes.
 */
function foreignEnds(name: string): [string, string] | null {
  const open = name.indexOf(FOREIGN_OPEN);
  if (open < 0) return null;
  const start = open + FOREIGN_OPEN.length;
  const dots = name.indexOf('...', start + 1);
  if (dots < 0) return null;
  const close = name.indexOf(']}', dots + 4);
  return close < 0 ? null : [name.slice(start, dots), name.slice(dots + 3, close)];
}

/** The nodes of a fused name without ForeignNodes: "A + B", "PWN(PWN(C, D), E)". */
function plainNodes(text: string): string[] {
  return (
    text
      // A layer TensorRT made itself, "(Unnamed Layer* 21) [Shuffle]", with its "_output" tensor: no ONNX node.
      .replace(UNNAMED_LAYER, ' + ')
      .replace(/\b(?:PWN|PWNH)\(/g, ' + ')
      .replace(/[(),]/g, ' + ')
      .split(' + ')
      .map((part) => part.trim())
      .filter((part) => part && !/^_?(?:output)?$/.test(part))
  );
}

/**
 * A tensor's precision and format, in each spelling TensorRT has written: one "Format/Datatype" text (8.2 to
 * 10.x: "Row major linear FP16 format", or "Float" alone), or a separate "Format" and "Datatype" (11.x; the
 * "DataType" spelling is read too).
 */
function tensorPrecision(tensor: Record<string, unknown>): { precision: string | null; format: string } {
  const str = (value: unknown) => (typeof value === 'string' ? value : '');
  const format = str(tensor.Format) || str(tensor['Format/Datatype']);
  const datatype = str(tensor.Datatype) || str(tensor.DataType) || str(tensor['Format/Datatype']) || format;
  return { precision: precisionOf(datatype), format: format || datatype };
}

function weightBytesOf(layer: Record<string, unknown>): number {
  let bytes = 0;
  for (const key of ['Weights', 'Bias']) {
    const w = layer[key] as { Type?: string; Count?: number } | undefined;
    if (w && typeof w.Count === 'number') bytes += w.Count * (TYPE_BYTES[w.Type ?? ''] ?? 4);
  }
  return bytes;
}

/**
 * An engine of several optimization profiles has a graph per profile: the layers of profile N > 0 carry a
 * " [profile N]" suffix, profile 0's none (TREx's parser.py filter_profiles, NVIDIA/TensorRT v10.16).
 */
const PROFILE_SUFFIX = /\s*\[profile (\d+)\]/;

interface RawLayers {
  schema: LayerInfoSchema;
  verbosity: EngineLayers['verbosity'];
  entries: { layer: Record<string, unknown>; name: string; profile: number }[];
}

/** The JSON's layers, each as an object (a names-only entry becomes { Name }) with its profile; throws on garbage. */
function rawLayers(text: string): RawLayers {
  let json: { Layers?: unknown[]; Bindings?: unknown; 'I/O Tensors'?: unknown };
  try {
    const parsed = JSON.parse(text) as unknown;
    // The layer list alone, as IEngineInspector users and NVIDIA's trt-perf-analysis skill also save it.
    json = (Array.isArray(parsed) ? { Layers: parsed } : parsed) as typeof json;
  } catch (error) {
    throw new Error(`expected --exportLayerInfo JSON, got text that does not parse (${(error as Error).message})`);
  }
  if (!json || !Array.isArray(json.Layers)) throw new Error('expected --exportLayerInfo JSON with a "Layers" list');
  const schema = 'I/O Tensors' in json ? '11.x (I/O Tensors)' : 'Bindings' in json ? '10.x (Bindings)' : 'unknown';
  const detailed = json.Layers.some((l) => typeof l === 'object' && l !== null);
  const entries = json.Layers.map((raw) => {
    const layer = (typeof raw === 'object' && raw !== null ? raw : { Name: String(raw) }) as Record<string, unknown>;
    const full = String(layer.Name ?? '');
    const suffix = PROFILE_SUFFIX.exec(full);
    return { layer, name: full.replace(PROFILE_SUFFIX, ''), profile: suffix ? Number(suffix[1]) : 0 };
  });
  return { schema, verbosity: detailed ? 'detailed' : 'layer_names_only', entries };
}

/**
 * The nodes a layer's name stands for, read against the graph when it is known (see the file's comment);
 * `outputs`, the layer's output tensors, end a ForeignNode whose last layer is none of the graph's nodes.
 */
function nodesOfName(
  name: string,
  graph: OnnxGraph,
  position: ReadonlyMap<string, number>,
  outputs: readonly string[] = [],
): string[] {
  // A Myelin kernel ("__myl_CastReshCast_myl4_4") is named after the ops it fuses, not after any node.
  if (name.startsWith('__myl_')) return [];
  // A Myelin library layer is named after its node: "node_linear_myl4_0" computes node_linear.
  const library = MYELIN_LIBRARY.exec(name)?.[1];
  if (library) return nodesOfName(library, graph, position);
  const copied = TENSOR_COPY.exec(name)?.[1];
  if (graph.nodes.length === 0) return copied ? [] : expandForeign(name, graph, position, outputs);
  if (copied) return graph.producers.has(copied) ? [graph.producers.get(copied)!] : [];
  return expandForeign(name, graph, position, outputs).flatMap((part) => {
    if (position.has(part)) return [part];
    const producer = graph.producers.get(part);
    return producer ? [producer] : [];
  });
}

function expandForeign(
  name: string,
  graph: OnnxGraph,
  position: ReadonlyMap<string, number>,
  outputs: readonly string[],
): string[] {
  const { nodes, foreign } = nodesInName(name);
  // A last layer the ONNX parser added ("ONNXTRT_ShapeShuffle_4", a real TensorRT-RTX 1.7 engine's, for a
  // Flatten) is no node: the region then ends at the node that makes its last output.
  const made = outputs.flatMap((tensor) => position.get(graph.producers.get(tensor) ?? '') ?? []);
  const end = (last: string) => position.get(last) ?? (made.length ? Math.max(...made) : undefined);
  const [from, to] = foreign ? [position.get(foreign[0]), end(foreign[1])] : [undefined, undefined];
  return from !== undefined && to !== undefined && from <= to ? graph.nodes.slice(from, to + 1) : nodes;
}

/**
 * Parses --exportLayerInfo JSON; `graph` is the engine's ONNX graph, to expand ForeignNodes and tell nodes from
 * tensors. Of an engine of several optimization profiles, the layers of `profile` (default 0, the first).
 */
export function parseEngineLayers(text: string, graph: OnnxGraph = EMPTY_GRAPH, profile = 0): EngineLayers {
  const { schema, verbosity, entries } = rawLayers(text);
  const position = new Map(graph.nodes.map((n, i) => [n, i]));
  // A loop, not Math.max(...): 150k layers would be 150k arguments, past the stack.
  const profiles = 1 + entries.reduce((most, n) => Math.max(most, n.profile), 0);
  const layers = entries
    .filter((n) => n.profile === profile)
    .map(({ layer, name }): EngineLayer => {
      const reformat = REFORMAT.exec(name)?.[1] ?? null;
      const metadata =
        typeof layer.Metadata === 'string' ? [...layer.Metadata.matchAll(METADATA_ENTRY)].map((m) => m[1]!) : [];
      const tensors = (key: string) => (Array.isArray(layer[key]) ? layer[key] : []) as Record<string, unknown>[];
      const made = tensors('Outputs').flatMap((t) => (typeof t.Name === 'string' ? [t.Name] : []));
      const onnxNodes = reformat ? [] : metadata.length ? metadata : nodesOfName(name, graph, position, made);
      const outputs = tensors('Outputs').map(tensorPrecision);
      const described = [...tensors('Inputs').map(tensorPrecision), ...outputs];
      return {
        name,
        type: String(layer.LayerType ?? (reformat ? 'Reformat' : 'unknown')),
        onnxNodes: [...new Set(onnxNodes)],
        reformatOf: reformat,
        precisions: [...new Set(outputs.map((d) => d.precision).filter((p): p is string => p !== null))],
        formats: [...new Set(described.map((d) => d.format).filter(Boolean))],
        // TacticName where TensorRT writes one (10.x Myelin and kgen layers), else the TacticValue (8.x, CASK).
        tactic:
          typeof layer.TacticName === 'string'
            ? layer.TacticName
            : typeof layer.TacticValue === 'string'
              ? layer.TacticValue
              : null,
        weightBytes: weightBytesOf(layer),
        auxiliaryStream: typeof layer.StreamId === 'number' && layer.StreamId > 0,
      };
    });
  return { layers, profiles, profile, verbosity, schema };
}

/** What verify's diagnosis needs of a plan's layer info: its form, its size, its Myelin kernels. */
export interface LayerInfo {
  schema: LayerInfoSchema;
  verbosity: EngineLayers['verbosity'];
  /** Layers of every optimization profile. */
  layers: number;
  myelin: MyelinLayer[];
}

// Myelin spells the fused operations in the kernel's name, abbreviated: __myl_CastMulLtSeleCast_myl6_0.
const ABBREVIATIONS: Record<string, string> = {
  Sele: 'Select',
  Resh: 'Reshape',
  Gath: 'Gather',
  Tran: 'Transpose',
  Conc: 'Concat',
  Slic: 'Slice',
  Sigm: 'Sigmoid',
  Maxr: 'ReduceMax',
  Minr: 'ReduceMin',
  Expa: 'Expand',
  Squa: 'Square',
  Sqrt: 'Sqrt',
  Recp: 'Reciprocal',
  Resi: 'Resize',
};

/** "__myl_CastMulLtSeleCast_myl6_0" → ["Cast", "Mul", "Lt", "Select", "Cast"]. */
export function myelinOps(name: string): string[] {
  const fused = /^__myl_([A-Za-z]+?)_myl\d+_\d+$/.exec(name)?.[1];
  if (!fused) return [];
  return (fused.match(/[A-Z][a-z]*/g) ?? []).map((part) => ABBREVIATIONS[part] ?? part);
}

/** What a Myelin kernel's ops amount to, where the pattern is known (#4841: LeakyRelu as compare and select). */
export function describeOps(ops: readonly string[]): string | null {
  const has = (op: string) => ops.includes(op);
  if (has('Mul') && (has('Lt') || has('Gt')) && has('Select')) return 'a LeakyRelu lowered to Mul, compare and Select';
  if (has('Mul') && has('Max')) return 'a LeakyRelu written as Mul and Max';
  return null;
}

function isMyelinName(name: string): boolean {
  return name.startsWith('__myl_') || name.includes('{ForeignNode[');
}

/** Parses trtexec's --exportLayerInfo JSON for verify's diagnosis; null when it is not layer info. */
export function parseLayerInfo(text: string): LayerInfo | null {
  let raw: RawLayers;
  try {
    raw = rawLayers(text);
  } catch {
    return null;
  }
  const myelin: MyelinLayer[] = [];
  for (const { layer } of raw.entries) {
    const name = String(layer.Name ?? '');
    const type = layer.LayerType;
    if (!isMyelinName(name) && type !== 'kgen' && type !== 'Myelin') continue;
    myelin.push({
      name,
      kind: name.includes('{ForeignNode[') || type === 'Myelin' ? 'foreign-node' : 'kgen',
      ops: myelinOps(name),
    });
  }
  return { schema: raw.schema, verbosity: raw.verbosity, layers: raw.entries.length, myelin };
}

/** A plan's layer info read for explain (see parseEngineLayers); null when it is missing or not layer info. */
export async function readEngineLayers(path: string, graph: OnnxGraph = EMPTY_GRAPH): Promise<EngineLayers | null> {
  try {
    return parseEngineLayers(await readFile(path, 'utf8'), graph);
  } catch {
    return null;
  }
}

export async function readLayerInfo(path: string): Promise<LayerInfo | null> {
  try {
    return parseLayerInfo(await readFile(path, 'utf8'));
  } catch {
    return null;
  }
}
