// The explain stage (benchmark: ab): for each engine the A/B compared with a base engine, where and why the
// two differ, per ONNX region. An engine that got slower or faster is profiled after its A/B: two runs a
// side, interleaved, on the GPU it was measured on (--exportProfile), so a region's delta is judged against
// its own run-to-run spread. Without a change, or without layer info beside the base plan, it says less
// and why. A profile that cannot be taken is a note, never the run.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { BuildOutcome } from '../builds/outcome.js';
import { errorMessage, fileSize } from '../common/errors.js';
import type { Config } from '../contract/config.js';
import type { Explanation, Latency } from '../contract/report.js';
import { measurementArgs, profileRunArgv } from '../tensorrt/argv.js';
import type { Trtexec } from '../tensorrt/trtexec.js';
import type { TensorRtVersion } from '../tensorrt/version.js';
import { readOnnxNodeOrder } from '../tensorrt/onnx-inputs.js';
import { type EngineLayers, parseEngineLayers } from './engine-layers.js';
import { type LayerTimes, parseProfile } from './profile.js';
import { explainEngines } from './regions.js';

/** Profile runs a side, and iterations each: enough for a median per layer and a spread, cheap next to the A/B. */
export const PROFILE_RUNS = { runs: 2, iterations: 100 } as const;

/**
 * A plan's layer info as trt-ci keeps it: <stem>.layers.json beside a built or uploaded plan (the pack's
 * plans artifact carries both), layers.json beside a cache entry's `plan`.
 */
export const layerInfoBeside = (plan: string) =>
  basename(plan) === 'plan'
    ? join(dirname(plan), 'layers.json')
    : `${plan.replace(/\.(plan|engine|trt)$/, '')}.layers.json`;

export async function explainChanges(
  outcomes: readonly BuildOutcome[],
  latency: ReadonlyMap<string, Latency>,
  config: Pick<Config, 'outputDir'>,
  trtexec: Trtexec,
  version: TensorRtVersion,
  options: { signal?: AbortSignal } = {},
): Promise<Map<string, Explanation>> {
  const explained = new Map<string, Explanation>();
  for (const outcome of outcomes) {
    const { job, plan } = outcome;
    const ab = plan && latency.get(plan.path);
    const basePlan = ab?.baseEngine?.plan;
    if (!plan || !ab || !basePlan || !plan.layerInfo || options.signal?.aborted) continue;
    const baseInfo = layerInfoBeside(basePlan);
    const order = await readOnnxNodeOrder(job.model.onnx);
    const head = await readLayers(plan.layerInfo, order);
    const base = existsSync(baseInfo) ? await readLayers(baseInfo, order) : null;
    if (!head || !base) {
      // Said, never a silent gap beside the engines that were explained.
      const missing = !head ? `this engine's layer info (${plan.layerInfo})` : `the base engine's (${baseInfo})`;
      explained.set(plan.path, { ...EMPTY, notes: [`nothing to compare: ${missing} cannot be read`] });
      continue;
    }
    const notes: string[] = [];
    let profiles: { base: LayerTimes[]; head: LayerTimes[] } = { base: [], head: [] };
    const changed = ab.verdict === 'slower' || ab.verdict === 'faster';
    if (changed) {
      try {
        profiles = await profileBoth(
          { base: basePlan, head: plan.path },
          join(config.outputDir, 'explain', `${job.model.name}.${job.profile.name}`),
          measurementArgs(version, job.model, job.profile),
          { trtexec, version, gpu: outcome.gpu?.index ?? null, timeoutMs: job.model.buildTimeoutMs, ...options },
        );
      } catch (error) {
        notes.push(`the engines could not be profiled: ${errorMessage(error)}`);
      }
    } else notes.push(`no profile runs: the A/B found no change (${ab.verdict})`);
    const measured = ab.base && ab.head ? ab.head.median - ab.base.median : null;
    const explanation = explainEngines(
      { layers: base, profiles: profiles.base, planBytes: fileSize(basePlan) },
      { layers: head, profiles: profiles.head, planBytes: plan.scan.bytes },
      changed ? measured : null,
    );
    explained.set(plan.path, { ...explanation, notes: [...notes, ...explanation.notes] });
  }
  return explained;
}

const EMPTY: Explanation = {
  base: { layers: 0, timeMs: null, weightBytes: 0, planBytes: null, otherBytes: null },
  head: { layers: 0, timeMs: null, weightBytes: 0, planBytes: null, otherBytes: null },
  regions: [],
  notes: [],
};

async function readLayers(file: string, order: string[]): Promise<EngineLayers | null> {
  try {
    return parseEngineLayers(await readFile(file, 'utf8'), order);
  } catch {
    return null;
  }
}

/** base, head, base, head: a drift of the GPU over the runs falls on both sides alike. */
async function profileBoth(
  plans: { base: string; head: string },
  dir: string,
  contract: string[],
  run: { trtexec: Trtexec; version: TensorRtVersion; gpu: number | null; timeoutMs: number; signal?: AbortSignal },
): Promise<{ base: LayerTimes[]; head: LayerTimes[] }> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const out: { base: LayerTimes[]; head: LayerTimes[] } = { base: [], head: [] };
  for (let i = 1; i <= PROFILE_RUNS.runs; i += 1) {
    for (const side of ['base', 'head'] as const) {
      const file = join(dir, `${i}.${side}.profile.json`);
      const argv = profileRunArgv(run.version, plans[side], contract, PROFILE_RUNS.iterations, file);
      const result = await run.trtexec.run(argv, {
        gpu: run.gpu,
        logFile: join(dir, `${i}.${side}.log`),
        timeoutMs: run.timeoutMs,
        ...(run.signal && { signal: run.signal }),
      });
      if (result.exitCode !== 0) throw new Error(`trtexec exited with ${result.exitCode ?? result.signal} (${dir})`);
      out[side].push(parseProfile(await readFile(file, 'utf8')));
    }
  }
  return out;
}
