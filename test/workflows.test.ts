import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { data, Evaluator, Lexer, Parser } from '@actions/expressions';
import { NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { artifactNames, REPORT_ARTIFACT_PREFIX } from '../src/github/baseline-artifact.js';
import { decideGate, type GateInput } from '../src/github/gate.js';
import {
  excessPermissions,
  expressionsInRun,
  jobsWithoutPermissions,
  pullRequestTargetCheckouts,
  unpinnedActions,
} from './support/workflow-rules.js';

const root = join(import.meta.dirname, '..');

/** A `${{ }}` value as the runner evaluates it, with the gate's outputs and the job's token. */
function evaluate(
  value: string,
  gate: Record<string, string>,
  event: { event_name: string; ref: string; event: { repository: { default_branch: string } } } = {
    event_name: 'pull_request',
    ref: 'refs/pull/1/merge',
    event: { repository: { default_branch: 'main' } },
  },
  inputs: Record<string, number | string> = {},
): string {
  const inner = /^\$\{\{(.*)\}\}$/s.exec(value.trim())?.[1];
  if (!inner) return value;
  const dict = (entries: Record<string, data.ExpressionData>) =>
    new data.Dictionary(...Object.entries(entries).map(([key, value]) => ({ key, value })));
  const strings = (values: Record<string, string>) =>
    dict(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, new data.StringData(v)])));
  const context = dict({
    inputs: dict(
      Object.fromEntries(
        Object.entries(inputs).map(([k, v]) => [
          k,
          typeof v === 'number' ? new data.NumberData(v) : new data.StringData(v),
        ]),
      ),
    ),
    needs: dict({ gate: dict({ outputs: strings(gate) }) }),
    github: dict({
      token: new data.StringData('ghs_job_token'),
      event_name: new data.StringData(event.event_name),
      ref: new data.StringData(event.ref),
      event: dict({ repository: strings({ default_branch: event.event.repository.default_branch }) }),
    }),
  });
  const functions = new Map([
    [
      'format',
      {
        name: 'format',
        minArgs: 1,
        maxArgs: 10,
        call: (...args: data.ExpressionData[]) =>
          new data.StringData(
            args[0]!.coerceString().replace(/\{(\d+)\}/g, (_m, i: string) => args[Number(i) + 1]!.coerceString()),
          ),
      },
    ],
  ]);
  const expression = new Parser(
    new Lexer(inner).lex().tokens,
    ['inputs', 'needs', 'github'],
    [...functions.values()],
  ).parse();
  return new Evaluator(expression, context, functions).evaluate().coerceString();
}
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const PACK = readdirSync(join(root, 'workflows')).map((f) => `workflows/${f}`);
const ALL = [...PACK, '.github/workflows/ci.yml', 'examples/engines.yml', 'examples/engines-fork-comment.yml'];

/** The most each job of the pack needs. */
const LEAST: Record<string, Record<string, string>> = {
  gate: { contents: 'read' },
  build: { contents: 'read', checks: 'write', actions: 'read', 'pull-requests': 'read', packages: 'read' },
  // A push to the default branch: the one build that may write the registry cache.
  'build-default': { contents: 'read', checks: 'write', actions: 'read', 'pull-requests': 'read', packages: 'write' },
  // A fork's approved commit: no write permission, no token.
  'build-fork': { contents: 'read' },
  // contents: read: the history branch, for where the engines stand.
  report: { 'pull-requests': 'write', checks: 'write', actions: 'read', contents: 'read' },
  deploy: { contents: 'read' },
  // A default-branch push adds one file to the history branch; the pages job publishes its dashboard.
  history: { contents: 'write', actions: 'read' },
  pages: { pages: 'write', 'id-token': 'write' },
  comment: { 'pull-requests': 'write', checks: 'write', actions: 'read' },
  test: { contents: 'read' },
  engines: { contents: 'write', checks: 'write', 'pull-requests': 'write', actions: 'read' },
};

describe('the workflow pack', () => {
  it.each(ALL)("%s parses with GitHub's own workflow parser, without errors", (file) => {
    const result = parseWorkflow({ name: file, content: read(file) }, new NoOperationTraceWriter());
    expect(result.context.errors.getErrors().map((e) => e.message)).toEqual([]);
    expect(result.value).toBeTruthy();
  });

  it.each(ALL)(
    '%s keeps the rules: no ${{ }} in run:, permissions on every job ' +
      'and no more than needed, actions pinned, no pull_request_target checkout',
    (file) => {
      const text = read(file);
      expect(expressionsInRun(text)).toEqual([]);
      expect(jobsWithoutPermissions(text)).toEqual([]);
      expect(excessPermissions(text, LEAST)).toEqual([]);
      // Our own action too: a caller who pinned the pack must not get code that moved (npm run release).
      expect(unpinnedActions(text)).toEqual([]);
      expect(pullRequestTargetCheckouts(text)).toEqual([]);
    },
  );
});

describe('the inputs of the pack', () => {
  const pack = parseDocument(read('workflows/trt-ci.yml')).toJS() as {
    on: { workflow_call: { inputs: Record<string, { default?: unknown }> } };
    jobs: Record<string, { 'runs-on': string; container?: unknown; steps: Record<string, unknown>[] }>;
  };
  const inputs = pack.on.workflow_call.inputs;
  const build = pack.jobs.build!;

  it("each is in the pack's documented table (docs/pack.md), with its default", () => {
    const readme = read('docs/pack.md');
    for (const [name, spec] of Object.entries(inputs)) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
      expect(row, name).toBeDefined();
      if (spec.default !== undefined && spec.default !== '') expect(row, name).toContain(String(spec.default));
    }
  });

  it("reach the jobs: container, LFS, the setup script, plans, and the light jobs' runners", () => {
    expect(build.container).toEqual({ image: '${{ inputs.container }}', options: '${{ inputs.container-options }}' });
    const checkout = build.steps.find((s) => String(s.uses).startsWith('actions/checkout@'))!;
    expect(checkout.with).toMatchObject({ lfs: '${{ inputs.lfs }}' });
    const setup = build.steps.find((s) => s.name === 'Set up (your script)')!;
    // The path reaches the script through env:, never spliced into run:.
    expect(setup).toMatchObject({
      if: "inputs.setup != ''",
      env: { SETUP: '${{ inputs.setup }}' },
      run: 'bash "$SETUP"',
    });
    const trtCi = build.steps.findIndex((s) => s.id === 'trt');
    expect(build.steps.indexOf(setup)).toBeLessThan(trtCi);
    const uploadNamed = (output: string) =>
      build.steps.find((s) => (s.with as { name?: string })?.name === `\${{ steps.trt.outputs.${output} }}`)!;
    const plans = uploadNamed('plans-artifact');
    expect(plans.if).toContain('inputs.upload-plans');
    expect(pack.jobs.gate!['runs-on']).toBe('${{ fromJSON(inputs.gate-runs-on) }}');
    // Shards: the gate makes the list, each job builds its share, names its artifact by it, and the report
    // job expects every shard of every runner.
    const matrix = (build as unknown as { strategy: { matrix: Record<string, string> } }).strategy.matrix;
    expect(matrix.shard).toBe('${{ fromJSON(needs.gate.outputs.shards) }}');
    const step = build.steps.find((s) => s.id === 'trt')!;
    expect(String((step.with as Record<string, string>).shard)).toContain('matrix.shard');
    expect(uploadNamed('report-artifact').if).toContain('always()');
    expect((step.with as Record<string, string>)['report-key']).toBe('${{ env.TRT_CI_JOB }}');
    const report = pack.jobs.report!.steps.find((s) => /^trt-ci\/trt-ci\/report@/.test(String(s.uses)))!;
    expect(report.with).toMatchObject({ shards: '${{ inputs.shards }}', 'expected-runners': '${{ inputs.runners }}' });
    expect(pack.jobs.report!['runs-on']).toBe('${{ fromJSON(inputs.report-runs-on) }}');
  });
});

describe("a fork's approved commit builds in its own job", () => {
  const pack = parseDocument(read('workflows/trt-ci.yml')).toJS() as {
    jobs: Record<string, { if: string; permissions: Record<string, string>; steps: Record<string, unknown>[] }>;
  };
  const { build, 'build-fork': fork, 'build-default': main } = pack.jobs as Record<string, (typeof pack.jobs)[string]>;
  const push = { event_name: 'push', ref: 'refs/heads/main', event: { repository: { default_branch: 'main' } } };
  const pr = {
    event_name: 'pull_request',
    ref: 'refs/pull/3/merge',
    event: { repository: { default_branch: 'main' } },
  };
  const branch = { event_name: 'push', ref: 'refs/heads/topic', event: { repository: { default_branch: 'main' } } };
  const schedule = {
    event_name: 'schedule',
    ref: 'refs/heads/main',
    event: { repository: { default_branch: 'main' } },
  };
  const dispatch = { ...schedule, event_name: 'workflow_dispatch' };

  it('exactly one of the three runs for each gate decision and event', () => {
    for (const github of [push, pr, branch, schedule, dispatch])
      for (const repository of ['', 'someone/engines']) {
        const runs = [build!, main!, fork!].map((job) =>
          evaluate(`\${{ ${job.if} }}`, { allowed: 'true', repository }, github),
        );
        // A push to the default branch and its scheduled runs are what ships: the default branch's job.
        const expected = repository ? 2 : github === push || github === schedule ? 1 : 0;
        expect(runs, `${github.ref} ${repository}`).toEqual([0, 1, 2].map((i) => String(i === expected)));
      }
    expect(evaluate(`\${{ ${fork!.if} }}`, { allowed: 'false', repository: 'someone/engines' })).toBe('false');
    expect(evaluate(`\${{ ${main!.if} }}`, { allowed: 'false', repository: '' }, push)).toBe('false');
  });

  it('a scheduled run rebuilds for stability (stability-rebuilds, 0 for none); no other event does', () => {
    const trt = main!.steps.find((s) => s.id === 'trt')! as { with: Record<string, string> };
    const stability = (github: typeof push, rebuilds: number) =>
      evaluate(trt.with.stability!, {}, github, { 'stability-rebuilds': rebuilds });
    expect(stability(schedule, 2)).toBe('2');
    expect(stability(schedule, 1)).toBe('1');
    expect(stability(schedule, 0)).toBe('');
    for (const github of [push, pr, branch, dispatch]) expect(stability(github, 2), github.event_name).toBe('');
    // The history job appends the scheduled run's engines (their levels) as it does a push's.
    const history = (pack.jobs as Record<string, { if: string }>).history!.if;
    for (const [github, appends] of [
      [push, 'true'],
      [schedule, 'true'],
      [branch, 'false'],
      [dispatch, 'false'],
    ] as const)
      expect(
        evaluate(`\${{ ${history.replace('always() && ', '')} }}`, { allowed: 'true' }, github, {
          'history-branch': 'trt-ci-data',
        }),
        github.event_name,
      ).toBe(appends);
  });

  it('with no write permission and no token, and otherwise the same steps as the trusted build', () => {
    expect(fork!.permissions).toEqual({ contents: 'read' });
    // Only a push to the default branch may write packages (the registry cache).
    expect(build!.permissions.packages).toBe('read');
    expect(main!.permissions).toEqual({ ...build!.permissions, packages: 'write' });
    const trt = (job: typeof build) =>
      job!.steps.find((s) => s.id === 'trt')! as { with: Record<string, string>; env?: Record<string, string> };
    expect(trt(fork).with).toMatchObject({ token: '', baseline: 'none' });
    expect(trt(build).with.token).toBeUndefined();
    const { token: _t, baseline: _b, ...forkWith } = trt(fork).with;
    expect(forkWith).toEqual(trt(build).with);
    expect(trt(main).with).toEqual(trt(build).with);
    // The secrets reach the trt-ci step of the repository's own builds, never a fork's, never another step: the
    // signing key and the push credential only the default branch's build, the read-only credential the others'.
    expect(trt(main).env).toEqual({
      TRT_CI_CACHE_KEY: '${{ secrets.TRT_CI_CACHE_KEY }}',
      TRT_CI_REGISTRY_USERNAME: '${{ secrets.TRT_CI_REGISTRY_USERNAME }}',
      TRT_CI_REGISTRY_PASSWORD: '${{ secrets.TRT_CI_REGISTRY_PASSWORD }}',
    });
    expect(trt(build).env).toEqual({
      TRT_CI_REGISTRY_USERNAME: '${{ secrets.TRT_CI_REGISTRY_READ_USERNAME }}',
      TRT_CI_REGISTRY_PASSWORD: '${{ secrets.TRT_CI_REGISTRY_READ_PASSWORD }}',
    });
    // Only the default branch's build may run in the caller's protected environment (its secrets live there).
    expect((main as Record<string, unknown>).environment).toBe('${{ inputs.default-branch-environment }}');
    expect((build as Record<string, unknown>).environment).toBeUndefined();
    expect(trt(fork).env).toBeUndefined();
    const others = (job: typeof build) => job!.steps.filter((s) => s.id !== 'trt');
    expect(others(fork)).toEqual(others(build));
    expect(others(main)).toEqual(others(build));
    for (const job of [build, main, fork])
      expect(JSON.stringify(others(job)), 'no step but trt-ci is handed a secret').not.toContain('secrets.');
    const setting = (job: typeof build) => {
      const { name: _n, if: _i, permissions: _p, steps: _s, ...rest } = job as Record<string, unknown>;
      return rest;
    };
    expect(setting(fork)).toEqual(setting(build));
    const { environment: _e, ...mainSetting } = setting(main);
    expect(mainSetting).toEqual(setting(build));
    expect(Object.keys(setting(build))).toEqual(
      expect.arrayContaining(['strategy', 'runs-on', 'container', 'concurrency', 'env', 'timeout-minutes']),
    );
    // The report job waits for all three, whichever ran.
    const needs = (pack.jobs.report as unknown as { needs: string[] }).needs;
    expect(needs).toEqual(['gate', 'build', 'build-default', 'build-fork', 'deploy']);
  });
});

describe("the artifacts' names", () => {
  it('come from the action; the report jobs download the reports and never the plans', () => {
    // The action names both (artifactNames); YAML only globs the reports' prefix, which must match them.
    const names = artifactNames('self-hosted-linux-h100-shard-1-of-2');
    expect(names.report).toBe('trt-ci-self-hosted-linux-h100-shard-1-of-2');
    expect(names.plans).not.toMatch(new RegExp(`^${REPORT_ARTIFACT_PREFIX}`));
    const glob = (pattern: string) => new RegExp(`^${pattern.replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`);
    for (const file of ['workflows/trt-ci.yml', 'workflows/trt-ci-comment.yml']) {
      const patterns = [...new Set([...read(file).matchAll(/^\s+pattern: (\S+)$/gm)].map((m) => m[1]!))];
      expect(patterns, file).toEqual([`${REPORT_ARTIFACT_PREFIX}*`]);
      expect(names.report).toMatch(glob(patterns[0]!));
      expect(names.plans).not.toMatch(glob(patterns[0]!));
    }
    expect(artifactNames('a/b c').report).toBe('trt-ci-a-b-c');
  });
});

describe('the rules catch a planted violation', () => {
  it("GitHub's parser rejects a job key that does not exist", () => {
    const broken = read('workflows/trt-ci.yml').replace('    timeout-minutes: 5\n', '    timeout-minute: 5\n');
    const result = parseWorkflow({ name: 'broken.yml', content: broken }, new NoOperationTraceWriter());
    expect(
      result.context.errors
        .getErrors()
        .map((e) => e.message)
        .join('\n'),
    ).toMatch(/timeout-minute/);
  });

  const pack = read('workflows/trt-ci.yml');
  const plant = (from: string, to: string) => {
    expect(pack.includes(from), `the pack contains ${from}`).toBe(true);
    return pack.replace(from, to);
  };

  it('${{ }} in a run: script', () => {
    const text = plant(
      '      - id: trt\n',
      '      - run: echo "${{ github.event.pull_request.title }}"\n      - id: trt\n',
    );
    expect(expressionsInRun(text)).toEqual([expect.stringContaining('jobs.build: a run: script contains ${{ }}')]);
  });

  it('a job without permissions', () => {
    const text = plant('    permissions:\n      contents: read\n    outputs:', '    outputs:');
    expect(jobsWithoutPermissions(text)).toEqual(['jobs.gate: no permissions:']);
  });

  it('a job with more permissions than it needs', () => {
    expect(
      excessPermissions(
        plant(
          '    permissions:\n      contents: read\n    outputs:',
          '    permissions:\n      contents: write\n    outputs:',
        ),
        LEAST,
      ),
    ).toEqual(['jobs.gate: contents: write is more than it needs']);
    expect(
      excessPermissions(
        plant('    permissions:\n      contents: read\n    outputs:', '    permissions: write-all\n    outputs:'),
        LEAST,
      ),
    ).toEqual(['jobs.gate: permissions: write-all']);
  });

  it('an action pinned by tag, or by SHA without its version', () => {
    expect(
      unpinnedActions(
        plant('actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1 # v7.0.1', 'actions/checkout@v7'),
      ),
    ).toEqual([expect.stringMatching(/actions\/checkout@v7 is not pinned by a full commit SHA/)]);
    // Our own action is no exception: a moving tag would change the code under a pinned caller.
    const ownByTag = read('workflows/trt-ci.yml').replace(/trt-ci\/trt-ci@[0-9a-f]{40} # v[\d.]+/, 'trt-ci/trt-ci@v1');
    expect(unpinnedActions(ownByTag)).toEqual([expect.stringMatching(/trt-ci\/trt-ci@v1 is not pinned/)]);
    expect(
      unpinnedActions(
        plant(
          'actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1 # v7.0.1',
          'actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1',
        ),
      ),
    ).toEqual([expect.stringMatching(/has no "# vX.Y.Z" comment/)]);
  });

  it('a pull_request_target job that checks out the pull request', () => {
    const text = `on: pull_request_target
permissions: {}
jobs:
  build:
    runs-on: ubuntu-latest
    permissions: { contents: read }
    steps:
      - uses: actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1 # v7.0.1
        with:
          ref: \${{ github.event.pull_request.head.sha }}
`;
    expect(pullRequestTargetCheckouts(text)).toEqual([
      "jobs.build: checks out the pull request's code under pull_request_target",
    ]);
  });
});

describe('the gate', () => {
  const base: GateInput = {
    eventName: 'pull_request',
    repository: 'acme/engines',
    event: {},
    approvalLabel: 'gpu-ok',
    trustedActors: ['dependabot[bot]'],
    labelerPermission: null,
  };
  const pr = (headRepo: string, extra: Partial<GateInput['event']> = {}, author = 'someone'): GateInput['event'] => ({
    action: 'synchronize',
    pull_request: {
      head: { repo: { full_name: headRepo }, sha: 'abcdef1234567' },
      user: { login: author },
      labels: [],
    },
    ...extra,
  });

  it.each([
    ['a push', { eventName: 'push' }, true, /push event in acme\/engines/],
    ['a same-repository pull request', { event: pr('acme/engines') }, true, /comes from a branch of acme\/engines/],
    [
      'a fork pull request',
      { event: pr('someone/engines') },
      false,
      /from the fork someone\/engines: a maintainer reviews commit abcdef123456 and comments \/gpu-ok abcdef1234567/,
    ],
    [
      // The label names no commit, and the fork's own run (its workflow file, a read-only token) cannot report.
      'a fork pull request labeled by a maintainer: approval is a comment naming the commit',
      {
        event: pr('someone/engines', { action: 'labeled', label: { name: 'gpu-ok' }, sender: { login: 'maint' } }),
        labelerPermission: 'write',
      },
      false,
      new RegExp(
        "maint applied gpu-ok to the fork someone/engines's pull request; " +
          "a fork's commit is approved with a comment that names it: /gpu-ok abcdef1234567",
      ),
    ],
    [
      'a fork pull request that carries the label from before',
      {
        event: {
          ...pr('someone/engines'),
          pull_request: { ...pr('someone/engines').pull_request, labels: [{ name: 'gpu-ok' }] },
        },
      },
      false,
      /\(the gpu-ok label approves no fork commit\)/,
    ],
    [
      'a draft of a branch of the repository, given the approval label',
      { event: pr('acme/engines', { action: 'labeled', label: { name: 'gpu-ok' } }) },
      true,
      /comes from a branch of acme\/engines/,
    ],
    [
      'an allow-listed author',
      { event: pr('dependabot/engines', {}, 'dependabot[bot]') },
      true,
      /dependabot\[bot\] is on trusted-actors/,
    ],
    [
      'a /gpu-ok comment by a maintainer naming the head commit (a prefix the repository resolves to it)',
      {
        eventName: 'issue_comment',
        event: { action: 'created', comment: { body: 'Reviewed.\n/gpu-ok abcdef1' }, sender: { login: 'maint' } },
        labelerPermission: 'maintain',
        currentPullRequest: { headSha: 'abcdef1234567', headRepo: 'someone/engines' },
        resolvedApproval: { sha: 'abcdef1234567' },
      },
      true,
      /maint \(maintain access\) approved commit abcdef1 with \/gpu-ok/,
    ],
    [
      'a /gpu-ok comment naming the full head SHA (nothing to resolve)',
      {
        eventName: 'issue_comment',
        event: { action: 'created', comment: { body: '/gpu-ok abcdef1234567' }, sender: { login: 'maint' } },
        labelerPermission: 'write',
        currentPullRequest: { headSha: 'abcdef1234567', headRepo: 'someone/engines' },
      },
      true,
      /maint \(write access\) approved commit abcdef1 with \/gpu-ok/,
    ],
    [
      // A fork pushed a commit sharing the reviewed one's 7-digit prefix before the gate ran.
      'a prefix that the head shares but that resolves to another commit (the reviewed one)',
      {
        eventName: 'issue_comment',
        event: { action: 'created', comment: { body: '/gpu-ok abcdef1' }, sender: { login: 'maint' } },
        labelerPermission: 'write',
        currentPullRequest: { headSha: 'abcdef1234567', headRepo: 'someone/engines' },
        resolvedApproval: { sha: 'abcdef1999999' },
      },
      false,
      /approved abcdef1, which is not exactly the head abcdef1234567 \(it names abcdef199999.*full SHA/,
    ],
    [
      'a prefix several commits share (GitHub resolves it to none)',
      {
        eventName: 'issue_comment',
        event: { action: 'created', comment: { body: '/gpu-ok abcdef1' }, sender: { login: 'maint' } },
        labelerPermission: 'write',
        currentPullRequest: { headSha: 'abcdef1234567', headRepo: 'someone/engines' },
        resolvedApproval: { problem: 'GitHub resolves it to no single commit: 422' },
      },
      false,
      /not exactly the head .*no single commit/,
    ],
    ...(['edited', 'deleted'] as const).map(
      (action) =>
        [
          // The sender is the maintainer who edited or deleted an outsider's comment.
          `a /gpu-ok comment ${action} by a maintainer`,
          {
            eventName: 'issue_comment',
            event: { action, comment: { body: '/gpu-ok abcdef1234567' }, sender: { login: 'maint' } },
            labelerPermission: 'admin',
            currentPullRequest: { headSha: 'abcdef1234567', headRepo: 'someone/engines' },
          },
          false,
          new RegExp(`a ${action} comment approves nothing: only a new /gpu-ok comment`),
        ] as const,
    ),
    [
      'a /gpu-ok comment naming a commit that is no longer the head (a push after the review)',
      {
        eventName: 'issue_comment',
        event: { action: 'created', comment: { body: '/gpu-ok 1111111' }, sender: { login: 'maint' } },
        labelerPermission: 'write',
        currentPullRequest: { headSha: 'abcdef1234567', headRepo: 'someone/engines' },
      },
      false,
      /approved 1111111, but the pull request's head is now abcdef1/,
    ],
    [
      'a /gpu-ok comment by someone without write access',
      {
        eventName: 'issue_comment',
        event: { action: 'created', comment: { body: '/gpu-ok abcdef1' }, sender: { login: 'someone' } },
        labelerPermission: 'read',
        currentPullRequest: { headSha: 'abcdef1234567', headRepo: 'someone/engines' },
      },
      false,
      /only someone with write access/,
    ],
    [
      'any other comment',
      { eventName: 'issue_comment', event: { comment: { body: 'lgtm' } }, labelerPermission: 'admin' },
      false,
      /not an approval/,
    ],
    [
      'pull_request_target',
      { eventName: 'pull_request_target', event: pr('acme/engines') },
      false,
      /never reach the GPU runners/,
    ],
  ] as const)('%s', (_what, over, allowed, reason) => {
    const decision = decideGate({ ...base, ...over } as GateInput);
    expect(decision.allowed).toBe(allowed);
    expect(decision.reason).toMatch(reason);
    // A fork's approval names the commit the build checks out; nothing else does.
    const forkApproval = allowed && /approved commit/.test(reason.source);
    expect(decision.sha).toBe(forkApproval ? 'abcdef1234567' : undefined);
  });
});
