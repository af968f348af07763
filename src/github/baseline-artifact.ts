import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { RunContext } from './context.js';
import type { Octokit } from './octokit.js';

/**
 * @actions/artifact is more than half of the bundle and only baseline: auto needs it, so it is loaded
 * when used (ncc puts it in its own chunk) and never at action start.
 */
async function artifactClient() {
  const { DefaultArtifactClient } = await import('@actions/artifact');
  return new DefaultArtifactClient();
}

/**
 * Every artifact of a job's report starts so: the pack's report job downloads `trt-ci-*` (a glob in YAML,
 * the one name there that cannot come from here; test/workflows.test.ts holds the two together).
 */
export const REPORT_ARTIFACT_PREFIX = 'trt-ci-';

const artifactSafe = (reportKey: string) => reportKey.replace(/[^A-Za-z0-9._-]+/g, '-');

/**
 * The artifacts of one report key, named once: the job's report (uploaded by the pack, read by its report
 * job), its plans (not `trt-ci-*`: the report job must not download gigabytes) and the baseline a
 * default-branch run stores for pull requests to compare against.
 */
export function artifactNames(reportKey: string): { report: string; plans: string; baseline: string } {
  const key = artifactSafe(reportKey);
  return { report: `${REPORT_ARTIFACT_PREFIX}${key}`, plans: `plans-trt-ci-${key}`, baseline: `trt-ci-report-${key}` };
}

/** The artifact a default-branch run stores its report in, per report key. */
export function baselineArtifactName(reportKey: string): string {
  return artifactNames(reportKey).baseline;
}

/** "acme/engines/.github/workflows/engines.yml@refs/pull/7/merge" → "engines.yml". */
export function workflowFile(workflowRef: string | null): string | null {
  const match = workflowRef ? /\/\.github\/workflows\/([^@/]+)@/.exec(workflowRef) : null;
  return match?.[1] ?? null;
}

/** A push to the default branch stores its report: that is what pull requests compare against. */
export function storesBaseline(context: RunContext): boolean {
  return (
    context.eventName === 'push' &&
    context.defaultBranch !== null &&
    context.ref === `refs/heads/${context.defaultBranch}`
  );
}

export async function uploadBaseline(reportFile: string, reportKey: string): Promise<void> {
  await (await artifactClient()).uploadArtifact(baselineArtifactName(reportKey), [reportFile], dirname(reportFile), {
    retentionDays: 90,
  });
}

export interface FoundBaseline {
  file: string;
  /** What the user should know about it: which run it came from, and whether that is the merge-base. */
  note: string;
}

/** A successful push run of this workflow on the base branch (never a fork's) and its artifact of that name. */
interface BaseRunArtifact {
  run: { id: number; head_sha: string };
  artifactId: number;
}

/** The newest such run that still holds the artifact `name`; null when none does (or this is no pull request). */
async function findBaseRunArtifact(
  octokit: Octokit,
  context: RunContext,
  name: string,
): Promise<BaseRunArtifact | null> {
  const pr = context.pullRequest;
  const workflow = workflowFile(context.workflowRef);
  if (!pr || !workflow || !pr.baseRef) return null;
  const { owner, repo } = context;
  const { data } = await octokit.rest.actions.listWorkflowRuns({
    owner,
    repo,
    workflow_id: workflow,
    branch: pr.baseRef,
    event: 'push',
    status: 'success',
    per_page: 20,
  });
  for (const run of data.workflow_runs) {
    if (run.head_repository?.full_name !== `${owner}/${repo}`) continue;
    const { data: artifacts } = await octokit.rest.actions.listWorkflowRunArtifacts({
      owner,
      repo,
      run_id: run.id,
      name,
      per_page: 10,
    });
    const artifact = artifacts.artifacts.find((a) => a.name === name && !a.expired);
    if (artifact) return { run: { id: run.id, head_sha: run.head_sha }, artifactId: artifact.id };
  }
  return null;
}

/** That artifact, downloaded into a new temporary folder. */
async function download(found: BaseRunArtifact, token: string, context: RunContext, prefix: string): Promise<string> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  await (await artifactClient()).downloadArtifact(found.artifactId, {
    path,
    findBy: { token, workflowRunId: found.run.id, repositoryOwner: context.owner, repositoryName: context.repo },
  });
  return path;
}

const short = (sha: string) => sha.slice(0, 7);

/**
 * The base branch's report, without rebuilding the base branch: the newest successful push run of
 * this workflow on the base branch (never a fork's), and its report artifact. Null when there is none.
 */
export async function findBaseline(
  octokit: Octokit,
  token: string,
  context: RunContext,
  reportKey: string,
): Promise<FoundBaseline | null> {
  const found = await findBaseRunArtifact(octokit, context, baselineArtifactName(reportKey));
  const pr = context.pullRequest;
  if (!found || !pr) return null;
  const path = await download(found, token, context, 'trt-ci-baseline-');
  const { data: compare } = await octokit.rest.repos.compareCommitsWithBasehead({
    owner: context.owner,
    repo: context.repo,
    basehead: `${pr.baseSha}...${pr.headSha}`,
    per_page: 1,
  });
  const mergeBase = compare.merge_base_commit.sha;
  const { run } = found;
  const note =
    run.head_sha === mergeBase
      ? `baseline: run ${run.id} on ${pr.baseRef} at ${short(run.head_sha)}, the pull request's merge-base`
      : `baseline: run ${run.id} on ${pr.baseRef} at ${short(run.head_sha)}, which is not the pull ` +
        `request's merge-base ${short(mergeBase)}: deltas include changes made on ${pr.baseRef} since`;
  return { file: join(path, basename('report.json')), note };
}

/**
 * The base engines of the latency A/B: the plans the base branch's newest successful push run uploaded for
 * this report key (the pack's plans-trt-ci-<key>, <model>.<profile>.plan), in a new folder. Null: none.
 */
export async function findBasePlans(
  octokit: Octokit,
  token: string,
  context: RunContext,
  reportKey: string,
): Promise<{ dir: string; note: string } | null> {
  const found = await findBaseRunArtifact(octokit, context, artifactNames(reportKey).plans);
  if (!found) return null;
  const dir = await download(found, token, context, 'trt-ci-base-plans-');
  const branch = context.pullRequest?.baseRef ?? 'the base branch';
  return { dir, note: `base plans: run ${found.run.id} on ${branch} at ${short(found.run.head_sha)}` };
}
