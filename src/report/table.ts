// The one way a summary table is written: every cell escaped as text (a `|` would end the cell and a line
// break the row), unless it is trt-ci's own markdown (a code span, a bar, bold), marked with md().
import { text } from '../common/markdown-text.js';

/** Markdown trt-ci wrote itself, put into a cell as it is. */
export interface Markdown {
  readonly markdown: string;
}
export const md = (markdown: string): Markdown => ({ markdown });

export type Cell = string | Markdown;
/** A column's label (escaped like a cell), right-aligned where it holds figures. */
export type Column = Cell | { label: Cell; align: 'right' };

const cell = (value: Cell) => (typeof value === 'string' ? text(value) : value.markdown);
/** Cells between pipes; an empty one as one space, as GitHub writes it. */
const line = (cells: readonly string[]) => `|${cells.map((c) => (c === '' ? ' ' : ` ${c} `)).join('|')}|`;

/** A table's head (escaped) and a writer of its rows. */
export function tableOf(columns: readonly Column[]): { head: string[]; row: (cells: readonly Cell[]) => string } {
  const label = (c: Column) => (typeof c === 'object' && 'align' in c ? c.label : c);
  const rule = columns.map((c) => (typeof c === 'object' && 'align' in c ? '---:' : '---'));
  return {
    head: [line(columns.map((c) => cell(label(c)))), `|${rule.join('|')}|`],
    row: (cells) => line(cells.map(cell)),
  };
}

/** A table of the rows that need a look, the rest folded under a <details> that says how many. */
export function foldedTable(
  head: readonly string[],
  shown: readonly string[],
  folded: readonly string[],
  what: string,
): string[] {
  const rest = folded.length
    ? [`<details><summary>${folded.length} ${what}</summary>`, '', ...head, ...folded, '', '</details>']
    : [];
  return shown.length ? [...head, ...shown, ...(rest.length ? ['', ...rest] : [])] : rest;
}
