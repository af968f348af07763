import { defaultMeasurement, type Measurement } from '../tensorrt/measurement.js';
import { readFile } from 'node:fs/promises';
import { isBuilt } from '../contract/report.js';
import { errorMessage, fileProblem, InputError } from '../common/errors.js';
import { formatPath } from '../config/locate.js';
import { overallStatus } from './status.js';
import {
  type Accuracy,
  flatViews,
  REPORT_SCHEMA,
  type Report,
  type ReportBuild,
  reportSchema,
} from '../contract/report.js';
import { REPORT_SCHEMA_V1, reportSchemaV1, upgradeReport } from '../contract/report-v1.js';
import type { Environment, Measured } from './evaluate.js';

/**
 * A trt-ci report read as data: a baseline from the base branch, or one runner's report to merge, which
 * can come from a fork. It must match the report schema; keys the schema does not know are dropped. A report
 * of version 1 (trt-ci up to 0.11) is read as version 2.
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
  const version = schema === REPORT_SCHEMA ? reportSchema : schema === REPORT_SCHEMA_V1 ? reportSchemaV1 : null;
  if (!version) {
    const got = typeof schema === 'string' ? `schema ${JSON.stringify(schema.slice(0, 64))}` : 'something else';
    throw new InputError(`${path}: expected a trt-ci report (schema "${REPORT_SCHEMA}"), got ${got}`);
  }
  const parsed = version.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = formatPath(issue.path.filter((p): p is string | number => typeof p !== 'symbol'));
    const more = parsed.error.issues.length > 1 ? ` (and ${parsed.error.issues.length - 1} more)` : '';
    throw new InputError(`${path}: not a valid ${String(schema)} ${role}: ${where}: ${issue.message}${more}`);
  }
  const report = parsed.data.schema === REPORT_SCHEMA_V1 ? upgradeReport(parsed.data) : (parsed.data as Report);
  // A report's own status and flat views are claims: they are made again from its builds.
  return { ...report, status: overallStatus(report), ...flatViews(report.builds) };
}

/** The largest max-abs error of an engine's outputs against ONNX Runtime's, when it was checked. */
export function largestError(accuracy: Pick<Accuracy, 'outputs'> | null | undefined): number | null {
  const errors = (accuracy?.outputs ?? []).map((o) => o.maxAbsError).filter((e): e is number => e !== null);
  return errors.length ? Math.max(...errors) : null;
}

/**
 * What a benchmark's latency was measured with: said in the report since trt-ci gives it; before, trt-ci asked
 * for nothing, so it was that TensorRT's defaults.
 */
function measurementOfPerf(perf: NonNullable<ReportBuild['perf']>, tensorrt: string | null): Measurement | null {
  if (perf.measurement) return perf.measurement;
  const major = Number(tensorrt?.split('.')[0]);
  return Number.isFinite(major) && major > 0 ? defaultMeasurement({ major }) : null;
}

/** What budgets measure of one build of a report. */
export function measure(b: ReportBuild, tensorrt: string | null = null): Measured {
  return {
    model: b.model,
    profile: b.profile,
    gpu: b.gpu?.name ?? null,
    bytes: b.bytes,
    zeroFraction: b.scan?.zeroFraction ?? null,
    trailingZeroBytes: b.scan?.trailingZeroBytes ?? null,
    onnxBytes: b.onnxBytes ?? null,
    buildSeconds: b.buildSeconds,
    peakGpuMemoryMiB: b.peakGpuMemoryMiB,
    latencyMedianMs: b.perf?.latencyMs?.median ?? null,
    latencyMeasurement: b.perf ? measurementOfPerf(b.perf, tensorrt) : null,
    accuracyError: largestError(b.accuracy),
    latencyAb: b.latency ? { verdict: b.latency.verdict, ratio: b.latency.ratio, reason: b.latency.reason } : null,
  };
}

/** Each built engine of a report with what budgets measure. */
export function measuredBuilds(report: Pick<Report, 'builds'> & Partial<Pick<Report, 'environment'>>): Measured[] {
  return report.builds.filter(isBuilt).map((b) => measure(b, report.environment?.tensorrtVersion ?? null));
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

/** The baseline report, or (for one the user did not name) why it could not be used. */
export async function readBaseline(
  file: string | null,
  found: boolean,
): Promise<{ baseline: Report | null; baselineRefused: string | null }> {
  if (!file) return { baseline: null, baselineRefused: null };
  try {
    return { baseline: await loadReport(file), baselineRefused: null };
  } catch (error) {
    if (!found || !(error instanceof InputError)) throw error;
    return { baseline: null, baselineRefused: error.message };
  }
}

/** Each pair's build time in a report, for balancing shards; undefined without one (shards count pairs). */
export function buildSecondsOf(report: Report | null): ReadonlyMap<string, number> | undefined {
  if (!report) return undefined;
  const seconds = report.builds.flatMap((b) =>
    b.buildSeconds ? [[`${b.model}/${b.profile}`, b.buildSeconds] as const] : [],
  );
  return seconds.length ? new Map(seconds) : undefined;
}
