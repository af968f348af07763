// How alike each engine's rebuilds are, when `stability:` asked: the level every rebuild reached, and for the
// rebuilds that fell short, the layers whose tactic changed and the outputs' largest difference.
import { code, text } from '../../common/markdown-text.js';
import type { Section } from '../../common/trim.js';
import type { Stability } from '../../contract/report.js';
import { PRIORITY } from '../priority.js';
import { engineName, type Row } from '../rows.js';
import { md, tableOf } from '../table.js';

const WORDS = {
  bits: 'the same bytes',
  tactics: 'the same tactics',
  outputs: 'the same outputs',
  latency: 'the same latency',
  none: 'other outputs and latency',
} as const;

const TABLE = tableOf(['engine', 'GPU', 'level', 'rebuilds', 'what differed']);

/** The layers whose tactic changed in these rebuilds, once each. */
const changedIn = (rebuilds: Stability['rebuilds']) => [
  ...new Set(rebuilds.flatMap((r) => (r.changedLayers ?? []).map((c) => c.layer))),
];

function differed(s: Stability): string {
  const short = s.rebuilds.filter((r) => r.level !== 'bits');
  // A layer that changed although its rebuild had the timing cache: the cache missed it, or was not used.
  const cached = changedIn(short.filter((r) => r.timingCache));
  const uncached = changedIn(short.filter((r) => !r.timingCache)).filter((layer) => !cached.includes(layer));
  const worst = short.map((r) => r.outputs?.maxAbsDiff ?? 0).reduce((a, b) => Math.max(a, b), 0);
  const problems = [s.problem, ...s.rebuilds.map((r) => r.problem)].filter((p): p is string => p !== null);
  return [
    cached.length
      ? `tactics of ${cached.map(code).join(', ')} with the timing cache (it missed them, or was not used)`
      : '',
    uncached.length ? `tactics of ${uncached.map(code).join(', ')} without the timing cache` : '',
    worst > 0 ? `outputs up to ${Number(worst.toPrecision(3))} apart` : '',
    ...problems.map(text),
  ]
    .filter(Boolean)
    .join('; ');
}

export function stabilitySection(rows: readonly Row[]): Section | null {
  const listed = rows.filter((r) => r.build.stability);
  if (listed.length === 0) return null;
  return {
    priority: PRIORITY.table,
    text: [
      '#### 🔁 The same engine twice: each engine rebuilt and compared',
      '',
      ...TABLE.head,
      ...listed.map((r) => {
        const s = r.build.stability!;
        const level = s.level ? `${s.level} (${WORDS[s.level]})` : 'not measured';
        // Markdown already: the layers' names as code, a problem's words escaped.
        const what = md(differed(s) || '–');
        const uncached = s.rebuilds.filter((k) => !k.timingCache).length;
        const cached = s.rebuilds.length - uncached;
        const count =
          cached === 0
            ? `${uncached} (no timing cache)`
            : `${cached}${uncached ? ` + ${uncached} without the timing cache` : ''}`;
        return TABLE.row([engineName(r.build), r.gpu, level, count, what]);
      }),
    ].join('\n'),
  };
}
