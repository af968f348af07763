// The small value schemas every part of the report uses.
import { z } from 'zod';

export const count = z.number().int().nonnegative();
export const nullableNumber = z.number().nullable();
export const nullableString = z.string().nullable();

/** Where something is written in trt-ci.yml, for annotations and messages. */
export const configPositionSchema = z.object({ file: z.string(), line: count, column: count });
export type ConfigPosition = z.infer<typeof configPositionSchema>;
