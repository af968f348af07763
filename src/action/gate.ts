import * as core from '@actions/core';
import { makeOctokit } from '../github/octokit.js';
import { errorMessage } from '../errors.js';
import { readRunContext } from '../github/context.js';
import { decideGate } from '../github/gate.js';
import type { ActionEdge } from './dispatch.js';
import { input, tokenInput } from './inputs.js';
import { writeSummary } from './summary.js';

/**
 * The gate job of the workflow pack: decides, on a GitHub-hosted runner, whether this run may use the
 * self-hosted GPU runners, and says why in its summary.
 */
export async function gateCommand(edge: ActionEdge): Promise<void> {
  const context = readRunContext(edge.env, edge.cwd);
  const event = context?.event ?? {};
  const approvalLabel = input('approval-label');
  const trustedActors = input('trusted-actors')
    .split(/[\s,]+/)
    .filter(Boolean);
  const token = tokenInput();
  let labelerPermission: string | null = null;
  const labeler = event.sender?.login;
  if (event.action === 'labeled' && event.label?.name === approvalLabel && labeler && token && context) {
    try {
      const { data } = await makeOctokit(token).rest.repos.getCollaboratorPermissionLevel({
        owner: context.owner,
        repo: context.repo,
        username: labeler,
      });
      labelerPermission = data.permission;
    } catch (error) {
      core.warning(`trt-ci gate: could not read ${labeler}'s permission: ${errorMessage(error)}`);
    }
  }
  const decision = decideGate({
    eventName: context?.eventName ?? edge.env.GITHUB_EVENT_NAME ?? '',
    repository: edge.env.GITHUB_REPOSITORY ?? '',
    event,
    approvalLabel,
    trustedActors,
    labelerPermission,
  });
  core.setOutput('allowed', String(decision.allowed));
  core.setOutput('reason', decision.reason);
  core.info(`trt-ci gate: ${decision.allowed ? 'allowed' : 'not allowed'}: ${decision.reason}`);
  const verdict = decision.allowed ? '✅ GPU runners allowed' : '⛔ GPU runners not used';
  await writeSummary(`## trt-ci gate: ${verdict}\n\n${decision.reason}\n`);
}
