import type { Diagnosis } from './diagnose.js';

function myelinLines(diagnosis: Diagnosis): string[] {
  return diagnosis.myelinLayers.map(
    (l) => `${l.name}${l.ops.length ? `: ${l.ops.join(', ')}` : ''}${l.looksLike ? ` (${l.looksLike})` : ''}`,
  );
}

export function renderDiagnosisText(diagnosis: Diagnosis): string[] {
  const lines = [`  ⚠ ${diagnosis.summary} (${diagnosis.link})`];
  if (diagnosis.layerInfo)
    lines.push(
      `    layer info: ${diagnosis.layerInfo.layers} layers, ` +
        `${diagnosis.layerInfo.schema}, ${diagnosis.layerInfo.verbosity}`,
    );
  for (const line of myelinLines(diagnosis)) lines.push(`    Myelin: ${line}`);
  for (const advice of diagnosis.advice) lines.push(`    - ${advice}`);
  return lines;
}

export function renderDiagnosisMarkdown(diagnosis: Diagnosis): string {
  const layers = myelinLines(diagnosis);
  return [
    `> ⚠️ ${diagnosis.summary}: the shape of [NVIDIA/TensorRT#4841](${diagnosis.link}).`,
    ...(layers.length
      ? [
          '>',
          '> Myelin kernels in the plan:',
          ...layers.map((l) => `> - \`${l.split(':')[0]}\`${l.includes(':') ? `:${l.slice(l.indexOf(':') + 1)}` : ''}`),
        ]
      : []),
    '>',
    ...diagnosis.advice.map((a) => `> - ${a}`),
  ].join('\n');
}
