import { relative } from 'node:path';
import type { BuildGpu, Shapes } from '../report/schema.js';
import { type BuildOutcome, isBuilt } from './outcome.js';
import { shapesOf } from './jobs.js';

export interface ManifestEngine {
  model: string;
  profile: string;
  shapes: Shapes;
  /** Relative to the manifest's folder, so the folder can move as one artifact. */
  path: string;
  layerInfo: string | null;
  bytes: number;
  sha256: string;
  tensorrtVersion: string;
  gpu: Omit<BuildGpu, 'index'> | null;
  flags: string[];
  buildSeconds: number | null;
}

export interface Manifest {
  schema: 'trt-ci/manifest@1';
  createdAt: string;
  tensorrtVersion: string;
  engines: ManifestEngine[];
}

/** The engine manifest: every plan this run built, with what it takes to rebuild or trust it. */
export function buildManifest(
  outcomes: readonly BuildOutcome[],
  tensorrtVersion: string,
  outputDir: string,
  createdAt: Date,
): Manifest {
  const engines = outcomes.flatMap((o) => {
    const plan = o.plan;
    if (!isBuilt(o) || !plan?.scan.sha256) return [];
    return [
      {
        model: o.job.model.name,
        profile: o.job.profile.name,
        shapes: shapesOf(o.job.profile),
        path: relative(outputDir, plan.path),
        layerInfo: plan.layerInfo ? relative(outputDir, plan.layerInfo) : null,
        bytes: plan.scan.bytes,
        sha256: plan.scan.sha256,
        tensorrtVersion,
        gpu: o.gpu ? { name: o.gpu.name, computeCapability: o.gpu.computeCapability } : null,
        flags: o.attempts[o.attempts.length - 1]?.argv ?? [],
        buildSeconds: o.buildSeconds,
      },
    ];
  });
  return { schema: 'trt-ci/manifest@1', createdAt: createdAt.toISOString(), tensorrtVersion, engines };
}
