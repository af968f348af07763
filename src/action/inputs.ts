import * as core from '@actions/core';
import { parseShard, type Shard } from '../builds/shard.js';
import { InputError } from '../common/errors.js';

// The words of the comment and fail-on inputs. Here, not with the policy that reads them (policy.ts): the
// action's first chunk parses its inputs and must not load the report's code with them (start-up time).
export const COMMENT_POLICIES = ['always', 'on-change', 'on-failure', 'never'] as const;
export type CommentPolicy = (typeof COMMENT_POLICIES)[number];
export const FAIL_ON = ['error', 'budget', 'regression', 'accuracy'] as const;
export type FailOn = (typeof FAIL_ON)[number];

/**
 * Every input with the default action.yml gives it (a test holds the two together). The runner fills
 * defaults in; this table is what a run outside it (or an empty value) falls back to. The token has
 * none outside Actions: action.yml's `${{ github.token }}` means nothing there.
 */
export const INPUT_DEFAULTS = {
  command: 'run',
  config: 'trt-ci.yml',
  token: null,
  comment: 'on-change',
  'fail-on': 'error, budget, accuracy',
  baseline: 'auto',
  'check-name': '',
  'report-key': '',
  reports: 'reports',
  'expected-runners': '',
  shard: '',
  shards: '1',
  'approval-label': 'gpu-ok',
  'trusted-actors': '',
} as const satisfies Record<string, string | null>;

export type InputName = keyof typeof INPUT_DEFAULTS;

export function input(name: InputName): string {
  return core.getInput(name) || (INPUT_DEFAULTS[name] ?? '');
}

/** The token, masked in the log from here on. */
export function tokenInput(): string {
  const token = input('token');
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
}

/** The run command's inputs, checked like the config: a bad one names itself and what it takes. */
export function readRunInputs(): RunInputs {
  const comment = input('comment');
  if (!(COMMENT_POLICIES as readonly string[]).includes(comment)) {
    throw new InputError(`input comment: expected one of ${COMMENT_POLICIES.join(', ')}, got "${comment}"`);
  }
  const failOn = input('fail-on')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = failOn.find((f) => !(FAIL_ON as readonly string[]).includes(f));
  if (bad) throw new InputError(`input fail-on: expected a list of ${FAIL_ON.join(', ')}, got "${bad}"`);
  const config = input('config');
  return {
    config,
    token: tokenInput(),
    comment: comment as CommentPolicy,
    failOn: failOn as FailOn[],
    baseline: input('baseline'),
    checkName: input('check-name') || 'trt-ci',
    reportKey: input('report-key') || config,
    shard: shardInput(),
  };
}

/** `shard: I/N` of the run command: this job builds that share of the pairs. */
function shardInput(): Shard | null {
  const text = input('shard');
  if (!text) return null;
  const shard = parseShard(text);
  if (!shard) throw new InputError(`input shard: expected I/N with 1 <= I <= N, like 2/3, got "${text}"`);
  return shard;
}

/** `shards` of the gate and report commands: how many jobs each runner label set is split into. */
export function shardCount(): number {
  const text = input('shards');
  const count = Number(text);
  if (!/^\d{1,3}$/.test(text) || count < 1) {
    throw new InputError(`input shards: expected a number of jobs per runner type from 1 to 999, got "${text}"`);
  }
  return count;
}
