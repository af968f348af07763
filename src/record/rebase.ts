// A finished report compared again with a baseline (trt-ci report --baseline: another runner's report, or
// one read back): a new report whose entries carry the baseline's figures and whose comparison is the new
// one; its budgets stay as the run judged them. The report given is not changed.
import { jobKey } from '../builds/jobs.js';
import { compareRun, enginesOf } from '../compare/compare-run.js';
import { environmentOf } from '../compare/baseline.js';
import type { Report } from '../contract/report.js';

export function withBaseline(report: Report, baseline: Report, path: string): Report {
  const compared = compareRun(enginesOf(report), environmentOf(report), { report: baseline, path }, null);
  return {
    ...report,
    builds: report.builds.map((b) => ({ ...b, baseline: compared.figures.get(jobKey(b)) ?? null })),
    comparison: { ...compared.comparison, latencyNotes: report.comparison.latencyNotes ?? [] },
  };
}
