import { spawn, type ChildProcess } from 'node:child_process';
import { childEnv } from '../proc/child-env.js';
import { LineSplitter } from '../proc/lines.js';

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
  private child: ChildProcess | null = null;

  constructor(
    private readonly nvidiaSmi: string,
    /** The job's environment; credentials are removed before nvidia-smi sees it. */
    private readonly env: NodeJS.ProcessEnv,
    private readonly intervalMs = 100,
    private readonly clock: () => number = Date.now,
  ) {}

  start(): void {
    const lines = new LineSplitter((line) => {
      const [index, used] = line.split(',').map((part) => Number(part.trim()));
      if (Number.isInteger(index) && Number.isFinite(used)) this.timeline.add(index!, this.clock(), used!);
    });
    const child = spawn(
      this.nvidiaSmi,
      [`--query-gpu=${SAMPLE_FIELDS}`, '--format=csv,noheader,nounits', `-lms`, String(this.intervalMs)],
      { stdio: ['ignore', 'pipe', 'ignore'], env: childEnv(this.env) },
    );
    child.on('error', () => {
      this.child = null; // no nvidia-smi: builds go on without memory figures
    });
    child.stdout?.on('data', (chunk: Buffer) => lines.push(chunk));
    this.child = child;
  }

  /** Waits (briefly) until every GPU has an idle sample, so builds can be measured against it. */
  async waitForBaseline(gpus: readonly number[], timeoutMs = 3_000): Promise<void> {
    const deadline = this.clock() + timeoutMs;
    while (this.child && !this.timeline.hasSampled(gpus) && this.clock() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    this.timeline.markBaselineEnd(this.clock());
  }

  /**
   * Ends the stream: SIGTERM, then SIGKILL when it has not closed within `graceMs` (nvidia-smi on a
   * wedged driver ignores SIGTERM, and the run must not wait for it forever).
   */
  async stop(graceMs = 2_000): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
    child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), graceMs);
    });
    const ended = await Promise.race([closed, late]);
    clearTimeout(timer);
    if (ended === 'late') {
      child.kill('SIGKILL');
      await closed;
    }
  }
}
