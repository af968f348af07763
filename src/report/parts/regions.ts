// An explanation's regions and notes, folded under the line that says what they add up to (docs/explain.md).
import { text } from '../../common/markdown-text.js';
import type { Explanation } from '../../contract/report.js';
import { tableOf } from '../table.js';
import { explainRows } from './explain.js';

const REGIONS = tableOf([
  'region',
  { label: 'Δ time', align: 'right' },
  { label: 'share', align: 'right' },
  'layers',
  'weights',
  'change',
]);

export function regionTable(explain: Explanation): string[] {
  return [
    '',
    '<details><summary>regions</summary>',
    '',
    ...REGIONS.head,
    ...explainRows(explain).map(REGIONS.row),
    ...(explain.notes.length ? ['', ...explain.notes.map((n) => `- ${text(n)}`)] : []),
    '',
    '</details>',
  ];
}
