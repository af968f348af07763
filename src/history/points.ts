// A report's engines as history points (docs/history.md): one per engine that was built or served from the
// cache, keyed by what makes two runs comparable, with the run's environment beside it. Pure.
import { defaultMeasurement, measurementId, sameMeasurement } from '../tensorrt/measurement.js';
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { HISTORY_SCHEMA, type HistoryPoint, type SeriesKey } from '../contract/history.js';
import type { Report, ReportBuild } from '../contract/report.js';

const PRECISION_FLAGS = ['--best', '--fp8', '--int8', '--int4', '--bf16', '--fp16', '--stronglyTyped'] as const;
/** Flags whose value is a path of this run, or set by the back-off: not how the engine is built. */
const PATH_FLAGS = new Set(['--onnx', '--saveEngine', '--timingCacheFile', '--exportLayerInfo', '--loadEngine']);
const PLUGIN_FLAGS = new Set(['--plugins', '--staticPlugins', '--dynamicPlugins', '--setPluginsToSerialize']);

const flagName = (arg: string) => (arg.includes('=') ? arg.slice(0, arg.indexOf('=')) : arg);

/** fp16, fp16+int8, strongly-typed, or fp32 when the build set no precision flag. */
export function precisionOf(argv: readonly string[]): string {
  const set = PRECISION_FLAGS.filter((flag) => argv.includes(flag)).map((flag) =>
    flag === '--stronglyTyped' ? 'strongly-typed' : flag.slice(2),
  );
  return set.length > 0 ? [...set].sort().join('+') : 'fp32';
}

/** The build's flags without its paths (plugins by file name) and workspace, hashed: 12 hex digits. */
export function flagsHash(argv: readonly string[]): string {
  const kept = argv
    .filter(
      (arg) => !PATH_FLAGS.has(flagName(arg)) && !arg.startsWith('--memPoolSize') && !arg.startsWith('--workspace'),
    )
    .map((arg) =>
      PLUGIN_FLAGS.has(flagName(arg)) ? `${flagName(arg)}=${basename(arg.slice(arg.indexOf('=') + 1))}` : arg,
    )
    .sort();
  return createHash('sha256').update(JSON.stringify(kept)).digest('hex').slice(0, 12);
}

/** A stability level as a number that grows as the rebuilds grow apart (history metrics: lower is better). */
const STABILITY_RANK = { bits: 0, tactics: 1, outputs: 2, latency: 3, none: 4 } as const;

const majorMinor = (version: string) => version.split('.').slice(0, 2).join('.');

function seriesKeyOf(build: ReportBuild, report: Pick<Report, 'environment'>): SeriesKey | null {
  // A served engine has no attempts of its own: the entry's record says what it was built with.
  const built = build.attempts.at(-1)?.argv ?? (build.status === 'cached' ? build.cache?.argv : undefined);
  // fp16 or bf16 on TensorRT 11 is in the ONNX trt-ci wrote, not in a flag: the key says which, and the kept nodes
  // (which 10.x carries in --layerPrecisions) are part of its flags.
  const argv = built && build.builtFrom ? [...built, ...build.builtFrom.kept.map((n) => `keep-fp32=${n}`)] : built;
  const gpu = build.gpu?.name ?? report.environment.gpus[0]?.name ?? null;
  if (!argv || !gpu) return null;
  const measurement = keyMeasurement(build, report);
  return {
    model: build.model,
    profile: build.profile,
    gpu,
    tensorrt: majorMinor(report.environment.tensorrtVersion),
    precision: build.builtFrom ? (build.builtFrom.narrow ?? 'fp16') : precisionOf(argv),
    flags: flagsHash(argv),
    ...(measurement && { measurement }),
  };
}

/**
 * The key's measurement: what the engine's latency was measured with (its A/B's, its benchmark's, else what
 * the run asked), named only where it is not that TensorRT's default (an older report asked for nothing).
 */
function keyMeasurement(build: ReportBuild, report: Pick<Report, 'environment'>): string | null {
  const major = Number(report.environment.tensorrtVersion.split('.')[0]);
  const defaults = defaultMeasurement({ major });
  const measured = build.latency?.measurement ?? build.perf?.measurement ?? report.environment.measurement ?? defaults;
  return sameMeasurement(measured, defaults) ? null : measurementId(measured);
}

/**
 * A part of a key as the id shows it: a name that holds the separator, a quote or edge spaces (or is empty)
 * is quoted, so that no two keys share an id ({model "a · b", profile "c"} is not {model "a", profile "b · c"}).
 */
const idPart = (part: string) => (part === '' || /·|"|^\s|\s$/.test(part) ? JSON.stringify(part) : part);

/** A stable text for a key, one per key: the series' identity in maps, the dashboard and BMF. */
export const seriesId = (key: SeriesKey) =>
  [
    key.model,
    key.profile,
    key.gpu,
    `TensorRT ${key.tensorrt}`,
    key.precision,
    key.flags,
    ...(key.measurement ? [`measured ${key.measurement}`] : []),
  ]
    .map(idPart)
    .join(' · ');

function latencyOf(build: ReportBuild): Pick<HistoryPoint['metrics'], 'latencyMs' | 'latencyInterval'> {
  const benchmark = build.perf?.latencyMs?.median ?? null;
  const ab = build.latency;
  if (benchmark !== null) return { latencyMs: benchmark, latencyInterval: null };
  if (ab?.head && ab.base && ab.ci) {
    return { latencyMs: ab.head.median, latencyInterval: [ab.ci[0] * ab.base.median, ab.ci[1] * ab.base.median] };
  }
  return { latencyMs: ab?.head?.median ?? null, latencyInterval: null };
}

/** The largest error of the engine's outputs over the shapes checked, absolute or relative. */
function maxError(build: ReportBuild, kind: 'maxAbsError' | 'maxRelError'): number | null {
  const errors = (build.accuracy?.outputs ?? []).map((o) => o[kind]).filter((e): e is number => e !== null);
  return errors.length > 0 ? Math.max(...errors) : null;
}

export interface PointContext {
  commit: string;
  date: string;
  /** When GitHub received the push (server time), or null. */
  pushedAt?: string | null;
  image: string | null;
}

/** Where a point stands in its history: the push time GitHub recorded, else the runner's date. */
export const orderOf = (point: Pick<HistoryPoint, 'date' | 'pushedAt'>) => point.pushedAt ?? point.date;

/**
 * One point per commit and series: a workflow re-run appends the same commit again, and 25 re-runs must not
 * read as 25 builds. The latest (by orderOf, then by position) is kept; `replaced` counts the others.
 */
export function onePointPerCommit(points: readonly HistoryPoint[]): { points: HistoryPoint[]; replaced: number } {
  const latest = new Map<string, { point: HistoryPoint; at: number }>();
  points.forEach((point, at) => {
    const id = `${seriesId(point.key)}\0${point.commit}`;
    const kept = latest.get(id);
    if (!kept || orderOf(point) >= orderOf(kept.point)) latest.set(id, { point, at });
  });
  const kept = [...latest.values()].sort((a, b) => a.at - b.at).map((k) => k.point);
  return { points: kept, replaced: points.length - kept.length };
}

/** One point per engine the run built or took from the cache; failed and skipped engines have none. */
export function historyPoints(report: Report, context: PointContext): HistoryPoint[] {
  return report.builds.flatMap((build) => {
    if (build.status !== 'built' && build.status !== 'cached') return [];
    const key = seriesKeyOf(build, report);
    if (!key) return [];
    const gpu = report.environment.gpus.find((g) => g.index === build.gpu?.index) ?? report.environment.gpus[0];
    return [
      {
        schema: HISTORY_SCHEMA,
        key,
        commit: context.commit,
        date: context.date,
        pushedAt: context.pushedAt ?? null,
        metrics: {
          planBytes: build.bytes,
          buildSeconds: build.status === 'built' ? build.buildSeconds : null,
          peakGpuMemoryMiB: build.status === 'built' ? build.peakGpuMemoryMiB : null,
          ...latencyOf(build),
          accuracyMaxAbsError: maxError(build, 'maxAbsError'),
          accuracyMaxRelError: maxError(build, 'maxRelError'),
          stabilityLevel: build.stability?.level ? STABILITY_RANK[build.stability.level] : null,
        },
        environment: {
          tensorrt: report.environment.tensorrtVersion,
          driver: gpu?.driverVersion ?? null,
          cuda: report.preflight?.cuda?.version ?? null,
          image: context.image ?? report.environment.image,
          trtexec: report.environment.trtexec,
        },
      } satisfies HistoryPoint,
    ];
  });
}
