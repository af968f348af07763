import * as core from '@actions/core';
import { getOctokit } from '@actions/github';
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { loadReport } from '../compare/baseline.js';
import { errorMessage } from '../errors.js';
import { commentMarker, tokenIdentity, upsertStickyComment } from '../github/comment.js';
import { readRunContext, type RunContext } from '../github/context.js';
import { reportingProblem, type ReportingProblem } from '../github/problems.js';
import { reportAnnotations } from '../github/annotations.js';
import { completeCheckRun, startCheckRun } from '../github/check-run.js';
import { COMMENT_LIMIT_BYTES, renderReports, SUMMARY_LIMIT_BYTES } from '../report/markdown.js';
import type { Report } from '../report/report.js';
import { problemsSection, writeSummary } from './summary.js';

/**
 * The report job of the workflow pack (and the comment workflow for forks): reads the runners'
 * reports as data, merges them, and posts the one sticky comment and one check run for all runners.
 * The pull request and its commit come from the event GitHub sent, never from an artifact.
 */
export async function runReport(): Promise<void> {
  const context = readRunContext();
  const token = core.getInput('token');
  if (token) core.setSecret(token);
  const key = core.getInput('report-key') || 'trt-ci';
  const files = await findReports(core.getInput('reports') || 'reports');
  const reports: Report[] = [];
  for (const file of files) {
    try {
      reports.push(await loadReport(file, 'report'));
    } catch (error) {
      core.warning(`trt-ci: skipped ${file}: ${errorMessage(error)}`);
    }
  }
  if (reports.length === 0) {
    core.warning('trt-ci: no report.json found to merge');
    return;
  }
  const body = renderReports(reports, { limit: COMMENT_LIMIT_BYTES, marker: commentMarker(key) });
  await writeSummary(renderReports(reports, { limit: SUMMARY_LIMIT_BYTES }));
  const pr = context && token ? await pullRequestOf(context, token) : null;
  if (!pr || !context) {
    core.info('trt-ci: no pull request to report to');
    return;
  }
  const octokit = getOctokit(token);
  const problems: ReportingProblem[] = [];
  try {
    await upsertStickyComment(
      octokit,
      { owner: context.owner, repo: context.repo, issueNumber: pr.number, key, body },
      await tokenIdentity(octokit),
    );
  } catch (error) {
    problems.push(reportingProblem('Commenting on the pull request', 'pull-requests: write', error, false));
  }
  const target = {
    owner: context.owner,
    repo: context.repo,
    name: core.getInput('check-name') || 'trt-ci (all runners)',
    headSha: pr.headSha,
  };
  try {
    const id = await startCheckRun(octokit, target);
    const annotations = reports.flatMap((report) => reportAnnotations(report, (path) => path));
    const unique = [...new Map(annotations.map((a) => [`${a.path}:${a.startLine}:${a.title}`, a])).values()];
    const failed = reports.some((r) => r.status !== 'passed');
    await completeCheckRun(octokit, target, id, {
      conclusion: failed ? 'failure' : 'success',
      title: `${failed ? 'failed' : 'passed'} on ${reports.length} runner type${reports.length === 1 ? '' : 's'}`,
      summary: body,
      annotations: unique,
    });
  } catch (error) {
    problems.push(reportingProblem('The check run for all runners', 'checks: write', error, false));
  }
  for (const problem of problems) core.warning(`trt-ci: ${problem.message}`);
  if (problems.length) await writeSummary(problemsSection(problems));
}

/** report.json files under a folder (one per downloaded artifact). */
async function findReports(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string, depth: number): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && depth < 3) await walk(path, depth + 1);
      else if (entry.isFile() && entry.name === 'report.json') found.push(path);
    }
  };
  await walk(root, 0);
  return found.sort();
}

/**
 * The pull request of this run and its head commit, from the event: a pull_request event, or the workflow_run a fork's
 * run finished.
 */
async function pullRequestOf(context: RunContext, token: string): Promise<{ number: number; headSha: string } | null> {
  if (context.pullRequest) return { number: context.pullRequest.number, headSha: context.pullRequest.headSha };
  if (context.eventName !== 'workflow_run') return null;
  const event = JSON.parse(readFileSync(process.env.GITHUB_EVENT_PATH ?? '', 'utf8')) as {
    workflow_run?: {
      pull_requests?: { number: number }[];
      head_branch?: string;
      head_sha?: string;
      head_repository?: { owner?: { login?: string } };
    };
  };
  const run = event.workflow_run;
  if (!run?.head_sha) return null;
  if (run.pull_requests?.[0]) return { number: run.pull_requests[0].number, headSha: run.head_sha };
  // GitHub leaves pull_requests empty for forks: find the open pull request whose head is that fork's branch and
  // commit.
  const owner = run.head_repository?.owner?.login;
  if (!owner || !run.head_branch) return null;
  const { data } = await getOctokit(token).rest.pulls.list({
    owner: context.owner,
    repo: context.repo,
    state: 'open',
    head: `${owner}:${run.head_branch}`,
    per_page: 10,
  });
  const number = data.find((pr) => pr.head.sha === run.head_sha)?.number;
  return number === undefined ? null : { number, headSha: run.head_sha };
}
