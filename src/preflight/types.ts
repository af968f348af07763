export const CHECK_IDS = [
  'nvidia-smi',
  'driver',
  'gpu-arch',
  'expect-gpu',
  'gpu-memory',
  'gpu-processes',
  'mig',
  'compute-mode',
  'display',
  'ecc',
  'persistence',
  'disk',
  'plugins',
] as const;

export type CheckId = (typeof CHECK_IDS)[number];
export type CheckStatus = 'pass' | 'warn' | 'fail' | 'skip';

export interface Check {
  id: CheckId;
  status: CheckStatus;
  message: string;
  /** What to do about it; null when there is nothing to do. */
  hint: string | null;
  /** What the check looked at when one id covers several things (a plugin's path). */
  subject?: string;
}

export interface PreflightGpu {
  index: number;
  name: string | null;
  computeCapability: string | null;
  driverVersion: string | null;
  memoryTotalMiB: number | null;
  memoryUsedMiB: number | null;
}

export interface PreflightResult {
  status: 'pass' | 'warn' | 'fail';
  gpus: PreflightGpu[];
  checks: Check[];
  /** The CUDA version the driver check used, and where it came from. */
  cuda: { version: string; source: string } | null;
  tensorrtVersion: string;
  elapsedMs: number;
}

const RANK: Record<CheckStatus, number> = { skip: 0, pass: 1, warn: 2, fail: 3 };

export function worst(statuses: readonly CheckStatus[]): CheckStatus {
  return statuses.reduce<CheckStatus>((a, b) => (RANK[b] > RANK[a] ? b : a), 'skip');
}

export function overall(checks: readonly Check[]): PreflightResult['status'] {
  const status = worst(checks.map((c) => c.status));
  return status === 'skip' ? 'pass' : status;
}
