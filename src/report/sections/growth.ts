// Engines whose plan grew against the baseline's and that no A/B explained: where the bytes went, per region
// (weights, the #4841 padding, the rest), from the two engines' layer info alone.
import { text } from '../../common/markdown-text.js';
import type { Section } from '../../common/trim.js';
import { explainBytesLine } from '../parts/explain.js';
import { regionTable } from '../parts/regions.js';
import { PRIORITY } from '../priority.js';
import { engineName, type Row } from '../rows.js';

export function growthSection(rows: readonly Row[]): Section | null {
  const grown = rows.flatMap((r) => {
    const explain = r.build.latency ? null : r.build.explain;
    const bytes = explain && explainBytesLine(explain);
    return explain && bytes ? [{ build: r.build, explain, bytes }] : [];
  });
  if (grown.length === 0) return null;
  return {
    priority: PRIORITY.cause,
    text: [
      '#### Where the plans grew',
      ...grown.flatMap(({ build, explain, bytes }) => [
        '',
        `**${text(engineName(build))}** plan ${bytes}`,
        ...regionTable(explain),
      ]),
    ].join('\n'),
  };
}
