import type { PlanHeader } from '../contract/report.js';
export type { PlanHeader };
/** TensorRT's kPLAN_FILE_TAG 0x74727466 as stored (little-endian): "ftrt". */
const MAGIC = 'ftrt';
const HEADER_BYTES = 28;
const MAX_METADATA_BYTES = 1024 * 1024;

function planAt(head: Buffer, offset: number): Pick<PlanHeader, 'magic' | 'tensorrtVersion' | 'problem'> {
  if (head.toString('latin1', offset, offset + 4) !== MAGIC)
    return { magic: false, tensorrtVersion: null, problem: null };
  if (head.length < offset + HEADER_BYTES) {
    return {
      magic: false,
      tensorrtVersion: null,
      problem: `starts with "ftrt" but is shorter than the ${HEADER_BYTES}-byte plan header`,
    };
  }
  const bytes = [...head.subarray(offset + 24, offset + 28)];
  // No TensorRT release is 0.x: a 0.0.0.0 header is a file that only looks like a plan.
  if (bytes[0] === 0) {
    return {
      magic: false,
      tensorrtVersion: null,
      problem: `has the "ftrt" tag but TensorRT version ${bytes.join('.')}`,
    };
  }
  return { magic: true, tensorrtVersion: bytes.join('.'), problem: null };
}

/**
 * Reads the plan header (docs/plan-header.md): "ftrt" at 0 and the TensorRT version in
 * bytes 24-27. Ultralytics' .engine files put a 4-byte length and a JSON blob in front of the plan;
 * those are recognised rather than called "not a plan".
 */
export function readPlanHeader(head: Buffer): PlanHeader {
  const none = { container: null, planOffset: null, metadata: null };
  if (head.length === 0) return { magic: false, tensorrtVersion: null, problem: 'the file is empty', ...none };
  const bare = planAt(head, 0);
  if (bare.magic || bare.problem)
    return { ...bare, container: bare.magic ? 'plan' : null, planOffset: bare.magic ? 0 : null, metadata: null };
  if (head.length >= 5 && head[4] === 0x7b /* { */) {
    const length = head.readInt32LE(0);
    if (length > 0 && length <= MAX_METADATA_BYTES && head.length >= 4 + length) {
      const wrapped = planAt(head, 4 + length);
      if (wrapped.magic) {
        let metadata: Record<string, unknown> | null = null;
        try {
          metadata = JSON.parse(head.toString('utf8', 4, 4 + length)) as Record<string, unknown>;
        } catch {
          metadata = null;
        }
        return { ...wrapped, container: 'ultralytics', planOffset: 4 + length, metadata };
      }
    }
  }
  return { magic: false, tensorrtVersion: null, problem: 'no "ftrt" plan header: not a TensorRT plan', ...none };
}
