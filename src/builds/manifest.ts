import { relative } from 'node:path';
import type { BuildRecord } from './build-profile.js';

export interface ManifestEngine {
  model: string;
  profile: string;
  shapes: BuildRecord['shapes'];
  /** Relative to the manifest's folder, so the folder can move as one artifact. */
  path: string;
  layerInfo: string | null;
  bytes: number;
  sha256: string;
  tensorrtVersion: string;
  gpu: { name: string | null; computeCapability: string | null } | null;
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
  records: readonly BuildRecord[],
  tensorrtVersion: string,
  outputDir: string,
  createdAt: Date,
): Manifest {
  const engines = records
    .filter((r) => (r.status === 'built' || r.status === 'cached') && r.plan && r.sha256 && r.bytes !== null)
    .map((r) => {
      const last = r.attempts[r.attempts.length - 1];
      return {
        model: r.model,
        profile: r.profile,
        shapes: r.shapes,
        path: relative(outputDir, r.plan!),
        layerInfo: r.layerInfo ? relative(outputDir, r.layerInfo) : null,
        bytes: r.bytes!,
        sha256: r.sha256!,
        tensorrtVersion,
        gpu: r.gpu ? { name: r.gpu.name, computeCapability: r.gpu.computeCapability } : null,
        flags: last?.argv ?? [],
        buildSeconds: r.buildSeconds,
      };
    });
  return { schema: 'trt-ci/manifest@1', createdAt: createdAt.toISOString(), tensorrtVersion, engines };
}
