// npm run screenshots: the pictures in the README, made from the code as it is (docs/*.png). The
// dashboard of a made history of 3 models × 2 GPUs × 300 commits (test/support/history-maker.ts), in
// Debian's Chromium at GitHub's width. Not part of the tests: a picture's bytes change from run to run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { runCli } from '../src/cli/run-cli.js';
import { makeHistory } from '../test/support/history-maker.js';

const root = resolve(import.meta.dirname, '..');
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const scratch = mkdtempSync(join(tmpdir(), 'trt-ci-screenshots-'));
try {
  await makeHistory(join(scratch, 'history'), 300);
  const io = { cwd: scratch, env: {}, stdout: () => {}, stderr: (t: string) => process.stderr.write(t) };
  const code = await runCli(['history', 'html', '--history', 'history', '--out', 'site'], io);
  if (code !== 0) throw new Error(`history html exited ${code}`);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 920, height: 1100 }, deviceScaleFactor: 1 });
    await page.goto(pathToFileURL(join(scratch, 'site', 'index.html')).href);
    await page.waitForFunction('document.body.dataset.drawn !== undefined');
    const drawnMs = Number(await page.evaluate('performance.now()'));
    await page.screenshot({ path: join(root, 'docs', 'history-dashboard.png') });
    console.log(`docs/history-dashboard.png: drawn ${drawnMs.toFixed(0)} ms after navigation`);
  } finally {
    await browser.close();
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
