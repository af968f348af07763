import * as core from '@actions/core';
import { parseShard, type Shard } from '../builds/shard.js';
import { InputError } from '../common/errors.js';
import { ACTION_INPUTS } from './action-inputs.js';

// The words of the comment and fail-on inputs. Here, not with the policy that reads them (policy.ts): the
// action's first chunk parses its inputs and must not load the report's code with them (start-up time).
const COMMENT_POLICIES = ['always', 'on-change', 'on-failure', 'never'] as const;
export type CommentPolicy = (typeof COMMENT_POLICIES)[number];
const FAIL_ON = ['error', 'budget', 'regression', 'accuracy', 'deploy'] as const;
export type FailOn = (typeof FAIL_ON)[number];

export type ActionName = keyof typeof ACTION_INPUTS;
export type InputName<A extends ActionName> = keyof (typeof ACTION_INPUTS)[A] & string;

/** An input of one of the three actions; empty (or outside the runner) falls back to its action.yml default. */
export function input<A extends ActionName>(action: A, name: InputName<A>): string {
  const defaults: Record<string, string | null> = ACTION_INPUTS[action];
  return core.getInput(name) || (defaults[name] ?? '');
}

/** The token, masked in the log from here on. */
export function tokenInput(action: ActionName): string {
  const token = input(action, 'token');
  if (token) core.setSecret(token);
  return token;
}

export interface RunInputs {
  config: string;
  token: string;
  comment: CommentPolicy;
  failOn: FailOn[];
  /** auto: the base branch's stored report; none; or a path. */
  baseline: string;
  checkName: string;
  reportKey: string;
  /** This job's share of the pairs (the pack's shards input), or null for all. */
  shard: Shard | null;
  /** auto: the base branch's uploaded plans for the A/B when trt-ci.yml names no base-plans; or none. */
  basePlans: 'auto' | 'none';
  /** The pull request and commit the gate named, for events that are not pull_request ('' when none). */
  pullRequest: { number: string; headSha: string };
  /** Rebuilds for the stability check where trt-ci.yml sets none (the pack's scheduled run), or null. */
  stabilityRebuilds: number | null;
}

/** The run command's inputs, checked like the config: a bad one names itself and what it takes. */
export function readRunInputs(): RunInputs {
  const comment = input('run', 'comment');
  if (!(COMMENT_POLICIES as readonly string[]).includes(comment)) {
    throw new InputError(`input comment: expected one of ${COMMENT_POLICIES.join(', ')}, got "${comment}"`);
  }
  const failOn = input('run', 'fail-on')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = failOn.find((f) => !(FAIL_ON as readonly string[]).includes(f));
  if (bad) throw new InputError(`input fail-on: expected a list of ${FAIL_ON.join(', ')}, got "${bad}"`);
  const config = input('run', 'config');
  const basePlans = input('run', 'base-plans');
  if (basePlans !== 'auto' && basePlans !== 'none') {
    throw new InputError(`input base-plans: expected auto or none, got "${basePlans}"`);
  }
  return {
    basePlans,
    config,
    token: tokenInput('run'),
    comment: comment as CommentPolicy,
    failOn: failOn as FailOn[],
    baseline: input('run', 'baseline'),
    checkName: input('run', 'check-name') || 'trt-ci',
    reportKey: input('run', 'report-key') || config,
    shard: shardInput(),
    pullRequest: { number: input('run', 'pull-request'), headSha: input('run', 'head-sha') },
    stabilityRebuilds: stabilityInput(),
  };
}

/** `stability: N`: rebuild each engine N more times where trt-ci.yml does not say (the stability schema's range). */
function stabilityInput(): number | null {
  const text = input('run', 'stability').trim();
  if (!text) return null;
  const rebuilds = Number(text);
  if (!/^\d{1,2}$/.test(text) || rebuilds < 1 || rebuilds > 10) {
    throw new InputError(`input stability: expected a number of rebuilds from 1 to 10, or empty, got "${text}"`);
  }
  return rebuilds;
}

/** `shard: I/N` of the run command: this job builds that share of the pairs. */
function shardInput(): Shard | null {
  const text = input('run', 'shard');
  if (!text) return null;
  const shard = parseShard(text);
  if (!shard) throw new InputError(`input shard: expected I/N with 1 <= I <= N, like 2/3, got "${text}"`);
  return shard;
}

/** `shards` of the gate and report commands: how many jobs each runner label set is split into. */
export function shardCount(action: 'gate' | 'report'): number {
  const text = input(action, 'shards');
  const count = Number(text);
  if (!/^\d{1,3}$/.test(text) || count < 1) {
    throw new InputError(`input shards: expected a number of jobs per runner type from 1 to 999, got "${text}"`);
  }
  return count;
}
