// The release procedure (scripts/release.mjs) on a clone of this repository: a caller who pins the
// reusable workflow at the release commit runs the action of that same code, and nothing in the pack
// moves under them.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { unpinnedActions } from './support/workflow-rules.js';

const root = join(import.meta.dirname, '..');
const clone = mkdtempSync(join(tmpdir(), 'trt-ci-release-'));
afterAll(() => rmSync(clone, { recursive: true, force: true }));
const env = {
  ...process.env,
  GIT_AUTHOR_NAME: 'release test',
  GIT_AUTHOR_EMAIL: 'release@example.com',
  GIT_COMMITTER_NAME: 'release test',
  GIT_COMMITTER_EMAIL: 'release@example.com',
};
const git = (...args: string[]) => execFileSync('git', args, { cwd: clone, encoding: 'utf8', env }).trim();
const release = () =>
  spawnSync(process.execPath, [join(clone, 'scripts', 'release.mjs'), '--no-build', '--cwd', clone], {
    encoding: 'utf8',
    env,
  });
/** Each `uses:` of this repository's own action in a file at a commit, as written. */
const ownUses = (commit: string, file: string) =>
  [...git('show', `${commit}:${file}`).matchAll(/uses:\s*(trt-ci\/trt-ci(?:\/gate|\/report)?@\S+)/g)].map((m) => m[1]!);

describe('a release', () => {
  // Without tags: this repository's own releases would make the version taken.
  execFileSync('git', ['clone', '--quiet', '--no-tags', '--no-hardlinks', root, clone], { env });
  // The code commit of this test's release: never a release commit itself (when this repository's HEAD is
  // one, as right after npm run release, the changelog rightly leaves its subject out).
  // A version no commit of this repository released (its own release commits count, tags or not).
  const pkg = join(clone, 'package.json');
  writeFileSync(pkg, readFileSync(pkg, 'utf8').replace(/"version": "[^"]+"/, '"version": "99.0.0"'));
  // What changed for a user, as a developer writes it under "## Unreleased" (whatever main has there now).
  const changelogFile = join(clone, 'CHANGELOG.md');
  const NOTES = '### Fixed\n\n- A fix this test releases, said for a user.';
  const heading = '# Changelog\n\nEach release of trt-ci, newest first, written by `npm run release`.\n\n';
  const kept = readFileSync(changelogFile, 'utf8')
    .replace(heading, '')
    .replace(/^## Unreleased\n[\s\S]*?(?=^## )/m, '');
  writeFileSync(changelogFile, `${heading}## Unreleased\n\n${NOTES}\n\n${kept}`);
  git('commit', '--quiet', '-am', 'the code this test releases');
  const code = git('rev-parse', 'HEAD');

  it("pins every uses: of the pack to the code commit, which is the release commit's parent", () => {
    const result = release();
    expect(result.status, result.stderr).toBe(0);
    const pinned = git('rev-parse', 'HEAD');
    expect(git('rev-parse', 'HEAD^')).toBe(code);
    expect(git('describe', '--tags', '--exact-match', pinned)).toMatch(/^v\d+\.\d+\.\d+$/);
    // The release commit changes the pack's workflow files and the changelog, nothing else.
    const changed = git('diff', '--name-only', code, pinned).split('\n');
    expect(changed).toContain('CHANGELOG.md');
    const workflows = changed.filter((f) => f !== 'CHANGELOG.md');
    expect(workflows.every((f) => /^(\.github\/)?workflows\/trt-ci[\w-]*\.yml$/.test(f))).toBe(true);
    // Its entry is on top: the notes written by hand under "## Unreleased" (the heading gone), and where git
    // lists its commits; no commit subject is copied in.
    const changelog = git('show', `${pinned}:CHANGELOG.md`);
    const tag = git('describe', '--tags', '--exact-match', pinned);
    expect(changelog.split('\n').find((l) => l.startsWith('## '))).toMatch(
      new RegExp(`^## ${tag} \\(\\d{4}-\\d\\d-\\d\\d\\)$`),
    );
    const entry = changelog.slice(
      changelog.indexOf(`## ${tag}`),
      changelog.indexOf('\n## ', changelog.indexOf(`## ${tag}`)),
    );
    expect(changelog).not.toContain('## Unreleased');
    expect(entry).toContain(NOTES);
    expect(entry).toMatch(/^Its commits: `git log --oneline (v\d+\.\d+\.\d+\.\.)?v99\.0\.0`\.$/m);
    expect(entry).not.toContain(git('show', '--no-patch', '--format=%s', code));
    for (const file of workflows) {
      // No exemption for our own action: every uses: is a full SHA (with its version) or local.
      expect(unpinnedActions(git('show', `${pinned}:${file}`))).toEqual([]);
      const own = ownUses(pinned, file);
      expect(own.length, file).toBeGreaterThan(0);
      // The run action, and the gate and report actions in their folders, all of the code commit.
      for (const uses of own) expect(uses).toMatch(new RegExp(`^trt-ci/trt-ci(/gate|/report)?@${code}$`));
    }
    expect(result.stdout).toContain(`uses: trt-ci/trt-ci/.github/workflows/trt-ci.yml@${pinned}`);
  });

  it('a caller pinned to the release commit runs the code of that commit', () => {
    const pinned = git('rev-parse', 'HEAD');
    // GitHub runs the workflow file of the pinned commit; the action it names is the code commit's.
    const [action] = ownUses(pinned, '.github/workflows/trt-ci.yml');
    const actionCommit = action!.split('@')[1]!;
    // That action (its action.yml and bundle) is byte for byte the release commit's.
    for (const path of ['action.yml', 'gate/action.yml', 'report/action.yml', 'dist']) {
      expect(git('rev-parse', `${actionCommit}:${path}`), path).toBe(git('rev-parse', `${pinned}:${path}`));
    }
  });

  it('refuses a release with nothing written under "## Unreleased"', () => {
    // The release above took the notes: the next version has none yet.
    writeFileSync(pkg, readFileSync(pkg, 'utf8').replace(/"version": "[^"]+"/, '"version": "99.0.1"'));
    git('commit', '--quiet', '-am', 'a version with no notes');
    const bare = release();
    expect(bare.status).toBe(2);
    expect(bare.stderr).toMatch(/release: CHANGELOG\.md has nothing under "## Unreleased"/);
    expect(git('tag', '--list', 'v99.0.1')).toBe('');
    git('reset', '--quiet', '--hard', 'HEAD^');
  });

  it('refuses to release the same version twice, or a tree with changes', () => {
    const again = release();
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(/release: v\d+\.\d+\.\d+ exists: raise the version/);
    // Without its tag (tags may not travel with a clone), the release commit still says it was released.
    git('tag', '--delete', 'v99.0.0');
    expect(release().stderr).toMatch(/release: v99\.0\.0 exists: raise the version/);
    execFileSync('sh', ['-c', 'echo change >> README.md'], { cwd: clone });
    const dirty = release();
    expect(dirty.status).toBe(2);
    expect(dirty.stderr).toContain('the work tree has changes');
  });
});
