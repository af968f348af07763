/**
 * Whether a workflow run may use the self-hosted GPU runners. Code from a fork runs there only after
 * someone with write access approved this very commit (a `/gpu-ok <sha>` comment), or when its
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
    comment?: { body?: string };
    pull_request?: {
      head?: { repo?: { full_name?: string } | null; sha?: string };
      user?: { login?: string };
      labels?: { name?: string }[];
    };
  };
  /** For an issue_comment: the pull request it is on, as the API says it is now (head commit and repo). */
  currentPullRequest?: { headSha: string; headRepo: string | null } | null;
  /**
   * For a `/gpu-ok <prefix>` shorter than a full SHA: the one commit the repository resolves it to (the API's
   * `GET /commits/{ref}`), or why it resolves to none (unknown, or shared by several commits).
   */
  resolvedApproval?: { sha: string } | { problem: string } | null;
  approvalLabel: string;
  trustedActors: readonly string[];
  /**
   * The permission of whoever commented /gpu-ok (admin, maintain, write, triage, read, none), when looked up.
   */
  labelerPermission: string | null;
}

export interface GateDecision {
  allowed: boolean;
  reason: string;
  /** The fork commit that was approved: the build checks out exactly this one, never a later push. */
  sha?: string;
  /** The repository that commit is in (the fork). */
  repository?: string;
}

/** "/gpu-ok 1a2b3c4" on a line of its own: the approval names the commit it was given for. */
const APPROVAL_COMMENT = /^\/gpu-ok\s+([0-9a-f]{7,40})\s*$/m;

/** The commit prefix a `/gpu-ok` comment names, or null when the body holds no approval. */
export function approvalPrefix(body: string | undefined): string | null {
  return APPROVAL_COMMENT.exec(body ?? '')?.[1] ?? null;
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
  if (input.eventName === 'issue_comment') return decideComment(input);
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
  const sha = pr.head?.sha ?? '<sha>';
  const labeled = event.action === 'labeled' && event.label?.name === input.approvalLabel;
  if (labeled) {
    // The label names no commit, and this run (its workflow file the fork's, its token read-only) could not
    // report what it built: a fork's commit is approved by the comment, whose run is the base repository's.
    return {
      allowed: false,
      reason:
        `${event.sender?.login ?? 'someone'} applied ${input.approvalLabel} to the fork ${head ?? '(deleted)'}'s ` +
        `pull request; a fork's commit is approved with a comment that names it: /gpu-ok ${sha}`,
    };
  }
  const hasLabel = (pr.labels ?? []).some((l) => l.name === input.approvalLabel);
  return {
    allowed: false,
    reason:
      `the pull request comes from the fork ${head ?? '(deleted)'}: a maintainer reviews commit ${sha.slice(0, 12)} ` +
      `and comments /gpu-ok ${sha} to build it on the GPU runners` +
      (hasLabel ? ` (the ${input.approvalLabel} label approves no fork commit)` : ''),
  };
}

/**
 * A `/gpu-ok <sha>` comment by someone with write access approves that commit, and only while it is the
 * pull request's head: a push between the review and the approval is never built on the approval of
 * what came before it (a label cannot say which commit it means).
 */
function decideComment(input: GateInput): GateDecision {
  const wanted = approvalPrefix(input.event.comment?.body);
  const who = input.event.sender?.login ?? 'someone';
  if (!wanted) return { allowed: false, reason: 'the comment is not an approval (/gpu-ok <commit sha>)' };
  // The sender of an edited or deleted comment is whoever edited or deleted it, not who wrote the approval:
  // a maintainer tidying up an outsider's "/gpu-ok <sha>" must not approve it.
  if (input.event.action !== 'created') {
    return {
      allowed: false,
      reason:
        `a ${input.event.action ?? 'changed'} comment approves nothing: only a new /gpu-ok comment by someone ` +
        'with write access does',
    };
  }
  if (!input.labelerPermission || !WRITE.includes(input.labelerPermission)) {
    return {
      allowed: false,
      reason:
        `${who} has ${input.labelerPermission ?? 'unknown'} access; only someone with write access can ` +
        "approve a fork's code for the GPU runners",
    };
  }
  const current = input.currentPullRequest;
  if (!current) return { allowed: false, reason: 'the comment is not on an open pull request' };
  if (!current.headSha.startsWith(wanted)) {
    return {
      allowed: false,
      reason:
        `${who} approved ${wanted}, but the pull request's head is now ${current.headSha.slice(0, 7)}: ` +
        'approve the new commit after reviewing it',
    };
  }
  // A prefix is the commit the repository resolves it to, and must be the head itself: a fork can make a
  // commit that shares 7 (or 12) hex digits with the reviewed one and push it before the gate runs.
  if (wanted.length < current.headSha.length) {
    const resolved = input.resolvedApproval;
    if (!resolved || 'problem' in resolved || resolved.sha !== current.headSha) {
      const why = !resolved
        ? 'it was not resolved'
        : 'problem' in resolved
          ? resolved.problem
          : `it names ${resolved.sha.slice(0, 12)}, not the head`;
      return {
        allowed: false,
        reason:
          `${who} approved ${wanted}, which is not exactly the head ${current.headSha} (${why}): approve with ` +
          `the full SHA, /gpu-ok ${current.headSha}`,
      };
    }
  }
  return {
    allowed: true,
    reason: `${who} (${input.labelerPermission} access) approved commit ${current.headSha.slice(0, 7)} with /gpu-ok`,
    sha: current.headSha,
    // A branch of this repository builds in the trusted job; only a fork's commit goes to build-fork.
    ...(current.headRepo && current.headRepo !== input.repository && { repository: current.headRepo }),
  };
}
