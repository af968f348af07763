import * as core from '@actions/core';
import { makeOctokit } from '../github/octokit.js';
import { errorMessage } from '../common/errors.js';
import { readRunContext } from '../github/context.js';
import { describeForkApproval, type ForkApproval, readForkApproval } from '../github/fork-approval.js';
import { approvalPrefix, decideGate, type GateInput } from '../github/gate.js';
import type { ActionEdge } from './edge.js';
import { input, shardCount, tokenInput } from './inputs.js';
import { writeSummary } from './summary.js';

/**
 * The gate job of the workflow pack: decides, on a GitHub-hosted runner, whether this run may use the
 * self-hosted GPU runners, and says why in its summary.
 */
export async function gateCommand(edge: ActionEdge): Promise<void> {
  const context = readRunContext(edge.env, edge.cwd);
  const event = context?.event ?? {};
  const approvalLabel = input('gate', 'approval-label');
  const trustedActors = input('gate', 'trusted-actors')
    .split(/[\s,]+/)
    .filter(Boolean);
  const token = tokenInput('gate');
  // Who approved (commented /gpu-ok), and the pull request as it is now.
  const approver = event.sender?.login;
  // Only a new comment approves (decideGate says why): an edit or a deletion asks the API nothing.
  const wanted = approvalPrefix(event.comment?.body);
  const commented = context?.eventName === 'issue_comment' && event.action === 'created' && wanted !== null;
  let labelerPermission: string | null = null;
  let currentPullRequest: { headSha: string; headRepo: string | null } | null = null;
  let resolvedApproval: GateInput['resolvedApproval'] = null;
  if (commented && approver && token && context) {
    const octokit = makeOctokit(token, edge.env);
    const repo = { owner: context.owner, repo: context.repo };
    try {
      const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ ...repo, username: approver });
      labelerPermission = data.permission;
      if (event.issue?.pull_request && event.issue.number) {
        const { data: pr } = await octokit.rest.pulls.get({ ...repo, pull_number: event.issue.number });
        if (pr.state === 'open')
          currentPullRequest = { headSha: pr.head.sha, headRepo: pr.head.repo?.full_name ?? null };
        if (wanted && wanted.length < 40) resolvedApproval = await resolveCommit(octokit, repo, wanted);
      }
    } catch (error) {
      core.warning(`trt-ci gate: could not read ${approver}'s permission or the pull request: ${errorMessage(error)}`);
    }
  }
  const decision = decideGate({
    eventName: context?.eventName ?? edge.env.GITHUB_EVENT_NAME ?? '',
    repository: edge.env.GITHUB_REPOSITORY ?? '',
    event,
    approvalLabel,
    trustedActors,
    labelerPermission,
    currentPullRequest,
    resolvedApproval,
  });
  core.setOutput('allowed', String(decision.allowed));
  core.setOutput('reason', decision.reason);
  // The build checks out exactly the approved commit of the fork, never what was pushed after it.
  core.setOutput('sha', decision.sha ?? '');
  core.setOutput('repository', decision.repository ?? '');
  // Where the build and report jobs report: a comment's run is the default branch's to GitHub.
  const pr = event.pull_request;
  const number = context?.eventName === 'issue_comment' ? event.issue?.number : pr?.number;
  const headSha = context?.eventName === 'issue_comment' ? decision.sha : pr?.head?.sha;
  core.setOutput('pull-request', decision.allowed && number ? String(number) : '');
  core.setOutput('head-sha', decision.allowed && number ? (headSha ?? '') : '');
  core.info(`trt-ci gate: ${decision.allowed ? 'allowed' : 'not allowed'}: ${decision.reason}`);
  // The defence a fork cannot edit out of its own workflow file: said on every gate run.
  const approval: ForkApproval =
    token && context
      ? await readForkApproval(makeOctokit(token, edge.env), { owner: context.owner, repo: context.repo })
      : { policy: 'unknown', why: 'no token' };
  core.setOutput('fork-approval', approval.policy);
  // The build matrix's shard dimension: [1, …, shards].
  core.setOutput('shards', JSON.stringify(Array.from({ length: shardCount('gate') }, (_, i) => i + 1)));
  const verdict = decision.allowed ? '✅ GPU runners allowed' : '⛔ GPU runners not used';
  await writeSummary(
    edge.env,
    `## trt-ci gate: ${verdict}\n\n${decision.reason}\n\n${describeForkApproval(approval)}\n`,
  );
}

/** The one commit a SHA prefix names in the repository (GitHub answers 422 when several or none share it). */
async function resolveCommit(
  octokit: ReturnType<typeof makeOctokit>,
  repo: { owner: string; repo: string },
  prefix: string,
): Promise<{ sha: string } | { problem: string }> {
  try {
    const { data } = await octokit.rest.repos.getCommit({ ...repo, ref: prefix });
    return { sha: data.sha };
  } catch (error) {
    return { problem: `GitHub resolves it to no single commit: ${errorMessage(error)}` };
  }
}
