// What trt-ci draws, in a real headless browser (issue 28): Debian's Chromium, driven by playwright-core. The
// history dashboard from file:// with a history of 3 models × 2 GPUs × 300 commits, and a merged comment as
// GitHub renders it at the width of a pull request's conversation column.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { COMMENT_LIMIT_BYTES, renderReports } from '../src/report/render.js';
import { COMMENT_WIDTH, commentPage } from './support/comment-page.js';
import { cli } from './support/harness.js';
import { mixedReports } from './support/reports.js';
import { makeHistory, seeded } from './support/history-maker.js';
import { HISTORY_SCHEMA } from '../src/contract/history.js';
import { keepForRemoval } from './support/runner-folders.js';
import { CHROMIUM, CHROMIUM_ARGS } from './support/chromium.js';

const hasChromium = existsSync(CHROMIUM);

describe.runIf(hasChromium)('trt-ci history html in Chromium', () => {
  it('loads from file:// with no console errors and draws one chart per series', async () => {
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
      // How fast it draws is the machine's as much as the page's: measured in npm run bench, not here.
      await page.waitForFunction('document.body.dataset.drawn !== undefined');
      expect(errors).toEqual([]);
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

describe.runIf(hasChromium)('the dashboard, decision first, at 1280 px (issue 35)', () => {
  it('opens on the one change point (+109% plan size, not latency), in MiB, dated, the view in the URL', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trt-ci-dashboard-'));
    keepForRemoval(dir);
    const history = join(dir, 'history');
    mkdirSync(join(history, 'points'), { recursive: true });
    const next = seeded(35);
    const lines = Array.from({ length: 60 }, (_, i) => {
      const date = new Date(Date.UTC(2026, 10, 1) + i * 86_400_000).toISOString();
      return JSON.stringify({
        schema: HISTORY_SCHEMA,
        key: { model: 'detector', profile: 'b8', gpu: 'NVIDIA H200', tensorrt: '10.16', precision: 'fp16', flags: 'f' },
        commit: (i + 1).toString(16).padStart(40, 'c'),
        date,
        pushedAt: date,
        metrics: {
          planBytes: i >= 30 ? 52_428_800 * 2.09 : 52_428_800,
          buildSeconds: null,
          peakGpuMemoryMiB: null,
          latencyMs: 1.2 * (1 + 0.002 * (next() - 0.5)),
          latencyInterval: null,
          accuracyMaxAbsError: null,
          accuracyMaxRelError: null,
        },
        environment: { tensorrt: '10.16.1.11', driver: '580', cuda: '13.0', image: null, trtexec: 'trtexec' },
      });
    });
    writeFileSync(join(history, 'points', '2026-11.jsonl'), `${lines.join('\n')}\n`);
    const site = join(dir, 'site');
    expect((await cli(['history', 'html', '--history', history, '--out', site])).code).toBe(0);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const url = pathToFileURL(join(site, 'index.html')).href;
      await page.goto(url);
      await page.waitForFunction('document.body.dataset.drawn !== undefined');
      // The list of change points leads, on the first screen; the page opened on its metric.
      const first = page.locator('#decisions li').first();
      expect(await first.textContent()).toMatch(
        new RegExp(
          '^regression: detector / b8 on NVIDIA H200, plan size \\+109\\.0% \\(50\\.00 MiB → 105 MiB\\) ' +
            'at [0-9a-f]{12} on 2026-12-01$',
        ),
      );
      const box = (await first.boundingBox())!;
      expect(box.y + box.height).toBeLessThan(800);
      expect(await page.inputValue('#f-metric')).toBe('planBytes');
      expect(new URL(page.url()).hash).toBe('#metric=planBytes');
      // Axes in units and dates: no raw byte counts, each x tick a date and a commit.
      // uPlot draws them on the canvas: the tick labels it computed (its axes' _values).
      const [x, y] = (await page.evaluate('charts[0].axes.map((a) => a._values)')) as string[][];
      expect(y!.length).toBeGreaterThan(1);
      for (const label of y!) expect(label).toMatch(/^\d+(\.\d+)? MiB$/);
      for (const label of x!.filter(Boolean)) expect(label).toMatch(/^\d\d-\d\d\n[0-9a-f]{7}$/);
      // A view is a link: latency, opened from its URL.
      await page.goto(`${url}#metric=latencyMs`);
      await page.reload();
      await page.waitForFunction('document.body.dataset.drawn !== undefined');
      expect(await page.inputValue('#f-metric')).toBe('latencyMs');
      const shot = await page.screenshot({ fullPage: false });
      writeFileSync(join(dir, 'dashboard-1280.png'), shot);
      // A PNG of the first screen, 1280 px wide (its IHDR width).
      expect(shot.readUInt32BE(16)).toBe(1280);
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
