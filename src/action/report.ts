import * as core from '@actions/core';
import { makeOctokit, type Octokit } from '../github/octokit.js';
import { loadReport } from '../compare/baseline.js';
import { errorMessage, InputError } from '../common/errors.js';
import { reportAnnotations } from '../github/annotations.js';
import { workflowFile } from '../github/baseline-artifact.js';
import { commentMarker } from '../github/comment.js';
import { configLinker, type RunContext, readRunContext, withPullRequest } from '../github/context.js';
import { COMMENT_LIMIT_BYTES, renderReports, SUMMARY_LIMIT_BYTES } from '../report/render.js';
import { code } from '../common/markdown-text.js';
import type { Report } from '../contract/report.js';
import type { ActionEdge } from './edge.js';
import { GitHubReporter } from './github-reporter.js';
import { input, shardCount, tokenInput } from './inputs.js';
import { checkConclusion } from './policy.js';
import { keepHistory } from './report-history.js';
import { expectedRunners, findReports, missingRunners, withDeployLoadsIn } from './report-runners.js';
import { problemsSection, writeSummary } from './summary.js';
import { resolve } from 'node:path';

/**
 * The report job of the workflow pack (and the comment workflow for forks): reads the runners'
 * reports as data, merges them, and posts the one sticky comment and one check run for all runners.
 * The pull request and its commit come from the event GitHub sent, never from an artifact.
 */
export async function reportJob(edge: ActionEdge): Promise<void> {
  const token = tokenInput('report');
  const given = { number: input('report', 'pull-request'), headSha: input('report', 'head-sha') };
  const context = await namedPullRequest(readRunContext(edge.env, edge.cwd), token, given, edge.env);
  const key = input('report', 'report-key') || 'trt-ci';
  const fork = context ? forkPullRequestRun(context) : null;
  if (fork && context) {
    await reportNotBuilt(context, fork, token, key, edge.env);
    return;
  }
  const root = resolve(edge.cwd, input('report', 'reports'));
  const files = await findReports(root);
  const read: Report[] = [];
  const loaded: string[] = [];
  for (const file of files) {
    try {
      read.push(await loadReport(file, 'report'));
      loaded.push(file);
    } catch (error) {
      core.warning(`trt-ci: skipped ${file}: ${errorMessage(error)}`);
    }
  }
  const reports = withDeployLoadsIn(read, loaded, root);
  const missing = missingRunners(
    expectedRunners(input('report', 'expected-runners')),
    loaded,
    root,
    shardCount('report'),
  );
  if (reports.length === 0 && missing.length === 0) {
    core.warning('trt-ci: no report.json found to merge');
    return;
  }
  // A runner type that wrote no report fails the merged view; it never just drops out of it.
  if (missing.length > 0) core.setFailed(`trt-ci: no report from ${missing.join(', ')}`);
  const octokit = context && token ? makeOctokit(token, edge.env) : null;
  const history = context && octokit ? await keepHistory(context, octokit, reports, edge) : [];
  const configLink = context ? configLinker(context, edge.env) : undefined;
  const shared = { missing, history, ...(configLink && { configLink }) };
  const body = renderReports(reports, { limit: COMMENT_LIMIT_BYTES, marker: commentMarker(key), ...shared });
  await writeSummary(edge.env, renderReports(reports, { limit: SUMMARY_LIMIT_BYTES, ...shared }));
  const pr = context && octokit ? await pullRequestOf(context, octokit) : null;
  if (!pr || !context || !octokit) {
    core.info('trt-ci: no pull request to report to');
    return;
  }
  const { reporter, target } = await commentAndStartCheck(context, octokit, { ...pr, key, body });
  const annotations = reports.flatMap((report) => reportAnnotations(report, (path) => path));
  const unique = [...new Map(annotations.map((a) => [`${a.path}:${a.startLine}:${a.title}`, a])).values()];
  const conclusion = checkConclusion({ cancelled: false, crashed: false, reports, missing: missing.length });
  const runners =
    `${reports.length} runner type${reports.length === 1 ? '' : 's'}` +
    (missing.length ? `, ${missing.length} without a report` : '');
  await reporter.completeCheck(target, {
    conclusion,
    title: `${conclusion === 'success' ? 'passed' : 'failed'} on ${runners}`,
    summary: body,
    annotations: unique,
  });
  if (reporter.problems.length) await writeSummary(edge.env, problemsSection(reporter.problems));
}

/**
 * The context with the pull request the gate named (an approval comment's event names none); one the API
 * does not give is still reported on, by its number and the commit that was built.
 */
async function namedPullRequest(
  context: RunContext | null,
  token: string,
  given: { number: string; headSha: string },
  env: NodeJS.ProcessEnv,
): Promise<RunContext | null> {
  if (!context) return null;
  try {
    return await withPullRequest(context, token ? makeOctokit(token, env) : null, given);
  } catch (error) {
    if (error instanceof InputError) throw error;
    core.warning(`trt-ci: could not read pull request #${given.number}: ${errorMessage(error)}`);
    const headSha = given.headSha || context.sha;
    const pr = { number: Number(given.number), headSha, baseRef: '', baseSha: '', fromFork: false };
    return { ...context, sha: headSha, pullRequest: pr };
  }
}

/**
 * The fork a workflow_run's run came from, when it was a `pull_request` run of a fork: GitHub ran the
 * fork's own workflow file there (the merge commit's), which can upload any `trt-ci-*` artifact without a
 * GPU build. Nothing it uploaded decides anything; only the approval path (the base repository's workflow
 * file, on a maintainer's /gpu-ok) builds a fork's code and reports it.
 */
function forkPullRequestRun(context: RunContext): { repository: string; headSha: string } | null {
  const run = context.event.workflow_run;
  if (context.eventName !== 'workflow_run' || run?.event !== 'pull_request' || !run.head_sha) return null;
  const repository = run.head_repository?.full_name ?? null;
  if (repository === `${context.owner}/${context.repo}`) return null;
  return { repository: repository ?? '(a deleted fork)', headSha: run.head_sha };
}

/** The fork's pull request is told it was not built, and its check never reads as passed. */
async function reportNotBuilt(
  context: RunContext,
  fork: { repository: string; headSha: string },
  token: string,
  key: string,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const said =
    `## trt-ci ⏸️ not built: awaiting approval\n\nThis pull request comes from the fork ${code(fork.repository)}. ` +
    "A fork's own pull_request run uses the fork's workflow file, so nothing it uploaded is read. A maintainer " +
    `reviews commit ${code(fork.headSha)} and comments \`/gpu-ok ${fork.headSha}\` to build it on the GPU ` +
    'runners; that run reports here.\n';
  await writeSummary(env, said);
  core.info(`trt-ci: not built: ${fork.repository}'s own run decides nothing (awaiting /gpu-ok)`);
  const octokit = token ? makeOctokit(token, env) : null;
  const pr = octokit ? await pullRequestOf(context, octokit) : null;
  if (!octokit || !pr) return;
  const body = `${commentMarker(key)}\n${said}`;
  const { reporter, target } = await commentAndStartCheck(context, octokit, {
    number: pr.number,
    headSha: fork.headSha,
    key,
    body,
  });
  await reporter.completeCheck(target, {
    conclusion: 'action_required',
    title: 'not built: awaiting approval',
    summary: said,
    annotations: [],
  });
  if (reporter.problems.length) await writeSummary(env, problemsSection(reporter.problems));
}

/** The sticky comment on the pull request, then its check run for all runners started on `headSha`. */
async function commentAndStartCheck(
  context: RunContext,
  octokit: Octokit,
  on: { number: number; headSha: string; key: string; body: string },
) {
  const reporter = new GitHubReporter(octokit, false);
  const workflow = workflowFile(context.workflowRef);
  const where = { owner: context.owner, repo: context.repo, issueNumber: on.number, key: on.key, workflow };
  await reporter.comment(where, on.body);
  const target = {
    owner: context.owner,
    repo: context.repo,
    name: input('report', 'check-name') || 'trt-ci (all runners)',
    headSha: on.headSha,
  };
  await reporter.startCheck(target);
  return { reporter, target };
}

/**
 * The pull request of this run and its head commit, from the event: a pull_request event, or the
 * workflow_run a fork's run finished.
 */
async function pullRequestOf(
  context: RunContext,
  octokit: Octokit,
): Promise<{ number: number; headSha: string } | null> {
  if (context.pullRequest) return { number: context.pullRequest.number, headSha: context.pullRequest.headSha };
  const run = context.event.workflow_run;
  if (context.eventName !== 'workflow_run' || !run?.head_sha) return null;
  if (run.pull_requests?.[0]) return { number: run.pull_requests[0].number, headSha: run.head_sha };
  // GitHub leaves pull_requests empty for forks: find the open pull request of that fork's branch and commit.
  const owner = run.head_repository?.owner?.login;
  if (!owner || !run.head_branch) return null;
  const { data } = await octokit.rest.pulls.list({
    owner: context.owner,
    repo: context.repo,
    state: 'open',
    head: `${owner}:${run.head_branch}`,
    per_page: 10,
  });
  const number = data.find((pr) => pr.head.sha === run.head_sha)?.number;
  return number === undefined ? null : { number, headSha: run.head_sha };
}
