// The report job's engine history (history-branch:): a push to (or a schedule on) the default branch appends to
// it and redraws the dashboard; a pull request reads where its engines stand. Never a failure of the report: a
// warning at most.
import * as core from '@actions/core';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { errorMessage } from '../common/errors.js';
import type { Standing } from '../contract/history.js';
import { monthFilePath } from '../contract/history.js';
import type { Report } from '../contract/report.js';
import type { RunContext } from '../github/context.js';
import { appendToBranch, type HistoryBranch, readBranch } from '../github/history-branch.js';
import type { Octokit } from '../github/octokit.js';
import { historyChanges } from '../history/changes.js';
import { loadChartLibrary } from '../history/chart-library.js';
import { renderDashboard } from '../history/dashboard.js';
import { historyPoints, orderOf } from '../history/points.js';
import { RECENT, standings } from '../history/standing.js';
import { type HistoryRead, parseJsonLines, toJsonLines } from '../history/store.js';
import { writeNewFile } from '../proc/new-file.js';
import type { ActionEdge } from './edge.js';
import { input } from './inputs.js';

/** The events of the default branch that add their engines to the history (the pack's history job runs on them). */
const APPENDING_EVENTS = ['push', 'schedule'];

/**
 * The engine history on its branch (history-branch:): a push to the default branch, or a scheduled run on it
 * (the stability rebuilds' levels come from those), appends the reports' engines; a pull request reads the
 * recent runs for where its engines stand. Pull requests never write, and a history that cannot be read or
 * written is a warning: it never fails the report.
 */
export async function keepHistory(
  context: RunContext,
  octokit: Octokit,
  reports: readonly Report[],
  edge: ActionEdge,
): Promise<Standing[]> {
  const { env } = edge;
  const branch = input('report', 'history-branch');
  if (!branch) return [];
  const where = { owner: context.owner, repo: context.repo, branch, ...(edge.signal && { signal: edge.signal }) };
  const defaultBranchRun =
    APPENDING_EVENTS.includes(context.eventName) &&
    !!context.defaultBranch &&
    context.ref === `refs/heads/${context.defaultBranch}`;
  try {
    if (defaultBranchRun) {
      // The order is the push's, as GitHub recorded it: a runner's clock (2099, say) reorders nothing. A scheduled
      // run has no push: its runner's date orders it.
      const pushedAt = pushTime(context.event);
      const points = reports.flatMap((report) =>
        historyPoints(report, {
          commit: context.sha,
          date: report.startedAt,
          pushedAt,
          image: env.TRT_CI_IMAGE ?? null,
        }),
      );
      if (points.length === 0) return [];
      // One push is one month's file (its points share the push's order).
      const path = monthFilePath(orderOf(points[0]!));
      await appendToBranch(octokit, where, path, toJsonLines(points), `trt-ci history: ${context.sha.slice(0, 12)}`);
      core.info(`trt-ci: appended ${points.length} engine point(s) to ${branch}:${path}`);
      const dashboard = input('report', 'dashboard');
      const serverUrl = env.GITHUB_SERVER_URL || 'https://github.com';
      if (dashboard) await writeDashboard(octokit, where, resolve(edge.cwd, dashboard), serverUrl);
      return [];
    }
    if (!context.pullRequest) return [];
    const read: HistoryRead = { points: [], skipped: [] };
    // The last two months (the recent builds a standing needs), and the newest per-run files of the old layout.
    const recent = await readBranch(octokit, where, { months: 2, perRunFiles: RECENT });
    for (const file of recent.files) parseJsonLines(file.text, file.path, read);
    if (read.skipped.length) {
      core.warning(
        `trt-ci: ${branch}: skipped ${read.skipped.length} line(s) not history points: ` +
          read.skipped.slice(0, 5).join('; '),
      );
    }
    return standings(reports, read.points);
  } catch (error) {
    const denied = (error as { status?: number }).status === 403;
    const access = defaultBranchRun ? 'write' : 'read';
    const why = denied ? `GitHub answered 403: the job needs permissions: contents: ${access}` : errorMessage(error);
    core.warning(`trt-ci: the history on ${branch} could not be ${defaultBranchRun ? 'written' : 'read'}: ${why}`);
    return [];
  }
}

/** Per-run files (the layout before month files) the dashboard reads, newest first: one request each. */
const PER_RUN_READ = 100;

/** When GitHub received the push (the push event's repository.pushed_at, epoch seconds), as ISO 8601; or null. */
function pushTime(event: RunContext['event']): string | null {
  const at = (event.repository as { pushed_at?: unknown } | undefined)?.pushed_at;
  const seconds = typeof at === 'number' ? at : typeof at === 'string' && /^\d+$/.test(at) ? Number(at) : null;
  return seconds !== null && seconds > 0 ? new Date(seconds * 1000).toISOString() : null;
}

/** The whole history on the branch as the static dashboard (trt-ci history html's page), into `dir`. */
async function writeDashboard(octokit: Octokit, where: HistoryBranch, dir: string, serverUrl: string): Promise<void> {
  const read: HistoryRead = { points: [], skipped: [] };
  const whole = await readBranch(octokit, where, { months: Number.POSITIVE_INFINITY, perRunFiles: PER_RUN_READ });
  for (const file of whole.files) parseJsonLines(file.text, file.path, read);
  // Said, never a silent cut: the dashboard of a branch with more per-run files than are read.
  if (whole.unread > 0) {
    core.warning(
      `trt-ci: ${where.branch}: ${whole.unread} older per-run file(s) of the layout before month files were not ` +
        `read for the dashboard (the newest ${PER_RUN_READ} were); new runs go to month files`,
    );
  }
  const series = historyChanges(read.points);
  await mkdir(dir, { recursive: true });
  await writeNewFile(
    join(dir, 'index.html'),
    renderDashboard(
      series,
      loadChartLibrary(),
      `${where.repo}: engine history`,
      `${serverUrl}/${where.owner}/${where.repo}/commit/`,
    ),
  );
  core.info(`trt-ci: wrote the history dashboard (${read.points.length} points) to ${join(dir, 'index.html')}`);
}
