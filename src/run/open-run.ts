// A run's setup, before its first stage: trt-ci.yml read (its secret variables kept from every program), the base
// ref and baseline, trtexec asked its version (or the run command, with a build command), the output folder
// claimed, the engine cache opened, and the one context every stage is handed. `close` undoes what it holds.
import { resolve } from 'node:path';
import { buildPlan } from '../builds/build-plan.js';
import { planBuilding } from '../builds/build-stage.js';
import { planBuildJobs } from '../builds/jobs.js';
import { claimOutputDir } from '../builds/output-dir.js';
import { openRunCache } from '../builds/run-cache.js';
import type { StageContext } from '../builds/stage-context.js';
import type { Config } from '../contract/config.js';
import { FileDigests } from '../cache/engine-cache.js';
import { cacheTrustOf } from '../cache/trust.js';
import { buildSecondsOf, readBaseline } from '../compare/baseline.js';
import { loadConfig } from '../config/load.js';
import { queryGpus } from '../gpu/nvidia-smi.js';
import { withoutVariables } from '../proc/child-env.js';
import { commandRunnerOf } from '../runners/runner-for.js';
import { trtexecRunner } from '../runners/trtexec-runner.js';
import { probeForConfig } from '../tensorrt/config-check.js';
import { createTrtexec } from '../tensorrt/trtexec.js';
import { resolveBaseRef, withFoundBasePlans } from './base.js';
import type { PipelineOptions, RunStart } from './options.js';

/** A run set up: the stages' context, what setup found out, the options as the run uses them, and its undoing. */
export interface OpenRun {
  context: StageContext;
  start: RunStart;
  /** The options with the job's environment less trt-ci.yml's secret variables. */
  options: PipelineOptions;
  close: () => Promise<void>;
}

/** The run's setup (the stages' order is pipeline.ts's); on a failure part way, what it took is given back. */
export async function openRun(given: PipelineOptions): Promise<OpenRun> {
  const startedAt = new Date();
  const configEnv = given.configEnv ?? given.env;
  const read = loadConfig(given.configFile, given.cwd, configEnv);
  // The signing key's variables go no further than trt-ci.yml: no program trt-ci runs is handed them.
  const options = { ...given, env: withoutVariables(given.env, read.secretVariables ?? []), configEnv };
  const loaded = await resolveBaseRef(options.adjustConfig ? options.adjustConfig(read) : read, options);
  const { config, basePlansNote } = await withFoundBasePlans(loaded, options);
  const baselineFile = options.baselineFile ? resolve(options.cwd, options.baselineFile) : null;
  const { baseline, baselineRefused } = await readBaseline(baselineFile, options.baselineFound ?? false);
  // A shard is balanced by the build times of a baseline the user named (every shard must be given the
  // same file, or the shards would split differently); one found per job (the action's, which is that
  // shard's own) balances nothing. A bad --only is exit 2 at once.
  const weights = options.baselineFound ? undefined : buildSecondsOf(baseline);
  const selection = options.selection && { ...options.selection, ...(weights && { weights }) };
  if (selection) planBuildJobs(config, selection);
  const { nvidiaSmi, gpuQuery, trtexec, runner, version } = await programsOf(config, options);
  const release = await claimOutputDir(config, options.cwd);
  // The output folder is held from here: a cache that cannot be opened gives it back.
  const registry = await openRunCache(config, options).catch(async (error: unknown) => {
    await release();
    throw error;
  });
  let sweepBuilder = () => Promise.resolve<unknown>(undefined);
  const close = async () => {
    // Nothing a build left running outside its process group outlives the run (trtexec's, a build command's).
    await trtexec.sweep();
    await runner.sweep();
    await sweepBuilder();
    await registry.release();
    await release();
  };
  try {
    const defaultBranch = options.provenance?.defaultBranch ?? false;
    const trust = cacheTrustOf(registry.config, defaultBranch);
    // What the cache may serve this run, decided once: its signature keys, and whether it is for what ships.
    // From a registry, whom it serves is who may push there (the run reads only repositories it trusts);
    // signatures still decide where trt-ci.yml has a public key.
    const cacheTrust = registry.cache && !trust.publicKey ? { ...trust, trust: 'any' as const } : trust;
    const digests = new FileDigests(options.signal);
    const building = planBuilding(registry.config, version, {
      trtexec,
      runner,
      env: options.env,
      digests,
      provenance: options.provenance ?? null,
      cacheTrust,
      registry: registry.cache,
      ...(options.signal && { signal: options.signal }),
    });
    sweepBuilder = () => building.producer.sweep();
    const context: StageContext = {
      config: registry.config,
      trtexec,
      runner,
      version,
      env: options.env,
      nvidiaSmi,
      signal: options.signal,
      cacheTrust,
      digests,
      registry: registry.cache,
      buildPlan: (job, gpu) => buildPlan(job, gpu, building),
    };
    const start = { baseline, baselineFile, baselineRefused, basePlansNote, startedAt, gpuQuery, selection, building };
    return { context, start: { ...start, registryCredentials: registry.credentials }, options, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The programs the run calls: nvidia-smi (one query, for preflight and the build stage, made while trtexec is asked
 * its version), trtexec, and what runs the plans, with the TensorRT version it says.
 */
async function programsOf(config: Config, options: PipelineOptions) {
  // One nvidia-smi query serves preflight and the build stage; it runs while trtexec is asked its version.
  const nvidiaSmi = {
    command: config.nvidiaSmi,
    env: options.env,
    signal: options.signal,
    start: options.startProcess,
  };
  const gpuQuery = queryGpus(nvidiaSmi);
  const trtexec = createTrtexec({
    command: config.trtexec,
    env: options.env,
    killGraceMs: config.killGraceMs,
    ...(options.signal && { signal: options.signal }),
    ...(options.startProcess && { start: options.startProcess }),
  });
  // With a build command and a run command nothing runs trtexec: the run command says which TensorRT it runs.
  const runCommand = commandRunnerOf(config, options);
  const { version } =
    config.build && runCommand
      ? await probeForConfig(config, runCommand, 'run')
      : await probeForConfig(config, trtexec);
  const runner = runCommand ?? trtexecRunner(trtexec, version);
  return { nvidiaSmi, gpuQuery, trtexec, runner, version };
}
