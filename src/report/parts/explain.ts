// An explanation in words: the comment's one line per slower or bigger engine, and its table. Pure.
import type { Explanation } from '../../contract/report.js';
import { code } from '../../common/markdown-text.js';
import { formatBytes } from '../../common/units.js';

type Region = Explanation['regions'][number];

/** A region by its ONNX nodes: their common path ("/model.22/cv2"), else its first nodes. */
export function regionName(region: Region): string {
  const nodes = region.onnxNodes;
  if (nodes.length === 0) return (region.head.layers[0] ?? region.base.layers[0] ?? '?').slice(0, 80);
  if (nodes.length === 1) return nodes[0]!;
  const parts = nodes.map((n) => n.split('/'));
  const common: string[] = [];
  for (let i = 0; parts.every((p) => p.length > i + 1 && p[i] === parts[0]![i]); i += 1) common.push(parts[0]![i]!);
  const prefix = common.join('/');
  if (prefix.replace(/\//g, '')) return prefix;
  return nodes.length === 2 ? `${nodes[0]} + ${nodes[1]}` : `${nodes[0]} … ${nodes.at(-1)} (${nodes.length} nodes)`;
}

const isMyelin = (name: string) => name.startsWith('__myl_') || name.includes('{ForeignNode[');

/** What changed, in words: "fp16 → fp32", "2 layers → 1, now a Myelin kernel". */
function describeChange(region: Region): string {
  const said: string[] = [];
  for (const change of region.change) {
    if (change === 'new') said.push('new in the head engine');
    else if (change === 'gone') said.push('not in the head engine');
    else if (change === 'precision') {
      said.push(`${region.base.precisions.join('/') || '?'} → ${region.head.precisions.join('/') || '?'}`);
    } else if (change === 'fusion') {
      const myelin = region.head.layers.some(isMyelin) && !region.base.layers.some(isMyelin);
      said.push(
        `${region.base.layers.length} layer${region.base.layers.length === 1 ? '' : 's'} → ` +
          `${region.head.layers.length}${myelin ? ', now a Myelin kernel' : ''}`,
      );
    } else if (change === 'tactic') said.push('another tactic');
    else if (change === 'reformat-added') said.push('a reformat added');
    else if (change === 'reformat-removed') said.push('a reformat removed');
  }
  return said.join(', ') || 'no change in layers, precisions or tactics';
}

const ms = (value: number | null) => (value === null ? '–' : `${value >= 0 ? '+' : ''}${value.toFixed(4)} ms`);

/** "80% in `/model.22/cv2` — fp16 → fp32, 2 layers → 1": the regions that carry the change, most first. */
export function explainLine(explanation: Explanation, top = 2): string {
  const carrying = explanation.regions.filter((r) => (r.deltaMs ?? 0) !== 0 || r.change.length > 0).slice(0, top);
  if (carrying.length === 0) return 'no region changed';
  return carrying
    .map((r) => {
      // A change within the runs' own spread has no share to speak of: said as noise, never as "80%".
      if (r.significant === false) return `within run-to-run noise in ${code(regionName(r))} — ${describeChange(r)}`;
      const share = r.share === null ? ms(r.deltaMs) : `${Math.round(r.share * 100)}%`;
      // A node name is the model's, which a fork writes: a code span it cannot close.
      return `${share} in ${code(regionName(r))} — ${describeChange(r)}`;
    })
    .join('; ');
}

/**
 * Where a plan's growth went: "+6.0 MiB: weights +4.0 MiB in `/model.22/cv2`, +2.0 MiB not weights
 * (kernels, Myelin code)", with the zeros at its end named apart when verify diagnoses them (#4841). Null
 * when the plan did not grow or its sizes are unknown.
 */
export function explainBytesLine(explanation: Explanation): string | null {
  const { base, head } = explanation;
  if (base.planBytes === null || head.planBytes === null || head.planBytes <= base.planBytes) return null;
  const grown = explanation.regions
    .map((r) => ({ r, delta: r.head.weightBytes - r.base.weightBytes }))
    .filter((x) => x.delta > 0)
    .sort((a, b) => b.delta - a.delta)
    .slice(0, 2)
    .map((x) => `weights +${formatBytes(x.delta)} in ${code(regionName(x.r))}`);
  const padding = (head.paddingBytes ?? 0) - (base.paddingBytes ?? 0);
  const other = (head.otherBytes ?? 0) - (base.otherBytes ?? 0);
  const parts = [
    ...(padding > 0 ? [`+${formatBytes(padding)} zeros at the plan's end (the padding of NVIDIA/TensorRT#4841)`] : []),
    ...grown,
    ...(other > 0 ? [`+${formatBytes(other)} not weights (kernels, Myelin code)`] : []),
  ];
  return `+${formatBytes(head.planBytes - base.planBytes)}: ${parts.join(', ') || 'no region grew'}`;
}

/** The regions as text lines (the CLI) or markdown table rows (the comment's folded table). */
export function explainRows(explanation: Explanation, limit = 10): string[][] {
  return explanation.regions
    .slice(0, limit)
    .map((r) => [
      regionName(r),
      ms(r.deltaMs),
      r.share === null ? '–' : r.significant === false ? 'noise' : `${(r.share * 100).toFixed(0)}%`,
      `${r.base.layers.length} → ${r.head.layers.length}`,
      r.head.weightBytes === r.base.weightBytes
        ? formatBytes(r.head.weightBytes)
        : `${formatBytes(r.base.weightBytes)} → ${formatBytes(r.head.weightBytes)}`,
      describeChange(r),
    ]);
}
