// The #4841 diagnosis of a plan in words: for the CLI and for the summary. Pure.
import { code, text } from '../../common/markdown-text.js';
import { type Diagnosis, PADDING_ISSUE } from '../../contract/report.js';

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

/**
 * The diagnosis in the summary. Its text may come from another runner's report: every string is escaped,
 * and the link is trt-ci's own (never the report's `link`).
 */
export function renderDiagnosisMarkdown(diagnosis: Diagnosis): string {
  return [
    `> ⚠️ ${text(diagnosis.summary)}: the shape of [NVIDIA/TensorRT#4841](${PADDING_ISSUE}).`,
    ...(diagnosis.myelinLayers.length
      ? [
          '>',
          '> Myelin kernels in the plan:',
          ...diagnosis.myelinLayers.map((l) => {
            const ops = l.ops.length ? `: ${text(l.ops.join(', '))}` : '';
            return `> - ${code(l.name)}${ops}${l.looksLike ? ` (${text(l.looksLike)})` : ''}`;
          }),
        ]
      : []),
    '>',
    ...diagnosis.advice.map((a) => `> - ${text(a)}`),
  ].join('\n');
}
