import { readFileSync } from 'node:fs';
import type { Provenance } from '../cache/engine-cache.js';
import { InputError } from '../common/errors.js';
import type { Octokit } from './octokit.js';

/** The parts of the event payload (GITHUB_EVENT_PATH) that trt-ci reads, parsed once per run. */
export interface EventPayload {
  action?: string;
  label?: { name?: string };
  sender?: { login?: string };
  comment?: { body?: string };
  issue?: { number?: number; pull_request?: unknown };
  repository?: { default_branch?: string; full_name?: string };
  pull_request?: {
    number: number;
    head: { sha: string; repo?: { full_name?: string } | null };
    base: { ref: string; sha: string; repo?: { full_name?: string } };
    user?: { login?: string };
    labels?: { name?: string }[];
  };
  workflow_run?: {
    pull_requests?: { number: number }[];
    head_branch?: string;
    head_sha?: string;
    head_repository?: { owner?: { login?: string }; full_name?: string } | null;
    /** The event that started that run: for `pull_request` from a fork, its workflow file was the fork's. */
    event?: string;
  };
}

/** What the runner tells the action about where it runs, read from the environment once. */
export interface RunContext {
  owner: string;
  repo: string;
  eventName: string;
  event: EventPayload;
  sha: string;
  ref: string | null;
  runId: number | null;
  workflowRef: string | null;
  defaultBranch: string | null;
  pullRequest: { number: number; headSha: string; baseRef: string; baseSha: string; fromFork: boolean } | null;
  workspace: string;
}

export function readRunContext(env: NodeJS.ProcessEnv, cwd: string): RunContext | null {
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? '').split('/');
  if (!owner || !repo) return null;
  let event: EventPayload = {};
  try {
    if (env.GITHUB_EVENT_PATH) event = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8')) as EventPayload;
  } catch {
    event = {};
  }
  const pr = event.pull_request;
  return {
    owner,
    repo,
    eventName: env.GITHUB_EVENT_NAME ?? '',
    event,
    sha: pr?.head.sha ?? env.GITHUB_SHA ?? '',
    ref: env.GITHUB_REF ?? null,
    runId: env.GITHUB_RUN_ID ? Number(env.GITHUB_RUN_ID) : null,
    workflowRef: env.GITHUB_WORKFLOW_REF ?? null,
    defaultBranch: event.repository?.default_branch ?? null,
    pullRequest: pr
      ? {
          number: pr.number,
          headSha: pr.head.sha,
          baseRef: pr.base.ref,
          baseSha: pr.base.sha,
          // A fork's pull request runs with a read-only token: reporting degrades to the summary.
          fromFork: (pr.head.repo?.full_name ?? null) !== `${owner}/${repo}`,
        }
      : null,
    workspace: env.GITHUB_WORKSPACE ?? cwd,
  };
}

/**
 * The run's pull request when its event is not a pull_request (a `/gpu-ok` comment, whose GITHUB_SHA and
 * GITHUB_REF are the default branch's): the pack's gate names it (`pull-request`) and the commit it approved
 * (`head-sha`), and GET /pulls/{n} gives its base. Without a token the commit still targets the check run.
 */
export async function withPullRequest(
  context: RunContext,
  octokit: Octokit | null,
  given: { number: string; headSha: string },
): Promise<RunContext> {
  if (context.pullRequest || !given.number) return context;
  if (!/^[1-9]\d{0,9}$/.test(given.number)) {
    throw new InputError(`input pull-request: expected a pull request number, got "${given.number}"`);
  }
  if (given.headSha && !/^[0-9a-f]{40}$/.test(given.headSha)) {
    throw new InputError(`input head-sha: expected a full commit SHA (40 hex digits), got "${given.headSha}"`);
  }
  const pinned = given.headSha ? { ...context, sha: given.headSha } : context;
  if (!octokit) return pinned;
  const { owner, repo } = context;
  const { data } = await octokit.rest.pulls.get({ owner, repo, pull_number: Number(given.number) });
  const headSha = given.headSha || data.head.sha;
  return {
    ...context,
    sha: headSha,
    pullRequest: {
      number: data.number,
      headSha,
      baseRef: data.base.ref,
      baseSha: data.base.sha,
      fromFork: (data.head.repo?.full_name ?? null) !== `${owner}/${repo}`,
    },
  };
}

/** The values of TRT_CI_DEFAULT_BRANCH that declare a default-branch run; anything else declares nothing. */
const DECLARED = /^(true|1|yes)$/i;

/**
 * Where this run comes from, for the engine cache's trust: the commit, the event, and whether it builds
 * the default branch (a push to it, or a schedule or dispatch on it). Outside Actions: local.
 */
export function runProvenance(env: NodeJS.ProcessEnv, cwd: string): Provenance {
  const context = env.GITHUB_ACTIONS === 'true' ? readRunContext(env, cwd) : null;
  // Outside GitHub Actions (GitLab, Jenkins, Buildkite) the job declares it: TRT_CI_DEFAULT_BRANCH=true, set only
  // in the job that builds the default branch (docs/cache.md). Inside Actions, GitHub's own context decides.
  const runner = env.RUNNER_NAME || null;
  if (!context && env.GITHUB_ACTIONS !== 'true' && DECLARED.test(env.TRT_CI_DEFAULT_BRANCH ?? ''))
    return {
      commit: env.TRT_CI_COMMIT || null,
      event: 'declared',
      defaultBranch: true,
      run: env.TRT_CI_RUN || null,
      runner,
    };
  if (!context) return { commit: null, event: 'local', defaultBranch: false, runner };
  const onDefault = context.defaultBranch !== null && context.ref === `refs/heads/${context.defaultBranch}`;
  const shipping = ['push', 'schedule', 'workflow_dispatch', 'merge_group'].includes(context.eventName);
  const run = env.GITHUB_REPOSITORY && env.GITHUB_RUN_ID ? `${env.GITHUB_REPOSITORY}#${env.GITHUB_RUN_ID}` : null;
  return { commit: context.sha || null, event: context.eventName, defaultBranch: onDefault && shipping, run, runner };
}

/**
 * The web address of a trt-ci.yml line at the commit that was built (the pull request's head, else the
 * run's): for the comment's "what to do" lines. A path outside the repository has none.
 */
export function configLinker(
  context: RunContext,
  env: NodeJS.ProcessEnv,
  toRepoPath: (path: string) => string = (path) => path,
): (position: { file: string; line: number }) => string | null {
  const server = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
  const commit = context.pullRequest?.headSha || context.sha;
  return (position) => {
    const path = toRepoPath(position.file);
    if (!commit || path.startsWith('/') || path.startsWith('..')) return null;
    const encoded = path.split('/').map(encodeURIComponent).join('/');
    return `${server}/${context.owner}/${context.repo}/blob/${commit}/${encoded}#L${position.line}`;
  };
}
