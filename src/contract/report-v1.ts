// Version 1 of the report (`trt-ci/report@1`, trt-ci up to 0.11): the builds without their scan and budgets,
// which sat beside them in `plans` and `budgets`, joined on model and profile. Baselines users keep in
// artifacts and caches are of this version: they are read by upgrading them to version 2, never rewritten.
import { z } from 'zod';
import { flatViews, REPORT_SCHEMA, type Report, reportBuildSchema, reportSchema } from './report.js';

export const REPORT_SCHEMA_V1 = 'trt-ci/report@1';

export const reportSchemaV1 = reportSchema.omit({ interrupted: true, precisionSearch: true }).extend({
  schema: z.literal(REPORT_SCHEMA_V1),
  builds: z.array(reportBuildSchema.omit({ scan: true, budgets: true })),
});
export type ReportV1 = z.infer<typeof reportSchemaV1>;

/** A version 1 report as version 2: each build takes the scan and the budget rows of its model and profile. */
export function upgradeReport(v1: ReportV1): Report {
  const same = (a: { model: string; profile: string }, b: { model: string; profile: string }) =>
    a.model === b.model && a.profile === b.profile;
  const builds = v1.builds.map((build) => {
    const plan = v1.plans.find((p) => same(p, build));
    const scan = plan ? (({ model: _m, profile: _p, ...rest }) => rest)(plan) : null;
    return { ...build, scan, budgets: v1.budgets.filter((b) => same(b, build)) };
  });
  return { ...v1, schema: REPORT_SCHEMA, interrupted: null, precisionSearch: [], builds, ...flatViews(builds) };
}
