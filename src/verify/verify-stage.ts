import type { BuildOutcome } from '../builds/outcome.js';
import type { ReportPlan } from '../contract/report.js';
import { diagnosePlan, mostlyTrailingZeros } from './diagnose.js';
import { readLayerInfo } from '../tensorrt/layer-info.js';
import type { PlanScan } from '../tensorrt/plan-scan.js';

export type VerifiedPlan = Omit<ReportPlan, 'model' | 'profile'>;

/** A scanned plan with its diagnosis; the layer info is read only for a plan that is mostly zeros. */
export async function verifiedPlan(scan: PlanScan, layerInfo: string | null): Promise<VerifiedPlan> {
  const info = mostlyTrailingZeros(scan) && layerInfo ? await readLayerInfo(layerInfo) : null;
  return { ...scan, diagnosis: diagnosePlan(scan, info) };
}

/** Every built plan, from the scan its build already made (one pass per plan). */
export async function verifyBuilds(
  outcomes: readonly BuildOutcome[],
  relativePath: (path: string) => string,
): Promise<ReportPlan[]> {
  const plans: ReportPlan[] = [];
  for (const { job, plan } of outcomes) {
    if (!plan) continue;
    const verified = await verifiedPlan({ ...plan.scan, path: relativePath(plan.scan.path) }, plan.layerInfo);
    plans.push({ model: job.model.name, profile: job.profile.name, ...verified });
  }
  return plans;
}
