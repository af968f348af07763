// trt-ci.yml's `stability:`: rebuild each engine and measure how alike the builds are (docs/stability.md).
import { z } from 'zod';
import { expected } from './values.js';

export const stability = z
  .strictObject(
    {
      rebuilds: z
        .number(expected('a number of rebuilds, 1 to 10'))
        .int(expected('a whole number of rebuilds'))
        .min(1, expected('at least 1 rebuild'))
        .max(10, expected('at most 10 rebuilds'))
        .default(2)
        .describe("How many more times each engine is built, with the run's timing cache (default 2)."),
    },
    expected('a mapping like { rebuilds: 2 }'),
  )
  .optional()
  .describe(
    'Rebuild each engine and certify how alike the builds are: the same bytes, the same tactic in every layer, ' +
      'the same outputs (measured, never inferred). Off unless set; each rebuild is a whole build.',
  );
