// Text from logs, configs and reports placed into markdown: each helper escapes for the place the text
// lands in, so that the text cannot end the place it is in.

/** One table cell: a `|` would end the cell and a line break the row. */
export function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r\n|\r|\n/g, ' ');
}

/** A table row with every cell escaped. */
export function tableRow(cells: readonly string[]): string {
  return `| ${cells.map(cell).join(' | ')} |`;
}
