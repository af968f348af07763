import type { AccuracyConfig } from '../contract/config.js';

/** The absolute tolerance for one output: a share of its largest reference value, or as given. */
export function absoluteTolerance(atol: AccuracyConfig['atol'], reference: ArrayLike<number>): number {
  if ('absolute' in atol) return atol.absolute;
  let largest = 0;
  for (let i = 0; i < reference.length; i += 1) {
    const v = Math.abs(reference[i]!);
    if (Number.isFinite(v) && v > largest) largest = v;
  }
  return atol.shareOfMax * largest;
}
