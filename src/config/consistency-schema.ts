// trt-ci.yml's `consistency:` of a model: the checks that need no reference (docs/accuracy.md#consistency).
import { z } from 'zod';
import { expected } from './values.js';

export const consistency = z
  .union(
    [
      z.strictObject({
        off: z
          .string(expected('why, as the report will say'))
          .min(1, expected('why'))
          .describe('Why the checks are off: the report says it where their results would be.'),
      }),
      z.strictObject({
        'batch-dim': z
          .number()
          .int()
          .min(0, expected('a dimension index: 0, 1, …'))
          .describe('Which dimension of the inputs is the batch (0: the leading one).'),
      }),
    ],
    expected('{ off: <why the checks are off> } or { batch-dim: <index> }'),
  )
  .optional()
  .describe(
    'The consistency checks (identical rows, a sample alone vs in a batch, the same run twice) run on every ' +
      'engine whose profile has a range: { off: <why> } turns them off, the reason in the report; ' +
      '{ batch-dim: N } names the batch dimension (default: the leading one, when dynamic and shared).',
  );
