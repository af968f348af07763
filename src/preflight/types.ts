import type { Check, CheckStatus, PreflightResult } from '../contract/report.js';

const RANK: Record<CheckStatus, number> = { skip: 0, pass: 1, warn: 2, fail: 3 };

export function worst(statuses: readonly CheckStatus[]): CheckStatus {
  return statuses.reduce<CheckStatus>((a, b) => (RANK[b] > RANK[a] ? b : a), 'skip');
}

export function overall(checks: readonly Check[]): PreflightResult['status'] {
  const status = worst(checks.map((c) => c.status));
  return status === 'skip' ? 'pass' : status;
}
