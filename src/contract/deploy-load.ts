// What a deploy job (trt-ci deploy-load, the pack's deploy job on the target's own runner) writes for the
// report job: `trt-ci/deploy-load@1`. The report job reads it as data from another job, so it is parsed
// with this schema: a file that does not match is skipped with a warning, never merged.
import { z } from 'zod';
import { deployRowSchema } from './report.js';

export const DEPLOY_LOAD_SCHEMA = 'trt-ci/deploy-load@1';

/** The report's own verdicts: a load says one of them, as a prediction does. */
const verdictSchema = deployRowSchema.shape.verdict;

/** One engine loaded on the target: the observed verdict, and the prediction beside it. */
const loadedEngineSchema = z.object({
  model: z.string(),
  profile: z.string(),
  target: z.string(),
  verdict: verdictSchema,
  /** What TensorRT said (its line), or null. */
  line: z.string().nullable(),
  observed: z.literal(true),
  predicted: verdictSchema,
  /** The load contradicts a prediction that was not `unknown`. */
  mismatch: z.boolean(),
});
export type LoadedEngine = z.infer<typeof loadedEngineSchema>;

export const deployLoadSchema = z.object({
  schema: z.literal(DEPLOY_LOAD_SCHEMA),
  target: z.string(),
  /** The report key (runner labels) of the build job whose plans were loaded; null from the CLI. */
  from: z.string().nullable(),
  engines: z.array(loadedEngineSchema),
});
export type DeployLoadReport = z.infer<typeof deployLoadSchema>;
