// Sums up what scripts/gpu/gpu-check.sh measured into one JSON (bench/results/).
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

let twoGpus = null;
if (steps['two-gpu']) {
  const records = lines('standin-two-gpu.jsonl');
  const overlap =
    records.length === 2 &&
    records[0].start < records[1].end &&
    records[1].start < records[0].end &&
    records[0].gpu !== records[1].gpu;
  twoGpus = {
    oneGpuWallMs: steps['one-gpu'].wallMs,
    twoGpusWallMs: steps['two-gpu'].wallMs,
    ratio: steps['two-gpu'].wallMs / steps['one-gpu'].wallMs,
    buildsOverlapped: overlap,
    gpusUsed: records.map((r) => r.gpu),
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
      twoGpus,
      steps,
    },
    null,
    2,
  ),
);
