// The pack's deploy jobs' loads (trt-ci/deploy-load@1) put into the reports: each observed verdict replaces
// the prediction of the same engine and target in the report of the runner type whose plans were loaded,
// and a load that contradicts the prediction says so in its line; the status is judged again. Pure: new
// reports, the given ones untouched.
import type { DeployLoadReport } from '../contract/deploy-load.js';
import type { Report } from '../contract/report.js';
import { overallStatus } from '../compare/status.js';

/** `reports` by their runner type's report key (trt-ci-<labels>), as the deploy jobs name them in `from`. */
export function withDeployLoads(
  reports: ReadonlyMap<string, Report>,
  loads: readonly DeployLoadReport[],
): Map<string, Report> {
  const merged = new Map(reports);
  for (const load of loads) {
    if (load.from === null) continue;
    // The runner type's report, or each of its shards' (trt-ci-<labels>-shard-<i>-of-<n>): a load's engines
    // are matched by model and profile, so a shard's report takes only its own.
    const own = `trt-ci-${load.from}`;
    for (const key of [...merged.keys()].filter((k) => k === own || k.startsWith(`${own}-shard-`))) {
      merged.set(key, withLoad(merged.get(key)!, load));
    }
  }
  return merged;
}

/** One load put into one report: the observed verdicts in place of the predictions they replace. */
function withLoad(report: Report, load: DeployLoadReport): Report {
  const builds = report.builds.map((build) => ({
    ...build,
    deploy: build.deploy.map((row) => {
      const seen = load.engines.find(
        (e) => e.model === build.model && e.profile === build.profile && row.target === load.target,
      );
      if (!seen) return row;
      const line = seen.mismatch ? `${seen.line ?? seen.verdict} (predicted ${seen.predicted})` : seen.line;
      return { ...row, verdict: seen.verdict, observed: true, line };
    }),
  }));
  // A load seen to fail fails the report as a predicted one does; one seen to load clears the prediction.
  return { ...report, builds, status: overallStatus({ ...report, builds }) };
}
