// One A/B comparison on one GPU: base and head engines run in interleaved repetitions (ABBA…), the GPU's
// clock event counters read between runs (never during one: polling nvidia-smi while an engine runs can
// itself cause latency spikes, NVIDIA/TensorRT#3090), then judged; an undecided or drifting result gets
// one more batch before it is called inconclusive. Processes and nvidia-smi are the caller's edges.
import type { ClockState } from '../gpu/nvidia-smi.js';
import { quantile } from './statistics.js';
import { type AbJudgement, judgeAb, type Repetition, type Side } from './verdict.js';

export interface AbEdges {
  /** One trtexec run of that side's engine: each timed iteration's GPU compute time (ms). */
  measure(side: Side, index: number): Promise<number[]>;
  /** The GPU's SM clock and clock event counters (µs spent slowed, by reason), or null when nvidia-smi cannot say. */
  clockState(): Promise<ClockState | null>;
}

export interface AbPlan {
  /** Repetitions a side in one batch. */
  repetitions: number;
  /** The smallest change that counts (0.02 = 2%). */
  budget: number;
  /** Whether a second batch may be run before inconclusive. */
  retry: boolean;
}

export interface AbResult extends AbJudgement {
  /** Every repetition, in the order run (both batches). */
  runs: Repetition[];
  retried: boolean;
  /** Whether the GPU's clock event counters could be read: without them, throttling cannot be seen. */
  clockEventsRead: boolean;
}

export async function compareAb(edges: AbEdges, plan: AbPlan): Promise<AbResult> {
  let clockEventsRead = true;
  let index = 0;
  let before = await edges.clockState();
  const batch = async (firstRound: number): Promise<Repetition[]> => {
    const runs: Repetition[] = [];
    for (let round = firstRound; round < firstRound + plan.repetitions; round += 1) {
      const order: Side[] = round % 2 === 0 ? ['base', 'head'] : ['head', 'base'];
      for (const side of order) {
        const times = await edges.measure(side, index);
        index += 1;
        const after = await edges.clockState();
        if (!before || !after) clockEventsRead = false;
        const grew = (reason: string) => after!.slowed[reason]! > (before!.slowed[reason] ?? 0);
        const throttled = before && after ? Object.keys(after.slowed).filter(grew) : [];
        before = after;
        runs.push({
          side,
          round,
          medianMs: quantile(times, 0.5),
          p99Ms: quantile(times, 0.99),
          iterations: times.length,
          throttled,
          smClockMHz: after?.smClockMHz ?? null,
        });
      }
    }
    return runs;
  };
  const first = await batch(0);
  const judged = judgeAb(first, plan.budget);
  if (!plan.retry || judged.retry === null) return { ...judged, runs: first, retried: false, clockEventsRead };
  // A drifting batch is set aside; an undecided one is pooled with the next for more power.
  const second = await batch(plan.repetitions);
  const pooled = judged.retry === 'drift' ? second : [...first, ...second];
  const again = judgeAb(pooled, plan.budget);
  return { ...again, runs: [...first, ...second], retried: true, clockEventsRead };
}
