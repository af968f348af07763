import type { Check, PreflightGpu, PreflightResult, CheckStatus } from '../report/schema.js';
export type { Check, PreflightGpu, PreflightResult, CheckStatus };
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
  'precision',
] as const;

export type CheckId = (typeof CHECK_IDS)[number];

const RANK: Record<CheckStatus, number> = { skip: 0, pass: 1, warn: 2, fail: 3 };

export function worst(statuses: readonly CheckStatus[]): CheckStatus {
  return statuses.reduce<CheckStatus>((a, b) => (RANK[b] > RANK[a] ? b : a), 'skip');
}

export function overall(checks: readonly Check[]): PreflightResult['status'] {
  const status = worst(checks.map((c) => c.status));
  return status === 'skip' ? 'pass' : status;
}
