// The words for a build that got through only after out-of-memory back-off, said by the build's progress
// line and by the summary alike: built, but maybe with slower tactics.
import { formatBytes } from './units.js';

/** "built with 2 GiB after out-of-memory at 4 GiB" for a build that got through only on a smaller workspace. */
export function backedOff(
  attempts: readonly { workspaceBytes: number; failure: { kind: string } | null }[],
): string | null {
  const last = attempts.at(-1);
  const oom = attempts.filter((a) => a.failure?.kind === 'out-of-memory');
  if (!last || last.failure || oom.length === 0) return null;
  return `built with ${formatBytes(last.workspaceBytes)} after out-of-memory at ${formatBytes(oom[0]!.workspaceBytes)}`;
}
