// The engine history on a branch of the repository (history-branch:, default trt-ci-data; docs/history.md),
// through the REST API with the job's token (contents: write), never a checkout. A run adds its lines to its
// month's file (history/store.ts's layout): the file is read, the lines added, and it is written back with the
// blob sha it was read at, so that of two runs writing at once the second is refused (409) and reads again:
// no line is lost and each write is whole. The branch is made on the first write, as an orphan holding only
// the history. Reading takes the tree once and a blob per month file: a year is a dozen requests.
import type { Octokit } from './octokit.js';
import { isMonthFile } from '../contract/history.js';

export interface HistoryBranch {
  owner: string;
  repo: string;
  branch: string;
  /** The runner's cancel: the request under way is aborted and no other is made. */
  signal?: AbortSignal;
}

const status = (error: unknown) => (error as { status?: number }).status;

/** Times a write that lost the race (another run wrote the file first) is read and tried again. */
const ATTEMPTS = 8;

/** Adds `lines` to the file at `path` on the branch (made when absent), making the branch when it is absent. */
export async function appendToBranch(
  octokit: Octokit,
  where: HistoryBranch,
  path: string,
  lines: string,
  message: string,
): Promise<void> {
  const { owner, repo, branch } = where;
  const request = { signal: where.signal };
  for (let attempt = 1; ; attempt += 1) {
    where.signal?.throwIfAborted();
    const tree = await treeOf(octokit, where);
    if (tree === null) {
      if (await makeBranch(octokit, where, path, lines, message)) return;
      continue;
    }
    const file = tree.find((e) => e.path === path);
    const before = file ? await blobText(octokit, where, file.sha!) : '';
    const content = `${before}${before && !before.endsWith('\n') ? '\n' : ''}${lines}`;
    try {
      await octokit.rest.repos.createOrUpdateFileContents({
        owner,
        repo,
        path,
        branch,
        message,
        content: Buffer.from(content, 'utf8').toString('base64'),
        ...(file && { sha: file.sha }),
        request,
      });
      return;
    } catch (error) {
      // 409: the file moved since it was read; 422: it was made since (no sha given). Read again.
      const raced = status(error) === 409 || status(error) === 422;
      if (!raced || attempt >= ATTEMPTS) throw error;
    }
  }
}

/** An orphan branch holding the one file; false when another run made the branch first (then append to it). */
async function makeBranch(
  octokit: Octokit,
  where: HistoryBranch,
  path: string,
  content: string,
  message: string,
): Promise<boolean> {
  const { owner, repo, branch } = where;
  const request = { signal: where.signal };
  const { data: tree } = await octokit.rest.git.createTree({
    owner,
    repo,
    tree: [{ path, mode: '100644', type: 'blob', content }],
    request,
  });
  const { data: commit } = await octokit.rest.git.createCommit({
    owner,
    repo,
    message: `${message}\n\nThe trt-ci engine history: JSON lines, one file per month of default-branch runs.`,
    tree: tree.sha,
    parents: [],
    request,
  });
  try {
    await octokit.rest.git.createRef({ owner, repo, ref: `refs/heads/${branch}`, sha: commit.sha, request });
    return true;
  } catch (error) {
    // Another run made the branch first (422 "Reference already exists").
    if (status(error) !== 422) throw error;
    return false;
  }
}

type TreeEntry = { path?: string; sha?: string; type?: string };

/** The branch's files, or null when there is no such branch. A tree GitHub cut short is refused. */
async function treeOf(octokit: Octokit, where: HistoryBranch): Promise<TreeEntry[] | null> {
  const { owner, repo, branch } = where;
  try {
    const { data } = await octokit.rest.git.getTree({
      owner,
      repo,
      tree_sha: branch,
      recursive: 'true',
      request: { signal: where.signal },
    });
    // A tree past GitHub's limits comes back cut: reading part of a history as the whole of it would mislead.
    if (data.truncated) throw new Error(`the tree of ${branch} is too large for one read (GitHub truncated it)`);
    return data.tree;
  } catch (error) {
    if (status(error) === 404) return null;
    throw error;
  }
}

async function blobText(octokit: Octokit, where: HistoryBranch, sha: string): Promise<string> {
  where.signal?.throwIfAborted();
  const { owner, repo } = where;
  const { data } = await octokit.rest.git.getBlob({ owner, repo, file_sha: sha, request: { signal: where.signal } });
  return Buffer.from(data.content, 'base64').toString('utf8');
}

export interface BranchRead {
  files: { path: string; text: string }[];
  /** Per-run files of the layout before month files that were not read (beyond `perRunFiles`). */
  unread: number;
}

/**
 * The newest `months` month files on the branch, and the newest `perRunFiles` per-run files of the layout
 * before them, as text; none when the branch is absent. What was left unread is counted, to be said.
 */
export async function readBranch(
  octokit: Octokit,
  where: HistoryBranch,
  limits: { months: number; perRunFiles: number },
): Promise<BranchRead> {
  const entries = (await treeOf(octokit, where)) ?? [];
  const blobs = entries.filter(
    (e) => e.type === 'blob' && e.path?.startsWith('points/') && e.path.endsWith('.jsonl') && e.sha,
  );
  const byPath = (a: TreeEntry, b: TreeEntry) => a.path!.localeCompare(b.path!);
  const months = blobs.filter((e) => isMonthFile(e.path!)).sort(byPath);
  const perRun = blobs.filter((e) => !isMonthFile(e.path!)).sort(byPath);
  const chosen = [...perRun.slice(-limits.perRunFiles), ...months.slice(-limits.months)];
  const files: BranchRead['files'] = [];
  for (const file of chosen) files.push({ path: file.path!, text: await blobText(octokit, where, file.sha!) });
  return { files, unread: Math.max(0, perRun.length - limits.perRunFiles) };
}
