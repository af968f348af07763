/**
 * How long a section is kept when the summary or the comment must be cut to GitHub's size limit: lower
 * numbers stay longest; the headline is never cut (common/trim.ts).
 */
export const PRIORITY = {
  /** The verdict and the things to fix, and what stops the run from meaning anything (a missing report). */
  headline: 0,
  /** A failure: a build, an engine out of tolerance or slower, a target it will not load on, a failed preflight. */
  failure: 1,
  /** The engines' tables, the budgets that broke, builds that backed off. */
  table: 2,
  /** Why a plan grew or is padded; engines outside their recent history. */
  cause: 3,
  /** The change chart. */
  chart: 4,
  /** Accuracy and latency that passed. */
  passed: 5,
  /** Folded unchanged rows, targets every engine loads on, history within its range, portability's price. */
  detail: 6,
  /** A preflight that passed. */
  preflightPassed: 7,
} as const;
