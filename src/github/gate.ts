/**
 * Whether a workflow run may use the self-hosted GPU runners. Code from a fork runs there only after
 * someone with write access approved this very commit (by applying the approval label), or when its
 * author is on the allow-list: a self-hosted runner keeps state between jobs, and fork code on it can
 * read whatever the next job leaves behind.
 */
export interface GateInput {
  eventName: string;
  /** owner/repo of the workflow run. */
  repository: string;
  event: {
    action?: string;
    label?: { name?: string };
    sender?: { login?: string };
    pull_request?: {
      head?: { repo?: { full_name?: string } | null; sha?: string };
      user?: { login?: string };
      labels?: { name?: string }[];
    };
  };
  approvalLabel: string;
  trustedActors: readonly string[];
  /**
   * The permission of whoever applied the label (admin, maintain, write, triage, read, none), when it was looked up.
   */
  labelerPermission: string | null;
}

export interface GateDecision {
  allowed: boolean;
  reason: string;
}

const TRUSTED_EVENTS = ['push', 'workflow_dispatch', 'schedule', 'merge_group'];
const WRITE = ['admin', 'maintain', 'write'];

export function decideGate(input: GateInput): GateDecision {
  const { event } = input;
  if (TRUSTED_EVENTS.includes(input.eventName))
    return {
      allowed: true,
      reason: `a ${input.eventName} event in ${input.repository} runs code that is already in the repository`,
    };
  if (input.eventName !== 'pull_request') {
    return {
      allowed: false,
      reason:
        `${input.eventName} events never reach the GPU runners ` +
        `(pull_request_target would run untrusted code with a write token)`,
    };
  }
  const pr = event.pull_request ?? {};
  const head = pr.head?.repo?.full_name ?? null;
  if (head === input.repository)
    return { allowed: true, reason: `the pull request comes from a branch of ${input.repository}` };
  const author = pr.user?.login ?? null;
  if (author && input.trustedActors.includes(author))
    return { allowed: true, reason: `the pull request's author ${author} is on trusted-actors` };
  const labeled =
    input.eventName === 'pull_request' && event.action === 'labeled' && event.label?.name === input.approvalLabel;
  if (labeled) {
    const who = event.sender?.login ?? 'someone';
    if (input.labelerPermission && WRITE.includes(input.labelerPermission)) {
      return {
        allowed: true,
        reason:
          `${who} (${input.labelerPermission} access) approved commit ` +
          `${pr.head?.sha?.slice(0, 7) ?? ''} of the fork ${head ?? '(deleted)'} with the ${input.approvalLabel} label`,
      };
    }
    return {
      allowed: false,
      reason:
        `${who} applied ${input.approvalLabel} but has ` +
        `${input.labelerPermission ?? 'unknown'} access; only someone ` +
        `with write access can approve a fork's code for the GPU runners`,
    };
  }
  const hasLabel = (pr.labels ?? []).some((l) => l.name === input.approvalLabel);
  return {
    allowed: false,
    reason: hasLabel
      ? `the fork ${head ?? '(deleted)'} has new commits since it was ` +
        `approved: a maintainer must apply ${input.approvalLabel} again for this commit`
      : `the pull request comes from the fork ${head ?? '(deleted)'}: a maintainer ` +
        `reviews it and applies the ${input.approvalLabel} label to build it on the GPU runners`,
  };
}
