// An engine's layers as --exportLayerInfo writes them (8.2+; 10.x "Bindings" and 11.x "I/O Tensors"
// schemas), each with the ONNX nodes it computes: its `Metadata` (8.6+: "[ONNX Layer: name]" entries
// separated by U+001E or U+001F, both occur: the entries are read, not the separators), else the nodes
// its fused name lists ("Conv_0 + Relu_1", "PWN(Clip_16)"), a ForeignNode's "[first...last]" expanded
// over the ONNX graph's order when the graph is known. Reformats name the layer they feed or read
// ("Reformatting CopyNode for Input Tensor 0 to X").
// Sources: docs/explain.md. Pure: text in, layers out.

export interface EngineLayer {
  name: string;
  type: string;
  /** The ONNX nodes this layer computes; empty for a layer TensorRT added (a reformat, a copy). */
  onnxNodes: string[];
  /** For a reformat: the layer it was added for, by name. */
  reformatOf: string | null;
  /** Precision of each output: fp32, fp16, bf16, int8, fp8, int32, int64, bool, or the text itself. */
  precisions: string[];
  /** Formats of the outputs ("Channel major FP16 format where channel % 8 == 0"). */
  formats: string[];
  /** Its TacticName, else its TacticValue ("0xe2222883a6602489"); null when layer info has neither. */
  tactic: string | null;
  /** Bytes of its Weights and Bias, by count × the size of their type. */
  weightBytes: number;
  /** StreamId > 0: runs on an auxiliary stream, overlapping others. */
  auxiliaryStream: boolean;
}

export interface EngineLayers {
  /** The layers of one optimization profile (`profile`), their names without the "[profile N]" suffix. */
  layers: EngineLayer[];
  /** The optimization profiles the engine holds: 1 + the largest N of a "[profile N]" name (TREx's rule). */
  profiles: number;
  profile: number;
  /** `detailed` when layers are objects (--profilingVerbosity=detailed), `layer_names_only` when strings. */
  verbosity: 'detailed' | 'layer_names_only';
  schema: '10.x (Bindings)' | '11.x (I/O Tensors)' | 'unknown';
}

const REFORMAT = /^Reformatting CopyNode for (?:Input|Output) Tensor \d+ to (.+)$/;
const METADATA_ENTRY = /\[ONNX Layer: ([^\]]*)\]/g;

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

/** "Row major linear FP32", "Half", "Channel major FP16 format …", "Int8" → fp32, fp16, fp16, int8. */
export function precisionOf(text: string): string {
  const t = text.toLowerCase();
  if (/\bbf16\b|bfloat16/.test(t)) return 'bf16';
  if (/\bfp16\b|\bhalf\b/.test(t)) return 'fp16';
  if (/\bfp32\b|\bfloat\b/.test(t)) return 'fp32';
  if (/\bfp8\b|\bfloat8/.test(t)) return 'fp8';
  if (/\bint8\b/.test(t)) return 'int8';
  if (/\bint32\b/.test(t)) return 'int32';
  if (/\bint64\b/.test(t)) return 'int64';
  if (/\bbool\b/.test(t)) return 'bool';
  return text;
}

/** The nodes a fused layer name lists: "A + B", "PWN(PWN(C, D), E)", "{ForeignNode[F...G]}" (its ends). */
export function nodesInName(name: string): { nodes: string[]; foreign: [string, string] | null } {
  const foreign = /\{ForeignNode\[(.+?)\.\.\.(.+?)\]\}/.exec(name);
  if (foreign) {
    // Its ends may themselves be fused names ("/a/Unsqueeze_3 + /a/Unsqueeze_4...").
    const first = nodesInName(foreign[1]!).nodes;
    const last = nodesInName(foreign[2]!).nodes;
    return { nodes: [...first, ...last], foreign: [first[0] ?? foreign[1]!, last.at(-1) ?? foreign[2]!] };
  }
  const single = /^\{ForeignNode\[([^\]]+)\]\}$/.exec(name);
  const text = single ? single[1]! : name;
  const nodes = text
    .replace(/\b(?:PWN|PWNH)\(/g, ' + ')
    .replace(/[(),]/g, ' + ')
    .split(' + ')
    .map((part) => part.trim())
    .filter(Boolean);
  return { nodes, foreign: null };
}

function tensorPrecision(tensor: Record<string, unknown>): { precision: string; format: string } {
  const format = String(tensor['Format/Datatype'] ?? tensor.Format ?? tensor.DataType ?? '');
  const datatype = String(tensor.DataType ?? tensor['Format/Datatype'] ?? '');
  return { precision: precisionOf(datatype), format };
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

/**
 * Parses --exportLayerInfo JSON; `nodeOrder` is the ONNX graph's node order, to expand ForeignNodes. Of an
 * engine of several optimization profiles, the layers of `profile` (default 0, the first).
 */
export function parseEngineLayers(text: string, nodeOrder: readonly string[] = [], profile = 0): EngineLayers {
  let json: { Layers?: unknown[]; Bindings?: unknown; 'I/O Tensors'?: unknown };
  try {
    json = JSON.parse(text) as typeof json;
  } catch (error) {
    throw new Error(`expected --exportLayerInfo JSON, got text that does not parse (${(error as Error).message})`);
  }
  if (!json || !Array.isArray(json.Layers)) throw new Error('expected --exportLayerInfo JSON with a "Layers" list');
  const schema = 'I/O Tensors' in json ? '11.x (I/O Tensors)' : 'Bindings' in json ? '10.x (Bindings)' : 'unknown';
  const position = new Map(nodeOrder.map((n, i) => [n, i]));
  const detailed = json.Layers.some((l) => typeof l === 'object' && l !== null);
  const named = json.Layers.map((raw) => {
    const layer = (typeof raw === 'object' && raw !== null ? raw : { Name: String(raw) }) as Record<string, unknown>;
    const full = String(layer.Name ?? '');
    const suffix = PROFILE_SUFFIX.exec(full);
    return { layer, name: full.replace(PROFILE_SUFFIX, ''), profile: suffix ? Number(suffix[1]) : 0 };
  });
  const profiles = 1 + Math.max(0, ...named.map((n) => n.profile));
  const layers = named
    .filter((n) => n.profile === profile)
    .map(({ layer, name }): EngineLayer => {
      const reformat = REFORMAT.exec(name)?.[1] ?? null;
      const metadata =
        typeof layer.Metadata === 'string' ? [...layer.Metadata.matchAll(METADATA_ENTRY)].map((m) => m[1]!) : [];
      let onnxNodes: string[];
      if (reformat) onnxNodes = [];
      else if (metadata.length) onnxNodes = metadata;
      else {
        const { nodes, foreign } = nodesInName(name);
        const [from, to] = foreign ? [position.get(foreign[0]), position.get(foreign[1])] : [undefined, undefined];
        onnxNodes = from !== undefined && to !== undefined && from <= to ? nodeOrder.slice(from, to + 1) : nodes;
      }
      const outputs = (Array.isArray(layer.Outputs) ? layer.Outputs : []) as Record<string, unknown>[];
      const described = outputs.map(tensorPrecision);
      return {
        name,
        type: String(layer.LayerType ?? (reformat ? 'Reformat' : 'unknown')),
        onnxNodes: [...new Set(onnxNodes)],
        reformatOf: reformat,
        precisions: [...new Set(described.map((d) => d.precision).filter(Boolean))],
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
  return { layers, profiles, profile, verbosity: detailed ? 'detailed' : 'layer_names_only', schema };
}
