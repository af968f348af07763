import type { BuildRecord } from '../builds/build-profile.js';
import type { ReportPlan } from '../report/report.js';
import { diagnosePlan, mostlyTrailingZeros } from './diagnose.js';
import { readLayerInfo } from './layer-info.js';
import { scanPlan, type PlanScan } from './scan-plan.js';

/** A scanned plan with its diagnosis; the layer info is read only for a plan that is mostly zeros. */
export async function verifiedPlan(
  scan: PlanScan,
  layerInfo: string | null,
): Promise<Omit<ReportPlan, 'model' | 'profile'>> {
  const info = mostlyTrailingZeros(scan) && layerInfo ? await readLayerInfo(layerInfo) : null;
  return { ...scan, diagnosis: diagnosePlan(scan, info) };
}

/** Every built plan, from the scan its build already made (one pass per plan). */
export async function verifyBuilds(
  records: readonly BuildRecord[],
  relativePath: (path: string) => string,
): Promise<ReportPlan[]> {
  const plans: ReportPlan[] = [];
  for (const record of records) {
    if (!record.plan) continue;
    const scan = record.scan ?? (await scanPlan(record.plan));
    plans.push({
      model: record.model,
      profile: record.profile,
      ...(await verifiedPlan({ ...scan, path: relativePath(scan.path) }, record.layerInfo)),
    });
  }
  return plans;
}
