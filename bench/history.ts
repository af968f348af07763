// npm run bench: what the history costs as it grows (issue 28). A made history of 3 models × 2 GPUs ×
// N commits (test/support/history-maker.ts) in a folder; read back (every line parsed with the schema: the
// reference), then the change points of every series and metric (Otava's E-divisive, window 50), then the
// dashboard's HTML. Each as a ratio against the read, measured in the same run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { historyChanges } from '../src/history/changes.js';
import { loadChartLibrary } from '../src/history/chart-library.js';
import { renderDashboard } from '../src/history/dashboard.js';
import { readFolder } from '../src/history/store.js';
import { makeHistory } from '../test/support/history-maker.js';

const timed = async <T>(work: () => Promise<T> | T): Promise<[T, number]> => {
  const start = performance.now();
  const value = await work();
  return [value, performance.now() - start];
};

const dir = mkdtempSync(join(tmpdir(), 'trt-ci-bench-history-'));
try {
  for (const commits of [300, 1000]) {
    const folder = join(dir, String(commits));
    const points = await makeHistory(folder, commits);
    const [read, readMs] = await timed(() => readFolder(folder));
    const [series, changesMs] = await timed(() => historyChanges(read.points));
    const library = loadChartLibrary();
    const [page, htmlMs] = await timed(() => renderDashboard(series, library, 'bench'));
    const found = series.reduce((sum, s) => sum + s.changePoints.length, 0);
    console.log(
      `history: ${points} points (${commits} commits): read ${readMs.toFixed(0)} ms; change points of ` +
        `${series.length} series × metric ${changesMs.toFixed(0)} ms (${(changesMs / readMs).toFixed(2)}× the read, ` +
        `${found} found); dashboard ${(page.length / 1024).toFixed(0)} KiB in ${htmlMs.toFixed(0)} ms ` +
        `(${(htmlMs / readMs).toFixed(2)}× the read)`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
