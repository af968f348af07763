import type { PlanHeader } from '../contract/report.js';
import { formatBytes } from '../common/units.js';
import { RTX_COMPUTE_CAPABILITIES } from './compat.js';
export type { PlanHeader };
/** TensorRT's kPLAN_FILE_TAG 0x74727466 as stored (little-endian): "ftrt". */
const MAGIC = 'ftrt';
/** TensorRT-RTX's tag, with the same layout (docs/plan-header.md: read from real TensorRT-RTX 1.7 plans). */
const RTX_MAGIC = 'vtrt';
/** The tag older plans start with (docs/plan-header.md: real TensorRT 8.2-era plans). */
const OLDER_MAGIC = 'ptrt';
const HEADER_BYTES = 28;
const MAX_METADATA_BYTES = 1024 * 1024;

type PlanAt = Pick<
  PlanHeader,
  'magic' | 'layout' | 'product' | 'computeCapabilities' | 'tensorrtVersion' | 'declaredBytes' | 'problem'
>;
const notAPlan: PlanAt = {
  magic: false,
  layout: null,
  product: null,
  computeCapabilities: null,
  tensorrtVersion: null,
  declaredBytes: null,
  problem: null,
};

/** What the header at `offset` says, `planBytes` being what the file holds from there on. */
function planAt(head: Buffer, offset: number, planBytes: number): PlanAt {
  const tag = head.toString('latin1', offset, offset + 4);
  if (tag === OLDER_MAGIC) {
    // Its fields moved between releases (two real plans put the size at 12 and at 16): read none of them.
    return { ...notAPlan, magic: true, layout: 'ptrt', product: 'TensorRT' };
  }
  if (tag !== MAGIC && tag !== RTX_MAGIC) return notAPlan;
  if (head.length < offset + HEADER_BYTES) {
    return { ...notAPlan, problem: `starts with "${tag}" but is shorter than the ${HEADER_BYTES}-byte plan header` };
  }
  const bytes = [...head.subarray(offset + 24, offset + 28)];
  const rtx = tag === RTX_MAGIC;
  const product = rtx ? 'TensorRT-RTX' : 'TensorRT';
  // No TensorRT release is 0.x (TensorRT-RTX's are 1.x): a 0.0.0.0 header only looks like a plan.
  if (bytes[0] === 0) return { ...notAPlan, problem: `has the "${tag}" tag but ${product} version ${bytes.join('.')}` };
  const declared = head.readBigUInt64LE(offset + 16);
  const declaredBytes = declared <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(declared) : null;
  const targets = rtx ? targetsAt(head, offset + 32) : null;
  return {
    magic: true,
    layout: rtx ? 'vtrt' : 'ftrt',
    product,
    computeCapabilities: targets,
    tensorrtVersion: bytes.join('.'),
    declaredBytes,
    problem: sizeProblem(declaredBytes, planBytes) ?? (targets?.length === 0 ? NO_TARGETS : null),
  };
}

/**
 * A TensorRT-RTX plan built for no compute capability: what `--compute-capability current` builds on a GPU
 * TensorRT-RTX does not support (real, on an H100: the build passes, byte 32 is 0, and no GPU loads the plan).
 */
const NO_TARGETS =
  'built for no compute capability (byte 32 is 0: a "current" build on a GPU TensorRT-RTX does not support): ' +
  'it loads on no GPU';

/** The compute capabilities of byte `at`'s bits; null when the header is too short to hold it. */
function targetsAt(head: Buffer, at: number): string[] | null {
  if (head.length <= at) return null;
  // Byte 32: a bit per compute capability the plan was built for, in the order of TensorRT-RTX's enum.
  return RTX_COMPUTE_CAPABILITIES.filter((_, bit) => (head[at]! >> bit) & 1);
}

/** Every real ftrt plan examined holds its own total size at bytes 16-23; a plan that disagrees is damaged. */
function sizeProblem(declared: number | null, actual: number): string | null {
  if (declared === null) return 'the header declares an impossible size (bytes 16-23)';
  if (declared === actual) return null;
  const says = `the header says ${formatBytes(declared)} (${declared} bytes), the file holds ${actual}`;
  return declared > actual ? `truncated: ${says}` : `padded: ${says}`;
}

/**
 * Reads the plan header (docs/plan-header.md): "ftrt" at 0, the plan's total size in bytes 16-23 and the
 * TensorRT version in bytes 24-27; `fileBytes` is the whole file's size, to check the declared one against.
 * Older plans start with "ptrt" and are recognised without a version. Ultralytics' .engine files put a
 * 4-byte length and a JSON blob in front of the plan; those are recognised rather than called "not a plan".
 */
export function readPlanHeader(head: Buffer, fileBytes: number): PlanHeader {
  const none = { container: null, planOffset: null, metadata: null };
  if (head.length === 0) return { ...notAPlan, problem: 'the file is empty', ...none };
  const bare = planAt(head, 0, fileBytes);
  if (bare.magic || bare.problem)
    return { ...bare, container: bare.magic ? 'plan' : null, planOffset: bare.magic ? 0 : null, metadata: null };
  if (head.length >= 5 && head[4] === 0x7b /* { */) {
    const length = head.readInt32LE(0);
    if (length > 0 && length <= MAX_METADATA_BYTES && head.length >= 4 + length) {
      const wrapped = planAt(head, 4 + length, fileBytes - 4 - length);
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
  return { ...notAPlan, problem: 'no "ftrt" (or "vtrt") plan header: not a TensorRT plan', ...none };
}
