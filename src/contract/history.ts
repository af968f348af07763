// An engine's history, `trt-ci/history@1`: one point per engine per default-branch run, as JSON lines. A
// series is the points of one key; what the key leaves out (the exact TensorRT build, the driver, CUDA, the
// container image, the trtexec path) is the environment, whose change is a known step, never a regression.
// Points read back (a branch anyone with write access can push to) are parsed with this schema: a line that
// does not match is skipped and counted, never trusted.
import { z } from 'zod';

export const HISTORY_SCHEMA = 'trt-ci/history@1';

const nullableNumber = z.number().nullable();
const nullableString = z.string().nullable();

/** What makes two points comparable: the same engine, built the same way, on the same GPU and TensorRT. */
const seriesKeySchema = z.object({
  model: z.string(),
  profile: z.string(),
  /** The GPU model as nvidia-smi names it ("NVIDIA H200"). */
  gpu: z.string(),
  /** TensorRT major.minor: a new patch or build is an environment step inside the series. */
  tensorrt: z.string(),
  /** From the build's precision flags: fp16, bf16, int8, fp16+int8, strongly-typed, fp32. */
  precision: z.string(),
  /** 12 hex digits of sha256 over the build's flags, paths and workspace left out. */
  flags: z.string(),
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
] as const;
export type HistoryMetric = (typeof HISTORY_METRICS)[number];

export const historyPointSchema = z.object({
  schema: z.literal(HISTORY_SCHEMA),
  key: seriesKeySchema,
  commit: z.string(),
  /** ISO 8601: when the run started. */
  date: z.string(),
  metrics: z.object({
    planBytes: nullableNumber,
    /** null for an engine served from the cache (no build ran). */
    buildSeconds: nullableNumber,
    peakGpuMemoryMiB: nullableNumber,
    /** trtexec's median (benchmark: true), else the A/B head's median of repetition medians. */
    latencyMs: nullableNumber,
    /** The A/B's 95% interval on the head's latency, when an A/B ran. */
    latencyInterval: z.tuple([z.number(), z.number()]).nullable(),
    accuracyMaxAbsError: nullableNumber,
    /** Absent from points written before it was kept. */
    accuracyMaxRelError: nullableNumber.default(null),
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
}
