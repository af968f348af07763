// An A/B's result as the report keeps it (builds[].latency, trt-ci ab --json).
import type { Latency } from '../report/schema.js';
import type { AbResult } from './ab.js';

export function toLatency(result: AbResult, budget: number, baseEngine: Latency['baseEngine']): Latency {
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
  };
}

/** Two engines that cannot be compared on equal terms: nothing is measured. */
export function contractMismatch(reason: string, budget: number, baseEngine: Latency['baseEngine']): Latency {
  return {
    verdict: 'contract-mismatch',
    ratio: null,
    ci: null,
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
  };
}

/** The head engine is the base engine, byte for byte: the same, without measuring. */
export function identical(budget: number, baseEngine: Latency['baseEngine']): Latency {
  return {
    ...contractMismatch('the same plan as the base engine (sha256): nothing to measure', budget, baseEngine),
    verdict: 'same',
    ratio: 1,
    ci: [1, 1],
  };
}
