// The engine history on a branch of the repository (history-branch:, default trt-ci-data; docs/history.md),
// through the REST API with the job's token (contents: write), never a checkout: a run adds one new file
// (history/store.ts's layout), so runners writing at once never conflict, and nothing is rewritten. The
// branch is made on the first write, as an orphan holding only the history. Reading takes the newest runs'
// files as text; the history stage parses them (history/store.ts), skipping what is not a point.
import type { Octokit } from './octokit.js';

export interface HistoryBranch {
  owner: string;
  repo: string;
  branch: string;
  /** The runner's cancel: the request under way is aborted and no other is made. */
  signal?: AbortSignal;
}

const status = (error: unknown) => (error as { status?: number }).status;

/** Adds `content` at `path` on the branch, making the branch when it does not exist yet. */
export async function appendToBranch(
  octokit: Octokit,
  where: HistoryBranch,
  path: string,
  content: string,
  message: string,
): Promise<void> {
  const { owner, repo, branch } = where;
  const request = { signal: where.signal };
  const put = () =>
    octokit.rest.repos.createOrUpdateFileContents({
      owner,
      repo,
      path,
      branch,
      message,
      content: Buffer.from(content, 'utf8').toString('base64'),
      request,
    });
  try {
    await put();
    return;
  } catch (error) {
    // 404: no such branch yet (GitHub says "Branch trt-ci-data not found"); anything else is an error.
    if (status(error) !== 404) throw error;
  }
  const { data: tree } = await octokit.rest.git.createTree({
    owner,
    repo,
    tree: [{ path, mode: '100644', type: 'blob', content }],
    request,
  });
  const { data: commit } = await octokit.rest.git.createCommit({
    owner,
    repo,
    message: `${message}\n\nThe trt-ci engine history: JSON lines, one file per default-branch run.`,
    tree: tree.sha,
    parents: [],
    request,
  });
  try {
    await octokit.rest.git.createRef({ owner, repo, ref: `refs/heads/${branch}`, sha: commit.sha, request });
  } catch (error) {
    // Another run made the branch first (422 "Reference already exists"): add the file to it.
    if (status(error) !== 422) throw error;
    await put();
  }
}

/** The newest `runs` files on the branch (by path: points/<date>/...), as text; none when it is absent. */
export async function readBranch(
  octokit: Octokit,
  where: HistoryBranch,
  runs: number,
): Promise<{ path: string; text: string }[]> {
  const { owner, repo, branch } = where;
  const request = { signal: where.signal };
  let entries: { path?: string; sha?: string; type?: string }[];
  try {
    const { data } = await octokit.rest.git.getTree({ owner, repo, tree_sha: branch, recursive: 'true', request });
    // A tree past GitHub's limits comes back cut: reading part of a history as the whole of it would mislead.
    if (data.truncated) throw new Error(`the tree of ${branch} is too large for one read (GitHub truncated it)`);
    entries = data.tree;
  } catch (error) {
    if (status(error) === 404) return [];
    throw error;
  }
  const files = entries
    .filter((e) => e.type === 'blob' && e.path?.startsWith('points/') && e.path.endsWith('.jsonl') && e.sha)
    .sort((a, b) => a.path!.localeCompare(b.path!))
    .slice(-runs);
  const texts: { path: string; text: string }[] = [];
  for (const file of files) {
    where.signal?.throwIfAborted();
    const { data } = await octokit.rest.git.getBlob({ owner, repo, file_sha: file.sha!, request });
    texts.push({ path: file.path!, text: Buffer.from(data.content, 'base64').toString('utf8') });
  }
  return texts;
}
