// How alike an engine's rebuilds are (docs/stability.md): the report's `stability`, when `stability:` asks.
import { z } from 'zod';
import { count, nullableNumber, nullableString } from './values.js';

const level = z.enum(['bits', 'tactics', 'outputs', 'latency', 'none']);

const rebuildSchema = z.object({
  /** The strongest level measured to hold against the first build (src/stability/levels.ts). */
  level,
  /** Whether it was built with the run's timing cache (the last rebuild is built without it, where there is one). */
  timingCache: z.boolean(),
  bytesEqual: z.boolean(),
  /** Layers whose tactic changed, with both choices; null when layer info was not there to compare. */
  changedLayers: z.array(z.object({ layer: z.string(), first: nullableString, again: nullableString })).nullable(),
  /** The outputs on the accuracy check's seeded inputs at opt against the first build's; null when not run. */
  outputs: z
    .object({
      bitwiseEqual: z.boolean(),
      output: nullableString,
      maxAbsDiff: nullableNumber,
      outOfTolerance: z.number(),
    })
    .nullable(),
  /**
   * The interleaved A/B of the rebuild against the first build on the same GPU (only where their bytes differ):
   * its verdict and head-over-base ratio; null when not run.
   */
  latency: z.object({ verdict: z.string(), ratio: nullableNumber }).nullable().default(null),
  /** The rebuild's plan, and why it could not be compared (it did not build, it did not run). */
  plan: nullableString.default(null),
  problem: nullableString.default(null),
});

export const stabilitySchema = z.object({
  /** The level every rebuild reached (the weakest of them); null when no rebuild could be compared. */
  level: level.nullable(),
  rebuilds: z.array(rebuildSchema),
  /** How many rebuilds were asked for. */
  asked: count,
  /** Why nothing could be compared (the tested engine would not run on the inputs); null otherwise. */
  problem: nullableString.default(null),
});
export type Stability = z.infer<typeof stabilitySchema>;
