import { type JobKey, jobKey } from '../builds/jobs.js';
import type { BuildOutcome } from '../builds/outcome.js';
import type { EngineScan } from '../contract/report.js';
import { diagnosePlan, mostlyTrailingZeros } from './diagnose.js';
import { readLayerInfo } from '../tensorrt/layer-info.js';
import type { PlanScan } from '../tensorrt/plan-scan.js';

/** A scanned plan with its diagnosis; the layer info is read only for a plan that is mostly zeros. */
export async function verifiedPlan(scan: PlanScan, layerInfo: string | null): Promise<EngineScan> {
  const info = mostlyTrailingZeros(scan) && layerInfo ? await readLayerInfo(layerInfo) : null;
  return { ...scan, diagnosis: diagnosePlan(scan, info) };
}

/** Every built plan by its job, from the scan its build already made (one pass per plan). */
export async function verifyBuilds(outcomes: readonly BuildOutcome[]): Promise<Map<JobKey, EngineScan>> {
  const plans = new Map<JobKey, EngineScan>();
  for (const { job, plan } of outcomes) {
    if (plan) plans.set(jobKey(job), await verifiedPlan(plan.scan, plan.layerInfo));
  }
  return plans;
}
