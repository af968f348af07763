import { type ProcessResult, runProcess } from '../proc/run-process.js';
import type { NvidiaSmi } from './nvidia-smi.js';

export interface MemoryWindow {
  /** Highest memory.used seen on the GPU during the window. */
  peakUsedMiB: number;
  /** memory.used on the GPU before any build started (other tenants, the driver's own use). */
  baselineMiB: number;
  /** peak − baseline: what the build itself held at its peak. */
  attributedMiB: number;
  samples: number;
}

interface Series {
  times: number[];
  values: number[];
}

/**
 * Memory samples per GPU, kept as plain arrays: ten a second for a 45-minute run on 8 GPUs is a
 * few hundred thousand numbers. Pure, so attribution is tested without nvidia-smi.
 */
export class MemoryTimeline {
  private readonly series = new Map<number, Series>();
  private baselineEnd = Number.POSITIVE_INFINITY;

  add(gpu: number, time: number, usedMiB: number): void {
    let series = this.series.get(gpu);
    if (!series) {
      series = { times: [], values: [] };
      this.series.set(gpu, series);
    }
    series.times.push(time);
    series.values.push(usedMiB);
  }

  /**
   * Samples up to this moment describe the idle GPU. A sample stamped in the same millisecond is idle too: it
   * was taken before this mark, which comes before any build starts.
   */
  markBaselineEnd(time: number): void {
    this.baselineEnd = Math.min(this.baselineEnd, time);
  }

  hasSampled(gpus: readonly number[]): boolean {
    return gpus.every((gpu) => (this.series.get(gpu)?.times.length ?? 0) > 0);
  }

  /** What a build on `gpu` from `start` to `end` held; null when no sample fell in the window. */
  window(gpu: number, start: number, end: number): MemoryWindow | null {
    const series = this.series.get(gpu);
    if (!series) return null;
    let peak = Number.NEGATIVE_INFINITY;
    let samples = 0;
    let idle: number | null = null;
    let lowest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < series.times.length; i += 1) {
      const time = series.times[i]!;
      const value = series.values[i]!;
      if (time <= this.baselineEnd) idle = value;
      if (time >= start && time <= end) {
        peak = Math.max(peak, value);
        lowest = Math.min(lowest, value);
        samples += 1;
      }
    }
    if (samples === 0) return null;
    const baselineMiB = idle ?? lowest;
    return { peakUsedMiB: peak, baselineMiB, attributedMiB: Math.max(0, peak - baselineMiB), samples };
  }
}

const SAMPLE_FIELDS = 'index,memory.used';

/** One `nvidia-smi --query-gpu=index,memory.used -lms N` stream for the whole run. */
export class MemorySampler {
  readonly timeline = new MemoryTimeline();
  /** The running stream: its cancel and its end; null when none runs (never started, stopped, no nvidia-smi). */
  private child: { stop: AbortController; ended: Promise<ProcessResult> } | null = null;

  constructor(
    /** nvidia-smi without the run's cancel: the stream is stopped by stop(), at the end of the builds. */
    private readonly smi: Omit<NvidiaSmi, 'signal'>,
    private readonly intervalMs = 100,
    private readonly clock: () => number = Date.now,
  ) {}

  start(): void {
    const stop = new AbortController();
    // Started as every process is (proc/run-process.ts): its own group, killed with it, credentials removed.
    const ended = (this.smi.start ?? runProcess)({
      command: this.smi.command,
      args: [`--query-gpu=${SAMPLE_FIELDS}`, '--format=csv,noheader,nounits', `-lms`, String(this.intervalMs)],
      env: this.smi.env,
      signal: stop.signal,
      onLine: (line) => {
        const [index, used] = line.split(',').map((part) => Number(part.trim()));
        if (Number.isInteger(index) && Number.isFinite(used)) this.timeline.add(index!, this.clock(), used!);
      },
    });
    const child = { stop, ended };
    this.child = child;
    // No nvidia-smi, or one that ended by itself: builds go on without memory figures.
    void ended.then(() => {
      if (this.child === child) this.child = null;
    });
  }

  /** Waits (briefly) until every GPU has an idle sample, so builds can be measured against it. */
  async waitForBaseline(gpus: readonly number[], timeoutMs = 3_000): Promise<void> {
    const deadline = this.clock() + timeoutMs;
    while (this.child && !this.timeline.hasSampled(gpus) && this.clock() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    this.timeline.markBaselineEnd(this.clock());
  }

  /** Ends the stream: its process group is killed (a wedged driver's nvidia-smi ignores SIGTERM). */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child) return;
    child.stop.abort();
    await child.ended;
  }
}
