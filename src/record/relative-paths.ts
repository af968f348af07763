// Every path a report holds, relative to where trt-ci ran, in one pass at the end: the stages and the
// entries keep absolute paths, and a reader of the report (a later step, another machine) gets paths that
// mean the same from the job's folder.
import { flatViews, type Latency, type Report, type ReportBuild } from '../contract/report.js';

/** The report with each of its paths passed through `rel`. */
export function withRelativePaths(report: Report, rel: (path: string) => string): Report {
  const builds = report.builds.map((b) => relativeBuild(b, rel));
  return {
    ...report,
    builds,
    ...flatViews(builds),
    comparison: { ...report.comparison, baseline: report.comparison.baseline && rel(report.comparison.baseline) },
    cache: report.cache && { ...report.cache, dir: rel(report.cache.dir) },
    manifest: report.manifest && rel(report.manifest),
  };
}

function relativeBuild(b: ReportBuild, rel: (path: string) => string): ReportBuild {
  const base = (latency: Latency | null) =>
    latency?.baseEngine
      ? { ...latency, baseEngine: { ...latency.baseEngine, plan: rel(latency.baseEngine.plan) } }
      : latency;
  return {
    ...b,
    plan: b.plan && rel(b.plan),
    layerInfo: b.layerInfo && rel(b.layerInfo),
    builtFrom: b.builtFrom && { ...b.builtFrom, onnx: rel(b.builtFrom.onnx) },
    attempts: b.attempts.map((a) => ({ ...a, log: rel(a.log) })),
    perf: b.perf && { ...b.perf, log: rel(b.perf.log) },
    latency: base(b.latency),
    deployCost: b.deployCost && { ...b.deployCost, latency: base(b.deployCost.latency) },
    scan: b.scan && { ...b.scan, path: rel(b.scan.path) },
    stability: b.stability && {
      ...b.stability,
      rebuilds: b.stability.rebuilds.map((r) => ({ ...r, plan: r.plan && rel(r.plan) })),
    },
  };
}
