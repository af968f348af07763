// What a run writes besides the report's entries: the manifest of its plans and where it ran.
import { MEASUREMENT } from '../tensorrt/measurement.js';
import type { BuildStageResult } from '../builds/build-stage.js';
import { buildManifest } from '../builds/manifest.js';
import type { BuildOutcome } from '../builds/outcome.js';
import type { StageContext } from '../builds/stage-context.js';
import type { Report } from '../contract/report.js';
import { formatVersion } from '../tensorrt/version.js';

/** The manifest of every plan, with the digest of each model's ONNX. */
export async function manifestOf(
  outcomes: readonly BuildOutcome[],
  context: StageContext,
  createdAt: Date,
  commit: string | null,
) {
  const onnxSha256 = new Map<string, string>();
  for (const model of context.config.models) {
    const digest = await context.digests.of(model.onnx);
    if (digest) onnxSha256.set(model.onnx, digest);
  }
  return buildManifest(outcomes, {
    tensorrtVersion: formatVersion(context.version, true),
    outputDir: context.config.outputDir,
    createdAt,
    commit,
    onnxSha256,
  });
}

/** What the report says of where the run ran. */
export function runEnvironment(context: StageContext, stage: BuildStageResult): Report['environment'] {
  return {
    tensorrtVersion: formatVersion(context.version, true),
    trtexec: context.config.trtexec,
    gpus: stage.gpus,
    gpuQueryError: stage.gpuQueryError,
    image: context.env.TRT_CI_IMAGE || null,
    measurement: MEASUREMENT,
  };
}
