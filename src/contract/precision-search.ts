// The record of a run's keep-fp32 search (report.precisionSearch), apart from report.ts for its size.
import { z } from 'zod';
import { configPositionSchema, count, nullableNumber, nullableString } from './values.js';

/**
 * A run's search for the keep-fp32 list of a model whose fp16 or bf16 engine failed its gate (precision-search:
 * true; src/accuracy/precision-search.ts): every candidate built and checked, the list to paste, its price.
 */
export const precisionSearchSchema = z.object({
  model: z.string(),
  /** error: the search could not run, or was cancelled (said in `error`); no list is decided then. */
  /** unjudged: keeping every candidate gave no verdict (a build or check that failed): no list is known. */
  /**
   * no-evidence: the first candidate (all-FP16, or the configured list alone) gave no verdict, so nothing shows
   * that any node must be kept: no list is given, whatever a later candidate did.
   */
  /** rechecked: a committed list after a TensorRT step, each node left out in turn (`dropped`: not needed). */
  outcome: z.enum([
    'found',
    'none-needed',
    'unfixable',
    'budget-spent',
    'rechecked',
    'error',
    'unjudged',
    'no-evidence',
  ]),
  keep: z.array(z.string()).nullable(),
  /** The model's keep-fp32 list as configured: every candidate keeps it, the search adds to it. */
  start: z.array(z.string()).default([]),
  candidates: count,
  /** How many regions (the all-FP16 engine's layers) were searched before the nodes in them; null: by node. */
  regions: nullableNumber.default(null),
  maxBuilds: count,
  /** No candidate build started after this (precision-search: { max-time }); null: no time bound. */
  maxSeconds: nullableNumber.default(null),
  /** budget-spent: which budget ran out, the builds or the time. */
  spent: z.enum(['builds', 'time']).nullable().default(null),
  /** Each candidate list built and checked, in order: the first is all-FP16 (or `start` alone). */
  builds: z.array(
    z.object({
      keep: z.array(z.string()),
      passed: z.boolean(),
      /** Why this list gave no verdict (its build or its check failed); it counted as not passing. */
      unjudged: nullableString.default(null),
      worst: z.string(),
      planBytes: nullableNumber,
    }),
  ),
  /** The node where all-FP16's error starts, where the search opened; null when none was named. */
  openedAt: nullableString,
  /** The list built once more: its gate again, its latency against all-FP16 from an A/B, its plan size. */
  price: z
    .object({ accuracy: z.string(), latency: z.string(), ratio: nullableNumber, planBytes: nullableNumber })
    .nullable(),
  error: nullableString,
  /** rechecked: the kept nodes this TensorRT no longer needs, and the step ("TensorRT 10.16 → 11.5"). */
  dropped: z.array(z.string()).default([]),
  step: nullableString.default(null),
  /** The folder of its candidate runs (each with its own report). */
  folder: z.string(),
  /** Where keep-fp32 goes in trt-ci.yml (the model's line). */
  configPosition: configPositionSchema.nullable(),
});
export type PrecisionSearchRecord = z.infer<typeof precisionSearchSchema>;
