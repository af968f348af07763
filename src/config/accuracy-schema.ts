// trt-ci.yml's `accuracy:` (top-level, and a model's keys over it): the check of each engine against ONNX
// Runtime, and the shapes it runs at (docs/accuracy.md).
import { z } from 'zod';
import { fromEnv } from './schema-walk.js';
import { expected, path } from './values.js';

const share = /^\d+(\.\d+)?%$/;

export const accuracy = z
  .strictObject(
    {
      inputs: z
        .union(
          [
            z.literal('auto'),
            fromEnv(path('a folder of <input name>.npy samples or a .npz')),
            z.record(
              z.string().min(1),
              z.strictObject(
                {
                  range: z
                    .tuple([z.number(), z.number()], expected('[low, high], like [0, 30521]'))
                    .refine(([low, high]) => low <= high, expected('[low, high] with low <= high'))
                    .describe('Seeded values of this input: whole numbers in [low, high], floats in [low, high).'),
                },
                expected('{ range: [low, high] }'),
              ),
            ),
          ],
          expected(
            'auto (seeded random inputs), a folder of <input name>.npy samples, a .npz file, ' +
              'or seeded inputs with ranges like { input_ids: { range: [0, 30521] } }',
          ),
        )
        .optional()
        .describe(
          'auto: seeded inputs, the same on every runner (floats in [-1, 1), integers and booleans in [0, 1]); ' +
            "a mapping { <input>: { range: [low, high] } } sets an input's range (a vocabulary); " +
            'or real samples: a folder of <input>.npy, or a .npz.',
        ),
      reference: fromEnv(path('a .npz of reference outputs by output name'))
        .refine((file) => file.endsWith('.npz'), expected('a .npz file of reference outputs by output name'))
        .optional()
        .describe("Reference outputs you computed (a .npz by output name) instead of ONNX Runtime's."),
      shapes: z
        .array(
          z.enum(['min', 'opt', 'max', 'interior'], expected('min, opt, max or interior')),
          expected('a list like [opt] or [min, max, interior]'),
        )
        .min(1, expected('at least one of min, opt, max, interior'))
        .optional()
        .describe(
          "Which of each profile's shapes the engine is checked at: its corners, and interior (two seeded shapes " +
            'inside its range). Default: all four with seeded inputs, [opt] with samples (their shape).',
        ),
      atol: z
        .union(
          [z.number().min(0), z.string().regex(share)],
          expected("a number like 0.001, or a share of the output's largest value like 0.5%"),
        )
        .optional()
        .describe("Absolute tolerance, or a share of the output's largest reference value (default by precision)."),
      rtol: z
        .number(expected('a number like 0.001'))
        .min(0)
        .optional()
        .describe(
          'Relative tolerance: an element fails only when it exceeds both atol and rtol (default by precision).',
        ),
      cosine: z
        .number(expected('a number like 0.999'))
        .min(-1)
        .max(1)
        .optional()
        .describe('The least cosine similarity of each output with the reference (default by precision).'),
      'top-k': z
        .number(expected('a number of classes like 5'))
        .int()
        .min(1)
        .optional()
        .describe("For classifiers: the engine's top k classes must be the reference's."),
      'first-divergence': z
        .boolean(expected('true or false'))
        .optional()
        .describe(
          'When the engine fails: build it once more with its tensors marked as outputs and name the first ' +
            'ONNX node whose output leaves the tolerance (default true; one extra build per failing engine).',
        ),
    },
    expected('a mapping with inputs, reference, shapes, atol, rtol, cosine, top-k, first-divergence'),
  )
  .refine((check) => check.reference === undefined || (typeof check.inputs === 'string' && check.inputs !== 'auto'), {
    error: 'expected inputs: the samples the reference was computed from (a folder or .npz), not auto',
    path: ['inputs'],
  });
export type RawAccuracy = z.output<typeof accuracy>;
