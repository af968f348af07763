// npm run release -- [--repository owner/name] [--no-build]: a release whose pinned workflows run the code
// of that release.
//
// A caller pins the reusable workflow by commit: `uses: owner/name/.github/workflows/trt-ci.yml@<R>`.
// GitHub then runs the workflow file of commit R, and the action that file names is whatever its own
// `uses:` says: a tag or a branch would move under the caller. So the release is two commits:
//   C  the code (src, dist, action.yml), as main has it;
//   R  C plus one change: every `uses: owner/name@…` of the pack pinned to C by full SHA (and the release's
//      entry in CHANGELOG.md: what changed for a user, written by hand under "## Unreleased" as it landed,
//      grouped Added / Changed / Fixed / Security; the commits are git's to list, not the changelog's).
// R's workflows run C's action, and C's dist is R's dist (R changes workflow files only): a caller who
// pins R runs exactly the code of R. The tag vX.Y.Z names R.
//
// The other way, the job_workflow_sha claim of the OIDC token (the commit of the reusable workflow,
// read at run time, then the action checked out from it), needs `id-token: write` in every caller and
// a checkout of this repository into their job: more permission and more moving parts for the same pin.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    repository: { type: 'string', default: 'trt-ci/trt-ci' },
    'no-build': { type: 'boolean', default: false },
    cwd: { type: 'string', default: process.cwd() },
  },
});
const cwd = values.cwd;
const git = (...args) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
const fail = (message) => {
  process.stderr.write(`release: ${message}\n`);
  process.exit(2);
};

const repository = values.repository;
if (!/^[\w.-]+\/[\w.-]+$/.test(repository)) fail(`--repository: expected owner/name, got "${repository}"`);
if (git('status', '--porcelain')) fail('the work tree has changes: commit them first (the release is of a commit)');
if (!values['no-build']) {
  execFileSync('npm', ['run', 'build'], { cwd, stdio: 'inherit' });
  if (git('status', '--porcelain')) fail('dist/ was not fresh: commit the rebuilt dist/ first');
}
const { version } = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'));
const tag = `v${version}`;
// A release commit counts as the release where its tag did not travel with the clone.
const released = git('tag', '--list', tag) || git('log', '-1', '--format=%H', `--grep=^release ${tag}:`);
if (released) fail(`${tag} exists: raise the version in package.json and run npm run build`);

const changelogFile = join(cwd, 'CHANGELOG.md');
const changelog = existsSync(changelogFile) ? readFileSync(changelogFile, 'utf8') : '';
// What changed for a user, written by hand under "## Unreleased" as it lands: the release's entry.
const unreleased = /^## Unreleased\n([\s\S]*?)(?=^## (?!#)|(?![\s\S]))/m.exec(changelog);
if (!unreleased?.[1]?.trim()) {
  fail(
    'CHANGELOG.md has nothing under "## Unreleased": write what changed for a user there first ' +
      '(### Added, ### Changed, ### Fixed, ### Security)',
  );
}

const code = git('rev-parse', 'HEAD');
// The pack and its copies under .github/workflows, where callers find it.
const files = git('ls-files', 'workflows', '.github/workflows')
  .split('\n')
  .filter((file) => /\/trt-ci[\w-]*\.yml$/.test(file));
// The run action at the root, and the gate and report actions in their folders.
const own = new RegExp(
  `^(\\s*(?:-\\s+)?uses:\\s*)(${repository.replace(/[.]/g, '\\.')}(?:/gate|/report)?)@\\S+(\\s*#.*)?$`,
  'gm',
);
let pinned = 0;
for (const file of files) {
  const text = readFileSync(join(cwd, file), 'utf8');
  const stamped = text.replace(own, (_line, head, action) => {
    pinned += 1;
    return `${head}${action}@${code} # ${tag}`;
  });
  writeFileSync(join(cwd, file), stamped);
}
if (pinned === 0) fail(`no "uses: ${repository}@…" in ${files.join(', ')}: is --repository right?`);
// CHANGELOG.md: this release's entry on top, the notes under "## Unreleased", and where git lists its commits.
// The previous release: the newest release tag; in a clone without tags (they may not travel), the newest
// release commit, by the subject this script gives it.
const tagged = git('tag', '--list', 'v*', '--sort=-v:refname', '--merged', code).split('\n').filter(Boolean)[0];
const committed = /^(\S+) release (v\d+\.\d+\.\d+):/.exec(
  git('log', '-1', '--format=%H %s', '--grep=^release v[0-9]', code),
);
const previous = tagged ?? committed?.[2] ?? null;
const date = git('show', '--no-patch', '--format=%cs', code);
const entry = [
  `## ${tag} (${date})`,
  '',
  `Callers pin \`${repository}/.github/workflows/trt-ci.yml@<this release's commit> # ${tag}\`;`,
  `its actions are those of ${code}.`,
  '',
  unreleased[1].trim(),
  '',
  `Its commits: \`git log --oneline ${previous ? `${previous}..` : ''}${tag}\`.`,
  '',
].join('\n');
const heading = '# Changelog\n\nEach release of trt-ci, newest first, written by `npm run release`.\n\n';
const older = changelog.replace(heading, '').replace(unreleased[0], '');
writeFileSync(changelogFile, `${heading}${entry}\n${older}`.replace(/\n{3,}/g, '\n\n'));
git('add', ...files, 'CHANGELOG.md');
git('commit', '--quiet', '-m', `release ${tag}: the pack runs the action of ${code.slice(0, 12)}`);
git('tag', '--annotate', tag, '--message', `trt-ci ${tag}`);
const release = git('rev-parse', 'HEAD');
process.stdout.write(
  `${tag}: ${release} (the pack pinned to ${code}, ${pinned} uses: lines)\n` +
    `callers: uses: ${repository}/.github/workflows/trt-ci.yml@${release} # ${tag}\n` +
    `push: git push origin HEAD ${tag}\n`,
);
