import { readFile } from 'node:fs/promises';
import { errorMessage, fileProblem, InputError } from '../errors.js';
import type { Report } from '../report/report.js';
import { addedAndRemoved, environmentChanges, matchBaseline, type Environment, type Measured } from './evaluate.js';

/** A trt-ci report read as data: a baseline from the base branch, or one runner's report to merge. */
export async function loadReport(path: string, role = 'baseline'): Promise<Report> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new InputError(`${path}: cannot read ${role}: ${fileProblem(error, 'a report.json')}`);
  }
  let report: Partial<Report>;
  try {
    report = JSON.parse(text) as Partial<Report>;
  } catch (error) {
    throw new InputError(`${path}: the ${role} is not JSON (${errorMessage(error)})`);
  }
  if (report?.schema !== 'trt-ci/report@1' || !Array.isArray(report.builds)) {
    throw new InputError(
      `${path}: expected a trt-ci report (schema "trt-ci/report@1" with ` +
        `builds), got ${report?.schema ? `schema "${report.schema}"` : 'something else'}`,
    );
  }
  return report as Report;
}

/** Each built engine of a report with what budgets measure: the build joined with its plan scan. */
export function measuredBuilds(report: Pick<Report, 'builds' | 'plans'>): Measured[] {
  return report.builds
    .filter((b) => b.status === 'built' || b.status === 'cached')
    .map((b) => {
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

/**
 * Puts the baseline's figures next to each build of a report (same model, profile and GPU model) and
 * says what changed in the environment and which engines are new or gone.
 */
export function applyBaseline(
  report: Report,
  baseline: Report,
  baselinePath: string,
  note: string | null = null,
): void {
  const before = measuredBuilds(baseline);
  for (const build of report.builds) {
    const match = matchBaseline({ model: build.model, profile: build.profile, gpu: build.gpu?.name ?? null }, before);
    build.baseline = match && {
      bytes: match.bytes,
      buildSeconds: match.buildSeconds,
      peakGpuMemoryMiB: match.peakGpuMemoryMiB,
      latencyMedianMs: match.latencyMedianMs,
    };
  }
  report.comparison = {
    baseline: baselinePath,
    note,
    environment: environmentChanges(environmentOf(baseline), environmentOf(report)),
    ...addedAndRemoved(report.builds, baseline.builds),
  };
}
