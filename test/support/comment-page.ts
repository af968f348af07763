// A comment as GitHub shows it, for the browser test and the README's screenshot: the markdown through marked
// (GitHub Flavored Markdown: tables, task lists, <details>) inside GitHub's own stylesheet for rendered
// markdown (github-markdown-css, light), at the width of a pull request's conversation column (880 px).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { marked } from 'marked';

export const COMMENT_WIDTH = 880;

export function commentPage(markdown: string): string {
  const css = readFileSync(createRequire(import.meta.url).resolve('github-markdown-css/github-markdown-light.css'));
  const body = marked.parse(markdown, { gfm: true, async: false });
  return `<!doctype html><html><head><meta charset="utf-8"><style>${css}
body { margin: 0; background: #fff; }
.markdown-body { box-sizing: border-box; width: ${COMMENT_WIDTH}px; padding: 16px; }
</style></head><body><article class="markdown-body">${body}</article></body></html>`;
}
