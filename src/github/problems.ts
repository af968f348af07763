import { errorMessage } from '../common/errors.js';

/** A reporting step that did not work. It never fails the job: it is said in the summary instead. */
export interface ReportingProblem {
  step: string;
  message: string;
  /** The `permissions:` entry that would have allowed it, when a missing permission is the likely cause. */
  permission: string | null;
}

function httpStatus(error: unknown): number | null {
  const status = (error as { status?: unknown })?.status;
  return typeof status === 'number' ? status : null;
}

/** Turns an API error into what the user can do about it. */
export function reportingProblem(
  step: string,
  permission: string,
  error: unknown,
  fromFork: boolean,
): ReportingProblem {
  const status = httpStatus(error);
  const denied = status === 403 || status === 404 || status === 401;
  const why = denied
    ? fromFork
      ? 'a pull request from a fork gets a read-only token'
      : `the token lacks ${permission}`
    : `GitHub answered ${status ?? 'with an error'}`;
  return {
    step,
    message: `${step} failed: ${why} (${errorMessage(error).split('\n')[0]})`,
    permission: denied ? permission : null,
  };
}

/** The block to paste into the workflow, for the permissions that were missing. */
export function permissionsBlock(problems: readonly ReportingProblem[]): string | null {
  const needed = [...new Set(problems.map((p) => p.permission).filter((p): p is string => p !== null))];
  if (needed.length === 0) return null;
  return ['permissions:', '  contents: read', ...needed.map((p) => `  ${p}`)].join('\n');
}
