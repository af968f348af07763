// What a run finds out about its base before any build: base-ref as a commit, and the base branch's plans when
// trt-ci.yml names none. Both are the run's setup, not a stage: pipeline.ts asks them first.
import { dirname, resolve } from 'node:path';
import { errorMessage, InputError } from '../common/errors.js';
import type { Config } from '../contract/config.js';
import { resolveCommit } from '../proc/git.js';

/** What the setup reads of the run's options (pipeline.ts's PipelineOptions). */
interface BaseOptions {
  configFile: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  findBasePlans?: () => Promise<{ dir: string; note: string } | null>;
}

/**
 * base-ref as the commit it names, before any build: what reaches `git show` is a commit id, never a text
 * git could read as an option, a range or a path; a ref git cannot resolve is exit 2, naming base-ref.
 */
export async function resolveBaseRef(config: Config, options: BaseOptions): Promise<Config> {
  if (!config.baseRef || !config.models.some((m) => m.benchmark === 'ab')) return config;
  const cwd = dirname(resolve(options.cwd, options.configFile));
  const resolved = await resolveCommit({
    ref: config.baseRef,
    cwd,
    env: options.env,
    killGraceMs: config.killGraceMs,
    ...(options.signal && { signal: options.signal }),
  });
  if ('problem' in resolved) {
    throw new InputError(
      `${config.where(['base-ref'])}: "${config.baseRef}" is not a commit: ${resolved.problem} ` +
        '(a shallow checkout lacks the base commit: fetch it, e.g. fetch-depth: 0)',
    );
  }
  return { ...config, baseRef: resolved.commit };
}

/**
 * The base branch's plans as base-plans, when trt-ci.yml names none and a model asks for an A/B: found for
 * the user (the action downloads the base branch's artifact). One that cannot be had is a note, never the run.
 */
export async function withFoundBasePlans(
  config: Config,
  options: BaseOptions,
): Promise<{ config: Config; basePlansNote: string | null }> {
  if (config.basePlans || !options.findBasePlans || !config.models.some((m) => m.benchmark === 'ab')) {
    return { config, basePlansNote: null };
  }
  try {
    const found = await options.findBasePlans();
    if (!found) return { config, basePlansNote: "base plans: the base branch's runs uploaded none for this job" };
    return { config: { ...config, basePlans: found.dir }, basePlansNote: found.note };
  } catch (error) {
    return { config, basePlansNote: `base plans: could not be downloaded: ${errorMessage(error)}` };
  }
}
