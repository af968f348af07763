// The bundled action, run as the Actions runner runs it (INPUT_*, GITHUB_* files and URLs), against a
// local GitHub API that checks every request body against GitHub's OpenAPI description.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startGitHubApi, type ApiOptions, type GitHubApi } from './support/github-api.js';
import { expectedRunners, missingRunners } from '../src/action/report-runners.js';
import { allGone, cli, fromSource, makeRunner, type Runner, type RunnerOptions } from './support/harness.js';
import { zipOf } from './support/zip.js';
import { classifierOnnx } from './support/onnx-models.js';
import type { Report } from '../src/contract/report.js';

// Pull requests already carry this marker: it is pinned here as the literal it is, not imported.
const commentMarker = (key: string) => `<!-- trt-ci:sticky-comment key=${key} -->`;
const HEAD_SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
const BASE_SHA = '0f1e2d3c4b5a69788796a5b4c3d2e1f009182736';

interface ActionRun {
  code: number | null;
  stdout: string;
  outputs: Record<string, string>;
  summary: string;
}

/** A pull request event as GitHub writes it to GITHUB_EVENT_PATH. */
function pullRequestEvent(runner: Runner, fork: boolean): string {
  const file = join(runner.dir, 'event.json');
  writeFileSync(
    file,
    JSON.stringify({
      action: 'synchronize',
      number: 7,
      repository: { full_name: 'acme/engines', default_branch: 'main' },
      pull_request: {
        number: 7,
        head: {
          sha: HEAD_SHA,
          ref: 'feature',
          repo: { full_name: fork ? 'someone/engines' : 'acme/engines' },
        },
        base: { sha: BASE_SHA, ref: 'main', repo: { full_name: 'acme/engines' } },
      },
    }),
  );
  return file;
}

function runAction(
  runner: Runner,
  api: GitHubApi,
  inputs: Record<string, string>,
  options: { fork?: boolean; env?: NodeJS.ProcessEnv; started?: (child: ChildProcess) => void } = {},
): Promise<ActionRun> {
  const outputFile = join(runner.dir, `github-output-${Date.now()}`);
  const summaryFile = join(runner.dir, `step-summary-${Date.now()}`);
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');
  // Each of the three actions is its own program: `command` says which one (run when not given).
  const { command = 'run', ...actionInputs } = inputs;
  const program = command === 'run' ? 'action' : (command as 'gate' | 'report');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    GITHUB_ACTIONS: 'true',
    GITHUB_REPOSITORY: 'acme/engines',
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: pullRequestEvent(runner, options.fork ?? false),
    GITHUB_SHA: 'ffffffffffffffffffffffffffffffffffffffff',
    GITHUB_API_URL: api.url,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_WORKSPACE: runner.dir,
    RUNNER_TEMP: runner.dir,
    INPUT_TOKEN: 'ghs_fakeTokenForTests0123456789',
    // GitHub calls are retried with backoff and writes paced; 10 ms steps keep the tests quick.
    TRT_CI_GITHUB_BACKOFF_MS: '10',
    ...Object.fromEntries(Object.entries(actionInputs).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v])),
    ...options.env,
  };
  return new Promise((resolve) => {
    const child = spawn(process.execPath, fromSource(program), {
      cwd: runner.dir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    options.started?.(child);
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stdout += d));
    child.on('exit', (code) => {
      const written = readFileSync(outputFile, 'utf8');
      const outputs: Record<string, string> = {};
      for (const m of written.matchAll(/^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm)) outputs[m[1]!] = m[3]!;
      resolve({ code, stdout, outputs, summary: readFileSync(summaryFile, 'utf8') });
    });
  });
}

async function withApi<T>(options: ApiOptions, work: (api: GitHubApi) => Promise<T>): Promise<T> {
  const api = await startGitHubApi(options);
  try {
    return await work(api);
  } finally {
    await api.close();
  }
}

function project(options: RunnerOptions = {}, profiles = 2, extra = ''): Runner {
  const runner = makeRunner(options);
  runner.touch('m.onnx');
  const list = Array.from(
    { length: profiles },
    (_, i) => `      - { name: p${i}, shapes: { x: 1x3x${8 + i}x8 } }`,
  ).join('\n');
  runner.writeConfig(
    `output-dir: out\ncuda: "13.0"\n${extra}models:\n  - name: m\n    onnx: m.onnx\n    profiles:\n${list}\n`,
  );
  return runner;
}

const others = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: 100 + i,
    body: `comment ${i}`,
    user: { login: i % 2 ? 'alice' : 'bob' },
  }));

describe('the action against a local GitHub API', () => {
  it('creates one sticky comment, then updates it in place past 150 other comments on two pages', async () => {
    const runner = project();
    const marker = commentMarker('trt-ci.yml');
    // Someone pasted the marker: that comment is not ours and must be left alone.
    const decoy = { id: 50, body: `${marker}\nnot trt-ci`, user: { login: 'mallory' } };
    await withApi({ comments: [decoy, ...others(150)] }, async (api) => {
      const first = await runAction(runner, api, { config: 'trt-ci.yml', comment: 'always' });
      expect(first.code, first.stdout).toBe(0);
      const mine = api.comments.filter((c) => c.user.login === 'github-actions[bot]');
      expect(mine).toHaveLength(1);
      expect(mine[0]!.body.startsWith(marker)).toBe(true);
      expect(mine[0]!.body).toContain('## trt-ci ✅ passed');

      const second = await runAction(runner, api, { config: 'trt-ci.yml', comment: 'always' });
      expect(second.code, second.stdout).toBe(0);
      expect(api.comments.filter((c) => c.user.login === 'github-actions[bot]')).toHaveLength(1);
      const gets = api.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/issues/7/comments'));
      expect(gets.map((r) => r.query.get('page') ?? '1')).toEqual(['1', '2', '1', '2']);
      const patches = api.requests.filter((r) => r.method === 'PATCH' && r.path.includes('/issues/comments/'));
      expect(patches.map((r) => r.path)).toEqual([`/repos/acme/engines/issues/comments/${mine[0]!.id}`]);
      expect(decoy.body).toBe(`${marker}\nnot trt-ci`);
      expect(api.violations).toEqual([]);
      expect(first.outputs).toMatchObject({ status: 'passed', 'failed-builds': '' });
      expect(first.outputs['report-path']).toBe(join(runner.dir, 'out', 'report.json'));
    });
  });

  it('a check run is created in progress and completed with the summary', async () => {
    const runner = project();
    await withApi({}, async (api) => {
      const result = await runAction(runner, api, { config: 'trt-ci.yml', comment: 'never' });
      expect(result.code).toBe(0);
      const [created, ...updates] = [...api.checkRuns.values()][0]!;
      expect(created).toMatchObject({
        name: 'trt-ci',
        head_sha: HEAD_SHA,
        status: 'in_progress',
      });
      expect(updates.at(-1)).toMatchObject({
        status: 'completed',
        conclusion: 'success',
        output: { title: 'passed: 2/2 engines' },
      });
      expect(api.requests.some((r) => r.path.includes('/comments'))).toBe(false);
      expect(api.violations).toEqual([]);
    });
  });

  // The runner sends SIGINT, then SIGTERM 7.5 s later: either one stops the builds at once.
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'cancelled mid-build by %s: cancelled in under 7.5 s, report written',
    async (sent) => {
      // The build ignores SIGTERM, as a wedged trtexec may: cancelling must not wait for it.
      const childPids = join(makeRunner().dir, 'child-pids');
      // A grace of two minutes: a cancel that waited for it (or for the build's timeout) would take longer than
      // any load could add to one that does not.
      const runner = project(
        { trtexecEnv: { TRTEXEC_STANDIN_HANG: 'ignore-term', TRTEXEC_STANDIN_CHILD_PIDS: childPids } },
        2,
        'kill-grace: 2m\n',
      );
      await withApi({}, async (api) => {
        let cancelledAt = 0;
        const result = await runAction(
          runner,
          api,
          { config: 'trt-ci.yml', comment: 'never' },
          {
            started: (child) => {
              // Cancel once the first build is running and has forked its child (it writes the pid).
              const poll = setInterval(() => {
                if (!existsSync(childPids) || !readFileSync(childPids, 'utf8').trim()) return;
                clearInterval(poll);
                cancelledAt = Date.now();
                child.kill(sent);
              }, 20);
            },
          },
        );
        const seconds = (Date.now() - cancelledAt) / 1000;
        expect(seconds, result.stdout).toBeLessThan(60);
        const [, ...updates] = [...api.checkRuns.values()][0]!;
        expect(updates.at(-1)).toMatchObject({ status: 'completed', conclusion: 'cancelled' });
        const report = JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8'));
        expect(report.builds[0].failure.kind).toBe('cancelled');
        expect(result.summary).toContain('cancelled');
        expect(result.outputs.status).toBe('failed');
        // Nothing is left running: the build's forked child went with it.
        expect(await allGone(readFileSync(childPids, 'utf8').trim().split('\n').map(Number))).toEqual([]);
      });
    },
  );

  it.each([
    ['10.16.1.11', 'trt-ci'],
    ['11.1.0.5', 'trtexec'],
  ])('accuracy on trtexec %s: within tolerance, out of tolerance and NaN, judged by %s', async (version, judge) => {
    const runner = makeRunner({
      trtexecEnv: {
        TRTEXEC_STANDIN_VERSION: version,
        TRTEXEC_STANDIN_OUTPUT_ERROR: 'noisy.p.plan=noise:0.05,nan.p.plan=nan',
      },
    });
    writeFileSync(join(runner.dir, 'classifier.onnx'), classifierOnnx());
    const model = (name: string) =>
      `  - name: ${name}\n    onnx: classifier.onnx\n    accuracy: { top-k: 1 }\n` +
      '    profiles: [{ name: p, shapes: { x: 2x3x8x8 } }]\n';
    runner.writeConfig(`output-dir: out\ncuda: "13.0"\nmodels:\n${['good', 'noisy', 'nan'].map(model).join('')}`);
    await withApi({}, async (api) => {
      const result = await runAction(runner, api, { config: 'trt-ci.yml', comment: 'always' });
      expect(result.code, result.stdout).toBe(1);
      const report = JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8'));
      const outputs = Object.fromEntries(
        report.builds.map((b: { model: string; accuracy: { outputs: unknown[] } }) => [b.model, b.accuracy.outputs[0]]),
      );
      expect(outputs.good).toMatchObject({ judgedBy: judge, failure: null });
      expect(outputs.noisy).toMatchObject({ judgedBy: judge, failure: expect.stringMatching(/of elements off by/) });
      expect(outputs.nan).toMatchObject({ nan: 1, failure: '1 NaN where the reference is finite' });
      expect(result.summary).toContain('Accuracy against ONNX Runtime: 1/3 within tolerance');
      const [, ...updates] = [...api.checkRuns.values()][0]!;
      expect(updates.at(-1)).toMatchObject({ status: 'completed', conclusion: 'failure' });
      const annotations = updates.flatMap((u) => (u.output as { annotations?: { title: string }[] }).annotations ?? []);
      expect(annotations.map((a) => a.title).sort()).toEqual([
        'nan/p: out of tolerance against ONNX Runtime',
        'noisy/p: out of tolerance against ONNX Runtime',
      ]);
      const [comment] = api.comments.filter((c) => c.user.login === 'github-actions[bot]');
      expect(comment!.body).toContain('1 NaN where the reference is finite');
    });
  });

  it('benchmark: ab through the action: a slower engine fails on regression, the comment shows the A/B', async () => {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_LATENCY_MS: 'out/=1.04,cache/=1' } });
    const yaml =
      'output-dir: out\ncache-dir: cache\ncuda: "13.0"\nmodels:\n  - name: m\n    onnx: m.onnx\n' +
      '    benchmark: ab\n    budgets: { latency-growth: { warn: 2% } }\n' +
      '    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]\n';
    runner.writeConfig(yaml);
    writeFileSync(join(runner.dir, 'm.onnx'), 'base model');
    const base = await cli(['run', '--config', 'trt-ci.yml', '--json'], { cwd: runner.dir });
    writeFileSync(join(runner.dir, 'base-report.json'), base.stdout);
    writeFileSync(join(runner.dir, 'm.onnx'), 'head model');
    await withApi({}, async (api) => {
      const inputs = { config: 'trt-ci.yml', comment: 'always', baseline: 'base-report.json' };
      const result = await runAction(runner, api, { ...inputs, 'fail-on': 'regression' });
      expect(result.code, result.stdout).toBe(1);
      expect(result.stdout).toMatch(/1 regression\(s\): m\/p latency-growth/);
      const [comment] = api.comments.filter((c) => c.user.login === 'github-actions[bot]');
      expect(comment!.body).toContain('Latency against the base engine, same GPU: 1/1 slower');
      expect(comment!.body).toMatch(/\| slower \| \+4\.\d% \\\[\d\.\d, \d\.\d\\\] \|/);
      // Only a warning level was set: with fail-on: error the same A/B passes the job.
      const lenient = await runAction(runner, api, { ...inputs, 'fail-on': 'error' });
      expect(lenient.code, lenient.stdout).toBe(0);
    });
  });

  it('retries a 5xx: the check run completes and the comment is made after GitHub failed twice', async () => {
    const runner = project();
    await withApi({ flaky: { 'PATCH check-runs': 2, 'POST comments': 2 } }, async (api) => {
      const result = await runAction(runner, api, { config: 'trt-ci.yml', comment: 'always' });
      expect(result.code, result.stdout).toBe(0);
      const [, ...updates] = [...api.checkRuns.values()][0]!;
      expect(updates.at(-1)).toMatchObject({ status: 'completed', conclusion: 'success' });
      expect(api.requests.filter((r) => r.method === 'PATCH' && r.path.includes('/check-runs/'))).toHaveLength(3);
      expect(api.comments.filter((c) => c.user.login === 'github-actions[bot]')).toHaveLength(1);
      expect(result.summary).not.toContain('Reporting');
    });
  });

  it('completes the check run with the least there is when GitHub refuses the full update', async () => {
    const runner = project({ trtexecEnv: { TRTEXEC_STANDIN_OOM_ABOVE_MIB: 1, TRTEXEC_STANDIN_ONLY: 'm.p1.plan' } });
    await withApi({ refuseAnnotations: true }, async (api) => {
      const result = await runAction(runner, api, { config: 'trt-ci.yml', comment: 'never' });
      expect(result.code).toBe(1);
      const [, ...updates] = [...api.checkRuns.values()][0]!;
      expect(updates.at(-1)).toMatchObject({ status: 'completed', conclusion: 'failure' });
      expect(result.summary).toContain('Completing the check run failed');
      // The annotations still reach the pull request, as workflow commands.
      expect(result.stdout).toMatch(/^::error title=m\/p1%3A out-of-memory/m);
      // Each build's trtexec output is folded in a group when it ends; a failure's last lines are also
      // outside it. Neither can issue workflow commands: trtexec's output is not trt-ci's to trust.
      const group = /::group::✘ m\/p1: out-of-memory — trtexec output \(.*m\.p1\.\d+\.log\)\n::stop-commands::(\w+)\n/;
      const [, token] = group.exec(result.stdout) ?? [];
      expect(token).toMatch(/^[0-9a-f]{32}$/);
      const afterGroup = result.stdout.slice(result.stdout.indexOf(`::${token}::\n::endgroup::`));
      expect(afterGroup).toMatch(
        new RegExp(`^::${token}::\n::endgroup::\n::stop-commands::${token}\n[^]*[E][^]*\n::${token}::`),
      );
      expect(result.stdout).toMatch(/::group::✔ m\/p0: built — trtexec output/);
      // The summary leads with what to fix, linked to the profile's line at the pull request's head.
      const first = result.summary.split('\n').find((l) => l.startsWith('- ❌'))!;
      expect(first).toMatch(/^- ❌ \*\*m \/ p1\*\* on H200: build failed: out-of-memory — /);
      expect(first).toMatch(
        new RegExp(
          `\\[\`trt-ci\\.yml:\\d+\`\\]\\(https://github\\.com/acme/engines/blob/${HEAD_SHA}/trt-ci\\.yml#L\\d+\\)$`,
        ),
      );
    });
  });

  it("never edits another workflow's comment that carries the same key", async () => {
    const runner = project();
    const marker = commentMarker('trt-ci.yml');
    const nightly = {
      id: 5,
      body: `${marker}\n<!-- trt-ci:workflow=nightly.yml -->\nnightly`,
      user: { login: 'github-actions[bot]' },
    };
    const env = { GITHUB_WORKFLOW_REF: 'acme/engines/.github/workflows/engines.yml@refs/pull/7/merge' };
    await withApi({ comments: [nightly] }, async (api) => {
      for (let run = 0; run < 2; run += 1) {
        const result = await runAction(runner, api, { config: 'trt-ci.yml', comment: 'always' }, { env });
        expect(result.code, result.stdout).toBe(0);
      }
      expect(api.comments.find((c) => c.id === 5)!.body).toContain('nightly');
      const ours = api.comments.filter((c) => c.body.includes('<!-- trt-ci:workflow=engines.yml -->'));
      expect(ours).toHaveLength(1);
      expect(ours[0]!.body.startsWith(`${marker}\n<!-- trt-ci:workflow=engines.yml -->\n`)).toBe(true);
      expect(api.violations).toEqual([]);
    });
  });

  it("finds its comment by the token's identity (a GitHub App's bot), stopping at the page that holds it", async () => {
    const runner = project();
    const marker = commentMarker('trt-ci.yml');
    const comments = [
      { id: 1, body: `${marker}\nfrom another bot`, user: { login: 'github-actions[bot]' } },
      { id: 2, body: `${marker}\nold report`, user: { login: 'trt-ci-app[bot]' } },
      ...others(400),
    ];
    await withApi({ comments, viewer: 'trt-ci-app[bot]' }, async (api) => {
      const result = await runAction(runner, api, { config: 'trt-ci.yml', comment: 'always' });
      expect(result.code, result.stdout).toBe(0);
      expect(api.comments.find((c) => c.id === 2)!.body).toContain('## trt-ci ✅ passed');
      expect(api.comments.find((c) => c.id === 1)!.body).toContain('from another bot');
      expect(api.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/comments'))).toEqual([]);
      // Ours is on the first of five pages: one page was read.
      expect(api.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/comments'))).toHaveLength(1);
      expect(api.violations).toEqual([]);
    });
  });

  it('passes no token or input to trtexec: not INPUT_*, GITHUB_TOKEN or the runtime tokens', async () => {
    const runner = project();
    await withApi({}, async (api) => {
      const env = {
        GITHUB_TOKEN: 'ghs_secretFromTheEnvironment',
        ACTIONS_RUNTIME_TOKEN: 'runtime-secret',
        ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc-secret',
        ACTIONS_ID_TOKEN_REQUEST_URL: 'https://token.example',
      };
      const result = await runAction(runner, api, { config: 'trt-ci.yml', comment: 'never' }, { env });
      expect(result.code).toBe(0);
      const calls = runner.calls();
      expect(calls).toHaveLength(2);
      expect(calls.map((c) => c.secrets)).toEqual([[], []]);
    });
  });

  it(
    "a fork's pull request (403 everywhere) still passes, " +
      'annotates with workflow commands, and says which permissions are missing',
    async () => {
      const runner = project(
        { trtexecEnv: { TRTEXEC_STANDIN_OOM_ABOVE_MIB: 0, TRTEXEC_STANDIN_ONLY: 'm.p1.plan' } },
        2,
        'min-workspace: 4GiB\npreflight: warn-only\n',
      );
      await withApi({ fail: { 'POST check-runs': 403, 'POST comments': 403 } }, async (api) => {
        const result = await runAction(
          runner,
          api,
          { config: 'trt-ci.yml', comment: 'always', 'fail-on': 'budget' },
          { fork: true },
        );
        expect(result.code, result.stdout).toBe(0);
        expect(result.summary).toContain(
          'Creating the check run failed: a pull request from a fork gets a read-only token',
        );
        expect(result.summary).toContain(
          'Commenting on the pull request failed: a pull request from a fork gets a read-only token',
        );
        expect(result.summary).toMatch(/permissions:\n {2}contents: read\n {2}checks: write\n {2}pull-requests: write/);
        expect(result.stdout).toMatch(/^::error title=m\/p1%3A out-of-memory,file=trt-ci\.yml,line=\d+::/m);
        expect(result.outputs['failed-builds']).toBe('m/p1');
        expect(api.violations).toEqual([]);
      });
    },
  );

  it("a report that says it passed is judged by its builds: a fork's artifact decides nothing", async () => {
    const runner = project({ trtexecEnv: { TRTEXEC_STANDIN_OOM_ABOVE_MIB: 1, TRTEXEC_STANDIN_ONLY: 'm.p1.plan' } });
    const built = await cli(['run', '--config', join(runner.dir, 'trt-ci.yml')]);
    expect(built.code).toBe(1);
    const reports = join(runner.dir, 'reports');
    execFileSync('mkdir', ['-p', join(reports, 'trt-ci-fork')]);
    const forged = JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8'));
    forged.status = 'passed';
    writeFileSync(join(reports, 'trt-ci-fork', 'report.json'), JSON.stringify(forged));
    await withApi({}, async (api) => {
      const result = await runAction(runner, api, { command: 'report', reports, 'report-key': 'engines' });
      expect(result.code, result.stdout).toBe(0);
      const [, ...updates] = [...api.checkRuns.values()][0]!;
      expect(updates.at(-1)).toMatchObject({ conclusion: 'failure', output: { title: 'failed on 1 runner type' } });
      const comment = api.comments.find((c) => c.user.login === 'github-actions[bot]')!;
      expect(comment.body).toContain('## trt-ci ❌ failed');
    });
  });

  it('the report keeps the engine history on its branch: pushes append, pull requests read (issue 28)', async () => {
    const runner = project({}, 1, 'benchmark: true\n');
    const reports = join(runner.dir, 'reports');
    const write = async (latencyScale: number, name: string) => {
      const built = await cli(['run', '--config', join(runner.dir, 'trt-ci.yml')]);
      expect(built.code, built.stderr).toBe(0);
      const report = JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8')) as Report;
      report.builds[0]!.perf!.latencyMs!.median! *= latencyScale;
      execFileSync('mkdir', ['-p', join(reports, name)]);
      writeFileSync(join(reports, name, 'report.json'), JSON.stringify(report));
      return report;
    };
    const pushEvent = join(runner.dir, 'push.json');
    writeFileSync(pushEvent, JSON.stringify({ ref: 'refs/heads/main', repository: { default_branch: 'main' } }));
    await withApi({}, async (api) => {
      // Three default-branch pushes: the first makes the branch (an orphan commit), the others add their lines
      // to the month's file.
      const pushed: number[] = [];
      for (const [i, scale] of [1, 1.002, 0.998].entries()) {
        const report = await write(scale, 'trt-ci-h200');
        pushed.push(report.builds[0]!.perf!.latencyMs!.median!);
        const sha = String(i + 1).repeat(40);
        const env = {
          GITHUB_EVENT_NAME: 'push',
          GITHUB_EVENT_PATH: pushEvent,
          GITHUB_REF: 'refs/heads/main',
          GITHUB_SHA: sha,
        };
        const result = await runAction(runner, api, { command: 'report', reports }, { env });
        expect(result.code, result.stdout).toBe(0);
        expect(result.stdout).toMatch(/appended 1 engine point\(s\) to trt-ci-data:points\//);
      }
      const files = api.branches.get('trt-ci-data')!;
      expect(files.size).toBe(1);
      const points = [...files.values()][0]!
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(points.map((p) => p.commit).sort()).toEqual(['1'.repeat(40), '2'.repeat(40), '3'.repeat(40)]);
      expect(api.requests.filter((r) => r.path.endsWith('/git/refs')).length).toBe(1);
      // A pull request whose engine is 5% slower than any of them: said in the comment; nothing written.
      await write(1.05, 'trt-ci-h200');
      const before = api.requests.length;
      const result = await runAction(runner, api, { command: 'report', reports, 'report-key': 'engines' });
      expect(result.code, result.stdout).toBe(0);
      const comment = api.comments.at(-1)!.body;
      expect(comment).toContain("#### ⚠️ History: 1 of 2 outside the base branch's recent range");
      expect(comment).toMatch(
        /\| m \/ p0 \| H200 \| latency \(benchmark median\) \| `[▁-█]{3}` \| .* \| \*\*above\*\* the last 3/,
      );
      expect(comment).toMatch(/\| plan size \| `▄▄▄` \| .* \| within the range of the last 3 builds \|/);
      const writes = api.requests.slice(before).filter((r) => r.method === 'PUT' || r.path.includes('/git/refs'));
      expect(writes).toEqual([]);
      expect(files.size).toBe(1);
      expect(api.violations).toEqual([]);
    });
    // Two runs pushing at once to a repository without the branch: one makes it, the other adds its lines.
    await withApi({}, async (api) => {
      const runs = ['7', '8'].map((c) => {
        const sha = c.repeat(40);
        const env = {
          GITHUB_EVENT_NAME: 'push',
          GITHUB_EVENT_PATH: pushEvent,
          GITHUB_REF: 'refs/heads/main',
          GITHUB_SHA: sha,
        };
        return runAction(runner, api, { command: 'report', reports }, { env });
      });
      expect((await Promise.all(runs)).map((r) => r.code)).toEqual([0, 0]);
      const commits = [...api.branches.get('trt-ci-data')!.values()]
        .flatMap((text) => text.trim().split('\n'))
        .map((line) => JSON.parse(line).commit)
        .sort();
      expect(commits).toEqual(['7'.repeat(40), '8'.repeat(40)]);
      expect(api.violations).toEqual([]);
    });
    // A token without contents: write: a warning, and the report still goes out.
    await withApi({ fail: { 'PUT contents': 403 } }, async (api) => {
      api.branches.set('trt-ci-data', new Map());
      const env = { GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: pushEvent, GITHUB_REF: 'refs/heads/main' };
      const result = await runAction(runner, api, { command: 'report', reports }, { env });
      expect(result.code, result.stdout).toBe(0);
      expect(result.stdout).toMatch(
        /::warning::trt-ci: the history on trt-ci-data could not be written: GitHub answered 403: .* contents: write/,
      );
      expect(result.summary).toContain('## trt-ci');
    });
  });

  it("a scheduled run of the default branch appends its engines' stability levels; no other event", async () => {
    const runner = project({}, 1, 'stability: { rebuilds: 1 }\n');
    const reports = join(runner.dir, 'reports');
    const built = await cli(['run', '--config', join(runner.dir, 'trt-ci.yml')]);
    expect(built.code, built.stderr).toBe(0);
    execFileSync('mkdir', ['-p', join(reports, 'trt-ci-h200')]);
    writeFileSync(join(reports, 'trt-ci-h200', 'report.json'), readFileSync(join(runner.dir, 'out', 'report.json')));
    // A schedule event's payload is its cron line; the repository comes from the runner's environment.
    const event = join(runner.dir, 'schedule.json');
    writeFileSync(event, JSON.stringify({ schedule: '0 3 * * *', repository: { default_branch: 'main' } }));
    await withApi({}, async (api) => {
      const on = (eventName: string, ref: string) => ({
        GITHUB_EVENT_NAME: eventName,
        GITHUB_EVENT_PATH: event,
        GITHUB_REF: ref,
        GITHUB_SHA: '4'.repeat(40),
      });
      for (const [name, ref] of [
        ['workflow_dispatch', 'refs/heads/main'],
        ['schedule', 'refs/heads/topic'],
      ]) {
        const result = await runAction(runner, api, { command: 'report', reports }, { env: on(name!, ref!) });
        expect(result.code, result.stdout).toBe(0);
        expect(api.branches.get('trt-ci-data'), `${name} ${ref}`).toBeUndefined();
      }
      const result = await runAction(
        runner,
        api,
        { command: 'report', reports },
        { env: on('schedule', 'refs/heads/main') },
      );
      expect(result.code, result.stdout).toBe(0);
      const points = [...api.branches.get('trt-ci-data')!.values()]
        .flatMap((text) => text.trim().split('\n'))
        .map((line) => JSON.parse(line) as { commit: string; metrics: Record<string, number> });
      expect(points.map((p) => [p.commit, p.metrics.stabilityLevel])).toEqual([['4'.repeat(40), 0]]);
      expect(api.violations).toEqual([]);
    });
  });

  it('a 500 from the comment endpoint is reported in the summary and does not fail the job', async () => {
    const runner = project();
    await withApi({ fail: { 'POST comments': 500 } }, async (api) => {
      const result = await runAction(runner, api, { config: 'trt-ci.yml', comment: 'always' });
      expect(result.code).toBe(0);
      expect(result.summary).toContain('Commenting on the pull request failed: GitHub answered 500');
      expect(result.summary).not.toContain('permissions:');
      expect(result.stdout).toContain('::warning::trt-ci: Commenting on the pull request failed');
    });
  });

  it('260 failed builds: a 70,000-byte report cut under 65,535 bytes, 260 annotations in batches of 50', async () => {
    // The reporting limits are the point: every build fails at once (trtexec dies as it does on a driver
    // older than its CUDA), each with its own section and annotation. (A failed preflight would be said once.)
    const runner = project({ trtexecEnv: { TRTEXEC_STANDIN_CRASH: 'driver' } }, 260);
    await withApi({}, async (api) => {
      const result = await runAction(runner, api, { config: 'trt-ci.yml', comment: 'always' });
      expect(result.code).toBe(1);
      const full = readFileSync(join(runner.dir, 'out', 'summary.md'), 'utf8');
      expect(Buffer.byteLength(full)).toBeGreaterThan(70_000);
      const comment = api.comments.find((c) => c.user.login === 'github-actions[bot]')!;
      expect(Buffer.byteLength(comment.body)).toBeLessThanOrEqual(65_535);
      expect(comment.body).toContain('## trt-ci ❌ failed');
      expect(comment.body).toMatch(/sections? left out to stay under GitHub's size limit/);
      const [, ...updates] = [...api.checkRuns.values()][0]!;
      expect(updates.map((u) => ((u.output as { annotations?: unknown[] }).annotations ?? []).length)).toEqual([
        50, 50, 50, 50, 50, 10,
      ]);
      expect(updates.map((u) => u.status ?? null)).toEqual([null, null, null, null, null, 'completed']);
      expect(updates.at(-1)).toMatchObject({ conclusion: 'failure' });
      expect(api.violations).toEqual([]);
      expect(result.stdout).toContain('::error::trt-ci: 260 build(s) failed');
    });
  });

  it('a crash mid-run still completes the check run and writes the summary', async () => {
    const runner = project();
    // output-dir under a file: trt-ci cannot create it once the builds start.
    writeFileSync(join(runner.dir, 'blocker'), 'a file');
    runner.writeConfig(
      'output-dir: blocker/out\ncuda: "13.0"\nmodels: [{ name: m, ' +
        'onnx: m.onnx, profiles: [{ name: p, shapes: { x: 1x8 } }] }]\n',
    );
    await withApi({}, async (api) => {
      const result = await runAction(runner, api, { config: 'trt-ci.yml', comment: 'never' });
      expect(result.code).toBe(1);
      const [created, ...updates] = [...api.checkRuns.values()][0]!;
      expect(created).toMatchObject({ status: 'in_progress' });
      expect(updates.at(-1)).toMatchObject({
        status: 'completed',
        conclusion: 'failure',
        output: { title: 'trt-ci could not run' },
      });
      expect(result.summary).toContain('## trt-ci ❌ could not run');
      expect(result.summary).toContain('a part of the path is a file, not a folder');
      expect(result.outputs.status).toBe('error');
      // The pack uploads the logs there are under the names the action gives, crash or not.
      expect(result.outputs).toMatchObject({
        'report-artifact': 'trt-ci-trt-ci.yml',
        'plans-artifact': 'plans-trt-ci-trt-ci.yml',
      });
      expect(api.violations).toEqual([]);
    });
  });

  it('without checks: write, at most 10 errors are annotated per step, and the rest is said', async () => {
    const runner = project(
      { trtexecEnv: { TRTEXEC_STANDIN_OOM_ABOVE_MIB: 0 } },
      12,
      'min-workspace: 4GiB\npreflight: warn-only\n',
    );
    await withApi({ fail: { 'POST check-runs': 403 } }, async (api) => {
      const result = await runAction(runner, api, { config: 'trt-ci.yml', comment: 'never' });
      expect(result.stdout.match(/^::error title=m\/p\d+%3A out-of-memory/gm)).toHaveLength(10);
      expect(result.stdout).toContain(
        '::notice::trt-ci: 2 more errors were not annotated (GitHub ' +
          'shows 10 per type per step); the job summary lists them all.',
      );
      expect(result.summary).toContain('Creating the check run failed: the token lacks checks: write');
    });
  });

  it('comment: on-change leaves an unchanged pull request alone', async () => {
    const runner = project();
    await withApi({}, async (api) => {
      const result = await runAction(runner, api, { config: 'trt-ci.yml', comment: 'on-change', baseline: 'none' });
      expect(result.code).toBe(0);
      // Nothing failed and there is no baseline to differ from: no comment is created.
      expect(api.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/comments'))).toEqual([]);
    });
  });

  it("with cache-dir, the cache-key output names this run's engines for actions/cache", async () => {
    const runner = project({}, 2, 'cache-dir: cache\n');
    await withApi({}, async (api) => {
      const first = await runAction(runner, api, { config: 'trt-ci.yml', comment: 'never' });
      const second = await runAction(runner, api, { config: 'trt-ci.yml', comment: 'never' });
      expect(first.outputs['cache-key'], first.stdout).toMatch(/^trt-ci-[0-9a-f]{32}$/);
      expect(second.outputs['cache-key']).toBe(first.outputs['cache-key']);
      expect(second.summary).toMatch(/♻️ 2 from the engine cache \(.* of GPU time saved\)/);
    });
  });

  it('a bad input is named', async () => {
    const runner = project();
    await withApi({}, async (api) => {
      const result = await runAction(runner, api, { config: 'trt-ci.yml', comment: 'sometimes' });
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(
        '::error::trt-ci: input comment: expected one of always, on-change, on-failure, never, got "sometimes"',
      );
      for (const stability of ['0', '11', 'two']) {
        const bad = await runAction(runner, api, { config: 'trt-ci.yml', comment: 'never', stability });
        expect(bad.code).toBe(1);
        expect(bad.stdout).toContain(
          `::error::trt-ci: input stability: expected a number of rebuilds from 1 to 10, or empty, got "${stability}"`,
        );
      }
    });
  });

  it("stability: N rebuilds each engine where trt-ci.yml does not say; trt-ci.yml's own wins", async () => {
    const rebuildsOf = (runner: Runner) => {
      const report = JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8')) as Report;
      return report.builds.map((b) => b.stability?.asked ?? null);
    };
    await withApi({}, async (api) => {
      const plain = project({}, 1);
      for (const [stability, asked] of [
        ['', null],
        ['1', 1],
      ] as const) {
        const result = await runAction(plain, api, { config: 'trt-ci.yml', comment: 'never', stability });
        expect(result.code, result.stdout).toBe(0);
        expect(rebuildsOf(plain)).toEqual([asked]);
      }
      const own = project({}, 1, 'stability: { rebuilds: 2 }\n');
      const result = await runAction(own, api, { config: 'trt-ci.yml', comment: 'never', stability: '1' });
      expect(result.code, result.stdout).toBe(0);
      expect(rebuildsOf(own)).toEqual([2]);
      expect(result.summary).toContain('The same engine twice');
    });
  });
});

/** A zip holding one report.json, as actions/upload-artifact stores it. */
function reportZip(dir: string, report: string): string {
  const zip = join(dir, 'artifact.zip');
  writeFileSync(zip, zipOf([['report.json', readFileSync(report)]]));
  return zip;
}

/** The API as baseline: auto reads it: a fork's run (never to be used), then the base branch's run 556. */
function baselineRoutes(zip: string) {
  const runs = {
    total_count: 2,
    workflow_runs: [
      {
        id: 555,
        head_sha: '1111111111111111111111111111111111111111',
        head_repository: { full_name: 'someone/engines' },
      },
      { id: 556, head_sha: '2222222222222222222222222222222222222222', head_repository: { full_name: 'acme/engines' } },
    ],
  };
  return {
    'GET /repos/acme/engines/actions/workflows/engines.yml/runs': () => ({ status: 200, body: runs }),
    'GET /repos/acme/engines/actions/runs/556/artifacts': () => ({
      status: 200,
      body: { total_count: 1, artifacts: [{ id: 77, name: 'trt-ci-report-trt-ci.yml', expired: false }] },
    }),
    'GET /repos/acme/engines/actions/artifacts/77/zip': (_url: URL, base: string) => ({
      status: 302,
      body: {},
      headers: { location: `${base}/blob/report.zip` },
    }),
    'GET /blob/report.zip': () => ({ status: 200, body: readFileSync(zip) }),
    [`GET /repos/acme/engines/compare/${BASE_SHA}...${HEAD_SHA}`]: () => ({
      status: 200,
      body: { merge_base_commit: { sha: '3333333333333333333333333333333333333333' } },
    }),
  };
}
const PULL_REQUEST_WORKFLOW = { GITHUB_WORKFLOW_REF: 'acme/engines/.github/workflows/engines.yml@refs/pull/7/merge' };

describe('baseline: auto', () => {
  it(
    'takes the report of the newest successful push run on the ' +
      "base branch (not a fork's), and says it is not the merge-base",
    async () => {
      const config =
        'output-dir: out\ncuda: "13.0"\nmodels:\n  - name: m\n    onnx: m.onnx\n    ' +
        'budgets: { plan-growth: 10% }\n    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]\n';
      // The base branch's run: TensorRT 10.16.
      const before = makeRunner({ version: '10.16.1.11' });
      before.touch('m.onnx');
      const baseRun = await cli(['run', '--config', before.writeConfig(config)]);
      expect(baseRun.code, baseRun.stderr).toBe(0);
      const zip = reportZip(before.dir, join(before.dir, 'out', 'report.json'));
      // This pull request: TensorRT 11.2 pads the plan.
      const after = makeRunner({ version: '11.2.1.2', trtexecEnv: { TRTEXEC_STANDIN_PAD_ZEROS: 8 * 1024 * 1024 } });
      after.touch('m.onnx');
      after.writeConfig(config);
      const routes = baselineRoutes(zip);
      await withApi({ routes }, async (api) => {
        const result = await runAction(
          after,
          api,
          { config: 'trt-ci.yml', comment: 'never' },
          { env: PULL_REQUEST_WORKFLOW },
        );
        expect(result.code, result.stdout).toBe(1);
        expect(api.requests.some((r) => r.path === '/repos/acme/engines/actions/runs/555/artifacts')).toBe(false);
        expect(result.summary).toContain(
          "baseline: run 556 on main at 2222222, which is not the pull request's merge-base 3333333",
        );
        expect(result.summary).toContain('**TensorRT changed: 10.16.1.11 → 11.2.1.2**');
        expect(result.summary).toMatch(
          /plan-growth \| plan size growth over the baseline [\d,.]+% is over the limit 10%/,
        );
        expect(result.stdout).toContain('::error::trt-ci: 1 budget(s) exceeded: m/p plan-growth');
        expect(api.violations).toEqual([]);
      });
    },
  );

  // Other unusable reports (not JSON, null) are in budgets.test.ts, through the pipeline in-process.
  it("a base branch's report of an older schema is not used, and the run goes on and says why", async () => {
    const [text, why] = ['{ "schema": "trt-ci/report@0", "builds": [] }', /expected a trt-ci report/];
    const runner = project({}, 1, 'budgets: { plan-growth: 10% }\n');
    writeFileSync(join(runner.dir, 'old-report.json'), text);
    await withApi(
      { routes: baselineRoutes(reportZip(runner.dir, join(runner.dir, 'old-report.json'))) },
      async (api) => {
        const result = await runAction(
          runner,
          api,
          { config: 'trt-ci.yml', comment: 'never' },
          { env: PULL_REQUEST_WORKFLOW },
        );
        expect(result.code, result.stdout).toBe(0);
        expect(result.outputs.status).toBe('passed');
        expect(result.summary).toMatch(/No baseline: the base branch's report was not used: .*report\.json: /);
        expect(result.summary).toMatch(why);
        const report = JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8'));
        expect(report.comparison).toMatchObject({ baseline: null });
        const growth = report.budgets.find((b: { metric: string }) => b.metric === 'plan-growth');
        expect(growth).toMatchObject({ status: 'no-baseline' });
      },
    );
  });
});

describe('the gate job', () => {
  const APPROVAL = 'GET /repos/acme/engines/actions/permissions/fork-pr-contributor-approval';
  it.each([
    [200, 'all_external_contributors', /✅ Workflows from every outside contributor wait for approval/],
    [200, 'first_time_contributors', /⚠️ Only first-time contributors wait for approval: .*Require approval for all/],
    [403, 'unknown', /⚠️ Could not read the fork approval setting \(.*\).* Check by hand: Settings → Actions/],
  ])("says the repository's fork approval setting (GitHub answers %i: %s)", async (status, policy, said) => {
    const runner = makeRunner();
    const body = status === 200 ? { approval_policy: policy } : { message: 'Resource not accessible by integration' };
    await withApi({ routes: { [APPROVAL]: () => ({ status, body }) } }, async (api) => {
      const inputs = { command: 'gate', 'approval-label': 'gpu-ok', shards: '3' };
      const result = await runAction(runner, api, inputs, { fork: true });
      expect(result.code, result.stdout).toBe(0);
      // shards: the build matrix's shard dimension.
      expect(result.outputs).toMatchObject({ allowed: 'false', 'fork-approval': policy, shards: '[1,2,3]' });
      expect(result.summary).toMatch(said);
      expect(api.violations).toEqual([]);
    });
  });
});

describe('the gate job on a /gpu-ok comment', () => {
  const HEAD = 'abcdef1234567890abcdef1234567890abcdef12';
  /** An issue_comment event on pull request 7 of a fork, and the API as it answers about it. */
  async function gate(action: string, body: string, resolvesTo: string | null) {
    const runner = makeRunner();
    const event = join(runner.dir, 'comment-event.json');
    writeFileSync(
      event,
      JSON.stringify({
        action,
        issue: { number: 7, pull_request: { url: 'https://api.github.com/repos/acme/engines/pulls/7' } },
        comment: { body, user: { login: 'someone' } },
        sender: { login: 'maint' },
        repository: { full_name: 'acme/engines', default_branch: 'main' },
      }),
    );
    const routes = {
      'GET /repos/acme/engines/collaborators/maint/permission': () => ({
        status: 200,
        body: { permission: 'write', user: { login: 'maint' } },
      }),
      'GET /repos/acme/engines/pulls/7': () => ({
        status: 200,
        body: { number: 7, state: 'open', head: { sha: HEAD, repo: { full_name: 'someone/engines' } } },
      }),
      [`GET /repos/acme/engines/commits/${body.split(' ')[1]}`]: () =>
        resolvesTo
          ? { status: 200, body: { sha: resolvesTo } }
          : { status: 422, body: { message: 'No commit found for SHA: abcdef1' } },
    };
    return withApi({ routes }, async (api) => {
      const result = await runAction(
        runner,
        api,
        { command: 'gate', 'approval-label': 'gpu-ok', shards: '1' },
        {
          env: { GITHUB_EVENT_NAME: 'issue_comment', GITHUB_EVENT_PATH: event },
        },
      );
      expect(result.code, result.stdout).toBe(0);
      expect(api.violations).toEqual([]);
      return { result, asked: api.requests.map((r) => `${r.method} ${r.path}`) };
    });
  }

  it('a new comment with a prefix the repository resolves to the head builds exactly that commit', async () => {
    const { result, asked } = await gate('created', '/gpu-ok abcdef1', HEAD);
    expect(result.outputs).toMatchObject({ allowed: 'true', sha: HEAD, repository: 'someone/engines' });
    expect(asked).toContain('GET /repos/acme/engines/commits/abcdef1');
  });

  it('a prefix the head shares but that names another commit approves nothing', async () => {
    const { result } = await gate('created', '/gpu-ok abcdef1', 'abcdef1999999999999999999999999999999999');
    expect(result.outputs).toMatchObject({ allowed: 'false', sha: '' });
    expect(result.outputs.reason).toMatch(/not exactly the head .*approve with the full SHA/);
    const ambiguous = await gate('created', '/gpu-ok abcdef1', null);
    expect(ambiguous.result.outputs).toMatchObject({ allowed: 'false', sha: '' });
    expect(ambiguous.result.outputs.reason).toMatch(/no single commit: No commit found for SHA/);
  });

  it.each(['edited', 'deleted'])(
    'a comment %s by a maintainer approves nothing, and asks the API nothing',
    async (a) => {
      const { result, asked } = await gate(a, `/gpu-ok ${HEAD}`, HEAD);
      expect(result.outputs).toMatchObject({ allowed: 'false', sha: '' });
      expect(result.outputs.reason).toMatch(new RegExp(`a ${a} comment approves nothing`));
      expect(asked.filter((r) => /collaborators|pulls|commits/.test(r))).toEqual([]);
    },
  );
});

describe('the local GitHub API', () => {
  it("catches a request body that GitHub's OpenAPI description does not allow", async () => {
    await withApi({}, async (api) => {
      await fetch(`${api.url}/repos/acme/engines/check-runs`, {
        method: 'POST',
        body: JSON.stringify({ name: 'x', head_sha: 'abc', status: 'bogus' }),
      });
      await fetch(`${api.url}/repos/acme/engines/issues/7/comments`, {
        method: 'POST',
        body: JSON.stringify({ text: 'no body field' }),
      });
      expect(api.violations).toEqual([
        expect.stringMatching(
          /POST \/repos\/\{owner\}\/\{repo\}\/check-runs: body\/status must be equal to one of the allowed values/,
        ),
        expect.stringMatching(
          "POST /repos/{owner}/{repo}/issues/{issue_number}/comments: body must have required property 'body'",
        ),
      ]);
    });
  });
});

describe("command: report (the pack's report job and the fork comment workflow)", () => {
  it("a fork's own pull_request run uploaded a passing report: it is not read, the check is not green", async () => {
    const runner = project();
    const built = await cli(['run', '--config', join(runner.dir, 'trt-ci.yml')]);
    expect(built.code, built.stderr).toBe(0);
    // The fork's workflow file (its merge commit's) uploaded this without a GPU build.
    const reports = join(runner.dir, 'reports');
    execFileSync('mkdir', ['-p', join(reports, 'trt-ci-a100')]);
    writeFileSync(join(reports, 'trt-ci-a100', 'report.json'), readFileSync(join(runner.dir, 'out', 'report.json')));
    const event = join(runner.dir, 'fork-run.json');
    const head = 'cafe000000000000000000000000000000000000';
    writeFileSync(
      event,
      JSON.stringify({
        workflow_run: {
          id: 43,
          event: 'pull_request',
          pull_requests: [],
          head_branch: 'patch-1',
          head_sha: head,
          head_repository: { owner: { login: 'someone' }, full_name: 'someone/engines' },
        },
      }),
    );
    const routes = {
      'GET /repos/acme/engines/pulls': () => ({ status: 200, body: [{ number: 31, head: { sha: head } }] }),
    };
    await withApi({ routes }, async (api) => {
      const result = await runAction(
        runner,
        api,
        { command: 'report', reports, 'report-key': 'engines' },
        { env: { GITHUB_EVENT_NAME: 'workflow_run', GITHUB_EVENT_PATH: event } },
      );
      expect(result.code, result.stdout).toBe(0);
      const [created, ...updates] = [...api.checkRuns.values()][0]!;
      expect(created).toMatchObject({ name: 'trt-ci (all runners)', head_sha: head });
      expect(updates.at(-1)).toMatchObject({
        status: 'completed',
        conclusion: 'action_required',
        output: { title: 'not built: awaiting approval' },
      });
      const comment = api.comments.find((c) => c.user.login === 'github-actions[bot]')!;
      expect(comment.body.startsWith(commentMarker('engines'))).toBe(true);
      expect(comment.body).toContain('not built: awaiting approval');
      expect(comment.body).toContain(`/gpu-ok ${head}`);
      // Nothing of the fork's artifact reached the comment or the check.
      expect(comment.body).not.toContain('✅ passed');
      expect(result.summary).toContain('nothing it uploaded is read');
      expect(api.violations).toEqual([]);
    });
  });

  it(
    "merges the runners' reports as data and comments " + 'on the pull request found from the workflow_run event',
    async () => {
      const runner = project();
      const built = await cli(['run', '--config', join(runner.dir, 'trt-ci.yml')]);
      expect(built.code, built.stderr).toBe(0);
      const reports = join(runner.dir, 'reports');
      for (const gpu of ['a100', 'h100']) {
        execFileSync('mkdir', ['-p', join(reports, `trt-ci-${gpu}`)]);
        const report = JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8'));
        for (const b of report.builds) b.gpu.name = `NVIDIA ${gpu.toUpperCase()}`;
        report.environment.gpus[0].name = `NVIDIA ${gpu.toUpperCase()}`;
        writeFileSync(join(reports, `trt-ci-${gpu}`, 'report.json'), JSON.stringify(report));
      }
      // Something in an artifact that is not a report is skipped, never run.
      execFileSync('mkdir', ['-p', join(reports, 'trt-ci-evil')]);
      writeFileSync(join(reports, 'trt-ci-evil', 'report.json'), '{"schema": "not/trt-ci", "builds": "rm -rf /"}');
      const event = join(runner.dir, 'workflow-run.json');
      // A run of a branch of this repository (one of a fork's own runs decides nothing: the next test).
      // GitHub can leave pull_requests empty: the pull request is found by its branch and commit.
      writeFileSync(
        event,
        JSON.stringify({
          workflow_run: {
            id: 42,
            event: 'pull_request',
            pull_requests: [],
            head_branch: 'patch-1',
            head_sha: 'cafe000000000000000000000000000000000000',
            head_repository: { owner: { login: 'acme' }, full_name: 'acme/engines' },
          },
        }),
      );
      const routes = {
        'GET /repos/acme/engines/pulls': (url: URL) => ({
          status: 200,
          body:
            url.searchParams.get('head') === 'acme:patch-1'
              ? [{ number: 31, head: { sha: 'cafe000000000000000000000000000000000000' } }]
              : [],
        }),
      };
      await withApi({ routes }, async (api) => {
        const result = await runAction(
          runner,
          api,
          { command: 'report', reports, 'report-key': 'engines' },
          { env: { GITHUB_EVENT_NAME: 'workflow_run', GITHUB_EVENT_PATH: event } },
        );
        expect(result.code, result.stdout).toBe(0);
        expect(result.stdout).toMatch(/skipped .*trt-ci-evil\/report\.json: expected a trt-ci report/);
        const comment = api.comments.find((c) => c.user.login === 'github-actions[bot]')!;
        expect(
          api.requests.some((r) => r.method === 'POST' && r.path === '/repos/acme/engines/issues/31/comments'),
        ).toBe(true);
        expect(comment.body.startsWith(commentMarker('engines'))).toBe(true);
        expect(comment.body).toContain(
          '| | model | profile | A100 plan | A100 Δ | A100 build | H100 plan | H100 Δ | H100 build |',
        );
        // One check run for all runners, on the commit that the event names.
        const [created, ...updates] = [...api.checkRuns.values()][0]!;
        expect(created).toMatchObject({
          name: 'trt-ci (all runners)',
          head_sha: 'cafe000000000000000000000000000000000000',
          status: 'in_progress',
        });
        expect(updates.at(-1)).toMatchObject({
          status: 'completed',
          conclusion: 'success',
          output: { title: 'passed on 2 runner types' },
        });
        expect(api.violations).toEqual([]);

        // The H200 runner's job died before writing a report: the merged view says so and fails.
        const expected = JSON.stringify([['a100'], ['h100'], ['self-hosted', 'h200']]);
        const short = await runAction(
          runner,
          api,
          { command: 'report', reports, 'report-key': 'engines', 'expected-runners': expected },
          { env: { GITHUB_EVENT_NAME: 'workflow_run', GITHUB_EVENT_PATH: event } },
        );
        expect(short.code, short.stdout).toBe(1);
        expect(short.stdout).toContain('::error::trt-ci: no report from self-hosted h200');
        const [, ...later] = [...api.checkRuns.values()][1]!;
        expect(later.at(-1)).toMatchObject({
          conclusion: 'failure',
          output: { title: 'failed on 2 runner types, 1 without a report' },
        });
        const updated = api.comments.find((c) => c.user.login === 'github-actions[bot]')!;
        expect(updated.body).toContain('## trt-ci ❌ failed');
        expect(updated.body).toContain('### ❌ No report from 1 runner\n\n- `self-hosted h200`');
        expect(short.summary).toContain('No report from 1 runner');
      });
    },
  );

  it('expected-runners that is not a JSON list of label sets is refused, naming the input', () => {
    expect(() => expectedRunners('self-hosted,gpu')).toThrow(
      /^expected-runners: expected a JSON list of runner label sets or ARC scale-set names .*, got self-hosted,gpu$/,
    );
    expect(() => expectedRunners('[["gpu"], []]')).toThrow(/expected-runners/);
    expect(() => expectedRunners('[["gpu"], ""]')).toThrow(/expected-runners/);
    // An ARC scale set is named, not labelled: runs-on: arc-h100, its artifact trt-ci-arc-h100.
    expect(expectedRunners('["arc-h100", ["self-hosted", "a100"]]')).toEqual([['arc-h100'], ['self-hosted', 'a100']]);
    expect(missingRunners(expectedRunners('["arc-h100"]'), ['/r/trt-ci-arc-h100/report.json'], '/r')).toEqual([]);
    expect(expectedRunners('')).toEqual([]);
    expect(missingRunners([['gpu', 'a100'], ['b']], ['/r/trt-ci-gpu-a100/report.json'], '/r')).toEqual(['b']);
    // Sharded: each shard of each runner is expected.
    const shardReports = ['/r/trt-ci-a100-shard-1-of-2/report.json', '/r/trt-ci-h100-shard-2-of-2/report.json'];
    expect(missingRunners([['a100'], ['h100']], shardReports, '/r', 2)).toEqual([
      'a100 (shard 2/2)',
      'h100 (shard 1/2)',
    ]);
  });
});

describe('storing the baseline', () => {
  it('happens on pushes to the default branch only', async () => {
    const { storesBaseline, workflowFile, baselineArtifactName } = await import('../src/github/baseline-artifact.js');
    const context = {
      owner: 'acme',
      repo: 'engines',
      eventName: 'push',
      event: {},
      ref: 'refs/heads/main',
      sha: 'x',
      runId: 1,
      workflowRef: null,
      defaultBranch: 'main',
      pullRequest: null,
      workspace: '/',
    };
    expect(storesBaseline(context)).toBe(true);
    expect(storesBaseline({ ...context, ref: 'refs/heads/feature' })).toBe(false);
    expect(storesBaseline({ ...context, eventName: 'pull_request' })).toBe(false);
    expect(workflowFile('acme/engines/.github/workflows/trt.yml@refs/heads/main')).toBe('trt.yml');
    expect(baselineArtifactName('configs/trt ci.yml')).toBe('trt-ci-report-configs-trt-ci.yml');
  });
});

describe('the deploy job on a full disk (issue 35)', () => {
  const mount = (dir: string) =>
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', dir], { stdio: 'ignore' });
  // Where a tmpfs can be mounted (root, as .ci/run runs); a 256 KiB one, filled, is RUNNER_TEMP below.
  const mountable = (() => {
    const probe = mkdtempSync(join(tmpdir(), 'trt-ci-tmpfs-'));
    try {
      mount(probe);
      execFileSync('umount', [probe]);
      return true;
    } catch {
      return false;
    } finally {
      rmSync(probe, { recursive: true, force: true });
    }
  })();

  it.skipIf(!mountable)(
    'says deploy.json could not be written, in one line, and still writes its summary',
    async () => {
      const runner = makeRunner();
      runner.touch('m.onnx');
      const config = runner.writeConfig(
        'output-dir: out\ndeploy: [{ name: h200, gpu: H200 }]\nmodels:\n  - name: m\n    onnx: m.onnx\n' +
          '    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]\n',
      );
      expect((await cli(['run', '--config', config])).code).toBe(0);
      const full = mkdtempSync(join(tmpdir(), 'trt-ci-full-'));
      mount(full);
      try {
        execFileSync('mkdir', ['-p', join(full, 'trt-ci-deploy')]);
        // dd stops with "No space left on device": that is the point.
        spawnSync('dd', ['if=/dev/zero', `of=${join(full, 'filler')}`, 'bs=4k', 'count=1000'], { stdio: 'ignore' });
        const manifest = join(runner.dir, 'out', 'manifest.json');
        const run = await withApi({}, (api) =>
          runAction(
            runner,
            api,
            { config, 'deploy-target': 'h200', manifest, token: '' },
            { env: { GITHUB_EVENT_NAME: 'push', RUNNER_TEMP: full } },
          ),
        );
        expect(run.code).toBe(1);
        const errors = run.stdout.split('\n').filter((l) => l.startsWith('::error::'));
        expect(errors).toEqual([
          expect.stringMatching(/^::error::trt-ci: .*deploy\.json: cannot write: no space left on device$/),
        ]);
        expect(run.summary).toMatch(/^## trt-ci: loaded on h200/);
      } finally {
        execFileSync('umount', [full]);
        rmSync(full, { recursive: true, force: true });
      }
    },
  );
});
