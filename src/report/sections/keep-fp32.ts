// What to keep in FP32: precision-search's answer for each model whose fp16 engine failed its gate, decision
// first (the nodes and the lines to paste), then what it fixes and what it costs, then how it was found.
import { code, codeBlock, text } from '../../common/markdown-text.js';
import { formatPosition } from '../../common/position.js';
import type { Section } from '../../common/trim.js';
import { formatBytes } from '../../common/units.js';
import type { PrecisionSearchRecord, Report } from '../../contract/report.js';
import { PRIORITY } from '../priority.js';

const size = (bytes: number | null | undefined) => (bytes == null ? 'unknown' : formatBytes(bytes));

function searchLines(s: PrecisionSearchRecord): string[] {
  const [first, found] = [s.builds[0], s.builds.find((b) => s.keep && b.keep.join('\n') === s.keep.join('\n'))];
  const builds = `${s.builds.length} build(s) of ${s.candidates} candidate node(s)`;
  const where = s.configPosition ? ` (${text(formatPosition(s.configPosition))})` : '';
  // The first candidate: all-FP16, or the configured list alone where the search added to it.
  const base = s.start.length ? `the configured list (${s.start.map(code).join(', ')})` : 'all-FP16';
  const unjudged = s.builds.filter((b) => b.unjudged);
  const caution = unjudged.length
    ? [
        `- ${unjudged.length} list(s) gave no verdict (${text(unjudged[0]!.unjudged!)}): counted as not passing, so ` +
          'the list passes but may not be the smallest',
      ]
    : [];
  switch (s.outcome) {
    case 'unjudged':
      return [
        `**${text(s.model)}**: no list is known: with every candidate node kept in FP32 the engine gave no ` +
          `verdict (it ${text(unjudged.at(-1)?.unjudged ?? 'failed')}; ${builds}). Fix that first, then search again.`,
      ];
    case 'no-evidence':
      return [
        `**${text(s.model)}**: no list: ${base} gave no verdict (it ${text(first?.unjudged ?? 'failed')}), so ` +
          `nothing shows that any node must be kept (${builds}). Fix that first, then search again.`,
      ];
    case 'error':
      return [`**${text(s.model)}**: the search stopped: ${text(s.error ?? 'unknown')}.`];
    case 'rechecked': {
      const steps = `${s.builds.length} build(s), each kept node left out in turn`;
      if (s.dropped.length === 0)
        return [
          `**${text(s.model)}**: on ${text(s.step ?? 'this TensorRT')} every kept node is still needed (${steps}).`,
        ];
      return [
        `**${text(s.model)}**: on ${text(s.step ?? 'this TensorRT')}, ${s.dropped.map(code).join(', ')} no longer ` +
          `need${s.dropped.length === 1 ? 's' : ''} FP32: the list without ${s.dropped.length === 1 ? 'it' : 'them'} ` +
          `passes its gate (${steps}). Paste under the model in trt-ci.yml${where}:`,
        '',
        codeBlock(`keep-fp32: [${(s.keep ?? []).join(', ')}]`),
      ];
    }
    case 'none-needed':
      return [
        `**${text(s.model)}**: nothing; all-FP16 built again passes its gate (${builds}): the failure did not ` +
          'come back, so it is not a node FP16 can be kept off.',
      ];
    case 'unfixable':
      return [
        `**${text(s.model)}**: no list fixes it: with every candidate node kept in FP32 the gate still fails ` +
          `(${text(first?.worst ?? '')}; ${builds}). Check the tolerances and the inputs, and layers TensorRT ` +
          'adds that no ONNX node names.',
      ];
    default: {
      const budget = s.spent === 'time' ? `its time (${s.maxSeconds} s)` : `its ${s.maxBuilds} builds`;
      if (s.keep === null)
        return [
          `**${text(s.model)}**: the search ran out of ${budget} after ${builds}, before any list was judged; ` +
            'give it more (precision-search: { max-builds, max-time }).',
        ];
      const names = s.keep.map(code).join(', ');
      const price = s.price;
      return [
        `**${text(s.model)}**: keep ${names} in FP32` +
          (s.outcome === 'budget-spent'
            ? ` (the search ran out of ${budget}: it passes, it may not be the smallest)`
            : ''),
        '',
        `Paste under the model in trt-ci.yml${where}:`,
        '',
        codeBlock(`keep-fp32: [${s.keep.join(', ')}]`),
        '',
        `- accuracy: ${base} ${text(first?.worst ?? 'failed')}; with the list, passed` +
          (price ? ` (built again: ${text(price.accuracy)})` : ''),
        `- latency against ${base}: ${text(price?.latency ?? 'not measured')}`,
        `- plan size: ${size(price?.planBytes ?? found?.planBytes)} against ${size(first?.planBytes)} ${base}`,
        `- found in ${builds}${s.openedAt ? `, opened at ${code(s.openedAt)} where the error starts` : ''}`,
        ...caution,
      ];
    }
  }
}

export function keepFp32Section(reports: readonly Report[]): Section | null {
  const searches = reports.flatMap((r) => r.precisionSearch);
  if (searches.length === 0) return null;
  return {
    priority: PRIORITY.failure,
    text: ['#### 🧪 What to keep in FP32', '', ...searches.flatMap((s) => [...searchLines(s), ''])]
      .join('\n')
      .trimEnd(),
  };
}
