import { isBuilt } from '../contract/report.js';
import type { Accuracy, BudgetRow, DeployRow, Latency, Report, ReportBuild } from '../contract/report.js';

/**
 * The work failed when any build did ('skipped' ones too: a cancelled run), a budget failed, an engine will
 * not load on a target it ships to, or a cancel stopped a stage (what it did not do is not known to pass).
 */
export function overallStatus(report: {
  interrupted?: string | null;
  builds: readonly (Pick<ReportBuild, 'status'> & {
    accuracy?: Pick<Accuracy, 'status'> | null;
    latency?: Pick<Latency, 'verdict'> | null;
    budgets: readonly Pick<BudgetRow, 'status'>[];
    deploy?: readonly Pick<DeployRow, 'verdict'>[];
  })[];
}): Report['status'] {
  // An engine that built but computes the wrong answer, or crashes when it is run, fails the run like one
  // that did not build.
  const right = (b: (typeof report.builds)[number]) =>
    isBuilt(b) &&
    b.accuracy?.status !== 'failed' &&
    b.accuracy?.status !== 'error' &&
    b.latency?.verdict !== 'head-failed' &&
    b.budgets.every((row) => row.status !== 'fail') &&
    (b.deploy ?? []).every((row) => row.verdict !== 'fails');
  return !report.interrupted && report.builds.every(right) ? 'passed' : 'failed';
}
