// An A/B's result as the report keeps it (builds[].latency, trt-ci ab --json).
import type { Measurement } from '../tensorrt/measurement.js';
import type { Latency } from '../contract/report.js';
import type { AbResult } from './ab.js';

export function toLatency(
  result: AbResult & { measurement?: Measurement },
  budget: number,
  baseEngine: Latency['baseEngine'],
): Latency {
  return {
    verdict: result.verdict,
    ratio: result.ratio,
    ci: result.ci,
    p: result.p,
    base: result.base,
    head: result.head,
    repetitions: result.repetitions,
    reason: result.reason,
    retried: result.retried,
    budget,
    clockEventsRead: result.clockEventsRead,
    baseEngine,
    runs: result.runs.map((run) => ({ ...run, smClockMHz: run.smClockMHz ?? null })),
    measurement: result.measurement ?? null,
  };
}

/**
 * An A/B decided without (all of) its runs: two engines that cannot be compared on equal terms
 * (contract-mismatch), the head engine being the base engine byte for byte (same, a ratio of exactly 1),
 * or a head engine that could not be run (head-failed).
 */
export function unmeasured(
  verdict: 'contract-mismatch' | 'same' | 'head-failed',
  reason: string,
  budget: number,
  baseEngine: Latency['baseEngine'],
): Latency {
  return {
    verdict,
    ratio: verdict === 'same' ? 1 : null,
    ci: verdict === 'same' ? [1, 1] : null,
    p: null,
    base: null,
    head: null,
    repetitions: 0,
    reason,
    retried: false,
    budget,
    clockEventsRead: false,
    baseEngine,
    runs: [],
    measurement: null,
  };
}
