// A history as a team would have it after months of default-branch runs: models × GPUs × commits of points
// (a seeded generator and the H200 run-to-run spread), with a regression, an improvement and a
// driver upgrade planted, for the dashboard's browser test and its screenshot (scripts/screenshots.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HISTORY_SCHEMA, type HistoryPoint } from '../../src/contract/history.js';
import { appendToFolder } from '../../src/history/store.js';
import { FIXTURES } from './harness.js';

const residuals = JSON.parse(readFileSync(join(FIXTURES, 'history', 'h200-run-to-run.json'), 'utf8'))
  .residuals as number[];

/** A seeded generator (mulberry32) in [0, 1), so that every run of a test draws the same numbers. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MODELS = [
  { name: 'yolov8n', latencyMs: 0.61, bytes: 9_840_128 },
  { name: 'vit-int8', latencyMs: 1.9, bytes: 92_311_552 },
  { name: 'bert-base', latencyMs: 1.13, bytes: 221_774_848 },
];
const GPUS = [
  { name: 'NVIDIA H100 80GB HBM3', speed: 1 },
  { name: 'NVIDIA A100-SXM4-80GB', speed: 1.7 },
];

/** Writes `commits` runs, each one file of points (models × GPUs), into `dir`; returns how many points. */
export async function makeHistory(dir: string, commits: number, seed = 28): Promise<number> {
  const next = seeded(seed);
  const spread = () => residuals[Math.floor(next() * residuals.length)]! * 4;
  let written = 0;
  for (let c = 0; c < commits; c += 1) {
    const date = new Date(Date.UTC(2026, 5, 1) + c * 6 * 3_600_000).toISOString();
    const commit = (c * 2654435761).toString(16).padStart(8, '0').repeat(5).slice(0, 40);
    const points: HistoryPoint[] = MODELS.flatMap((model, m) =>
      GPUS.map((gpu) => {
        // bert-base regresses 4% at 60% of the way, vit-int8 gets 3% faster at a third; a driver upgrade late on.
        const step = (m === 2 && c >= commits * 0.6 ? 1.04 : 1) * (m === 1 && c >= commits / 3 ? 0.97 : 1);
        const driver = c >= commits * 0.85 ? '590.10' : '580.159.04';
        const latencyMs = model.latencyMs * gpu.speed * step * (driver === '590.10' ? 0.98 : 1) * (1 + spread());
        return {
          schema: HISTORY_SCHEMA,
          key: {
            model: model.name,
            profile: 'opt',
            gpu: gpu.name,
            tensorrt: '10.16',
            precision: 'fp16',
            flags: '3f1c2a9b0d4e',
          },
          commit,
          date,
          pushedAt: date,
          metrics: {
            planBytes: model.bytes + (m === 0 && c >= commits / 2 ? 131_072 : 0),
            buildSeconds: 40 * gpu.speed * (1 + 0.03 * (next() - 0.5)),
            peakGpuMemoryMiB: 3_000 + m * 2_500,
            latencyMs,
            latencyInterval: [latencyMs * 0.998, latencyMs * 1.002],
            accuracyMaxAbsError: 0.0447 * (1 + 0.01 * (next() - 0.5)),
            accuracyMaxRelError: 0.0081 * (1 + 0.01 * (next() - 0.5)),
            stabilityLevel: null,
          },
          environment: {
            tensorrt: '10.16.1.11',
            driver,
            cuda: '13.0',
            image: 'sha256:5b0c3d7f',
            trtexec: '/usr/src/tensorrt/bin/trtexec',
          },
        } satisfies HistoryPoint;
      }),
    );
    await appendToFolder(dir, points);
    written += points.length;
  }
  return written;
}
