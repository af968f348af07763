// Each runner's preflight: its problems first with what to do; a passing one is the first to go when cut.
import type { Section } from '../../common/trim.js';
import type { Report } from '../../contract/report.js';
import { renderPreflightMarkdown } from '../parts/preflight.js';
import { PRIORITY } from '../priority.js';
import { gpuOf } from '../rows.js';

export function preflightSections(reports: readonly Report[]): Section[] {
  return reports.flatMap((r) =>
    r.preflight
      ? [
          {
            priority: r.preflight.status === 'pass' ? PRIORITY.preflightPassed : PRIORITY.failure,
            text: renderPreflightMarkdown(r.preflight, reports.length > 1 ? gpuOf(null, r) : ''),
          },
        ]
      : [],
  );
}
