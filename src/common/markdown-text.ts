// Text from logs, configs and reports placed into markdown. A report can come from a fork and a log line
// from anything trtexec printed: each helper escapes for the place the text lands in, so that the text
// cannot leave that place (close a fence, end a cell or a row, open a comment or a tag) and nothing in it
// turns into a mention, an image or a link.

import { BIDI_CONTROLS } from './log-text.js';

const ZERO_WIDTH_SPACE = '\u200b';

/** Line breaks of every kind (a bare \r ends a line for GitHub too) as one space; bidirectional controls go. */
const oneLine = (text: string) => text.replace(/\r\n|\r|\n|\u2028|\u2029/g, ' ').replace(BIDI_CONTROLS, '');

/** Mentions (@team), references (#12 stays: it is harmless) and autolinks (https://, www.) made inert. */
const inert = (text: string) =>
  text
    .replace(/@/g, `@${ZERO_WIDTH_SPACE}`)
    .replace(/:\/\//g, `:${ZERO_WIDTH_SPACE}//`)
    .replace(/\bwww\./gi, (w) => `${w.slice(0, 3)}${ZERO_WIDTH_SPACE}.`);

/**
 * Inline text (in a sentence, a heading, a list item, a cell): one line, and the punctuation that opens
 * or closes something inline escaped: emphasis, code, links and images ([ ] !), HTML and comments (< >,
 * entities &), strikethrough and the cell separator. trt-ci never starts a line with such text, so the
 * line-start markers (#, -, +) need no escape.
 */
export function text(value: string): string {
  // `$` too: GitHub renders $…$ and $$…$$ as math, which can draw anything over the comment.
  return inert(oneLine(value).replace(/[\\`*_[\]<>|!~&$]/g, (c) => `\\${c}`));
}

/** Text inside trt-ci's own HTML (a <summary>): markdown is not read there, HTML is. */
export function htmlText(value: string): string {
  const escaped = oneLine(value).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return inert(escaped);
}

/** A table row with every cell escaped as text (a `|` would end the cell and a line break the row). */
export function tableRow(cells: readonly string[]): string {
  return `| ${cells.map(text).join(' | ')} |`;
}

/** The longest run of backticks in the text. */
const longestBacktickRun = (value: string) => {
  // A loop, not Math.max(...): a long text's runs would be more arguments than the stack holds.
  let longest = 0;
  for (const run of value.matchAll(/`+/g)) longest = Math.max(longest, run[0].length);
  return longest;
};

/** An inline code span that the text cannot close: its delimiter is longer than any backtick run in it. */
export function code(value: string): string {
  const line = oneLine(value);
  const ticks = '`'.repeat(longestBacktickRun(line) + 1);
  const pad = line.startsWith('`') || line.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${line}${pad}${ticks}`;
}

/** A fenced block that the text cannot close; every line break becomes \n. */
export function codeBlock(value: string): string {
  const body = value.replace(/\r\n|\r|\u2028|\u2029/g, '\n').replace(BIDI_CONTROLS, '');
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(body) + 1));
  return `${fence}\n${body}\n${fence}`;
}
