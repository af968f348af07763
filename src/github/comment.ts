import type { Octokit } from './octokit.js';

/** The HTML comment that identifies trt-ci's sticky comment for one report key. */
export function commentMarker(key: string): string {
  return `<!-- trt-ci:sticky-comment key=${key.replace(/--/g, '-')} -->`;
}

/**
 * Who the token is, so that only comments it wrote are updated (anyone can paste the marker). The
 * GITHUB_TOKEN cannot read /user; its comments are written by github-actions[bot].
 */
export async function tokenIdentity(octokit: Octokit): Promise<string> {
  try {
    const { data } = await octokit.rest.users.getAuthenticated();
    return data.login;
  } catch {
    return 'github-actions[bot]';
  }
}

export interface StickyComment {
  owner: string;
  repo: string;
  issueNumber: number;
  key: string;
  body: string;
}

/**
 * Updates the comment this identity wrote before for the key, or creates it (when `create`): never a
 * second one, however many comments the pull request has. Null when there was none and none was made.
 */
export async function upsertStickyComment(
  octokit: Octokit,
  comment: StickyComment,
  author: string,
  create = true,
): Promise<{ id: number; created: boolean } | null> {
  const marker = commentMarker(comment.key);
  const body = comment.body.startsWith(marker) ? comment.body : `${marker}\n${comment.body}`;
  const comments = await octokit.paginate(octokit.rest.issues.listComments, {
    owner: comment.owner,
    repo: comment.repo,
    issue_number: comment.issueNumber,
    per_page: 100,
  });
  const mine = comments.find((c) => c.user?.login === author && c.body?.includes(marker));
  if (mine) {
    await octokit.rest.issues.updateComment({ owner: comment.owner, repo: comment.repo, comment_id: mine.id, body });
    return { id: mine.id, created: false };
  }
  if (!create) return null;
  const { data } = await octokit.rest.issues.createComment({
    owner: comment.owner,
    repo: comment.repo,
    issue_number: comment.issueNumber,
    body,
  });
  return { id: data.id, created: true };
}
