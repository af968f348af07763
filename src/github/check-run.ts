import type { Octokit } from './octokit.js';
import { cutBytes } from '../common/trim.js';
import type { Annotation } from './annotations.js';

/** GitHub takes at most 50 annotations per check-run request; more go in further updates. */
const ANNOTATIONS_PER_REQUEST = 50;
const OUTPUT_LIMIT = 65_535;

export interface CheckTarget {
  owner: string;
  repo: string;
  name: string;
  headSha: string;
}

export async function startCheckRun(octokit: Octokit, target: CheckTarget): Promise<number> {
  const { data } = await octokit.rest.checks.create({
    owner: target.owner,
    repo: target.repo,
    name: target.name,
    head_sha: target.headSha,
    status: 'in_progress',
    started_at: new Date().toISOString(),
  });
  return data.id;
}

export interface CheckOutcome {
  conclusion: 'success' | 'failure' | 'neutral' | 'cancelled' | 'action_required';
  title: string;
  summary: string;
  annotations: Annotation[];
}

/** Completes the check run, with every annotation in batches of 50. */
export async function completeCheckRun(
  octokit: Octokit,
  target: CheckTarget,
  id: number,
  outcome: CheckOutcome,
): Promise<void> {
  const toApi = (a: Annotation) => ({
    path: a.path,
    start_line: a.startLine,
    end_line: a.startLine,
    annotation_level: a.level,
    title: a.title.slice(0, 255),
    message: cutBytes(a.message, 64 * 1024 - 1),
  });
  const batches: Annotation[][] = [];
  for (let i = 0; i < outcome.annotations.length; i += ANNOTATIONS_PER_REQUEST)
    batches.push(outcome.annotations.slice(i, i + ANNOTATIONS_PER_REQUEST));
  const output = { title: outcome.title, summary: cutBytes(outcome.summary, OUTPUT_LIMIT) };
  // Annotations are added by updates that keep the run in progress; the last request completes it.
  for (const batch of batches.slice(0, -1)) {
    await octokit.rest.checks.update({
      owner: target.owner,
      repo: target.repo,
      check_run_id: id,
      output: { ...output, annotations: batch.map(toApi) },
    });
  }
  const last = batches[batches.length - 1];
  await octokit.rest.checks.update({
    owner: target.owner,
    repo: target.repo,
    check_run_id: id,
    status: 'completed',
    conclusion: outcome.conclusion,
    completed_at: new Date().toISOString(),
    output: { ...output, ...(last && { annotations: last.map(toApi) }) },
  });
}
