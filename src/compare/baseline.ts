import { readFile } from 'node:fs/promises';
import { isBuilt } from '../builds/outcome.js';
import { errorMessage, fileProblem, InputError } from '../common/errors.js';
import { formatPath } from '../config/locate.js';
import { overallStatus } from './status.js';
import { type Comparison, REPORT_SCHEMA, type Report, type ReportBuild, reportSchema } from '../contract/report.js';
import { addedAndRemoved, environmentChanges, matchBaseline, type Environment, type Measured } from './evaluate.js';

/**
 * A trt-ci report read as data: a baseline from the base branch, or one runner's report to merge, which
 * can come from a fork. It must match the report schema; keys the schema does not know are dropped.
 */
export async function loadReport(path: string, role = 'baseline'): Promise<Report> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new InputError(`${path}: cannot read ${role}: ${fileProblem(error, 'a report.json')}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    // V8 quotes the text around the error, line breaks and all: one line.
    throw new InputError(`${path}: the ${role} is not JSON (${errorMessage(error).replace(/\s+/g, ' ')})`);
  }
  const schema = (data as { schema?: unknown } | null)?.schema;
  if (schema !== REPORT_SCHEMA) {
    const got = typeof schema === 'string' ? `schema ${JSON.stringify(schema.slice(0, 64))}` : 'something else';
    throw new InputError(`${path}: expected a trt-ci report (schema "${REPORT_SCHEMA}"), got ${got}`);
  }
  const parsed = reportSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = formatPath(issue.path.filter((p): p is string | number => typeof p !== 'symbol'));
    const more = parsed.error.issues.length > 1 ? ` (and ${parsed.error.issues.length - 1} more)` : '';
    throw new InputError(`${path}: not a valid ${REPORT_SCHEMA} ${role}: ${where}: ${issue.message}${more}`);
  }
  // A report's own status is a claim: it is recomputed from its builds and budgets.
  return { ...parsed.data, status: overallStatus(parsed.data.builds, parsed.data.budgets) };
}

/** Each built engine of a report with what budgets measure: the build joined with its plan scan. */
function largestError(accuracy: Report['builds'][number]['accuracy'] | undefined): number | null {
  const errors = (accuracy?.outputs ?? []).map((o) => o.maxAbsError).filter((e): e is number => e !== null);
  return errors.length ? Math.max(...errors) : null;
}

export function measuredBuilds(report: Pick<Report, 'builds' | 'plans'>): Measured[] {
  return report.builds.filter(isBuilt).map((b) => {
    const plan = (report.plans ?? []).find((p) => p.model === b.model && p.profile === b.profile);
    return {
      model: b.model,
      profile: b.profile,
      gpu: b.gpu?.name ?? null,
      bytes: b.bytes,
      zeroFraction: plan?.zeroFraction ?? null,
      trailingZeroBytes: plan?.trailingZeroBytes ?? null,
      onnxBytes: b.onnxBytes ?? null,
      buildSeconds: b.buildSeconds,
      peakGpuMemoryMiB: b.peakGpuMemoryMiB,
      latencyMedianMs: b.perf?.latencyMs?.median ?? null,
      accuracyError: largestError(b.accuracy),
      latencyAb: b.latency ? { verdict: b.latency.verdict, ratio: b.latency.ratio, reason: b.latency.reason } : null,
    };
  });
}

export function environmentOf(report: Pick<Report, 'environment' | 'preflight'>): Environment {
  const gpus = report.environment?.gpus ?? [];
  return {
    tensorrtVersion: report.environment?.tensorrtVersion ?? null,
    driverVersion:
      gpus.find((g) => g.driverVersion)?.driverVersion ??
      report.preflight?.gpus.find((g) => g.driverVersion)?.driverVersion ??
      null,
    gpus: gpus.map((g) => g.name).filter((name): name is string => name !== null),
  };
}

/** What a report says when there is no baseline to compare with. */
const NO_COMPARISON: Comparison = { baseline: null, environment: [], added: [], removed: [] };

/**
 * The compare stage: the baseline's figures next to each build (same model, profile and GPU model),
 * what changed in the environment, and which engines are new or gone.
 */
export function compareWithBaseline(
  current: Pick<Report, 'builds' | 'environment' | 'preflight'>,
  baseline: { report: Report; path: string; note?: string | null } | null,
): { builds: ReportBuild[]; comparison: Comparison } {
  if (!baseline) return { builds: current.builds.map((b) => ({ ...b, baseline: null })), comparison: NO_COMPARISON };
  const before = measuredBuilds(baseline.report);
  const builds = current.builds.map((build) => {
    const match = matchBaseline({ model: build.model, profile: build.profile, gpu: build.gpu?.name ?? null }, before);
    const figures = match && {
      bytes: match.bytes,
      buildSeconds: match.buildSeconds,
      peakGpuMemoryMiB: match.peakGpuMemoryMiB,
      latencyMedianMs: match.latencyMedianMs,
    };
    return { ...build, baseline: figures };
  });
  const comparison = {
    baseline: baseline.path,
    note: baseline.note ?? null,
    environment: environmentChanges(environmentOf(baseline.report), environmentOf(current)),
    ...addedAndRemoved(current.builds, baseline.report.builds),
  };
  return { builds, comparison };
}

/** A report (read back, or another runner's) compared with a baseline: a new report, the old one untouched. */
export function withBaseline(report: Report, baseline: Report, path: string): Report {
  return { ...report, ...compareWithBaseline(report, { report: baseline, path }) };
}
