import * as core from '@actions/core';
import { getOctokit } from '@actions/github';
import { dirname, isAbsolute, relative } from 'node:path';
import { runGate } from './gate.js';
import { runReport } from './report.js';
import { problemsSection, writeSummary } from './summary.js';
import { errorMessage, InputError } from '../errors.js';
import { reportAnnotations, type Annotation } from '../github/annotations.js';
import { findBaseline, storesBaseline, uploadBaseline } from '../github/baseline-artifact.js';
import { completeCheckRun, startCheckRun, type CheckTarget } from '../github/check-run.js';
import { commentMarker, tokenIdentity, upsertStickyComment } from '../github/comment.js';
import { readRunContext } from '../github/context.js';
import { reportingProblem, type ReportingProblem } from '../github/problems.js';
import { runPipeline, type PipelineResult } from '../pipeline.js';
import { COMMENT_LIMIT_BYTES, renderReports, renderSummary, SUMMARY_LIMIT_BYTES } from '../report/markdown.js';
import type { Report } from '../report/report.js';

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
  if (!(COMMENT_POLICIES as readonly string[]).includes(comment))
    throw new InputError(`input comment: expected one of ${COMMENT_POLICIES.join(', ')}, got "${comment}"`);
  const failOn = (core.getInput('fail-on') || 'error, budget')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
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
  if (failOn.includes('error') && broken.length)
    return `${broken.length} build(s) failed: ${broken.map((b) => `${b.model}/${b.profile}`).join(', ')}`;
  const budgets = report.budgets.filter((b) => b.status === 'fail');
  if (failOn.includes('budget') && budgets.length)
    return (
      `${budgets.length} budget(s) exceeded: ` +
      `${budgets.map((b) => `${b.model}/${b.profile} ${b.metric}`).join(', ')}`
    );
  const regressions = report.budgets.filter(
    (b) => (b.status === 'warn' || b.status === 'fail') && b.metric.endsWith('-growth'),
  );
  if (failOn.includes('regression') && regressions.length)
    return (
      `${regressions.length} regression(s): ` +
      `${regressions.map((b) => `${b.model}/${b.profile} ${b.metric}`).join(', ')}`
    );
  return null;
}

/** Workflow-command annotations, within GitHub's limit of 10 per type per step. */
function fallbackAnnotations(annotations: readonly Annotation[]): void {
  for (const level of ['failure', 'warning'] as const) {
    const mine = annotations.filter((a) => a.level === level);
    for (const a of mine.slice(0, 10)) {
      (level === 'failure' ? core.error : core.warning)(a.message, {
        title: a.title,
        file: a.path,
        startLine: a.startLine,
      });
    }
    if (mine.length > 10)
      core.notice(
        `trt-ci: ${mine.length - 10} more ${level === 'failure' ? 'errors' : 'warnings'} ` +
          `were not annotated (GitHub shows 10 per type per step); the job summary lists them all.`,
      );
  }
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
  const target: CheckTarget | null = context?.sha
    ? { owner: context.owner, repo: context.repo, name: inputs.checkName, headSha: context.sha }
    : null;

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
      problems.push(reportingProblem("Finding the base branch's report", 'actions: read', error, fromFork));
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
    : `## trt-ci ❌ could not ` +
      `run\n\n\`\`\`\n${crash instanceof InputError ? crash.message : `internal error (please report it): ${crash instanceof Error ? (crash.stack ?? crash.message) : String(crash)}`}\n\`\`\`\n`;
  core.setOutput('status', report ? report.status : 'error');
  if (result) {
    core.setOutput('report', result.reportFile);
    core.setOutput('markdown', result.summaryFile);
    core.setOutput('manifest', result.manifestFile);
    core.setOutput('output-dir', dirname(result.reportFile));
    if (result.report.cache) core.setOutput('cache-key', result.report.cache.key);
  }
  core.setOutput(
    'failed-builds',
    (report?.builds ?? [])
      .filter((b) => b.status === 'failed' || b.status === 'skipped')
      .map((b) => `${b.model}/${b.profile}`)
      .join(','),
  );

  const toRepoPath = (path: string) => {
    const repoRelative = relative(
      context?.workspace ?? process.cwd(),
      isAbsolute(path) ? path : `${process.cwd()}/${path}`,
    );
    return repoRelative.startsWith('..') ? path : repoRelative;
  };
  const annotations = report ? reportAnnotations(report, toRepoPath) : [];
  const reason = failureReason(inputs.failOn, report, crash);
  let annotated = false;
  if (octokit && target && checkId !== null) {
    try {
      await completeCheckRun(octokit, target, checkId, {
        conclusion: signal?.aborted ? 'cancelled' : crash || report?.status === 'failed' ? 'failure' : 'success',
        title: report
          ? `${report.status}: ` +
            `${report.builds.filter((b) => b.status === 'built' || b.status === 'cached').length}/${report.builds.length} ` +
            `engines`
          : 'trt-ci could not run',
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
        const marker = commentMarker(inputs.reportKey);
        const body = report
          ? renderReports([report], { limit: COMMENT_LIMIT_BYTES, marker })
          : `${marker}\n${markdown}`;
        const author = await tokenIdentity(octokit);
        const posted = await upsertStickyComment(
          octokit,
          {
            owner: context.owner,
            repo: context.repo,
            issueNumber: context.pullRequest.number,
            key: inputs.reportKey,
            body,
          },
          author,
          create,
        );
        if (posted)
          core.info(`trt-ci: ${posted.created ? 'created' : 'updated'} the pull request comment ${posted.id}`);
      } catch (error) {
        problems.push(reportingProblem('Commenting on the pull request', 'pull-requests: write', error, fromFork));
      }
    }
  }

  if (
    result &&
    context &&
    storesBaseline(context, process.env.GITHUB_REF) &&
    inputs.baseline !== 'none' &&
    process.env.ACTIONS_RUNTIME_TOKEN
  ) {
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
