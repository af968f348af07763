// The consistency checks of an engine whose profile has a range: what the same engine gives for the same sample
// in different company, needing no reference (docs/accuracy.md#consistency). The report's `consistency`.
import { z } from 'zod';
import { count, nullableNumber, nullableString } from './values.js';

const CONSISTENCY_CHECKS = ['identical-rows', 'alone-vs-batch', 'same-run-twice'] as const;

const consistencyCheckSchema = z.object({
  id: z.enum(CONSISTENCY_CHECKS),
  status: z.enum(['passed', 'failed', 'skipped']),
  /** What was compared and what it found, in words: the failure's line, or why the check was skipped. */
  message: z.string(),
  /** The output that differed most (null: none differed, or skipped). */
  output: nullableString.default(null),
  maxAbsDiff: nullableNumber.default(null),
  /** Share (0-1) of that output's elements out of tolerance. */
  outOfTolerance: nullableNumber.default(null),
  /** Every compared value had the same bits (null: skipped). */
  bitwiseEqual: z.boolean().nullable().default(null),
});
export type ConsistencyCheck = z.infer<typeof consistencyCheckSchema>;

export const consistencySchema = z.object({
  /**
   * failed: a check found rows that should agree out of tolerance; error: the engine could not be run (why in
   * `reason`); off: the model turned the checks off (its reason); skipped: no batch to check (why in `reason`).
   */
  status: z.enum(['passed', 'failed', 'error', 'off', 'skipped']),
  /** The batch dimension and the batch size the checks ran at; null when none. */
  batch: z.object({ dim: count, size: count }).nullable().default(null),
  checks: z.array(consistencyCheckSchema).default([]),
  reason: nullableString.default(null),
});
export type Consistency = z.infer<typeof consistencySchema>;
