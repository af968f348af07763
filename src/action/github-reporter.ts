import * as core from '@actions/core';
import type { Annotation } from '../github/annotations.js';
import { type CheckOutcome, type CheckTarget, completeCheckRun, startCheckRun } from '../github/check-run.js';
import { tokenIdentity, upsertStickyComment } from '../github/comment.js';
import type { Octokit } from '../github/octokit.js';
import { type ReportingProblem, reportingProblem } from '../github/problems.js';
import { crashMarkdown } from './summary.js';

/**
 * Everything the action says on GitHub besides the job summary: one check run that is started and
 * always completed, the sticky comment, and annotations. Nothing here fails the job: each failed step
 * is kept as a problem, which the summary shows with the permission that was missing.
 */
export class GitHubReporter {
  readonly problems: ReportingProblem[] = [];
  private checkId: number | null = null;
  private completed = false;

  constructor(
    private readonly octokit: Octokit | null,
    private readonly fromFork: boolean,
  ) {}

  async startCheck(target: CheckTarget | null): Promise<void> {
    if (!this.octokit || !target) return;
    await this.attempt('Creating the check run', 'checks: write', async () => {
      this.checkId = await startCheckRun(this.octokit!, target);
    });
  }

  /** Completes the check run with its annotations; without one, annotates with workflow commands. */
  async completeCheck(target: CheckTarget | null, outcome: CheckOutcome): Promise<void> {
    if (this.completed) return;
    this.completed = true;
    let annotated = false;
    if (this.octokit && target && this.checkId !== null) {
      const id = this.checkId;
      annotated = await this.attempt('Completing the check run', 'checks: write', () =>
        completeCheckRun(this.octokit!, target, id, outcome),
      );
      // A check left in progress reads as "still running" forever: complete it with the least there is.
      if (!annotated) await this.completeBare(target, id, outcome);
    }
    if (!annotated) workflowCommandAnnotations(outcome.annotations);
  }

  private async completeBare(target: CheckTarget, id: number, outcome: CheckOutcome): Promise<void> {
    await this.attempt('Completing the check run without its summary', 'checks: write', () =>
      this.octokit!.rest.checks.update({
        owner: target.owner,
        repo: target.repo,
        check_run_id: id,
        status: 'completed',
        conclusion: outcome.conclusion,
        completed_at: new Date().toISOString(),
        output: { title: outcome.title, summary: 'GitHub refused the full summary: the job summary has it.' },
      }),
    );
  }

  async comment(
    where: { owner: string; repo: string; issueNumber: number; key: string; workflow: string | null },
    body: string,
    create = true,
  ): Promise<void> {
    if (!this.octokit) return;
    const octokit = this.octokit;
    await this.attempt('Commenting on the pull request', 'pull-requests: write', async () => {
      const posted = await upsertStickyComment(octokit, { ...where, body }, await tokenIdentity(octokit), create);
      if (posted) core.info(`trt-ci: ${posted.created ? 'created' : 'updated'} the pull request comment ${posted.id}`);
    });
  }

  /** Work that must not leave the check run in progress: a crash in it completes the check as failed. */
  async completing<T>(target: CheckTarget | null, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const summary = crashMarkdown(error);
      await this.completeCheck(target, {
        conclusion: 'failure',
        title: 'trt-ci could not run',
        summary,
        annotations: [],
      });
      throw error;
    }
  }

  /** Runs one reporting step; a failure becomes a problem (and a warning), never an exception. */
  async attempt(step: string, permission: string, work: () => Promise<unknown>): Promise<boolean> {
    try {
      await work();
      return true;
    } catch (error) {
      const problem = reportingProblem(step, permission, error, this.fromFork);
      this.problems.push(problem);
      core.warning(`trt-ci: ${problem.message}`);
      return false;
    }
  }
}

/** Workflow-command annotations, within GitHub's limit of 10 per type per step. */
function workflowCommandAnnotations(annotations: readonly Annotation[]): void {
  for (const level of ['failure', 'warning'] as const) {
    const mine = annotations.filter((a) => a.level === level);
    for (const a of mine.slice(0, 10)) {
      (level === 'failure' ? core.error : core.warning)(a.message, {
        title: a.title,
        file: a.path,
        startLine: a.startLine,
      });
    }
    if (mine.length > 10) {
      const what = level === 'failure' ? 'errors' : 'warnings';
      core.notice(
        `trt-ci: ${mine.length - 10} more ${what} were not annotated ` +
          '(GitHub shows 10 per type per step); the job summary lists them all.',
      );
    }
  }
}
