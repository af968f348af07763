// What the action decides from a report: whether to comment, whether the job fails, and the check's
// conclusion. Pure functions, tested as a table.
import { isBuilt } from '../contract/report.js';
import { errorMessage } from '../common/errors.js';
import { overallStatus } from '../compare/status.js';
import type { Report } from '../contract/report.js';
import type { CommentPolicy, FailOn } from './inputs.js';
import type { CheckTarget } from '../github/check-run.js';
import type { RunContext } from '../github/context.js';

type Judged = Pick<Report, 'status' | 'builds' | 'comparison'>;

/** Whether this report is worth a new comment under the policy (an existing one is always kept current). */
export function wantsComment(policy: CommentPolicy, report: Judged | null): boolean {
  if (policy === 'never') return false;
  if (policy === 'always' || !report) return true;
  const failed = report.status !== 'passed';
  if (policy === 'on-failure') return failed;
  const { comparison } = report;
  const changed =
    comparison.environment.length > 0 ||
    comparison.added.length > 0 ||
    comparison.removed.length > 0 ||
    report.builds.some((b) => b.budgets.some((row) => row.status === 'fail' || row.status === 'warn')) ||
    report.builds.some((b) => b.baseline?.bytes != null && b.baseline.bytes !== b.bytes);
  return failed || changed;
}

/** Why the job should fail under `fail-on`, or null. */
export function failureReason(failOn: readonly FailOn[], report: Judged | null, crash: unknown): string | null {
  if (crash) return failOn.includes('error') ? `trt-ci could not run: ${errorMessage(crash)}` : null;
  if (!report) return null;
  const names = (rows: readonly { model: string; profile: string; metric?: string }[]) =>
    rows.map((r) => `${r.model}/${r.profile}${r.metric ? ` ${r.metric}` : ''}`).join(', ');
  const broken = report.builds.filter((b) => !isBuilt(b));
  if (failOn.includes('error') && broken.length) return `${broken.length} build(s) failed: ${names(broken)}`;
  // Wrong is wrong against ONNX Runtime or against itself (a row that changes with its batch).
  const wrong = report.builds.filter(
    (b) =>
      b.accuracy?.status === 'failed' ||
      b.accuracy?.status === 'error' ||
      b.consistency?.status === 'failed' ||
      b.consistency?.status === 'error',
  );
  if (failOn.includes('accuracy') && wrong.length) return `${wrong.length} engine(s) out of tolerance: ${names(wrong)}`;
  const stuck = report.builds.flatMap(({ model, profile, deploy }) =>
    deploy.filter((d) => d.verdict === 'fails').map((d) => ({ model, profile, metric: `on ${d.target}` })),
  );
  if (failOn.includes('deploy') && stuck.length) return `${stuck.length} engine(s) will not load: ${names(stuck)}`;
  const rows = report.builds.flatMap((build) => build.budgets.map((row) => ({ build, row })));
  const budgets = rows.filter(({ row }) => row.status === 'fail').map(({ row }) => row);
  if (failOn.includes('budget') && budgets.length) return `${budgets.length} budget(s) exceeded: ${names(budgets)}`;
  // An A/B that could not decide warns, but it is no regression: only a slower verdict is.
  const regressions = rows
    .filter(({ build, row }) => {
      const undecided = row.metric === 'latency-growth' && build.latency && build.latency.verdict !== 'slower';
      return (row.status === 'warn' || row.status === 'fail') && row.metric.endsWith('-growth') && !undecided;
    })
    .map(({ row }) => row);
  if (failOn.includes('regression') && regressions.length) {
    return `${regressions.length} regression(s): ${names(regressions)}`;
  }
  return null;
}

/**
 * Events whose GITHUB_SHA is the default branch's head rather than a change being built: a /gpu-ok comment
 * (issue_comment) and a workflow_run. A check on that commit would pass or fail the default branch for a
 * build of something else.
 */
const NOT_THE_BUILT_COMMIT = new Set(['issue_comment', 'workflow_run']);

/** The commit the run's check lands on: the one that was built, or none (with why). */
export function checkTargetOf(
  context: Pick<RunContext, 'owner' | 'repo' | 'sha' | 'eventName' | 'pullRequest'> | null,
  name: string,
  /** The commit the gate named (head-sha), when it named one: the commit that was built. */
  namedSha = '',
): { target: CheckTarget | null; noCheck: string | null } {
  if (!context?.sha) return { target: null, noCheck: null };
  if (!context.pullRequest && NOT_THE_BUILT_COMMIT.has(context.eventName) && context.sha !== namedSha) {
    return {
      target: null,
      noCheck:
        `a ${context.eventName} run without a pull request (the pull-request and head-sha inputs) builds no ` +
        "commit of a change; a check would land on the default branch's head",
    };
  }
  return { target: { owner: context.owner, repo: context.repo, name, headSha: context.sha }, noCheck: null };
}

export type Conclusion = 'success' | 'failure' | 'cancelled';

/**
 * The check run's conclusion: cancelled when the run was, failure when it crashed or any report failed,
 * judged from the builds and budgets themselves and never from a report's own status field (a report
 * can come from a fork's artifact).
 */
export function checkConclusion(run: {
  cancelled: boolean;
  crashed: boolean;
  reports: readonly (Pick<Report, 'builds'> & { interrupted?: string | null })[];
  /** Expected runners without a report: the merged check fails for them. */
  missing?: number;
}): Conclusion {
  if (run.cancelled) return 'cancelled';
  const failed = run.reports.some((r) => overallStatus(r) !== 'passed');
  return run.crashed || failed || (run.missing ?? 0) > 0 ? 'failure' : 'success';
}
