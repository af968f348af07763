import { readFile } from 'node:fs/promises';
import type { MyelinLayer } from '../contract/report.js';
export type { MyelinLayer };

export interface LayerInfo {
  /** 10.x lists I/O tensor names under "Bindings"; 11.x has "I/O Tensors" objects. */
  schema: '10.x (Bindings)' | '11.x (I/O Tensors)' | 'unknown';
  /** `detailed` when layers are objects, `layer_names_only` when they are strings. */
  verbosity: 'detailed' | 'layer_names_only';
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

/** Parses trtexec's --exportLayerInfo JSON, in both the 10.x and the 11.x schema. */
export function parseLayerInfo(text: string): LayerInfo | null {
  let json: { Layers?: unknown[]; Bindings?: unknown; 'I/O Tensors'?: unknown };
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    return null;
  }
  if (!Array.isArray(json.Layers)) return null;
  const schema = 'I/O Tensors' in json ? '11.x (I/O Tensors)' : 'Bindings' in json ? '10.x (Bindings)' : 'unknown';
  const detailed = json.Layers.some((layer) => typeof layer === 'object' && layer !== null);
  const myelin: MyelinLayer[] = [];
  for (const layer of json.Layers) {
    const name = typeof layer === 'string' ? layer : String((layer as { Name?: unknown }).Name ?? '');
    const type = typeof layer === 'object' && layer !== null ? (layer as { LayerType?: unknown }).LayerType : undefined;
    if (!isMyelinName(name) && type !== 'kgen' && type !== 'Myelin') continue;
    myelin.push({
      name,
      kind: name.includes('{ForeignNode[') || type === 'Myelin' ? 'foreign-node' : 'kgen',
      ops: myelinOps(name),
    });
  }
  return { schema, verbosity: detailed ? 'detailed' : 'layer_names_only', layers: json.Layers.length, myelin };
}

export async function readLayerInfo(path: string): Promise<LayerInfo | null> {
  try {
    return parseLayerInfo(await readFile(path, 'utf8'));
  } catch {
    return null;
  }
}
