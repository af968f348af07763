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
import { type HistoryRead, parseJsonLines, readFolder, toJsonLines } from '../src/history/store.js';
import { HISTORY_SCHEMA, type HistoryPoint, monthFilePath } from '../src/contract/history.js';
import { readBranch } from '../src/github/history-branch.js';
import { makeOctokit } from '../src/github/octokit.js';
import { startGitHubApi } from '../test/support/github-api.js';
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
  await branchRead();
  changesOnAMillion();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * The report job's read of the history branch (issue 35's goal: 300 commits × 30 series in <= 5 s and <= 10
 * requests): month files on the local GitHub API; the reference is parsing the same lines from memory.
 */
async function branchRead(): Promise<void> {
  const api = await startGitHubApi();
  try {
    const octokit = makeOctokit('t', { GITHUB_API_URL: api.url, TRT_CI_GITHUB_BACKOFF_MS: '0' });
    const where = { owner: 'acme', repo: 'engines', branch: 'trt-ci-data' };
    const base = structuredClone(historyPointOf());
    const branch = new Map<string, string>();
    for (let c = 0; c < 300; c += 1) {
      const date = new Date(Date.UTC(2026, 9, 1) + c * 4 * 3_600_000).toISOString();
      const run = Array.from({ length: 30 }, (_, s) => ({
        ...base,
        key: { ...base.key, model: `m${s}` },
        commit: c.toString(16).padStart(40, '0'),
        date,
        pushedAt: date,
      }));
      const path = monthFilePath(date);
      branch.set(path, `${branch.get(path) ?? ''}${toJsonLines(run)}`);
    }
    api.branches.set('trt-ci-data', branch);
    const before = api.requests.length;
    const [read, readMs] = await timed(() =>
      readBranch(octokit, where, { months: Number.POSITIVE_INFINITY, perRunFiles: 100 }),
    );
    const requests = api.requests.length - before;
    const parsed: HistoryRead = { points: [], skipped: [] };
    const [, parseMs] = await timed(() => {
      for (const file of read.files) parseJsonLines(file.text, file.path, parsed);
    });
    console.log(
      `history branch: 300 commits × 30 series (${parsed.points.length} points) read in ${readMs.toFixed(0)} ms ` +
        `with ${requests} API requests (${(readMs / parseMs).toFixed(1)}× parsing them; goal <= 5 s, <= 10 requests)`,
    );
  } finally {
    await api.close();
  }
}

/** Change points of one series of 1e6 points (goal <= 30 s), against sorting the same points by date. */
function changesOnAMillion(): void {
  const base = historyPointOf();
  const points = Array.from({ length: 1_000_000 }, (_, i) => {
    const date = new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString();
    const latencyMs = 1 + (i > 500_000 ? 0.05 : 0) + Math.sin(i * 12.9898) * 0.001;
    return { ...base, commit: `c${i}`, date, pushedAt: date, metrics: { ...base.metrics, latencyMs } };
  });
  const start = performance.now();
  const series = historyChanges(points);
  const changesMs = performance.now() - start;
  const sortStart = performance.now();
  [...points].sort((a, b) => a.date.localeCompare(b.date));
  const sortMs = performance.now() - sortStart;
  const found = series.reduce((sum, s) => sum + s.changePoints.length, 0);
  console.log(
    `history: change points of 1e6 points in one series: ${(changesMs / 1000).toFixed(1)} s ` +
      `(${(changesMs / sortMs).toFixed(1)}× sorting them; goal <= 30 s), ${found} found`,
  );
}

function historyPointOf(): HistoryPoint {
  return {
    schema: HISTORY_SCHEMA,
    key: { model: 'm', profile: 'p', gpu: 'NVIDIA H200', tensorrt: '10.16', precision: 'fp16', flags: 'f' },
    commit: 'c',
    date: '2026-10-01T00:00:00.000Z',
    pushedAt: null,
    metrics: {
      planBytes: 100,
      buildSeconds: null,
      peakGpuMemoryMiB: null,
      latencyMs: 1,
      latencyInterval: null,
      accuracyMaxAbsError: null,
      accuracyMaxRelError: null,
      stabilityLevel: null,
    },
    environment: { tensorrt: '10.16.1.11', driver: '580', cuda: '13.0', image: null, trtexec: 'trtexec' },
  };
}
