// What trt-ci draws, in a real headless browser (issue 28): Debian's Chromium, driven by playwright-core. The
// history dashboard from file:// with a history of 3 models × 2 GPUs × 300 commits, and a merged comment as
// GitHub renders it at the width of a pull request's conversation column.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { COMMENT_LIMIT_BYTES, renderReports } from '../src/report/render.js';
import { COMMENT_WIDTH, commentPage } from './support/comment-page.js';
import { cli } from './support/harness.js';
import { mixedReports } from './support/reports.js';
import { makeHistory } from './support/history-maker.js';
import { keepForRemoval } from './support/runner-folders.js';
import { CHROMIUM, CHROMIUM_ARGS } from './support/chromium.js';

const hasChromium = existsSync(CHROMIUM);

describe.runIf(hasChromium)('trt-ci history html in Chromium', () => {
  it('loads from file:// with no console errors and draws one chart per series within 2 s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trt-ci-dashboard-'));
    keepForRemoval(dir);
    expect(await makeHistory(join(dir, 'history'), 300)).toBe(1800);
    const site = join(dir, 'site');
    const html = await cli(['history', 'html', '--history', join(dir, 'history'), '--out', site]);
    expect(html.code, html.stderr).toBe(0);
    expect(html.stdout).toContain('6 series');

    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(pathToFileURL(join(site, 'index.html')).href);
      await page.waitForFunction('document.body.dataset.drawn !== undefined');
      // From the start of navigation to the last chart drawn, as the page's own clock counts it.
      const drawnMs = Number(await page.evaluate('performance.now()'));
      expect(errors).toEqual([]);
      expect(drawnMs).toBeLessThan(2000);
      expect(await page.locator('section.card canvas').count()).toBe(6);
      // The planted changes, each where it was planted (bert-base +4% at commit 180 of 300; the driver step).
      const bert = page.locator('section.card', { hasText: 'bert-base / opt' }).first();
      await expect
        .poll(() => bert.locator('.changes li').allTextContents())
        .toEqual(
          expect.arrayContaining([
            expect.stringMatching(/^regression at [0-9a-f]{12} \(2026-\d\d-\d\d\): \+4\.\d%$/),
            expect.stringMatching(/^environment at .*: -(1\.9|2\.\d)% — driver 580\.159\.04 → 590\.10$/),
          ]),
        );
      // Hover: the point's commit and date in the legend.
      await bert.locator('.u-over').scrollIntoViewIfNeeded();
      const box = (await bert.locator('.u-over').boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await expect.poll(() => bert.locator('.u-legend').textContent()).toMatch(/[0-9a-f]{12} 2026-\d\d-\d\d/);
      // Filters: one GPU, then one model.
      await page.selectOption('#f-gpu', 'NVIDIA A100-SXM4-80GB');
      expect(await page.locator('section.card canvas').count()).toBe(3);
      await page.selectOption('#f-model', 'yolov8n');
      expect(await page.locator('section.card').count()).toBe(1);
      await page.selectOption('#f-metric', 'planBytes');
      await expect
        .poll(() => page.locator('section.card .changes li').allTextContents())
        .toEqual([expect.stringMatching(/^regression at .*: \+1\.3%$/)]);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

describe.runIf(hasChromium)('a merged comment at GitHub width in Chromium', () => {
  it('the first engine to fix is on the first screen, above every table', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trt-ci-comment-'));
    keepForRemoval(dir);
    const markdown = renderReports(mixedReports(), {
      limit: COMMENT_LIMIT_BYTES,
      configLink: (p) => `https://github.com/acme/engines/blob/c0ffee/${p.file}#L${p.line}`,
    });
    writeFileSync(join(dir, 'comment.html'), commentPage(markdown));
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      // A laptop's first screen of a pull request: the comment starts about 250 px down; 700 px are left.
      const page = await browser.newPage({ viewport: { width: COMMENT_WIDTH, height: 700 } });
      await page.goto(pathToFileURL(join(dir, 'comment.html')).href);
      const items = page.locator('article > ul').first().locator('li');
      expect(await items.count()).toBe(3);
      const first = (await items.first().boundingBox())!;
      expect(await items.first().textContent()).toMatch(/^❌ bert \/ s128 on A100-SXM4-80GB: plan size growth/);
      expect(first.y + first.height).toBeLessThan(700);
      const table = (await page.locator('article table').first().boundingBox())!;
      const last = (await items.last().boundingBox())!;
      expect(last.y + last.height).toBeLessThan(table.y);
      // Nothing wider than the column: no sideways scrolling to read a line.
      const width = Number(await page.evaluate('document.querySelector("article").scrollWidth'));
      expect(width).toBeLessThanOrEqual(COMMENT_WIDTH);
    } finally {
      await browser.close();
    }
  });
});

describe.skipIf(hasChromium)('without Chromium', () => {
  it(`the browser tests need ${CHROMIUM} (apt-get install chromium); .ci/run installs it`, () => {
    expect(existsSync(CHROMIUM)).toBe(false);
  });
});
