import * as core from '@actions/core';
import { getOctokit } from '@actions/github';
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { errorMessage, InputError } from './errors.js';
import { reportAnnotations, type Annotation } from './github/annotations.js';
import { findBaseline, storesBaseline, uploadBaseline } from './github/baseline-artifact.js';
import { completeCheckRun, startCheckRun, type CheckTarget } from './github/check-run.js';
import { commentMarker, tokenIdentity, upsertStickyComment } from './github/comment.js';
import { readRunContext, type RunContext } from './github/context.js';
import { loadReport } from './budget/baseline.js';
import { decideGate, type GateInput } from './github/gate.js';
import { permissionsBlock, reportingProblem, type ReportingProblem } from './github/problems.js';
import { runPipeline, type PipelineResult } from './pipeline.js';
import { COMMENT_LIMIT_BYTES, renderReports, renderSummary, SUMMARY_LIMIT_BYTES } from './report/markdown.js';
import type { Report } from './report/report.js';

const COMMENT_POLICIES = ['always', 'on-change', 'on-failure', 'never'] as const;
type CommentPolicy = (typeof COMMENT_POLICIES)[number];
const FAIL_ON = ['error', 'budget', 'regression'] as const;
type FailOn = (typeof FAIL_ON)[number];

interface ActionInputs {
  config: string;
  token: string;
  comment: CommentPolicy;
  failOn: FailOn[];
  /** auto: the base branch's stored report; none; or a path. */
  baseline: string;
  checkName: string;
  reportKey: string;
}

/** Inputs, checked like the config: a bad one names itself and what it takes. */
export function readInputs(): ActionInputs {
  const comment = core.getInput('comment') || 'on-change';
  if (!(COMMENT_POLICIES as readonly string[]).includes(comment)) throw new InputError(`input comment: expected one of ${COMMENT_POLICIES.join(', ')}, got "${comment}"`);
  const failOn = (core.getInput('fail-on') || 'error, budget').split(',').map((s) => s.trim()).filter(Boolean);
  const bad = failOn.find((f) => !(FAIL_ON as readonly string[]).includes(f));
  if (bad) throw new InputError(`input fail-on: expected a list of ${FAIL_ON.join(', ')}, got "${bad}"`);
  const token = core.getInput('token');
  if (token) core.setSecret(token);
  const baseline = core.getInput('baseline') || 'auto';
  const config = core.getInput('config') || 'trt-ci.yml';
  return {
    config,
    token,
    comment: comment as CommentPolicy,
    failOn: failOn as FailOn[],
    baseline,
    checkName: core.getInput('check-name') || 'trt-ci',
    reportKey: core.getInput('report-key') || config,
  };
}

/** Whether this report is worth a (new) comment under the policy. */
function wantsComment(policy: CommentPolicy, report: Report | null): boolean {
  if (policy === 'never') return false;
  if (policy === 'always' || !report) return true;
  const failed = report.status !== 'passed';
  if (policy === 'on-failure') return failed;
  const changed =
    report.comparison.environment.length > 0 ||
    report.comparison.added.length > 0 ||
    report.comparison.removed.length > 0 ||
    report.budgets.some((b) => b.status === 'fail' || b.status === 'warn') ||
    report.builds.some((b) => b.baseline?.bytes != null && b.baseline.bytes !== b.bytes);
  return failed || changed;
}

/** Why the job should fail under `fail-on`, or null. */
function failureReason(failOn: readonly FailOn[], report: Report | null, crash: unknown): string | null {
  if (crash) return failOn.includes('error') ? `trt-ci could not run: ${errorMessage(crash)}` : null;
  if (!report) return null;
  const broken = report.builds.filter((b) => b.status === 'failed' || b.status === 'skipped');
  if (failOn.includes('error') && broken.length) return `${broken.length} build(s) failed: ${broken.map((b) => `${b.model}/${b.profile}`).join(', ')}`;
  const budgets = report.budgets.filter((b) => b.status === 'fail');
  if (failOn.includes('budget') && budgets.length) return `${budgets.length} budget(s) exceeded: ${budgets.map((b) => `${b.model}/${b.profile} ${b.metric}`).join(', ')}`;
  const regressions = report.budgets.filter((b) => (b.status === 'warn' || b.status === 'fail') && b.metric.endsWith('-growth'));
  if (failOn.includes('regression') && regressions.length) return `${regressions.length} regression(s): ${regressions.map((b) => `${b.model}/${b.profile} ${b.metric}`).join(', ')}`;
  return null;
}

/** Workflow-command annotations, within GitHub's limit of 10 per type per step. */
function fallbackAnnotations(annotations: readonly Annotation[]): void {
  for (const level of ['failure', 'warning'] as const) {
    const mine = annotations.filter((a) => a.level === level);
    for (const a of mine.slice(0, 10)) {
      (level === 'failure' ? core.error : core.warning)(a.message, { title: a.title, file: a.path, startLine: a.startLine });
    }
    if (mine.length > 10) core.notice(`trt-ci: ${mine.length - 10} more ${level === 'failure' ? 'errors' : 'warnings'} were not annotated (GitHub shows 10 per type per step); the job summary lists them all.`);
  }
}

function problemsSection(problems: readonly ReportingProblem[]): string {
  if (problems.length === 0) return '';
  const block = permissionsBlock(problems);
  return [
    '',
    '### Reporting',
    '',
    ...problems.map((p) => `- ⚠️ ${p.message}`),
    ...(block ? ['', 'Give the job these permissions (a fork\'s pull request never gets them: post its comment from a `workflow_run` job):', '', '```yaml', block, '```'] : []),
    '',
  ].join('\n');
}

/**
 * The GitHub Action: a check run that starts now and always completes, the pipeline, then the job
 * summary (always: it needs no permission), outputs, annotations and the sticky comment. A reporting
 * error never fails the job; it is said in the summary with the permission that was missing.
 */
export async function runAction(signal?: AbortSignal): Promise<void> {
  const command = core.getInput('command') || 'run';
  if (command === 'gate') return runGate();
  if (command === 'report') return runReport();
  if (command !== 'run') {
    core.setFailed(`trt-ci: input command: expected run, gate or report, got "${command}"`);
    return;
  }
  let inputs: ActionInputs;
  try {
    inputs = readInputs();
  } catch (error) {
    core.setOutput('status', 'error');
    core.setFailed(`trt-ci: ${errorMessage(error)}`);
    return;
  }
  const context = readRunContext();
  const octokit = inputs.token && context ? getOctokit(inputs.token) : null;
  const fromFork = context?.pullRequest?.fromFork ?? false;
  const problems: ReportingProblem[] = [];
  const target: CheckTarget | null = context && context.sha ? { owner: context.owner, repo: context.repo, name: inputs.checkName, headSha: context.sha } : null;

  let checkId: number | null = null;
  if (octokit && target) {
    try {
      checkId = await startCheckRun(octokit, target);
    } catch (error) {
      problems.push(reportingProblem('Creating the check run', 'checks: write', error, fromFork));
    }
  }

  let baselineFile: string | null = inputs.baseline === 'auto' || inputs.baseline === 'none' ? null : inputs.baseline;
  let baselineNote: string | null = null;
  if (inputs.baseline === 'auto' && octokit && context?.pullRequest) {
    try {
      const found = await findBaseline(octokit, inputs.token, context, inputs.reportKey);
      baselineFile = found?.file ?? null;
      baselineNote = found?.note ?? null;
    } catch (error) {
      problems.push(reportingProblem('Finding the base branch\'s report', 'actions: read', error, fromFork));
    }
  }

  let result: PipelineResult | null = null;
  let crash: unknown = null;
  try {
    result = await runPipeline({
      configFile: inputs.config,
      baselineFile,
      baselineNote,
      signal,
      onEvent: (event) => {
        if (event.type === 'done') core.info(`${event.record.model}/${event.record.profile}: ${event.record.status}`);
      },
    });
  } catch (error) {
    crash = error;
  }

  const report = result?.report ?? null;
  const markdown = report
    ? renderSummary(report)
    : `## trt-ci ❌ could not run\n\n\`\`\`\n${crash instanceof InputError ? crash.message : `internal error (please report it): ${crash instanceof Error ? (crash.stack ?? crash.message) : String(crash)}`}\n\`\`\`\n`;
  core.setOutput('status', report ? report.status : 'error');
  if (result) {
    core.setOutput('report', result.reportFile);
    core.setOutput('markdown', result.summaryFile);
    core.setOutput('manifest', result.manifestFile);
    core.setOutput('output-dir', dirname(result.reportFile));
    if (result.report.cache) core.setOutput('cache-key', result.report.cache.key);
  }
  core.setOutput('failed-builds', (report?.builds ?? []).filter((b) => b.status === 'failed' || b.status === 'skipped').map((b) => `${b.model}/${b.profile}`).join(','));

  const toRepoPath = (path: string) => {
    const repoRelative = relative(context?.workspace ?? process.cwd(), isAbsolute(path) ? path : `${process.cwd()}/${path}`);
    return repoRelative.startsWith('..') ? path : repoRelative;
  };
  const annotations = report ? reportAnnotations(report, toRepoPath) : [];
  const reason = failureReason(inputs.failOn, report, crash);
  let annotated = false;
  if (octokit && target && checkId !== null) {
    try {
      await completeCheckRun(octokit, target, checkId, {
        conclusion: signal?.aborted ? 'cancelled' : crash || report?.status === 'failed' ? 'failure' : 'success',
        title: report ? `${report.status}: ${report.builds.filter((b) => b.status === 'built' || b.status === 'cached').length}/${report.builds.length} engines` : 'trt-ci could not run',
        summary: markdown,
        annotations,
      });
      annotated = true;
    } catch (error) {
      problems.push(reportingProblem('Completing the check run', 'checks: write', error, fromFork));
    }
  }
  if (!annotated) fallbackAnnotations(annotations);

  if (octokit && context?.pullRequest) {
    const create = wantsComment(inputs.comment, report);
    if (inputs.comment !== 'never') {
      try {
        const body = renderReports(report ? [report] : [], { limit: COMMENT_LIMIT_BYTES, marker: commentMarker(inputs.reportKey) });
        const author = await tokenIdentity(octokit);
        const posted = await upsertStickyComment(
          octokit,
          { owner: context.owner, repo: context.repo, issueNumber: context.pullRequest.number, key: inputs.reportKey, body: report ? body : `${commentMarker(inputs.reportKey)}\n${markdown}` },
          author,
          create,
        );
        if (posted) core.info(`trt-ci: ${posted.created ? 'created' : 'updated'} the pull request comment ${posted.id}`);
      } catch (error) {
        problems.push(reportingProblem('Commenting on the pull request', 'pull-requests: write', error, fromFork));
      }
    }
  }

  if (result && context && storesBaseline(context, process.env.GITHUB_REF) && inputs.baseline !== 'none' && process.env.ACTIONS_RUNTIME_TOKEN) {
    try {
      await uploadBaseline(result.reportFile, inputs.reportKey);
    } catch (error) {
      problems.push(reportingProblem('Storing the report as the baseline artifact', 'actions: write', error, fromFork));
    }
  }

  for (const problem of problems) core.warning(`trt-ci: ${problem.message}`);
  await writeSummary(`${markdown}${problemsSection(problems)}`.slice(0, SUMMARY_LIMIT_BYTES));
  if (reason) core.setFailed(`trt-ci: ${reason}`);
}

/**
 * The gate job of the workflow pack: decides, on a GitHub-hosted runner, whether this run may use the
 * self-hosted GPU runners, and says why in its summary.
 */
async function runGate(): Promise<void> {
  const context = readRunContext();
  let event: GateInput['event'] = {};
  try {
    event = JSON.parse(readFileSync(process.env.GITHUB_EVENT_PATH ?? '', 'utf8')) as GateInput['event'];
  } catch {
    event = {};
  }
  const approvalLabel = core.getInput('approval-label') || 'gpu-ok';
  const trustedActors = core.getInput('trusted-actors').split(/[\s,]+/).filter(Boolean);
  const token = core.getInput('token');
  let labelerPermission: string | null = null;
  const labeler = event.sender?.login;
  if (event.action === 'labeled' && event.label?.name === approvalLabel && labeler && token && context) {
    try {
      const { data } = await getOctokit(token).rest.repos.getCollaboratorPermissionLevel({ owner: context.owner, repo: context.repo, username: labeler });
      labelerPermission = data.permission;
    } catch (error) {
      core.warning(`trt-ci gate: could not read ${labeler}'s permission: ${errorMessage(error)}`);
    }
  }
  const decision = decideGate({
    eventName: process.env.GITHUB_EVENT_NAME ?? '',
    repository: process.env.GITHUB_REPOSITORY ?? '',
    event,
    approvalLabel,
    trustedActors,
    labelerPermission,
  });
  core.setOutput('allowed', String(decision.allowed));
  core.setOutput('reason', decision.reason);
  core.info(`trt-ci gate: ${decision.allowed ? 'allowed' : 'not allowed'}: ${decision.reason}`);
  await writeSummary(`## trt-ci gate: ${decision.allowed ? '✅ GPU runners allowed' : '⛔ GPU runners not used'}\n\n${decision.reason}\n`);
}

/**
 * The report job of the workflow pack (and the comment workflow for forks): reads the runners'
 * reports as data, merges them, and posts the one sticky comment. The pull request number comes from
 * the event GitHub sent, never from an artifact.
 */
async function runReport(): Promise<void> {
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
  const number = context ? await pullRequestNumber(context, token) : null;
  if (!number || !context || !token) {
    core.info('trt-ci: no pull request to comment on');
    return;
  }
  try {
    const octokit = getOctokit(token);
    await upsertStickyComment(octokit, { owner: context.owner, repo: context.repo, issueNumber: number, key, body }, await tokenIdentity(octokit));
  } catch (error) {
    const problem = reportingProblem('Commenting on the pull request', 'pull-requests: write', error, false);
    core.warning(`trt-ci: ${problem.message}`);
    await writeSummary(problemsSection([problem]));
  }
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

/** The pull request of this run, from the event: a pull_request event, or the workflow_run a fork's run finished. */
async function pullRequestNumber(context: RunContext, token: string): Promise<number | null> {
  if (context.pullRequest) return context.pullRequest.number;
  if (context.eventName !== 'workflow_run' || !token) return null;
  const event = JSON.parse(readFileSync(process.env.GITHUB_EVENT_PATH ?? '', 'utf8')) as {
    workflow_run?: { pull_requests?: { number: number }[]; head_branch?: string; head_sha?: string; head_repository?: { owner?: { login?: string } } };
  };
  const run = event.workflow_run;
  if (run?.pull_requests?.[0]) return run.pull_requests[0].number;
  // GitHub leaves pull_requests empty for forks: find the open pull request whose head is that fork's branch and commit.
  const owner = run?.head_repository?.owner?.login;
  if (!owner || !run?.head_branch) return null;
  const { data } = await getOctokit(token).rest.pulls.list({ owner: context.owner, repo: context.repo, state: 'open', head: `${owner}:${run.head_branch}`, per_page: 10 });
  return data.find((pr) => pr.head.sha === run.head_sha)?.number ?? null;
}

/** The job summary needs no permission, so it is always written; a failure to write it never hides the result. */
async function writeSummary(markdown: string): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) return;
  try {
    await core.summary.addRaw(markdown).write();
  } catch (error) {
    core.warning(`trt-ci: could not write the job summary: ${errorMessage(error)}`);
  }
}

