import { relative } from 'node:path';
import { VERSION } from '../contract/version.js';
import type { BuildGpu, Shapes } from '../contract/report.js';
import { isBuilt } from '../contract/report.js';
import type { BuildOutcome } from './outcome.js';
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
  /** Whose plan (its header's tag): TensorRT's, or TensorRT-RTX's, whose deploy rules are its own. */
  product: 'TensorRT' | 'TensorRT-RTX';
  /** The compute capabilities a TensorRT-RTX plan's header says it was built for; null for TensorRT's. */
  computeCapabilities: string[] | null;
  gpu: Omit<BuildGpu, 'index'> | null;
  /** The ONNX the plan was built from, by content. */
  onnxSha256: string | null;
  /** trtexec's argv, with paths relative to the manifest's folder. */
  flags: string[];
  buildSeconds: number | null;
}

export interface Manifest {
  schema: 'trt-ci/manifest@1';
  createdAt: string;
  /** The trt-ci that built them, and the commit it built (GITHUB_SHA), when known. */
  trtCiVersion: string;
  commit: string | null;
  tensorrtVersion: string;
  engines: ManifestEngine[];
}

/** The engine manifest: every plan this run built, with what it takes to rebuild or trust it. */
export function buildManifest(
  outcomes: readonly BuildOutcome[],
  run: {
    tensorrtVersion: string;
    outputDir: string;
    createdAt: Date;
    commit: string | null;
    onnxSha256: ReadonlyMap<string, string>;
  },
): Manifest {
  const { tensorrtVersion, outputDir } = run;
  // Absolute paths in flags (--onnx=/runner/work/…) say nothing on another machine.
  const portable = (arg: string) =>
    arg.replace(/^(--[A-Za-z0-9]+=)(\/.*)$/, (_, flag, path) => `${flag}${relative(outputDir, path)}`);
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
        product: plan.scan.product ?? 'TensorRT',
        computeCapabilities: plan.scan.computeCapabilities,
        gpu: o.gpu ? { name: o.gpu.name, computeCapability: o.gpu.computeCapability } : null,
        onnxSha256: run.onnxSha256.get(o.job.model.onnx) ?? null,
        flags: (o.attempts[o.attempts.length - 1]?.argv ?? []).map(portable),
        buildSeconds: o.buildSeconds,
      },
    ];
  });
  return {
    schema: 'trt-ci/manifest@1',
    createdAt: run.createdAt.toISOString(),
    trtCiVersion: VERSION,
    commit: run.commit,
    tensorrtVersion,
    engines,
  };
}
