// Renders a markdown file (a job summary or a comment) to HTML the way GitHub lays it out, for a
// person to look at: `node scripts/render-html.mjs IN.md OUT.html`, then open it or screenshot it
// with headless Chromium. Mermaid blocks stay code here (GitHub draws them as charts).
import { readFileSync, writeFileSync } from 'node:fs';
import { marked } from 'marked';

const [input, output] = process.argv.slice(2);
const body = marked.parse(readFileSync(input, 'utf8'), { gfm: true });
writeFileSync(
  output,
  `<!doctype html><meta charset="utf-8"><style>
body {
  font: 14px/1.5 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif;
  color: #1f2328;
  max-width: 1012px;
  margin: 24px auto;
  padding: 0 16px;
}
h2 { border-bottom: 1px solid #d1d9e0; padding-bottom: .3em; }
table { border-collapse: collapse; display: block; overflow: auto; margin: 0 0 16px; }
th, td { border: 1px solid #d1d9e0; padding: 6px 13px; }
tr:nth-child(2n) { background: #f6f8fa; }
th { font-weight: 600; }
pre { background: #f6f8fa; padding: 16px; border-radius: 6px; overflow: auto; }
code { font-family: ui-monospace, monospace; font-size: 85%; }
blockquote { color: #59636e; border-left: .25em solid #d1d9e0; margin: 0; padding: 0 1em; }
details { margin-bottom: 16px; }
</style><body>${body}</body>`,
);
