// npm run screenshots: the pictures in the README, made from the code as it is (docs/*.png), in Debian's
// Chromium: a merged A100 + H100 comment of six engines (test/support/reports.ts) as GitHub renders it at
// 880 px, and the dashboard of a made history of 3 models × 2 GPUs × 300 commits (test/support/history-maker.ts).
// Not part of the tests: a picture's bytes change from run to run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { runCli } from '../src/cli/run-cli.js';
import { COMMENT_LIMIT_BYTES, renderReports } from '../src/report/render.js';
import { COMMENT_WIDTH, commentPage } from '../test/support/comment-page.js';
import { makeHistory } from '../test/support/history-maker.js';
import { mixedHistory, mixedReports } from '../test/support/reports.js';
import { seeded } from '../test/support/history-maker.js';
import { CHROMIUM, CHROMIUM_ARGS } from '../test/support/chromium.js';
import { standings } from '../src/history/standing.js';
import { readFileSync } from 'node:fs';

const root = resolve(import.meta.dirname, '..');

const scratch = mkdtempSync(join(tmpdir(), 'trt-ci-screenshots-'));
try {
  await makeHistory(join(scratch, 'history'), 300);
  const io = { cwd: scratch, env: {}, stdout: () => {}, stderr: (t: string) => process.stderr.write(t) };
  const code = await runCli(['history', 'html', '--history', 'history', '--out', 'site'], io);
  if (code !== 0) throw new Error(`history html exited ${code}`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 920, height: 1100 }, deviceScaleFactor: 1 });
    await page.goto(pathToFileURL(join(scratch, 'site', 'index.html')).href);
    await page.waitForFunction('document.body.dataset.drawn !== undefined');
    const drawnMs = Number(await page.evaluate('performance.now()'));
    await page.screenshot({ path: join(root, 'docs', 'history-dashboard.png') });
    console.log(`docs/history-dashboard.png: drawn ${drawnMs.toFixed(0)} ms after navigation`);
    const markdown = renderReports(mixedReports(), {
      limit: COMMENT_LIMIT_BYTES,
      configLink: (p) => `https://github.com/acme/engines/blob/c0ffee/${p.file}#L${p.line}`,
    });
    writeFileSync(join(scratch, 'comment.html'), commentPage(markdown));
    const comment = await browser.newPage({ viewport: { width: COMMENT_WIDTH, height: 900 }, deviceScaleFactor: 1 });
    await comment.goto(pathToFileURL(join(scratch, 'comment.html')).href);
    await comment.screenshot({ path: join(root, 'docs', 'comment.png') });
    console.log('docs/comment.png: the first 900 px of a merged comment at 880 px');
    // The comment's History section: the same engines against 30 default-branch runs with the H200's spread.
    const residuals = JSON.parse(
      readFileSync(join(root, 'test', 'fixtures', 'history', 'h200-run-to-run.json'), 'utf8'),
    ).residuals as number[];
    const next = seeded(30);
    const reports = mixedReports();
    const history = mixedHistory(reports, () => residuals[Math.floor(next() * residuals.length)]! * 3);
    const withHistory = renderReports(reports, { limit: COMMENT_LIMIT_BYTES, history: standings(reports, history) });
    const start = withHistory.indexOf('#### ⚠️ History');
    const end = withHistory.indexOf('\n#### ', start + 1);
    writeFileSync(join(scratch, 'history.html'), commentPage(withHistory.slice(start, end)));
    const section = await browser.newPage({ viewport: { width: COMMENT_WIDTH, height: 400 }, deviceScaleFactor: 1 });
    await section.goto(pathToFileURL(join(scratch, 'history.html')).href);
    await section.screenshot({ path: join(root, 'docs', 'history-comment.png'), fullPage: true });
    console.log("docs/history-comment.png: the comment's History section");
  } finally {
    await browser.close();
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
