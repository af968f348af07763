// The A/B verdict: is the head engine slower than the base engine on this GPU? Pure: repetitions in,
// verdict out. Each repetition is one trtexec run; its median is one observation, so the test sees
// run-to-run noise (what differs between two runs of the same engine), not the iterations of one run,
// which are not independent. Everything is on the log scale: a ratio of medians, with its interval.
import { hodgesLehmann, mannWhitney, median } from './statistics.js';

export type Side = 'base' | 'head';

export interface Repetition {
  side: Side;
  /** The round it ran in (ABBA…: base first in even rounds, head first in odd ones). */
  round: number;
  medianMs: number;
  p99Ms: number;
  iterations: number;
  /** Clock event reasons whose counters grew while it ran (thermal or power slowdown). */
  throttled: string[];
  /** The SM clock nvidia-smi read right after it, when it could. */
  smClockMHz?: number | null;
}

export type LatencyVerdict = 'slower' | 'faster' | 'same' | 'inconclusive';

export interface AbJudgement {
  verdict: LatencyVerdict;
  /** Head over base: the Hodges-Lehmann ratio of repetition medians, and its 95% interval. */
  ratio: number | null;
  ci: [number, number] | null;
  /** Mann-Whitney U, two-sided, on the repetition medians. */
  p: number | null;
  base: { median: number; p99: number } | null;
  head: { median: number; p99: number } | null;
  /** Per side. */
  repetitions: number;
  /** Why, in words. */
  reason: string;
  /** Set when the verdict is inconclusive for a reason more repetitions could fix. */
  retry: 'drift' | 'undecided' | null;
}

/** Significance level of the test and 1 - the interval's confidence. */
const ALPHA = 0.05;
const MIN_REPETITIONS = 3;

const pct = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(2)}%`;

/**
 * `budget` is the smallest change that counts (0.02 for 2%): a change counts only when it is both
 * significant (p < 5%) and at least the budget; "same" needs the whole interval inside ±budget.
 */
export function judgeAb(repetitions: readonly Repetition[], budget: number): AbJudgement {
  const of = (side: Side) => repetitions.filter((r) => r.side === side);
  const [base, head] = [of('base'), of('head')];
  const summary = (reps: Repetition[]) =>
    reps.length === 0 ? null : { median: median(reps.map((r) => r.medianMs)), p99: median(reps.map((r) => r.p99Ms)) };
  const judged = (verdict: LatencyVerdict, reason: string, retry: AbJudgement['retry'] = null): AbJudgement => ({
    verdict,
    ratio: null,
    ci: null,
    p: null,
    base: summary(base),
    head: summary(head),
    repetitions: Math.min(base.length, head.length),
    reason,
    retry,
  });
  const throttled = repetitions.filter((r) => r.throttled.length > 0);
  if (throttled.length > 0) {
    const first = throttled[0]!;
    return judged(
      'inconclusive',
      `the GPU throttled (${first.throttled.join(', ')}) during ${throttled.length} repetition(s), ` +
        `first in round ${first.round + 1} (${first.side})`,
    );
  }
  if (base.length < MIN_REPETITIONS || head.length < MIN_REPETITIONS) {
    return judged(
      'inconclusive',
      `${Math.min(base.length, head.length)} repetition(s) a side; ${MIN_REPETITIONS} needed`,
    );
  }
  const logs = (reps: Repetition[]) => reps.map((r) => Math.log(r.medianMs));
  const { shift, ci } = hodgesLehmann(logs(base), logs(head));
  const { p } = mannWhitney(logs(base), logs(head));
  const result = {
    ...judged('same', ''),
    ratio: Math.exp(shift),
    ci: [Math.exp(ci[0]), Math.exp(ci[1])] as [number, number],
    p,
  };

  // Interleaving cancels a steady drift of the GPU; a change in the difference itself between the first
  // and second half of the rounds (one engine warming differently) is not cancelled: say so, do not judge.
  const firstRound = Math.min(...repetitions.map((r) => r.round));
  const rounds = Math.max(...repetitions.map((r) => r.round)) - firstRound + 1;
  const half = (first: boolean) => {
    const inHalf = (r: Repetition) => r.round - firstRound < rounds / 2 === first;
    return median(head.filter(inHalf).map((r) => r.medianMs)) / median(base.filter(inHalf).map((r) => r.medianMs));
  };
  const [early, late] = [half(true), half(false)];
  if (rounds >= 4 && Math.abs(Math.log(early / late)) > Math.log(1 + budget) / 2) {
    return {
      ...result,
      verdict: 'inconclusive',
      reason: `the difference drifted within the run: ${pct(early)} in the first half, ${pct(late)} in the second`,
      retry: 'drift',
    };
  }
  const band = `±${(budget * 100).toFixed(1)}%`;
  if (p < ALPHA && result.ratio >= 1 + budget) {
    return { ...result, verdict: 'slower', reason: `significant (p < ${ALPHA}) and beyond the ${band} budget` };
  }
  if (p < ALPHA && result.ratio <= 1 - budget) {
    return { ...result, verdict: 'faster', reason: `significant (p < ${ALPHA}) and beyond the ${band} budget` };
  }
  if (result.ci[0] > 1 - budget && result.ci[1] < 1 + budget) {
    return { ...result, verdict: 'same', reason: `the 95% interval is within ${band}` };
  }
  return {
    ...result,
    verdict: 'inconclusive',
    reason: `no change beyond ${band} is significant, but the 95% interval reaches past it`,
    retry: 'undecided',
  };
}
