// Engines that asked for an A/B and got none, said in the first lines: latency-growth is not enforced for
// them, which a reader of the latency table alone would miss. With why, and what to set.
import { text } from '../../common/markdown-text.js';
import type { Section } from '../../common/trim.js';
import type { Report } from '../../contract/report.js';
import { PRIORITY } from '../priority.js';

const SHOWN = 3;

export function noBaseSection(reports: readonly Report[]): Section | null {
  const missing = reports
    .flatMap((r) => r.comparison.latencyNotes ?? [])
    .filter((n) => n.includes(': no latency A/B: '));
  if (missing.length === 0) return null;
  const shown = missing.slice(0, SHOWN).map((note) => `- ${text(note)}`);
  return {
    priority: PRIORITY.headline,
    text: [
      `#### ⚠️ No latency A/B for ${missing.length} engine${missing.length > 1 ? 's' : ''}: ` +
        'latency-growth not enforced',
      '',
      ...shown,
      ...(missing.length > shown.length ? [`- and ${missing.length - shown.length} more (report.json)`] : []),
      '',
      "To get base engines: the pack uploads the default branch's plans on push (`base-plans: true`, its " +
        'default) and pull requests download them, so merge once to the default branch; outside the pack, set ' +
        '`base-plans:` in trt-ci.yml (a folder of `<model>.<profile>.plan`), or `base-ref:` with the base commit ' +
        'fetched (`fetch-depth: 0`).',
    ].join('\n'),
  };
}
