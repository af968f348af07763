import * as core from '@actions/core';
import { getOctokit } from '@actions/github';
import { readFileSync } from 'node:fs';
import { errorMessage } from '../errors.js';
import { readRunContext } from '../github/context.js';
import { decideGate, type GateInput } from '../github/gate.js';
import { writeSummary } from './summary.js';

/**
 * The gate job of the workflow pack: decides, on a GitHub-hosted runner, whether this run may use the
 * self-hosted GPU runners, and says why in its summary.
 */
export async function runGate(): Promise<void> {
  const context = readRunContext();
  let event: GateInput['event'] = {};
  try {
    event = JSON.parse(readFileSync(process.env.GITHUB_EVENT_PATH ?? '', 'utf8')) as GateInput['event'];
  } catch {
    event = {};
  }
  const approvalLabel = core.getInput('approval-label') || 'gpu-ok';
  const trustedActors = core
    .getInput('trusted-actors')
    .split(/[\s,]+/)
    .filter(Boolean);
  const token = core.getInput('token');
  let labelerPermission: string | null = null;
  const labeler = event.sender?.login;
  if (event.action === 'labeled' && event.label?.name === approvalLabel && labeler && token && context) {
    try {
      const { data } = await getOctokit(token).rest.repos.getCollaboratorPermissionLevel({
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
    eventName: process.env.GITHUB_EVENT_NAME ?? '',
    repository: process.env.GITHUB_REPOSITORY ?? '',
    event,
    approvalLabel,
    trustedActors,
    labelerPermission,
  });
  core.setOutput('allowed', String(decision.allowed));
  core.setOutput('reason', decision.reason);
  core.info(`trt-ci gate: ${decision.allowed ? 'allowed' : 'not allowed'}: ${decision.reason}`);
  await writeSummary(
    `## trt-ci gate: ${decision.allowed ? '✅ GPU runners allowed' : '⛔ GPU runners not used'}\n\n${decision.reason}\n`,
  );
}
