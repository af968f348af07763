// Runners whose job ended without a report: said first, never left out of the merged view.
import { code } from '../../common/markdown-text.js';
import type { Section } from '../../common/trim.js';
import { PRIORITY } from '../priority.js';

export function missingSection(missing: readonly string[]): Section | null {
  if (missing.length === 0) return null;
  return {
    priority: PRIORITY.headline,
    text: [
      `### ❌ No report from ${missing.length} runner${missing.length === 1 ? '' : 's'}`,
      '',
      ...missing.map((runner) => `- ${code(runner)}`),
      '',
      'Each job ended before trt-ci wrote its report: it failed early (trtexec not found, a setup step), was ' +
        'cancelled, timed out or never got a runner. Its log in this run says which.',
    ].join('\n'),
  };
}
