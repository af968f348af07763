import type { Octokit } from './octokit.js';

/** The HTML comment that identifies trt-ci's sticky comment for one report key. */
export function commentMarker(key: string): string {
  return `<!-- trt-ci:sticky-comment key=${key.replace(/--/g, '-')} -->`;
}

/**
 * Who the token is, so that only comments it wrote are updated (anyone can paste the marker). GraphQL's
 * viewer answers for every kind of token: the GITHUB_TOKEN (github-actions[bot]), a GitHub App's
 * installation token (its bot) and a personal token; REST /user does not for the first two.
 */
export async function tokenIdentity(octokit: Octokit): Promise<string> {
  try {
    const { viewer } = await octokit.graphql<{ viewer: { login: string } }>('query { viewer { login } }');
    return viewer.login;
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
  /** The workflow file posting it: another workflow's comment with the same key is not ours. */
  workflow: string | null;
}

/** The second marker: which workflow wrote the comment (comments from before it carry none). */
function workflowMarker(workflow: string): string {
  return `<!-- trt-ci:workflow=${workflow.replace(/--/g, '-')} -->`;
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
  const own = comment.workflow ? workflowMarker(comment.workflow) : null;
  const marked = comment.body.startsWith(marker) ? comment.body : `${marker}\n${comment.body}`;
  const body = own ? marked.replace(marker, `${marker}\n${own}`) : marked;
  // The markers count only where trt-ci writes them, as the first lines: a report line quoting another
  // key's marker (a log line can carry anything) must not make that key's run overwrite this comment.
  const ours = (text: string) => {
    if (!text.startsWith(`${marker}\n`) && text !== marker) return false;
    const second = text.slice(marker.length + 1).split('\n', 1)[0]!;
    return !own || !second.startsWith('<!-- trt-ci:workflow=') || second === own;
  };
  // Page by page, stopping at the first page that holds ours: 5,000 comments need not cost 50 requests.
  let mine: { id: number } | undefined;
  const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
    owner: comment.owner,
    repo: comment.repo,
    issue_number: comment.issueNumber,
    per_page: 100,
  });
  for await (const page of pages) {
    mine = page.data.find((c) => c.user?.login === author && ours(c.body ?? ''));
    if (mine) break;
  }
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
