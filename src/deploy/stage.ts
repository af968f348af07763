// The deploy stage: each built engine against each deploy target of its model (deploy: in trt-ci.yml), by
// TensorRT's portability rules (tensorrt/deploy-rules.ts): will it load there, with which line if not, and
// what fixes it. A prediction from what the run knows; the pack's deploy job replaces it with a real load.
import { type JobKey, jobKey } from '../builds/jobs.js';
import type { BuildOutcome } from '../builds/outcome.js';
import type { DeployTargetConfig } from '../contract/config.js';
import type { DeployRow } from '../contract/report.js';
import { type BuiltPlan, portabilityOf, predictLoad } from '../tensorrt/deploy-rules.js';

/** One engine's predictions, a row per target; `os` is the builder's. */
export function predictTargets(
  plan: Omit<BuiltPlan, 'portability'> & { flags: readonly string[] },
  targets: readonly DeployTargetConfig[],
): DeployRow[] {
  const built: BuiltPlan = { ...plan, portability: portabilityOf(plan.flags) };
  return targets.map((target) => ({
    target: target.name,
    gpu: target.gpu,
    computeCapability: target.computeCapability,
    tensorrt: target.tensorrt,
    os: target.os,
    ...predictLoad(built, target),
    observed: false,
  }));
}

/** An engine's predictions, and the compatibility flags it was built with (what a load elsewhere must prove). */
export interface EngineDeploy {
  targets: DeployRow[];
  claims: string[];
}

/** The compatibility flags among an engine's flags, as trtexec takes them. */
function portabilityClaims(flags: readonly string[]): string[] {
  const portable = portabilityOf(flags);
  return [
    ...(portable.hardware !== 'none' ? [`--hardwareCompatibilityLevel=${portable.hardware}`] : []),
    ...(portable.versionCompatible ? ['--versionCompatible'] : []),
  ];
}

/** Each built engine's predictions by its job; engines of models without targets are absent. */
export function predictDeploy(outcomes: readonly BuildOutcome[], os: 'linux' | 'windows'): Map<JobKey, EngineDeploy> {
  const out = new Map<JobKey, EngineDeploy>();
  for (const outcome of outcomes) {
    const { job, plan } = outcome;
    if (!plan || job.model.deploy.length === 0) continue;
    const rows = predictTargets(
      {
        tensorrtVersion: plan.scan.tensorrtVersion,
        rtx: plan.scan.product === 'TensorRT-RTX' ? { computeCapabilities: plan.scan.computeCapabilities } : undefined,
        computeCapability: outcome.gpu?.computeCapability ?? null,
        gpu: outcome.gpu?.name ?? null,
        os,
        flags: job.model.extraArgs,
      },
      job.model.deploy,
    );
    out.set(jobKey(job), { targets: rows, claims: portabilityClaims(job.model.extraArgs) });
  }
  return out;
}
