import * as core from '@actions/core';
import { makeOctokit, type Octokit } from '../github/octokit.js';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import { writeNewFile } from '../proc/new-file.js';
import { join, relative, resolve, sep } from 'node:path';
import { loadReport } from '../compare/baseline.js';
import { errorMessage, InputError } from '../common/errors.js';
import { reportAnnotations } from '../github/annotations.js';
import { artifactNames, workflowFile } from '../github/baseline-artifact.js';
import { commentMarker } from '../github/comment.js';
import { configLinker, type RunContext, readRunContext, withPullRequest } from '../github/context.js';
import { COMMENT_LIMIT_BYTES, renderReports, SUMMARY_LIMIT_BYTES } from '../report/render.js';
import { code } from '../common/markdown-text.js';
import type { Report } from '../contract/report.js';
import { DEPLOY_LOAD_SCHEMA, type DeployLoadReport, deployLoadSchema } from '../contract/deploy-load.js';
import { withDeployLoads } from '../record/deploy-loads.js';
import type { ActionEdge } from './edge.js';
import { GitHubReporter } from './github-reporter.js';
import { input, shardCount, tokenInput } from './inputs.js';
import { checkConclusion } from './policy.js';
import { problemsSection, writeSummary } from './summary.js';
import { appendToBranch, type HistoryBranch, readBranch } from '../github/history-branch.js';
import { historyChanges } from '../history/changes.js';
import { loadChartLibrary } from '../history/chart-library.js';
import { renderDashboard } from '../history/dashboard.js';
import { historyPoints, orderOf } from '../history/points.js';
import type { Standing } from '../contract/history.js';
import { RECENT, standings } from '../history/standing.js';
import { type HistoryRead, parseJsonLines, toJsonLines } from '../history/store.js';
import { monthFilePath } from '../contract/history.js';

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
  await writeSummary(renderReports(reports, { limit: SUMMARY_LIMIT_BYTES, ...shared }));
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
  if (reporter.problems.length) await writeSummary(problemsSection(reporter.problems));
}

/**
 * The engine history on its branch (history-branch:): a push to the default branch appends the reports'
 * engines; a pull request reads the recent runs for where its engines stand. Pull requests never write,
 * and a history that cannot be read or written is a warning: it never fails the report.
 */
async function keepHistory(
  context: RunContext,
  octokit: Octokit,
  reports: readonly Report[],
  edge: ActionEdge,
): Promise<Standing[]> {
  const { env } = edge;
  const branch = input('report', 'history-branch');
  if (!branch) return [];
  const where = { owner: context.owner, repo: context.repo, branch, ...(edge.signal && { signal: edge.signal }) };
  const defaultPush =
    context.eventName === 'push' && !!context.defaultBranch && context.ref === `refs/heads/${context.defaultBranch}`;
  try {
    if (defaultPush) {
      // The order is the push's, as GitHub recorded it: a runner's clock (2099, say) reorders nothing.
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
    const access = defaultPush ? 'write' : 'read';
    const why = denied ? `GitHub answered 403: the job needs permissions: contents: ${access}` : errorMessage(error);
    core.warning(`trt-ci: the history on ${branch} could not be ${defaultPush ? 'written' : 'read'}: ${why}`);
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
  await writeSummary(said);
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
  if (reporter.problems.length) await writeSummary(problemsSection(reporter.problems));
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
 * The runners the pack started, from its `runners` input (a JSON list of label sets, or of ARC scale-set
 * names: `runs-on: <name>`); each uploads its report as the artifact trt-ci-<labels joined with ->, a
 * scale set's as trt-ci-<name> (GitHub's join() of a string is the string). Empty: none expected by name.
 */
export function expectedRunners(json: string): string[][] {
  if (!json.trim()) return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    value = null;
  }
  const labels = (set: unknown) =>
    (typeof set === 'string' && set.trim() !== '') ||
    (Array.isArray(set) && set.length > 0 && set.every((l) => typeof l === 'string'));
  const valid = Array.isArray(value) && value.every(labels);
  if (!valid) {
    throw new InputError(
      'expected-runners: expected a JSON list of runner label sets or ARC scale-set names like ' +
        `[["self-hosted","gpu","a100"], "arc-h100"], got ${json}`,
    );
  }
  return (value as (string | string[])[]).map((set) => (typeof set === 'string' ? [set] : set));
}

/**
 * The expected runners (each shard of each, when the pack shards them) with no readable report in the
 * folder the pack downloads their artifacts to, as trt-ci-<labels>[-shard-<i>-of-<n>].
 */
export function missingRunners(
  expected: readonly string[][],
  reportFiles: readonly string[],
  root: string,
  shards = 1,
): string[] {
  const found = new Set(reportFiles.map((file) => relative(root, file).split(sep)[0]));
  const missing: string[] = [];
  for (const labels of expected) {
    for (let shard = 1; shard <= shards; shard += 1) {
      const suffix = shards > 1 ? `-shard-${shard}-of-${shards}` : '';
      if (!found.has(`trt-ci-${labels.join('-')}${suffix}`)) {
        missing.push(labels.join(' ') + (shards > 1 ? ` (shard ${shard}/${shards})` : ''));
      }
    }
  }
  return missing;
}

/**
 * The pack's deploy jobs' loads (trt-ci-deploy-<target>/deploy.json), read as data and put into the reports
 * of the runner types whose plans they loaded (trt-ci-<from>); a file that is not a deploy load is skipped.
 */
function withDeployLoadsIn(reports: Report[], files: readonly string[], root: string): Report[] {
  const keys = files.map((file) => relative(root, file).split(sep)[0]!);
  const loads: DeployLoadReport[] = [];
  for (const dir of readdirSyncSafe(root).filter((d) => d.startsWith('trt-ci-deploy-'))) {
    let parsed: ReturnType<typeof deployLoadSchema.safeParse> | null = null;
    try {
      parsed = deployLoadSchema.safeParse(JSON.parse(readFileSync(join(root, dir, 'deploy.json'), 'utf8')));
    } catch {
      parsed = null;
    }
    if (parsed?.success) loads.push(parsed.data);
    else core.warning(`trt-ci: skipped ${dir}: no readable ${DEPLOY_LOAD_SCHEMA} deploy.json`);
  }
  const merged = withDeployLoads(new Map(keys.map((key, i) => [key, reports[i]!])), loads);
  return keys.map((key) => merged.get(key)!);
}

function readdirSyncSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** report.json files under a folder (one per downloaded artifact). */
const BASELINE_PREFIX = artifactNames('').baseline;

async function findReports(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string, depth: number): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const path = join(dir, entry.name);
      // trt-ci-report-<key>: the copy the run action keeps as the next runs' baseline (a push's), which a
      // trt-ci-* download brings beside the runner's own trt-ci-<key>: the same report, taken once.
      if (entry.isDirectory() && depth === 0 && entry.name.startsWith(BASELINE_PREFIX)) continue;
      if (entry.isDirectory() && depth < 3) await walk(path, depth + 1);
      else if (entry.isFile() && entry.name === 'report.json') found.push(path);
    }
  };
  await walk(root, 0);
  return found.sort();
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
