// Engines that built but compute the wrong answer: first-class failures, with the worst output's figures.
import { code, text } from '../../common/markdown-text.js';
import { formatPosition } from '../../common/position.js';
import type { Section } from '../../common/trim.js';
import type { Accuracy, Divergence } from '../../contract/report.js';
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

const share = (v: number) => `${Number((v * 100).toPrecision(3))}%`;

/** Where a failing engine's error first appears, decision-first: the node, its error, where to act. */
function divergenceLine(engine: string, d: Divergence): string {
  const head = `**Where the error starts** (${text(engine)}, ${d.shape} shape):`;
  if (d.status === 'error') return `${head} the marked build could not tell: ${text(d.problem ?? 'unknown')}`;
  if (d.status === 'marked-passes')
    return (
      `${head} not found: with its ${d.marked} tensors marked as outputs the engine passes, so the error is in ` +
      'a fusion that marking breaks apart; `trt-ci precision` searches with the plain engine'
    );
  const e = d.error!;
  const broken = e.nan + e.inf ? `, ${e.nan ? `${e.nan} NaN ` : ''}${e.inf ? `${e.inf} Inf` : ''}`.trimEnd() : '';
  const where = d.configPosition ? ` (${text(formatPosition(d.configPosition))})` : '';
  const fp32 = d.computes?.startsWith('fp32')
    ? ` It computes in FP32 already (${text(d.computes)}): what it reads from FP16 nodes is the cause;` +
      ' `trt-ci precision` finds which of them to keep.'
    : ` Keep it in FP32: ${code(`keep-fp32: [${d.node}]`)} under the model${where}, or let` +
      ' `trt-ci precision` find the smallest list.';
  // Only layer ends marked (a large graph): the error starts somewhere in the layer that ends at the node.
  const among =
    d.span.length > 1
      ? ` It starts among ${d.span.length} nodes whose outputs were not marked: ${d.span.map(code).join(', ')}.`
      : '';
  return (
    `${head} node ${code(d.node!)} (${text(d.op!)}, ${text(d.computes ?? '?')}): ${share(e.outOfTolerance)} of ` +
    `${code(d.tensor!)} out of tolerance${broken}; after it ${d.downstream!.failing} of ` +
    `${d.downstream!.marked} marked tensors fail (${d.marked} marked in all; marking changes fusions).${among}${fp32}`
  );
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
      ...failed.flatMap((r) => {
        const d = r.build.accuracy!.divergence;
        return d ? ['', divergenceLine(engineName(r.build), d)] : [];
      }),
    ].join('\n'),
  };
}
