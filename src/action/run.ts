import { logLines } from '../common/log-text.js';
import * as core from '@actions/core';
import { randomBytes } from 'node:crypto';
import { makeOctokit, type Octokit } from '../github/octokit.js';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import type { BuildOutcome } from '../builds/outcome.js';
import { isBuilt } from '../contract/report.js';
import { describeEvent, heartbeatMs, lastLines } from '../builds/progress.js';
import { renderPreflightText } from '../report/parts/preflight.js';
import { reportAnnotations } from '../github/annotations.js';
import {
  artifactNames,
  findBaseline,
  findBasePlans,
  storesBaseline,
  uploadBaseline,
  workflowFile,
} from '../github/baseline-artifact.js';
import type { CheckTarget } from '../github/check-run.js';
import { commentMarker } from '../github/comment.js';
import { configLinker, type RunContext, readRunContext, runProvenance, withPullRequest } from '../github/context.js';
import { errorMessage, InputError } from '../common/errors.js';
import { runPipeline } from '../pipeline.js';
import type { PipelineResult } from '../run/options.js';
import type { Config } from '../contract/config.js';
import { COMMENT_LIMIT_BYTES, renderReports, SUMMARY_LIMIT_BYTES } from '../report/render.js';
import { text } from '../common/markdown-text.js';
import type { ActionEdge } from './edge.js';
import { GitHubReporter } from './github-reporter.js';
import { input, readRunInputs } from './inputs.js';
import { deployJob } from './deploy.js';
import { checkConclusion, checkTargetOf, failureReason, wantsComment } from './policy.js';
import { crashMarkdown, problemsSection, writeSummary } from './summary.js';

/** What every step of the run command shares: its inputs, the GitHub context and client, the reporter. */
interface RunJob {
  edge: ActionEdge;
  inputs: ReturnType<typeof readRunInputs>;
  context: RunContext | null;
  octokit: Octokit | null;
  reporter: GitHubReporter;
  target: CheckTarget | null;
}

/**
 * The action's run command: a check run that starts now and always completes, the pipeline, then the
 * job summary (always: it needs no permission), outputs, annotations and the sticky comment. A
 * reporting error never fails the job; it is said in the summary with the permission that was missing.
 */
export async function runCommand(edge: ActionEdge): Promise<void> {
  const deployTarget = input('run', 'deploy-target');
  if (deployTarget) return deployJob(edge, deployTarget);
  const inputs = readRunInputs();
  const octokit = inputs.token && edge.env.GITHUB_REPOSITORY ? makeOctokit(inputs.token, edge.env) : null;
  const context = await pullRequestContext(readRunContext(edge.env, edge.cwd), octokit, inputs.pullRequest);
  const reporter = new GitHubReporter(octokit, context?.pullRequest?.fromFork ?? false);
  const { target, noCheck } = checkTargetOf(context, inputs.checkName, inputs.pullRequest.headSha);
  if (noCheck) core.warning(`trt-ci: no check run: ${noCheck}`);
  // Named before anything can fail: the pack uploads what there is under these names, whatever happens.
  const artifacts = artifactNames(inputs.reportKey);
  core.setOutput('report-artifact', artifacts.report);
  core.setOutput('plans-artifact', artifacts.plans);
  await reporter.startCheck(target);
  const job: RunJob = { edge, inputs, context, octokit, reporter, target };
  await reporter.completing(target, async () => publish(job, await pipelineOf(job)));
}

/** The pipeline as the action runs it (the base branch's report and plans found for it); a crash is kept. */
async function pipelineOf(job: RunJob): Promise<{ result: PipelineResult | null; crash: unknown }> {
  const { edge, inputs, context, octokit, reporter } = job;
  let baselineFile = inputs.baseline === 'auto' || inputs.baseline === 'none' ? null : inputs.baseline;
  let baselineNote: string | null = null;
  if (inputs.baseline === 'auto' && octokit && context?.pullRequest) {
    await reporter.attempt("Finding the base branch's report", 'actions: read', async () => {
      const found = await findBaseline(octokit, inputs.token, context, inputs.reportKey);
      baselineFile = found?.file ?? null;
      baselineNote = found?.note ?? null;
    });
  }
  const logs: Promise<void>[] = [];
  try {
    const result = await runPipeline({
      configFile: inputs.config,
      cwd: edge.cwd,
      env: edge.env,
      baselineFile,
      baselineNote,
      baselineFound: inputs.baseline === 'auto',
      ...(inputs.shard && { selection: { shard: inputs.shard, only: [] } }),
      ...(inputs.stabilityRebuilds && { adjustConfig: withStability(inputs.stabilityRebuilds) }),
      commit: context?.sha || null,
      ...(inputs.basePlans === 'auto' &&
        octokit &&
        context?.pullRequest && {
          findBasePlans: () => findBasePlans(octokit, inputs.token, context, inputs.reportKey),
        }),
      provenance: runProvenance(edge.env, edge.cwd),
      ...(edge.signal && { signal: edge.signal }),
      ...(heartbeatMs(edge.env) && { heartbeatMs: heartbeatMs(edge.env) }),
      onEvent: (event) => {
        if (event.type === 'preflight') core.info(renderPreflightText(event.preflight));
        else if (event.type === 'note') core.info(logLines(event.line));
        else if (event.type === 'done') logs.push(logBuild(event.outcome));
        else core.info(describeEvent(event).trimEnd());
      },
    });
    await Promise.all(logs);
    return { result, crash: null };
  } catch (error) {
    return { result: null, crash: error };
  }
}

/** The run's result told: outputs, the check run, the comment, the baseline artifact, the summary, the verdict. */
async function publish(job: RunJob, { result, crash }: { result: PipelineResult | null; crash: unknown }) {
  const { edge, inputs, context, reporter, target } = job;
  const report = result?.report ?? null;
  const toRepoPath = (path: string) => {
    const repoRelative = relative(context?.workspace ?? edge.cwd, resolve(edge.cwd, path));
    return repoRelative.startsWith('..') || isAbsolute(repoRelative) ? path : repoRelative;
  };
  const configLink = context ? configLinker(context, edge.env, toRepoPath) : undefined;
  const linked = configLink ? { configLink } : {};
  const markdown = report ? renderReports([report], { limit: SUMMARY_LIMIT_BYTES, ...linked }) : crashMarkdown(crash);
  const cancelled = edge.signal?.aborted ?? false;
  setOutputs(result, cancelled);
  const built = report ? report.builds.filter(isBuilt).length : 0;
  await reporter.completeCheck(target, {
    conclusion: checkConclusion({ cancelled, crashed: crash !== null, reports: report ? [report] : [] }),
    title: report ? `${report.status}: ${built}/${report.builds.length} engines` : 'trt-ci could not run',
    summary: markdown,
    annotations: report ? reportAnnotations(report, toRepoPath) : [],
  });
  if (context?.pullRequest && inputs.comment !== 'never') {
    const marker = commentMarker(inputs.reportKey);
    const body = report
      ? renderReports([report], { limit: COMMENT_LIMIT_BYTES, marker, ...linked })
      : `${marker}\n${markdown}`;
    const where = { owner: context.owner, repo: context.repo, issueNumber: context.pullRequest.number };
    const workflow = workflowFile(context.workflowRef);
    await reporter.comment({ ...where, key: inputs.reportKey, workflow }, body, wantsComment(inputs.comment, report));
  }
  if (result && context && storesBaseline(context) && inputs.baseline !== 'none' && edge.env.ACTIONS_RUNTIME_TOKEN) {
    const reportFile = result.reportFile;
    await reporter.attempt('Storing the report as the baseline artifact', 'actions: write', () =>
      uploadBaseline(reportFile, inputs.reportKey),
    );
  }
  const unwritten = result?.unwritten ?? [];
  const notWritten = unwritten.length
    ? `\n\n### Not written\n\n${unwritten.map((u) => `- ${text(u)}`).join('\n')}\n`
    : '';
  await writeSummary(
    edge.env,
    `${markdown}${notWritten}${problemsSection(reporter.problems)}`.slice(0, SUMMARY_LIMIT_BYTES),
  );
  // A cancelled run never passes: what it did not get to (a build, an A/B) would otherwise read as fine.
  const reason = cancelled
    ? 'cancelled (the runner stopped the job); what ran is in the report'
    : failureReason(inputs.failOn, report, crash);
  // A report the next job cannot read fails the step even when the engines passed.
  if (reason || unwritten.length) core.setFailed(`trt-ci: ${reason ?? unwritten.join('; ')}`);
}

/**
 * The run's context with the pull request the gate named (an approval comment's run is the default branch's
 * to GitHub). A pull request the token cannot read is said in the job log; the run goes on without it.
 */
async function pullRequestContext(
  context: RunContext | null,
  octokit: Octokit | null,
  given: { number: string; headSha: string },
): Promise<RunContext | null> {
  if (!context) return null;
  try {
    return await withPullRequest(context, octokit, given);
  } catch (error) {
    if (error instanceof InputError) throw error;
    core.warning(`trt-ci: could not read pull request #${given.number}: ${errorMessage(error)}`);
    return given.headSha ? { ...context, sha: given.headSha } : context;
  }
}

const GROUP_LINES = 400;
const FAILURE_LINES = 50;

/**
 * A finished build in the job log: its line, then its trtexec output folded in a group (the end of it,
 * up to 400 lines; the whole log is in the output folder). A failure's last 50 lines also go outside the
 * group, where they are seen without a click. Written when the build ends, so parallel builds never mix.
 */
async function logBuild(outcome: BuildOutcome): Promise<void> {
  const line = describeEvent({ type: 'done', outcome }).trimEnd();
  const log = outcome.attempts.at(-1)?.log;
  if (!log) {
    core.info(line);
    return;
  }
  const tail = await lastLines(log, GROUP_LINES);
  // trtexec's output is not ours (a fork's model or plugin writes into it): no line of it may be read by
  // the runner as a workflow command (::error::, ::add-mask::, …), so commands stop while it is printed.
  const stop = randomBytes(16).toString('hex');
  core.startGroup(`${line} — trtexec output (${log})`);
  core.info(`::stop-commands::${stop}`);
  for (const text of tail) core.info(text);
  core.info(`::${stop}::`);
  core.endGroup();
  if (!isBuilt(outcome)) {
    core.info(`::stop-commands::${stop}`);
    core.info(tail.slice(-FAILURE_LINES).join('\n'));
    core.info(`::${stop}::`);
  }
}

function setOutputs(result: PipelineResult | null, cancelled: boolean): void {
  const report = result?.report ?? null;
  core.setOutput('status', report ? (cancelled ? 'failed' : report.status) : 'error');
  if (result) {
    core.setOutput('report-path', result.reportFile);
    core.setOutput('summary-path', result.summaryFile);
    core.setOutput('manifest-path', result.manifestFile);
    core.setOutput('output-dir', dirname(result.reportFile));
    if (result.report.cache) core.setOutput('cache-key', result.report.cache.key);
  }
  const failed = (report?.builds ?? []).filter((b) => !isBuilt(b)).map((b) => `${b.model}/${b.profile}`);
  core.setOutput('failed-builds', failed.join(','));
}

/** The stability input: trt-ci.yml's own stability: wins (its rebuilds, its choice); otherwise this many. */
const withStability =
  (rebuilds: number) =>
  (config: Config): Config =>
    config.stability ? config : { ...config, stability: { rebuilds } };
