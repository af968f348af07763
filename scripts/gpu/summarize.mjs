// Sums up what scripts/gpu/builds-check.sh measured into one JSON (gpu-check.sh makes the checks of it).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
const json = (name) => (existsSync(join(dir, name)) ? JSON.parse(readFileSync(join(dir, name), 'utf8')) : null);
const lines = (name) =>
  existsSync(join(dir, name))
    ? readFileSync(join(dir, name), 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];
const steps = Object.fromEntries(
  readFileSync(join(dir, 'steps.txt'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => {
      const [name, rc, wall] = l.split(' ');
      return [name, { rc: Number(rc.split('=')[1]), wallMs: Number(wall.split('=')[1]) }];
    }),
);
const preflight = json('preflight.json');
const gpu = preflight?.gpus?.[0] ?? {};

const attributionRun = json('run-attribution.json');
const standin = lines('standin-attribution.jsonl');
const attribution = (attributionRun?.builds ?? []).map((b) => {
  const own = standin.find((s) => s.plan?.endsWith(`${b.model}.${b.profile}.plan`));
  const allocated = own ? own.smiUsedPeakMiB - own.smiUsedBeforeMiB : null;
  return {
    build: `${b.model}/${b.profile}`,
    trtCiPeakMiB: b.peakGpuMemoryMiB,
    standinWorkspaceMiB: own?.workspaceMiB ?? null,
    standinAllocatedMiB: allocated,
    errorVsAllocated: allocated && b.peakGpuMemoryMiB !== null ? (b.peakGpuMemoryMiB - allocated) / allocated : null,
    errorVsWorkspace:
      own && b.peakGpuMemoryMiB !== null ? (b.peakGpuMemoryMiB - own.workspaceMiB) / own.workspaceMiB : null,
  };
});

const backoffRun = json('run-backoff.json');
const backoff = backoffRun?.builds?.[0] && {
  status: backoffRun.builds[0].status,
  attempts: backoffRun.builds[0].attempts.map((a) => ({
    workspaceMiB: a.workspaceMiB,
    failure: a.failure?.kind ?? null,
    peakGpuMemoryMiB: a.peakGpuMemoryMiB,
  })),
  freeMiBBefore: gpu.memoryTotalMiB !== undefined ? gpu.memoryTotalMiB - gpu.memoryUsedMiB : null,
};

/** The largest number of records whose [start, end] overlap at one moment. */
const concurrency = (records) => {
  const edges = records.flatMap((r) => [
    [r.start, 1],
    [r.end, -1],
  ]);
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let most = 0;
  for (const [, step] of edges) {
    now += step;
    most = Math.max(most, now);
  }
  return most;
};

let multiGpu = null;
if (steps['all-gpu']) {
  const records = lines('standin-all-gpu.jsonl');
  const run = json('run-all-gpu.json');
  const gpus = run?.environment?.gpus?.length ?? records.length;
  // Each build's peak as trt-ci attributed it, against what the stand-in saw on the GPU trt-ci says it used.
  const memory = (run?.builds ?? []).map((b) => {
    const own = records.find((r) => r.plan?.endsWith(`${b.model}.${b.profile}.plan`));
    const allocated = own ? own.smiUsedPeakMiB - own.smiUsedBeforeMiB : null;
    return {
      build: `${b.model}/${b.profile}`,
      trtCiGpu: b.gpu?.index ?? null,
      standinGpu: own ? Number(own.gpu) : null,
      trtCiPeakMiB: b.peakGpuMemoryMiB,
      standinAllocatedMiB: allocated,
      error: allocated && b.peakGpuMemoryMiB !== null ? (b.peakGpuMemoryMiB - allocated) / allocated : null,
    };
  });
  const oomRun = json('run-oom.json');
  multiGpu = {
    gpus,
    oneGpuWallMs: steps['one-gpu'].wallMs,
    allGpusWallMs: steps['all-gpu'].wallMs,
    speedup: steps['one-gpu'].wallMs / steps['all-gpu'].wallMs,
    goal: 0.9 * gpus,
    buildsAtOnce: concurrency(records),
    gpusUsed: [...new Set(records.map((r) => r.gpu))].sort(),
    memory,
    maxParallel: steps['max-parallel'] && {
      limit: Number(readFileSync(join(dir, 'steps.txt'), 'utf8').match(/max-parallel .* limit=(\d+)/)?.[1]),
      buildsAtOnce: concurrency(lines('standin-max-parallel.jsonl')),
    },
    outOfMemory: oomRun && {
      exit: steps.oom.rc,
      builds: oomRun.builds.map((b) => ({
        build: `${b.model}/${b.profile}`,
        gpu: b.gpu?.index ?? null,
        status: b.status,
        failure: b.failure?.kind ?? null,
      })),
    },
  };
}

console.log(
  JSON.stringify(
    {
      date: new Date().toISOString(),
      gpu: gpu.name ?? null,
      gpus: preflight?.gpus?.length ?? null,
      driver: gpu.driverVersion ?? null,
      node: readFileSync(join(dir, 'node-version.txt'), 'utf8').trim(),
      preflight: { status: preflight?.status, elapsedMs: preflight?.elapsedMs, wallMs: steps.preflight?.wallMs },
      attribution,
      backoff,
      sampler: json('sampler.json') && {
        aloneMs: json('sampler.json').aloneMs,
        withSamplerMs: json('sampler.json').withSamplerMs,
        overhead: json('sampler.json').overhead,
      },
      multiGpu,
      steps,
    },
    null,
    2,
  ),
);
