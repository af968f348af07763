// The engine cache's account of a run, as the report holds it (record/ writes it from builds/run-cache.ts).
import { z } from 'zod';
import { count, nullableString } from './values.js';

const artifactCounts = z.object({ engine: count, reference: count, timing: count });
export const cacheSummarySchema = z.object({
  /** One key for all of this run's engines, for actions/cache. */
  key: z.string(),
  dir: z.string(),
  hits: count,
  misses: count,
  corrupt: count,
  untrusted: count.default(0),
  savedSeconds: z.number(),
  bytes: count.nullable(),
  evicted: count,
  /** Why the cache was not used for some builds (the GPU model was unknown), or null. */
  refused: nullableString.default(null),
  /** What went wrong reading, writing or evicting entries; each such build was built instead of served. */
  problems: z.array(z.string()).default([]),
  /** With an oci:// cache: what the run read and wrote there. */
  registry: z
    .object({
      /** The repositories read, in order (oci://…). */
      reads: z.array(z.string()),
      /** The repository written, or null: then `notWriting` says why. */
      writes: nullableString,
      notWriting: nullableString,
      /** Where the credentials came from (TRT_CI_REGISTRY_*, Docker config, GITHUB_TOKEN, none): never them. */
      credentials: z.string(),
      pulled: artifactCounts,
      pushed: artifactCounts,
      /** Engines built here that another run pushed first. */
      duplicates: count,
      /** What cache-max-size/-age deleted this run: each tag, with when it was pushed. */
      deleted: z.array(z.string()).default([]),
    })
    .nullable()
    .default(null),
});
export type CacheSummary = z.infer<typeof cacheSummarySchema>;
