// Engines that built but compute the wrong answer: first-class failures, with the worst output's figures.
import type { Section } from '../../common/trim.js';
import type { Accuracy } from '../../contract/report.js';
import { PRIORITY } from '../priority.js';
import { engineName, type Row } from '../rows.js';
import { foldedTable, md, tableOf } from '../table.js';

/** The worst output of a checked engine (a failing one first), with its figures. */
function worstOutput(accuracy: Accuracy) {
  return [...accuracy.outputs].sort(
    (a, b) => Number(b.failure !== null) - Number(a.failure !== null) || b.outOfTolerance - a.outOfTolerance,
  )[0];
}

const figure = (v: number | null) => (v === null ? '–' : Number(v.toPrecision(3)).toString());

const ICON = { passed: '✅', failed: '❌', error: '❗', 'not-checked': '⏭️' } as const;

const TABLE = tableOf([
  '',
  'engine',
  'GPU',
  'worst output',
  'max abs',
  'max rel',
  'out of tol.',
  'cosine',
  'NaN/Inf',
  '',
]);

function line(r: Row): string {
  const accuracy = r.build.accuracy!;
  const worst = worstOutput(accuracy);
  const why =
    accuracy.status === 'not-checked'
      ? 'not checked (accuracy: false)'
      : accuracy.status === 'error'
        ? `error: ${accuracy.problem}`
        : (accuracy.problem ?? worst?.failure ?? 'within tolerance');
  // The errors and the cosine are over the finite elements only: beside a NaN they would read as a match.
  const finite = worst && worst.nan + worst.inf === 0;
  const topK = worst?.topK ? `; top-${worst.topK.k} agree in ${worst.topK.agree}/${worst.topK.rows} rows` : '';
  return TABLE.row([
    md(ICON[accuracy.status]),
    engineName(r.build),
    r.gpu,
    worst ? `${worst.name} (${worst.shape})` : '–',
    finite ? figure(worst.maxAbsError) : '–',
    finite ? figure(worst.maxRelError) : '–',
    worst ? `${Number((worst.outOfTolerance * 100).toPrecision(3))}%` : '–',
    // 0.9999995 must not read as 1: cosine gets the digits that tell precisions apart.
    !finite || worst.cosine == null ? '–' : worst.cosine.toFixed(7),
    worst ? String(worst.nan + worst.inf) : '–',
    `${why}${topK}`,
  ]);
}

export function accuracySection(rows: readonly Row[]): Section | null {
  const listed = rows.filter((r) => r.build.accuracy);
  if (listed.length === 0) return null;
  const checked = listed.filter((r) => r.build.accuracy!.status !== 'not-checked');
  const failed = checked.filter((r) => r.build.accuracy!.status !== 'passed');
  return {
    priority: failed.length ? PRIORITY.failure : PRIORITY.passed,
    text: [
      `#### ${failed.length ? '❌' : '✅'} Accuracy against ONNX Runtime: ` +
        `${checked.length - failed.length}/${checked.length} within tolerance`,
      '',
      ...foldedTable(TABLE.head, failed.map(line), listed.filter((r) => !failed.includes(r)).map(line), 'fine'),
    ].join('\n'),
  };
}
