// One engine on one GPU type: what every section of the summary reads, and the names it is shown by.
import type { BudgetRow, Report, ReportBuild } from '../contract/report.js';

export interface Row {
  build: ReportBuild;
  gpu: string;
}

/** Every engine of every report (one report per runner type), with the GPU it was built on. */
export function rowsOf(reports: readonly Report[]): Row[] {
  return reports.flatMap((report) => report.builds.map((build) => ({ build, gpu: gpuOf(build, report) })));
}

/** The GPU an engine was built on, else its runner's first, else said unknown. */
export function gpuOf(build: Pick<ReportBuild, 'gpu'> | null, report: Pick<Report, 'environment'>): string {
  return build?.gpu?.name ?? report.environment.gpus[0]?.name ?? 'GPU unknown';
}

/** "NVIDIA H100 80GB HBM3" as a column or a cell shows it: "H100 80GB HBM3". */
export const shortGpu = (gpu: string) => gpu.replace(/^NVIDIA /, '');

/** An engine as every section names it: "model / profile" (plain text: escape where it lands). */
export const engineName = (build: Pick<ReportBuild, 'model' | 'profile'>) => `${build.model} / ${build.profile}`;

const STATUS_ICON: Record<ReportBuild['status'], string> = { built: '✅', cached: '♻️', failed: '❌', skipped: '⏭️' };

const broke = (budgets: readonly BudgetRow[], status: BudgetRow['status']) => budgets.some((b) => b.status === status);

/** A failed or skipped build's icon, else its worst budget's, else its status's. */
export function rowIcon(row: Row): string {
  const { build } = row;
  if (build.status !== 'built' && build.status !== 'cached') return STATUS_ICON[build.status];
  if (broke(build.budgets, 'fail')) return '❌';
  if (broke(build.budgets, 'warn')) return '⚠️';
  return STATUS_ICON[build.status];
}

/** A row is worth a look when it failed, broke a budget, or changed against its baseline. */
export function notable(row: Row): boolean {
  const { build } = row;
  if (build.status !== 'built' && build.status !== 'cached') return true;
  if (broke(build.budgets, 'fail') || broke(build.budgets, 'warn')) return true;
  if (!build.baseline) return true;
  return build.baseline.bytes !== build.bytes;
}
