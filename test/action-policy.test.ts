// The action's decisions as a table: when to comment, when the job fails, and the check's conclusion;
// and its input defaults against action.yml.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ACTION_INPUTS } from '../src/action/action-inputs.js';
import type { CommentPolicy, FailOn } from '../src/action/inputs.js';
import { ACTIONS, actionInputsModule } from '../scripts/action-inputs.mjs';
import { checkConclusion, checkTargetOf, failureReason, wantsComment } from '../src/action/policy.js';
import type { DeployRow, Report } from '../src/contract/report.js';

type Judged = Pick<Report, 'status' | 'builds' | 'comparison'> & { interrupted?: string | null };

type Row = Report['builds'][number]['budgets'][number];
const build = (
  status: Report['builds'][number]['status'],
  bytes = 100,
  baselineBytes: number | null = 100,
  budgets: Row[] = [],
  deploy: Pick<DeployRow, 'target' | 'verdict'>[] = [],
) =>
  ({
    model: 'm',
    profile: status,
    status,
    bytes,
    baseline: baselineBytes === null ? null : { bytes: baselineBytes },
    budgets,
    deploy,
  }) as Report['builds'][number];
const budget = (metric: string, status: 'pass' | 'warn' | 'fail') =>
  ({ model: 'm', profile: 'p', metric, status }) as Row;
const report = (parts: Partial<Judged> = {}): Judged => ({
  status: 'passed',
  builds: [build('built')],
  comparison: { baseline: 'base.json', environment: [], added: [], removed: [] },
  ...parts,
});

const passed = report();
const failedBuild = report({ status: 'failed', builds: [build('built'), build('failed')] });
const grew = report({ builds: [build('built', 150, 100)] });
const budgetWarn = report({ builds: [build('built', 100, 100, [budget('plan-growth', 'warn')])] });
const budgetFail = report({ status: 'failed', builds: [build('built', 100, 100, [budget('plan-size', 'fail')])] });
const wontLoad = report({
  status: 'failed',
  builds: [
    build(
      'built',
      100,
      100,
      [],
      [
        { target: 'edge-l4', verdict: 'fails' },
        { target: 'h100', verdict: 'loads' },
      ],
    ),
  ],
});
const loadsWarned = report({
  builds: [build('built', 100, 100, [], [{ target: 'h100', verdict: 'loads-with-warning' }])],
});
const newEngine = report({ comparison: { baseline: 'b', environment: [], added: ['m/new'], removed: [] } });
const trtChanged = report({
  comparison: { baseline: 'b', environment: [{ what: 'TensorRT', from: '10.16', to: '11.2' }], added: [], removed: [] },
});

describe('comment policy', () => {
  const cases: [CommentPolicy, string, Judged | null, boolean][] = [
    ['always', 'an unchanged pass', passed, true],
    ['never', 'a failure', failedBuild, false],
    ['on-failure', 'an unchanged pass', passed, false],
    ['on-failure', 'a failed build', failedBuild, true],
    ['on-failure', 'a failed budget', budgetFail, true],
    ['on-failure', 'a size change that passed', grew, false],
    ['on-change', 'an unchanged pass', passed, false],
    ['on-change', 'a failed build', failedBuild, true],
    ['on-change', 'a plan that changed size', grew, true],
    ['on-change', 'a budget warning', budgetWarn, true],
    ['on-change', 'a new engine', newEngine, true],
    ['on-change', 'a TensorRT upgrade', trtChanged, true],
    ['on-change', 'no report (trt-ci could not run)', null, true],
    ['on-failure', 'no report (trt-ci could not run)', null, true],
  ];
  it.each(cases)('%s, %s → %s', (policy, _, judged, expected) => {
    expect(wantsComment(policy, judged)).toBe(expected);
  });
});

describe('fail-on', () => {
  const cases: [FailOn[], string, Judged | null, unknown, RegExp | null][] = [
    [['error', 'budget'], 'a pass', passed, null, null],
    [['error', 'budget'], 'a failed build', failedBuild, null, /^1 build\(s\) failed: m\/failed$/],
    [['budget'], 'a failed build, error not asked', failedBuild, null, null],
    [['error', 'budget'], 'a failed budget', budgetFail, null, /^1 budget\(s\) exceeded: m\/p plan-size$/],
    [['error'], 'a failed budget, budget not asked', budgetFail, null, null],
    [['error', 'budget'], 'a growth warning', budgetWarn, null, null],
    [['regression'], 'a growth warning', budgetWarn, null, /^1 regression\(s\): m\/p plan-growth$/],
    [['regression'], 'a size budget that failed is no regression', budgetFail, null, null],
    [
      ['deploy'],
      'an engine that will not load on a target',
      wontLoad,
      null,
      /^1 engine\(s\) will not load: m\/built on edge-l4$/,
    ],
    [['error', 'budget', 'accuracy'], 'a target that will not load, deploy not asked', wontLoad, null, null],
    [['deploy'], 'a load with a warning is no failure', loadsWarned, null, null],
    [['error'], 'a crash', null, new Error('boom'), /^trt-ci could not run: boom$/],
    [['budget'], 'a crash, error not asked', null, new Error('boom'), null],
  ];
  it.each(cases)('%j, %s', (failOn, _, judged, crash, expected) => {
    const reason = failureReason(failOn, judged, crash);
    if (expected === null) expect(reason).toBeNull();
    else expect(reason).toMatch(expected);
  });
});

describe('check conclusion', () => {
  type Run = Omit<Parameters<typeof checkConclusion>[0], 'reports'> & { reports: Judged[] };
  const cases: [string, Run, string][] = [
    ['every report passed', { cancelled: false, crashed: false, reports: [passed] }, 'success'],
    [
      'a report that says passed with a failed build',
      { cancelled: false, crashed: false, reports: [{ ...failedBuild, status: 'passed' }] },
      'failure',
    ],
    ['a failed budget', { cancelled: false, crashed: false, reports: [budgetFail] }, 'failure'],
    [
      'a report that says passed with a target that will not load',
      { cancelled: false, crashed: false, reports: [{ ...wontLoad, status: 'passed' }] },
      'failure',
    ],
    ['a load with a warning', { cancelled: false, crashed: false, reports: [loadsWarned] }, 'success'],
    [
      'a report a cancel stopped, that says passed',
      { cancelled: false, crashed: false, reports: [{ ...passed, interrupted: 'latency' }] },
      'failure',
    ],
    ['one of two runners failed', { cancelled: false, crashed: false, reports: [passed, failedBuild] }, 'failure'],
    ['a crash', { cancelled: false, crashed: true, reports: [] }, 'failure'],
    ['cancelled, whatever else', { cancelled: true, crashed: true, reports: [failedBuild] }, 'cancelled'],
  ];
  it.each(cases)('%s → %s', (_, run, expected) => {
    expect(checkConclusion(run)).toBe(expected);
  });
});

describe('the commit a check lands on (issue 35)', () => {
  const base = { owner: 'acme', repo: 'engines', sha: 'c'.repeat(40), pullRequest: null };
  const pr = { number: 7, headSha: 'c'.repeat(40), baseRef: 'main', baseSha: 'b'.repeat(40), fromFork: false };
  it.each([
    ['a push', { ...base, eventName: 'push' }, true],
    ['a pull request', { ...base, eventName: 'pull_request', pullRequest: pr }, true],
    [
      'a /gpu-ok comment the gate named a pull request for',
      { ...base, eventName: 'issue_comment', pullRequest: pr },
      true,
    ],
    [
      "a /gpu-ok comment without one: the default branch's head was not built",
      { ...base, eventName: 'issue_comment' },
      false,
    ],
    ['a workflow_run without one', { ...base, eventName: 'workflow_run' }, false],
  ] as const)('%s → a check: %s', (_, context, expected) => {
    const { target, noCheck } = checkTargetOf(context, 'trt-ci');
    // The commit the gate named is the commit built, whether or not its pull request could be read.
    if (!expected) expect(checkTargetOf(context, 'trt-ci', context.sha).target).not.toBeNull();
    expect(target === null).toBe(!expected);
    if (!expected) expect(noCheck).toMatch(/builds no commit of a change; a check would land on the default branch/);
    else expect(target).toEqual({ owner: 'acme', repo: 'engines', name: 'trt-ci', headSha: 'c'.repeat(40) });
  });
});

describe('action inputs', () => {
  it('are what the three action.yml files declare, with their defaults (the module npm run build writes)', () => {
    const root = join(import.meta.dirname, '..');
    const written = actionInputsModule(root);
    expect(readFileSync(join(root, 'src', 'action', 'action-inputs.ts'), 'utf8')).toBe(written);
    for (const [action, file] of Object.entries(ACTIONS)) {
      const declared = parse(readFileSync(join(root, file), 'utf8')) as {
        inputs: Record<string, { default?: string }>;
      };
      const inputs: Record<string, string | null> = ACTION_INPUTS[action as keyof typeof ACTION_INPUTS];
      expect(Object.keys(inputs), file).toEqual(Object.keys(declared.inputs));
      // The token's default is an expression only the runner can fill in.
      expect(inputs.token, file).toBeNull();
      expect(declared.inputs.token?.default, file).toBe('${{ github.token }}');
    }
  });
});
