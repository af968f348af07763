// An engine's history, `trt-ci/history@1`: one point per engine per default-branch run, as JSON lines. A
// series is the points of one key; what the key leaves out (the exact TensorRT build, the driver, CUDA, the
// container image, the trtexec path) is the environment, whose change is a known step, never a regression.
// Points read back (a branch anyone with write access can push to) are parsed with this schema: a line that
// does not match is skipped and counted, never trusted.
import { z } from 'zod';

export const HISTORY_SCHEMA = 'trt-ci/history@1';

/**
 * A metric's value: bytes, seconds, MiB, milliseconds or an error, so 0 or between 1e-9 and 1e15. Outside that
 * (1e308, 1e-308, a negative) it is no measurement, and the statistics would overflow or underflow on it.
 */
const measurement = z
  .number()
  .min(0, 'expected a measurement >= 0')
  .max(1e15, 'expected a measurement <= 1e15')
  .refine((v) => v === 0 || v >= 1e-9, 'expected 0 or a measurement >= 1e-9');
const nullableNumber = measurement.nullable();
/** Text a runner wrote: a name read from invalid UTF-8 holds U+FFFD, and names nothing trt-ci wrote. */
const name = z.string().refine((v) => !v.includes('\uFFFD'), 'expected valid UTF-8');
const nullableString = z.string().nullable();

/** What makes two points comparable: the same engine, built the same way, on the same GPU and TensorRT. */
const seriesKeySchema = z.object({
  model: name,
  profile: name,
  /** The GPU model as nvidia-smi names it ("NVIDIA H200"). */
  gpu: name,
  /** TensorRT major.minor: a new patch or build is an environment step inside the series. */
  tensorrt: z.string(),
  /** From the build's precision flags: fp16, bf16, int8, fp16+int8, strongly-typed, fp32. */
  precision: z.string(),
  /** 12 hex digits of sha256 over the build's flags, paths and workspace left out. */
  flags: z.string(),
  /**
   * What its latency is made of (measurementId, src/tensorrt/measurement.ts), only where it is not what
   * that TensorRT measures by default: absent on points of older runs, which asked for the defaults, and on
   * TensorRT 11 points under trt-ci's contract (11's defaults); present on TensorRT 10 points since trt-ci
   * gives the contract, whose latency is another measurement than before.
   */
  measurement: z.string().optional(),
});
export type SeriesKey = z.infer<typeof seriesKeySchema>;

/** Lower is better for every metric here. */
export const HISTORY_METRICS = [
  'planBytes',
  'buildSeconds',
  'peakGpuMemoryMiB',
  'latencyMs',
  'accuracyMaxAbsError',
  'accuracyMaxRelError',
  'stabilityLevel',
] as const;
export type HistoryMetric = (typeof HISTORY_METRICS)[number];

export const historyPointSchema = z.object({
  schema: z.literal(HISTORY_SCHEMA),
  key: seriesKeySchema,
  commit: z.string(),
  /** ISO 8601: when the run started, by the runner's clock. */
  date: z.string(),
  /**
   * ISO 8601: when GitHub received the push that was built (the push event's repository.pushed_at, the
   * server's clock): the history's order where known, so that a runner's wrong clock reorders nothing.
   * Null for points appended outside a push (trt-ci history append without --pushed-at).
   */
  pushedAt: nullableString.default(null),
  metrics: z.object({
    planBytes: nullableNumber,
    /** null for an engine served from the cache (no build ran). */
    buildSeconds: nullableNumber,
    peakGpuMemoryMiB: nullableNumber,
    /** trtexec's median (benchmark: true), else the A/B head's median of repetition medians. */
    latencyMs: nullableNumber,
    /** The A/B's 95% interval on the head's latency, when an A/B ran. */
    latencyInterval: z.tuple([measurement, measurement]).nullable(),
    accuracyMaxAbsError: nullableNumber,
    /** Absent from points written before it was kept. */
    accuracyMaxRelError: nullableNumber.default(null),
    /**
     * How alike the engine's rebuilds were (stability:): 0 the same bytes, 1 the same tactics, 2 the same
     * outputs, 3 the same latency, 4 none of them; null when not rebuilt. A drop is a change point like any metric's.
     */
    stabilityLevel: nullableNumber.default(null),
  }),
  environment: z.object({
    tensorrt: z.string(),
    driver: nullableString,
    cuda: nullableString,
    /** The container image's digest, when the job runs in one (--image, TRT_CI_IMAGE). */
    image: nullableString,
    trtexec: z.string(),
  }),
});
export type HistoryPoint = z.infer<typeof historyPointSchema>;

/** Where an engine of a pull request stands against the base branch's recent builds (the comment's History). */
export interface Standing {
  model: string;
  profile: string;
  gpu: string;
  metric: HistoryMetric;
  /** The base branch's last builds on this series, oldest first (at most RECENT). */
  recent: number[];
  head: number;
  low: number;
  high: number;
  /** low <= head <= high. */
  within: boolean;
  /**
   * Set when the head's series is new and the same engine has a series from before an environment step (a
   * TensorRT minor, the latency's measurement): what changed. `recent` is that series'; nothing is judged.
   */
  step?: string;
}

/**
 * The path, in the history's folder or branch, of the month file a point belongs in, by its order (the push
 * time where known): points/<YYYY-MM>.jsonl (docs/history.md).
 */
export function monthFilePath(order: string): string {
  const month = /^\d{4}-\d{2}/.exec(order)?.[0] ?? 'undated';
  return `points/${month}.jsonl`;
}

/** A month file (points/<YYYY-MM>.jsonl), as opposed to a per-run file of the layout before it. */
export const isMonthFile = (path: string) => /^points\/(\d{4}-\d{2}|undated)\.jsonl$/.test(path);
