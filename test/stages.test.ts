// The stages after the builds, called as the pipeline calls them (outcomes and a StageContext in, results by
// job out), with the trtexec seam running the stand-in in this process: real trtexec files and formats, real
// numerics, scripted outcomes, no process per call. Processes themselves are tested against real ones
// (trtexec-seam.test.ts, build.e2e.test.ts).
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkAccuracy } from '../src/accuracy/stage.js';
import { jobKey, planBuildJobs } from '../src/builds/jobs.js';
import type { BuildOutcome } from '../src/builds/outcome.js';
import { FileDigests } from '../src/cache/engine-cache.js';
import { TRUST_ALL } from '../src/cache/trust.js';
import { loadConfig } from '../src/config/load.js';
import type { StageContext } from '../src/builds/stage-context.js';
import { priceOfPortability } from '../src/deploy/cost.js';
import { explainChanges } from '../src/explain/stage.js';
import { compareLatency } from '../src/latency/stage.js';
import { buildPlan } from '../src/builds/build-plan.js';
import { planBuilding } from '../src/builds/build-stage.js';
import type { GpuInfo } from '../src/gpu/nvidia-smi.js';
import type { Trtexec } from '../src/tensorrt/trtexec.js';
import { trtexecRunner } from '../src/runners/trtexec-runner.js';
import { makeRunner } from './support/harness.js';
import { inMemoryTrtexec, startProcess } from './support/in-process-standins.js';
import { classifierOnnx } from './support/onnx-models.js';

const H200: GpuInfo = {
  index: 0,
  name: 'NVIDIA H200',
  computeCapability: '9.0',
} as GpuInfo;

/** trt-ci.yml in `dir`, every engine built by `trtexec` as the build stage would, and the stages' context. */
async function built(dir: string, nvidiaSmi: string, yaml: string, trtexec: Trtexec) {
  writeFileSync(join(dir, 'trt-ci.yml'), `nvidia-smi: ${nvidiaSmi}\n${yaml}`);
  const config = loadConfig('trt-ci.yml', dir, process.env);
  const { version } = await trtexec.probe('trtexec');
  // The one way plans are built (builds/build-plan.ts), for the stage's builds and the stages' side builds.
  const runner = trtexecRunner(trtexec, version);
  const building = planBuilding(config, version, { trtexec, runner, env: process.env });
  building.gpus.set(0, H200);
  const outcomes: BuildOutcome[] = [];
  for (const job of planBuildJobs(config)) {
    const outcome = await buildPlan(job, 0, building);
    expect(outcome.status, readFileSync(outcome.attempts[0]!.log, 'utf8')).toBe('built');
    outcomes.push(outcome);
  }
  const context: StageContext = {
    config,
    trtexec,
    runner,
    version,
    env: process.env,
    nvidiaSmi: { command: nvidiaSmi, env: process.env, start: startProcess },
    signal: undefined,
    cacheTrust: TRUST_ALL,
    digests: new FileDigests(),
    buildPlan: (job, gpu) => buildPlan(job, gpu, building),
  };
  return { outcomes, context, key: jobKey(outcomes[0]!.job) };
}

/** Every call the stand-in recorded ran in this process: none needed one of its own. */
const inThisProcess = (dir: string) =>
  readFileSync(join(dir, 'trtexec-calls.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .every((line) => JSON.parse(line).pid === process.pid);

const MODEL = 'models:\n  - name: m\n    onnx: m.onnx\n';

describe('the stages, with trtexec in memory', () => {
  it("accuracy: the engine's outputs against ONNX Runtime's; a zeros engine fails", async () => {
    const runner = makeRunner();
    writeFileSync(join(runner.dir, 'm.onnx'), classifierOnnx());
    const yaml = `output-dir: out\n${MODEL}    accuracy: {}\n    profiles: [{ name: p, shapes: { x: 2x3x8x8 } }]\n`;
    const good = await built(runner.dir, runner.nvidiaSmi, yaml, inMemoryTrtexec(runner.dir));
    expect((await checkAccuracy(good.outcomes, good.context)).get(good.key)).toMatchObject({ status: 'passed' });
    const zeros = inMemoryTrtexec(runner.dir, { trtexecEnv: { TRTEXEC_STANDIN_OUTPUT_ERROR: 'zeros' } });
    const bad = await built(runner.dir, runner.nvidiaSmi, yaml, zeros);
    const failed = (await checkAccuracy(bad.outcomes, bad.context)).get(bad.key)!;
    expect(failed.status).toBe('failed');
    expect(failed.outputs[0]!.failure).toMatch(/^100% of elements off by more than atol/);
    expect(inThisProcess(runner.dir)).toBe(true);
  });

  it('latency and explain: a head engine 5% slower than the base plan; its regions explain the A/B', async () => {
    const runner = makeRunner();
    const trtexec = inMemoryTrtexec(runner.dir, { trtexecEnv: { TRTEXEC_STANDIN_LATENCY_MS: 'out/=1.05,base/=1' } });
    writeFileSync(join(runner.dir, 'base.onnx'), 'base model');
    writeFileSync(join(runner.dir, 'm.onnx'), 'head model');
    const profile = '    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]\n';
    await built(
      runner.dir,
      runner.nvidiaSmi,
      `output-dir: base-out\n${MODEL.replace('m.onnx', 'base.onnx')}${profile}`,
      trtexec,
    );
    mkdirSync(join(runner.dir, 'base'));
    for (const file of ['m.p.plan', 'm.p.layers.json']) {
      copyFileSync(join(runner.dir, 'base-out', file), join(runner.dir, 'base', file));
    }
    const yaml = `output-dir: out\nbase-plans: base\n${MODEL}    benchmark: ab\n${profile}`;
    const head = await built(runner.dir, runner.nvidiaSmi, yaml, trtexec);
    const latency = await compareLatency(head.outcomes, null, head.context);
    const ab = latency.latency.get(head.key)!;
    expect(ab).toMatchObject({ verdict: 'slower', baseEngine: { source: 'plans' } });
    expect(ab.ratio).toBeCloseTo(1.05, 2);
    const explained = (await explainChanges(head.outcomes, latency.latency, null, head.context)).get(head.key)!;
    expect(explained.notes.join(' ')).not.toMatch(/could not be profiled/);
    expect(explained.head.timeMs! / explained.base.timeMs!).toBeCloseTo(1.05, 1);
    expect(inThisProcess(runner.dir)).toBe(true);
  });

  it('deploy cost: the ampere+ build A/Bed against the native one', async () => {
    const runner = makeRunner();
    const trtexec = inMemoryTrtexec(runner.dir, { trtexecEnv: { TRTEXEC_STANDIN_LATENCY_MS: 'ampere+=1.06' } });
    runner.touch('m.onnx');
    const profiles = '    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]\n';
    const yaml = `output-dir: out\n${MODEL}    deploy-cost: true\n${profiles}`;
    const { outcomes, context, key } = await built(runner.dir, runner.nvidiaSmi, yaml, trtexec);
    const cost = (await priceOfPortability(outcomes, context)).get(key)!;
    expect(cost).toMatchObject({ variant: 'ampere+', note: null, latency: { verdict: 'slower' } });
    expect(cost.latency!.ratio).toBeCloseTo(1.06, 2);
    expect(cost.engine!.portableBytes).toBeGreaterThan(0);
    expect(inThisProcess(runner.dir)).toBe(true);
  });

  it('deploy cost: the ampere+ plan is checked as a build stage plan is: a cut one is no variant', async () => {
    const runner = makeRunner();
    const faults = { TRTEXEC_STANDIN_CUT_PLAN: '100', TRTEXEC_STANDIN_ONLY: 'ampere+' };
    const trtexec = inMemoryTrtexec(runner.dir, { trtexecEnv: faults });
    runner.touch('m.onnx');
    const profiles = '    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]\n';
    const yaml = `output-dir: out\n${MODEL}    deploy-cost: true\n${profiles}`;
    const { outcomes, context, key } = await built(runner.dir, runner.nvidiaSmi, yaml, trtexec);
    const cost = (await priceOfPortability(outcomes, context)).get(key)!;
    expect(cost).toMatchObject({ variant: 'ampere+', latency: null, engine: null });
    expect(cost.note).toMatch(/^the ampere\+ engine did not build: trtexec exited 0 but the plan at .* is damaged/);
  });

  it('a call that needs a process of its own is refused, never faked', async () => {
    const runner = makeRunner();
    const hung = inMemoryTrtexec(runner.dir, { trtexecEnv: { TRTEXEC_STANDIN_HANG: '1' } });
    runner.touch('m.onnx');
    await expect(
      built(
        runner.dir,
        runner.nvidiaSmi,
        `output-dir: out\n${MODEL}    profiles: [{ name: p, shapes: { x: 1x8 } }]\n`,
        hung,
      ),
    ).rejects.toThrow(/the in-process stand-in cannot fork a child/);
  });
});
