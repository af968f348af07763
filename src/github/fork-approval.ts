import { errorMessage } from '../common/errors.js';
import type { Octokit } from './octokit.js';

/** GitHub's setting for when workflows from a fork's pull request wait for a maintainer's approval. */
export type ForkApproval =
  | { policy: 'first_time_contributors_new_to_github' | 'first_time_contributors' | 'all_external_contributors' }
  | { policy: 'unknown'; why: string };

/**
 * The repository's fork approval setting. Reading it needs administration: read, which GITHUB_TOKEN
 * cannot be given: with it the answer is usually "unknown", and the summary says what to check by hand.
 */
export async function readForkApproval(octokit: Octokit, repo: { owner: string; repo: string }): Promise<ForkApproval> {
  try {
    const { data } = await octokit.request(
      'GET /repos/{owner}/{repo}/actions/permissions/fork-pr-contributor-approval',
      repo,
    );
    const policy = (data as { approval_policy?: unknown }).approval_policy;
    if (policy === 'first_time_contributors_new_to_github' || policy === 'first_time_contributors') return { policy };
    if (policy === 'all_external_contributors') return { policy };
    return { policy: 'unknown', why: `GitHub answered an approval policy trt-ci does not know: ${String(policy)}` };
  } catch (error) {
    return { policy: 'unknown', why: errorMessage(error) };
  }
}

const SETTING = 'Settings → Actions → General → "Require approval for all external contributors"';

/**
 * A line for the gate's summary. For pull_request, GitHub runs the workflow file of the merge commit, which
 * a fork controls: the gate job can be dropped from it, so this setting (and runner groups that refuse
 * public repositories) are the defence that the fork cannot edit.
 */
export function describeForkApproval(approval: ForkApproval): string {
  switch (approval.policy) {
    case 'all_external_contributors':
      return '✅ Workflows from every outside contributor wait for approval before they run.';
    case 'first_time_contributors':
    case 'first_time_contributors_new_to_github':
      return (
        '⚠️ Only first-time contributors wait for approval: a fork whose author has contributed before runs ' +
        `its own workflow file, which can target the GPU runners without this gate. Set ${SETTING}.`
      );
    default:
      return (
        `⚠️ Could not read the fork approval setting (${approval.why}; it needs administration: read, which ` +
        `GITHUB_TOKEN cannot have). Check by hand: ${SETTING}, and a runner group that refuses public repositories.`
      );
  }
}
