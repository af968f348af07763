// The pack as GitHub would run it (test/support/pack-runner.ts), with examples/engines.yml's inputs, for the
// events a repository sends it: a push to the default branch, a pull request from a branch and from a fork,
// labels, a /gpu-ok approval, and the fork's comment workflow. For each: what is built and checked out, where
// the check runs and the comment land, and which base engine the latency A/B used.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import type { Report } from '../src/contract/report.js';
import { OciClient } from '../src/cache/oci-client.js';
import { startGitHubApi, type GitHubApi } from './support/github-api.js';
import { registryInstalled, startRegistry, type TestRegistry } from './support/registry.js';
import { makeRunner } from './support/harness.js';
import {
  type PackEvent,
  type PackWorld,
  readWorkflow,
  runWorkflow,
  type WorkflowRun,
  artifactZip,
} from './support/pack-runner.js';

const REPO = 'acme/engines';
const FORK = 'someone/engines';
const sha = (c: string) => c.repeat(40);
const [MAIN, HEAD, FORK_HEAD, DRAFT_HEAD, MERGE] = [sha('b'), sha('c'), sha('f'), sha('d'), sha('e')];

// Built on H200s for an L4 and an H100: ampere+, so that every target loads the plan (a target it cannot
// load on fails the build job: fail-on's deploy, in its default).
const CONFIG =
  'output-dir: out\ndeploy:\n  - { name: edge-l4, gpu: L4 }\n  - { name: h100, gpu: H100 }\n' +
  'models:\n  - name: m\n    onnx: m.onnx\n    benchmark: ab\n' +
  '    extra-args: [--hardwareCompatibilityLevel=ampere+]\n' +
  '    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]\n';

/** A project at a commit: trt-ci.yml and an ONNX whose bytes differ per commit (so the plans do). */
function project(content: string): string {
  const runner = makeRunner();
  writeFileSync(join(runner.dir, 'm.onnx'), `onnx of ${content}\n`);
  runner.writeConfig(CONFIG);
  return runner.dir;
}

const caller = parseDocument(
  readFileSync(join(import.meta.dirname, '..', 'examples', 'engines.yml'), 'utf8'),
).toJS() as { jobs: { engines: { with: Record<string, string> } } };
const WITH = caller.jobs.engines.with;
const RUNNERS = JSON.parse(WITH.runners!) as string[][];

const pull = (number: number, head: string, from: string, extra: Record<string, unknown> = {}) => ({
  number,
  draft: false,
  state: 'open',
  head: { sha: head, ref: 'feature', repo: { full_name: from } },
  base: { sha: MAIN, ref: 'main', repo: { full_name: REPO } },
  user: { login: from === REPO ? 'dev' : 'someone' },
  labels: [],
  ...extra,
});
const PULLS: Record<number, ReturnType<typeof pull>> = {
  7: pull(7, HEAD, REPO),
  8: pull(8, FORK_HEAD, FORK),
  9: pull(9, DRAFT_HEAD, REPO, { draft: true }),
  10: pull(10, sha('a'), REPO),
};
const repository = { full_name: REPO, default_branch: 'main' };

let api: GitHubApi;
const world: PackWorld = {
  api: { url: '' },
  repository: REPO,
  runs: [],
  env: { TRT_CI_GITHUB_BACKOFF_MS: '10' },
  checkout: () => '',
};
const projects = new Map<string, string>();
const at = (key: string) => {
  if (!projects.has(key)) projects.set(key, project(key));
  return projects.get(key)!;
};
world.checkout = (repo, ref, event) => {
  if (repo === FORK) return at(`fork@${ref}`);
  if (ref) return at(`${repo}@${ref}`);
  // The event's own ref: a push's commit, or a pull request's merge commit of its head.
  const pr = event.payload.pull_request as { head: { sha: string } } | undefined;
  return at(pr ? `${REPO}@${pr.head.sha}` : `${REPO}@${event.sha}`);
};

beforeAll(async () => {
  const artifactsOf = (runId: number) => world.runs.find((r) => r.id === runId)?.artifacts ?? new Map<string, string>();
  const ids = new Map<number, { runId: number; name: string }>();
  const idOf = (runId: number, name: string) => {
    for (const [id, a] of ids) if (a.runId === runId && a.name === name) return id;
    const id = 5000 + ids.size;
    ids.set(id, { runId, name });
    return id;
  };
  const route = (key: string) => {
    const [method, path] = key.split(' ') as [string, string];
    if (method !== 'GET') return undefined;
    if (path === '/repos/acme/engines/pulls') {
      return (url: URL) => {
        const [owner, branch] = (url.searchParams.get('head') ?? ':').split(':');
        const open = Object.values(PULLS).filter(
          (p) => p.head.repo.full_name.startsWith(`${owner}/`) && p.head.ref === branch,
        );
        return { status: 200, body: open };
      };
    }
    let m = /^\/repos\/acme\/engines\/pulls\/(\d+)$/.exec(path);
    if (m) return () => ({ status: 200, body: PULLS[Number(m![1])] });
    if (/^\/repos\/acme\/engines\/collaborators\/[^/]+\/permission$/.test(path)) {
      return () => ({ status: 200, body: { permission: 'write' } });
    }
    if (path === '/repos/acme/engines/actions/workflows/engines.yml/runs') {
      return (url: URL) => {
        const runs = world.runs
          .filter((r) => r.event === url.searchParams.get('event') && r.ranJobs.length > 0)
          .reverse()
          .map((r) => ({ id: r.id, head_sha: r.headSha, head_repository: { full_name: r.headRepository } }));
        return { status: 200, body: { total_count: runs.length, workflow_runs: runs } };
      };
    }
    m = /^\/repos\/acme\/engines\/actions\/runs\/(\d+)\/artifacts$/.exec(path);
    if (m) {
      return (url: URL) => {
        const runId = Number(m![1]);
        const artifacts = [...artifactsOf(runId).keys()]
          .filter((name) => !url.searchParams.get('name') || name === url.searchParams.get('name'))
          .map((name) => ({ id: idOf(runId, name), name, expired: false }));
        return { status: 200, body: { total_count: artifacts.length, artifacts } };
      };
    }
    m = /^\/repos\/acme\/engines\/actions\/artifacts\/(\d+)\/zip$/.exec(path);
    if (m) {
      return (_url: URL, base: string) => ({
        status: 302,
        body: {},
        headers: { location: `${base}/blob/${m![1]}.zip` },
      });
    }
    m = /^\/blob\/(\d+)\.zip$/.exec(path);
    if (m) {
      return () => {
        const { runId, name } = ids.get(Number(m![1]))!;
        return { status: 200, body: artifactZip(artifactsOf(runId).get(name)!) };
      };
    }
    if (path.startsWith('/repos/acme/engines/compare/')) {
      return () => ({ status: 200, body: { merge_base_commit: { sha: MAIN } } });
    }
    return undefined;
  };
  const routes = new Proxy({}, { get: (_t, key) => (typeof key === 'string' ? route(key) : undefined) });
  api = await startGitHubApi({ routes: routes as never });
  world.api.url = api.url;
});
afterAll(async () => api?.close());

const pullRequestEvent = (action: string, number: number, extra: Record<string, unknown> = {}): PackEvent => ({
  name: 'pull_request',
  payload: { action, number, pull_request: PULLS[number], repository, sender: { login: 'maint' }, ...extra },
  sha: MERGE,
  ref: `refs/pull/${number}/merge`,
});

const jobs = (run: WorkflowRun) => run.ranJobs.map((j) => j.job);
const builds = (run: WorkflowRun) => run.ranJobs.filter((j) => j.job.startsWith('build'));
/** The requests to GitHub since `from`, as "METHOD path". */
const since = (from: number) => api.requests.slice(from);
const checkRunsSince = (from: number) =>
  since(from)
    .filter((r) => r.method === 'POST' && r.path.endsWith('/check-runs'))
    .map((r) => ({ name: (r.body as { name: string }).name, head: (r.body as { head_sha: string }).head_sha }));
const commentsSince = (from: number) =>
  since(from)
    .filter((r) => r.method === 'POST' && /\/issues\/\d+\/comments$/.test(r.path))
    .map((r) => Number(/issues\/(\d+)\//.exec(r.path)![1]));

describe('the pack, event by event (issue 25)', () => {
  const pack = 'workflows/trt-ci.yml';

  it('a push to the default branch builds on every runner type, uploads its plans, reports on its commit', async () => {
    const from = api.requests.length;
    const run = await runWorkflow(
      world,
      pack,
      {
        name: 'push',
        payload: { ref: 'refs/heads/main', after: MAIN, repository },
        sha: MAIN,
        ref: 'refs/heads/main',
      },
      WITH,
    );
    expect(jobs(run)).toEqual(['gate', 'build-default', 'build-default', 'history']);
    for (const [i, job] of builds(run).entries()) {
      expect(job.steps.find((s) => s.checkout)!.checkout).toEqual({ repository: REPO, ref: '' });
      expect(job.concurrency).toEqual({
        group: `trt-ci-engines-refs/heads/main-${RUNNERS[i]!.join('-')}-1`,
        cancelInProgress: false,
      });
      const trt = job.steps.find((s) => s.step === 'trt')!.action!;
      expect(trt.code, trt.log).toBe(0);
      // The base engines of the pull requests to come: plans-trt-ci-<runner labels>.
      const plans = job.steps.find((s) => s.uploaded?.name.startsWith('plans-'))!.uploaded!;
      expect(plans).toEqual({
        name: `plans-trt-ci-${RUNNERS[i]!.join('-')}`,
        files: ['m.p.layers.json', 'm.p.plan', 'manifest.json'],
      });
    }
    expect(checkRunsSince(from)).toEqual(RUNNERS.map((r) => ({ name: `trt-ci (${r.join('-')})`, head: MAIN })));
    expect(commentsSince(from)).toEqual([]);
    // The history job: the two runner types' engines, one file on the history branch, and the dashboard.
    const history = run.ranJobs.find((j) => j.job === 'history')!;
    const kept = history.steps.find((s) => s.action)!.action!;
    expect(kept.code, kept.log).toBe(0);
    const files = [...api.branches.get('trt-ci-data')!.entries()];
    expect(files).toHaveLength(1);
    expect(files[0]![0]).toMatch(/^points\/\d{4}-\d\d\.jsonl$/);
    const points = files[0]![1]
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(points.map((p) => [p.commit, p.key.model, p.key.gpu])).toEqual([
      [MAIN, 'm', 'NVIDIA H200'],
      [MAIN, 'm', 'NVIDIA H200'],
    ]);
    expect(history.steps.find((s) => s.uploaded)!.uploaded).toEqual({
      name: 'history-dashboard',
      files: ['index.html'],
    });
    expect(jobs(run)).not.toContain('pages');
  });

  it(
    "a pull request from a branch: built on its head, A/B against the base branch's uploaded plans, " +
      'one check per runner type, one merged check and one comment on the pull request',
    async () => {
      const from = api.requests.length;
      const run = await runWorkflow(world, pack, pullRequestEvent('opened', 7), WITH);
      expect(jobs(run)).toEqual(['gate', 'build', 'build', 'report']);
      for (const job of builds(run)) {
        expect(job.concurrency).toMatchObject({
          group: expect.stringContaining('trt-ci-engines-7-'),
          cancelInProgress: true,
        });
        const trt = job.steps.find((s) => s.step === 'trt')!.action!;
        expect(trt.code, trt.log).toBe(0);
        expect(trt.summary).toContain(`base plans: run ${world.runs[0]!.id} on main at bbbbbbb`);
        expect(trt.summary).not.toContain('No latency A/B');
        const report = JSON.parse(
          readFileSync(resolve(at(`${REPO}@${HEAD}`), trt.outputs['report-path']!), 'utf8'),
        ) as Report;
        const latency = report.builds[0]!.latency!;
        expect(latency.baseEngine).toMatchObject({
          source: 'plans',
          plan: expect.stringMatching(/trt-ci-base-plans-.*\/m\.p\.plan$/),
        });
        expect(['same', 'slower', 'faster', 'inconclusive']).toContain(latency.verdict);
      }
      expect(checkRunsSince(from)).toEqual([
        ...RUNNERS.map((r) => ({ name: `trt-ci (${r.join('-')})`, head: HEAD })),
        { name: 'trt-ci (all runners)', head: HEAD },
      ]);
      expect(commentsSince(from)).toEqual([7]);
      // Where its engine stands against the default branch's history, which the push above began.
      const comment = api.comments.filter((c) => c.issue === 7).at(-1)!.body;
      expect(comment).toMatch(/#### (✅|⚠️) History: \d of \d+ outside the base branch's recent range/);
      // Both runner types are the stand-in's H200: one series, one point per commit (the push's), not two.
      expect(comment).toMatch(/\| m \/ p \| H200 \| plan size \| `▄` \|/);
      expect(api.branches.get('trt-ci-data')!.size).toBe(1); // a pull request never writes it
    },
  );

  it('a label other than the approval label, on a ready pull request, starts nothing (cancels nothing)', async () => {
    const from = api.requests.length;
    const run = await runWorkflow(world, pack, pullRequestEvent('labeled', 7, { label: { name: 'bug' } }), WITH);
    expect(jobs(run)).toEqual([]);
    expect(since(from)).toEqual([]);
    const approval = await runWorkflow(
      world,
      pack,
      pullRequestEvent('labeled', 7, { label: { name: 'gpu-ok' } }),
      WITH,
    );
    expect(jobs(approval)).toEqual([]);
  });

  it('a draft builds nothing until it gets the approval label, then builds its head', async () => {
    const draft = await runWorkflow(world, pack, pullRequestEvent('opened', 9), WITH);
    expect(jobs(draft)).toEqual([]);
    const from = api.requests.length;
    const labeled = await runWorkflow(world, pack, pullRequestEvent('labeled', 9, { label: { name: 'gpu-ok' } }), WITH);
    expect(jobs(labeled)).toEqual(['gate', 'build', 'build', 'report']);
    expect(checkRunsSince(from).at(-1)).toEqual({ name: 'trt-ci (all runners)', head: DRAFT_HEAD });
    expect(commentsSince(from)).toEqual([9]);
  });

  it("a fork's pull request builds nothing; the comment workflow tells it which commit to approve", async () => {
    const run = await runWorkflow(world, pack, pullRequestEvent('opened', 8), WITH);
    expect(jobs(run)).toEqual(['gate']);
    const gate = run.ranJobs[0]!.steps.find((s) => s.step === 'gate')!.action!;
    expect(gate.outputs.allowed).toBe('false');
    expect(gate.summary).toContain(`comments /gpu-ok ${FORK_HEAD}`);
    const from = api.requests.length;
    const comment = await runWorkflow(
      world,
      'workflows/trt-ci-comment.yml',
      {
        name: 'workflow_run',
        payload: {
          action: 'completed',
          repository,
          workflow_run: {
            id: run.id,
            event: 'pull_request',
            head_sha: FORK_HEAD,
            head_branch: 'feature',
            head_repository: { full_name: FORK, owner: { login: 'someone' } },
            pull_requests: [],
          },
        },
        sha: MAIN,
        ref: 'refs/heads/main',
      },
      { 'report-key': WITH.config, runners: WITH.runners },
    );
    expect(jobs(comment)).toEqual(['comment']);
    expect(checkRunsSince(from)).toEqual([{ name: 'trt-ci (all runners)', head: FORK_HEAD }]);
  });

  it(
    'a /gpu-ok comment builds exactly the approved commit of the fork, in build-fork, and reports on the ' +
      "pull request's head, never on the default branch",
    async () => {
      const from = api.requests.length;
      const run = await runWorkflow(
        world,
        pack,
        {
          name: 'issue_comment',
          payload: {
            action: 'created',
            issue: { number: 8, pull_request: { url: 'https://api.github.com/repos/acme/engines/pulls/8' } },
            comment: { body: `Reviewed.\n/gpu-ok ${FORK_HEAD}`, author_association: 'MEMBER' },
            sender: { login: 'maint' },
            repository,
          },
          // GitHub gives a comment's run the default branch's commit and ref.
          sha: MAIN,
          ref: 'refs/heads/main',
        },
        WITH,
      );
      expect(jobs(run)).toEqual(['gate', 'build-fork', 'build-fork', 'report']);
      for (const job of builds(run)) {
        expect(job.steps.find((s) => s.checkout)!.checkout).toEqual({ repository: FORK, ref: FORK_HEAD });
        expect(job.concurrency!.group).toContain('trt-ci-engines-8-');
        const trt = job.steps.find((s) => s.step === 'trt')!.action!;
        expect(trt.code, trt.log).toBe(0);
      }
      // Only the report job, which runs no fork code, writes to GitHub: on the approved head and #8.
      expect(checkRunsSince(from)).toEqual([{ name: 'trt-ci (all runners)', head: FORK_HEAD }]);
      // The sticky comment the fork's own run left ("not built") is the one updated: one comment on #8.
      const on8 = api.comments.filter((c) => c.issue === 8);
      expect(on8).toHaveLength(1);
      expect(on8[0]!.body).not.toContain('awaiting approval');
      expect(on8[0]!.body).toContain('| ✅ | m | p |');
      expect(since(from).some((r) => r.method === 'PATCH' && r.path.endsWith(`/issues/comments/${on8[0]!.id}`))).toBe(
        true,
      );
      expect(since(from).some((r) => r.method === 'POST' && JSON.stringify(r.body ?? '').includes(MAIN))).toBe(false);
    },
  );

  it(
    'deploy targets: each loads the plans on its own runner, and what TensorRT said there is in the matrix, ' +
      'a failing load included',
    async () => {
      const a100 = RUNNERS[0]!;
      const targets = [
        { name: 'edge-l4', 'runs-on': ['self-hosted', 'linux', 'l4'], from: a100 },
        { name: 'h100', 'runs-on': ['self-hosted', 'linux', 'h100'], from: a100 },
      ];
      // The target runners' GPUs, as their trtexec and nvidia-smi see them; the builders are the stand-in's H200.
      world.envFor = (job, matrix) => {
        if (job !== 'deploy') return {};
        const name = (matrix.target as { name: string }).name;
        const [gpu, cc] = name === 'edge-l4' ? ['NVIDIA L4', '8.9'] : ['NVIDIA H100 80GB HBM3', '9.0'];
        // deploy-load checks that it runs on the target: nvidia-smi says the same GPU as trtexec. On the L4 the
        // engine dies when run (a crash no rule predicts): the load fails where the prediction said it loads.
        return {
          TRTEXEC_STANDIN_GPU_NAME: gpu,
          TRTEXEC_STANDIN_GPU_CC: cc,
          NVIDIA_SMI_STANDIN_SET: `name=${gpu};compute_cap=${cc}`,
          ...(name === 'edge-l4' && { TRTEXEC_STANDIN_RUN_CRASH: 'all' }),
        };
      };
      try {
        const run = await runWorkflow(world, pack, pullRequestEvent('opened', 10), {
          ...WITH,
          'deploy-targets': JSON.stringify(targets),
        });
        expect(jobs(run)).toEqual(['gate', 'build', 'build', 'deploy', 'deploy', 'report']);
        const loads = run.ranJobs.filter((j) => j.job === 'deploy');
        const codes = loads.map((j) => j.steps.find((s) => s.step === 'trt')!.action!.code);
        expect(codes).toEqual([1, 0]); // the load on the L4 fails: its job fails, as it should
        expect(loads.map((j) => j.steps.find((s) => s.uploaded)?.uploaded?.name)).toEqual([
          'trt-ci-deploy-edge-l4',
          'trt-ci-deploy-h100',
        ]);
        const comment = api.comments.filter((c) => c.issue === 10).at(-1)!.body;
        // The a100 runner's plans were loaded (seen); the h100 runner's row is still the prediction.
        expect(comment).toMatch(/\| m \/ p \| NVIDIA H200 \| ❌ \(seen\) \| ✅ \(seen\) \|/);
        expect(comment).toMatch(/\| m \/ p \| NVIDIA H200 \| ✅ \| ✅ \|/);
        // The load contradicts the prediction, and says so; the merged check fails on it.
        expect(comment).toMatch(/edge-l4: fails for m \/ p — trtexec exited with a signal \(predicted loads\)/);
      } finally {
        world.envFor = undefined;
      }
    },
  );

  it('shards: 2 with a deploy target: the deploy job loads the plans every shard uploaded (issue 35)', async () => {
    const a100 = RUNNERS[0]!;
    const targets = [{ name: 'h100', 'runs-on': ['self-hosted', 'linux', 'h100'], from: a100 }];
    world.envFor = (job) =>
      job === 'deploy'
        ? {
            TRTEXEC_STANDIN_GPU_NAME: 'NVIDIA H100 80GB HBM3',
            TRTEXEC_STANDIN_GPU_CC: '9.0',
            NVIDIA_SMI_STANDIN_SET: 'name=NVIDIA H100 80GB HBM3;compute_cap=9.0',
          }
        : {};
    try {
      const run = await runWorkflow(world, pack, pullRequestEvent('opened', 10), {
        ...WITH,
        shards: 2,
        'deploy-targets': JSON.stringify(targets),
      });
      const [deploy] = run.ranJobs.filter((j) => j.job === 'deploy');
      const step = deploy!.steps.find((s) => s.step === 'trt')!;
      expect(step.action!.code, step.action!.log).toBe(0);
      const loaded = JSON.parse(readFileSync(step.action!.outputs['deploy-report']!, 'utf8'));
      // (The walkthrough's world keeps the artifacts of its earlier sharded runs too: each shard's m/p, loaded.)
      const seen = loaded.engines.map(
        (e: { model: string; profile: string; verdict: string }) => `${e.model}/${e.profile} ${e.verdict}`,
      );
      expect([seen.length > 0, [...new Set(seen)]]).toEqual([true, ['m/p loads']]);
    } finally {
      world.envFor = undefined;
    }
  });

  it('pages: true publishes the history dashboard after a push; the push adds to its month file', async () => {
    const before = api.branches.get('trt-ci-data')!.size;
    const push = { ref: 'refs/heads/main', after: sha('9'), repository };
    const run = await runWorkflow(
      world,
      pack,
      { name: 'push', payload: push, sha: sha('9'), ref: 'refs/heads/main' },
      {
        ...WITH,
        pages: true,
      },
    );
    expect(jobs(run)).toEqual(['gate', 'build-default', 'build-default', 'history', 'pages']);
    // The push's lines went into the month's file: no new file.
    expect(api.branches.get('trt-ci-data')!.size).toBe(before);
    const history = run.ranJobs.find((j) => j.job === 'history')!;
    expect(history.steps.map((s) => s.uploaded?.name).filter(Boolean)).toEqual(['github-pages', 'history-dashboard']);
    const pages = run.ranJobs.find((j) => j.job === 'pages')!;
    expect(pages.steps[0]!.published).toEqual(['index.html']);
    const page = readFileSync(join(run.artifacts.get('github-pages')!, 'index.html'), 'utf8');
    expect(page).toContain('engines: engine history');
    // Both pushes' points are in the page's data (one series: the stand-in's H200 on both runner types, one
    // point per commit).
    expect(page).toMatch(/"commits":\["bbbbbbbbbbbb","999999999999"\]/);
  });

  it('every request any job made is one GitHub has, with a valid body', () => {
    expect(api.violations).toEqual([]);
  });
});

describe.skipIf(!registryInstalled)('an ARC fleet with a registry cache: ephemeral runners (issue 36)', () => {
  const pack = 'workflows/trt-ci.yml';
  const MAIN_TOKEN = { password: 'main-job-token-1111', pull: ['*'], push: ['acme/*'] };
  const PR_TOKEN = { password: 'pr-job-token-2222', pull: ['*'], push: [] };
  let registry: TestRegistry;
  beforeAll(async () => {
    registry = await startRegistry({ auth: 'token', users: { main: MAIN_TOKEN, pr: PR_TOKEN } });
  });
  afterAll(() => registry?.stop());

  /** A commit of the project with an oci:// cache, checked out into a fresh folder by every job (a new pod). */
  const image = makeRunner();
  const fresh = (commit: string) => {
    const runner = makeRunner();
    writeFileSync(join(runner.dir, 'm.onnx'), 'onnx of the cached model\n');
    const config = CONFIG.replace(
      'output-dir: out\n',
      `output-dir: out\ncache-dir: oci://${registry.host}/acme/trt-cache\n`,
    ).replace('    benchmark: ab\n', '');
    runner.writeConfig(`trtexec: ${image.trtexec}\n${config}`);
    projects.set(`${REPO}@${commit}`, runner.dir);
  };
  // Each job's report as it uploaded it (the jobs of one commit share a checkout here, not on a fleet).
  const built = (run: WorkflowRun) =>
    builds(run).map((job) => {
      const name = job.steps.find((s) => s.uploaded?.name.startsWith('trt-ci-'))!.uploaded!.name;
      const report = JSON.parse(readFileSync(join(run.artifacts.get(name)!, 'report.json'), 'utf8')) as Report;
      return report.builds.map((b) => b.status);
    });

  it('the default branch builds and pushes; a second pull request on fresh pods builds 0', async () => {
    const [pushSha, headSha] = [sha('1'), sha('2')];
    fresh(pushSha);
    const secrets = { TRT_CI_REGISTRY_USERNAME: 'main', TRT_CI_REGISTRY_PASSWORD: MAIN_TOKEN.password };
    const push = await runWorkflow(
      world,
      pack,
      {
        name: 'push',
        payload: { ref: 'refs/heads/main', after: pushSha, repository },
        sha: pushSha,
        ref: 'refs/heads/main',
      },
      WITH,
      'engines.yml',
      secrets,
    );
    expect(jobs(push).filter((j) => j.startsWith('build'))).toEqual(['build-default', 'build-default']);
    // The stand-in's runner types are one GPU model: the second job pulls what the first pushed.
    expect(built(push)).toEqual([['built'], ['cached']]);
    const engines = (await tagsOf(registry)).filter((t) => t.startsWith('engine-'));
    expect(engines).toHaveLength(1);

    // The pull request's job token may read the package and not write it (packages: read).
    PULLS[11] = pull(11, headSha, REPO);
    fresh(headSha);
    const pr = await runWorkflow(world, pack, pullRequestEvent('opened', 11), WITH, 'engines.yml', {
      TRT_CI_REGISTRY_READ_USERNAME: 'pr',
      TRT_CI_REGISTRY_READ_PASSWORD: PR_TOKEN.password,
    });
    expect(jobs(pr).filter((j) => j.startsWith('build'))).toEqual(['build', 'build']);
    expect(built(pr)).toEqual([['cached'], ['cached']]);
    expect(image.calls().filter((c) => c.args.some((a) => a.startsWith('--saveEngine=')))).toHaveLength(1);
    expect((await tagsOf(registry)).filter((t) => t.startsWith('engine-'))).toEqual(engines);
  });

  it('a pull request job gets the read credential only: never the signing key or the push credential', async () => {
    const headSha = sha('3');
    PULLS[12] = pull(12, headSha, REPO);
    fresh(headSha);
    // Every secret the caller has (secrets: inherit): the pack decides which job gets which.
    const all = {
      TRT_CI_CACHE_KEY: 'the-signing-key',
      TRT_CI_REGISTRY_USERNAME: 'main',
      TRT_CI_REGISTRY_PASSWORD: MAIN_TOKEN.password,
      TRT_CI_REGISTRY_READ_USERNAME: 'pr',
      TRT_CI_REGISTRY_READ_PASSWORD: PR_TOKEN.password,
      SOME_OTHER_SECRET: 'not-for-trt-ci',
    };
    const run = await runWorkflow(world, pack, pullRequestEvent('opened', 12), WITH, 'engines.yml', all);
    expect(builds(run).length).toBeGreaterThan(0);
    for (const job of builds(run)) {
      const action = job.steps.find((s) => s.action)!.action!;
      expect(action.env.TRT_CI_REGISTRY_USERNAME).toBe('pr');
      expect(action.env.TRT_CI_REGISTRY_PASSWORD).toBe(PR_TOKEN.password);
      expect(action.env.TRT_CI_CACHE_KEY).toBeUndefined();
      expect(action.env.SOME_OTHER_SECRET).toBeUndefined();
      expect(JSON.stringify(job)).not.toContain(MAIN_TOKEN.password);
      expect(JSON.stringify(job)).not.toContain('the-signing-key');
    }
    // A push to the default branch: its build job gets the key and the push credential.
    const pushSha = sha('4');
    fresh(pushSha);
    const push = await runWorkflow(
      world,
      pack,
      {
        name: 'push',
        payload: { ref: 'refs/heads/main', after: pushSha, repository },
        sha: pushSha,
        ref: 'refs/heads/main',
      },
      WITH,
      'engines.yml',
      all,
    );
    for (const job of builds(push)) {
      const action = job.steps.find((s) => s.action)!.action!;
      expect([action.env.TRT_CI_CACHE_KEY, action.env.TRT_CI_REGISTRY_PASSWORD]).toEqual([
        'the-signing-key',
        MAIN_TOKEN.password,
      ]);
    }
  });
});

async function tagsOf(registry: TestRegistry): Promise<string[]> {
  const client = new OciClient(
    { registry: registry.host, repository: 'acme/trt-cache', plainHttp: true },
    { credentials: { username: 'main', password: 'main-job-token-1111' } },
  );
  return (await client.tags()).sort();
}

describe('the walkthrough runs the real pack', () => {
  it("its jobs are the pack file's", () => {
    expect(Object.keys(readWorkflow('workflows/trt-ci.yml').jobs)).toEqual([
      'gate',
      'build',
      'build-default',
      'build-fork',
      'deploy',
      'report',
      'history',
      'pages',
    ]);
  });
});
