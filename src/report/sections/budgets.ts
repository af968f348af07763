// The budgets that failed or warned, one row per engine, GPU and budget, with what to do.
import type { Section } from '../../common/trim.js';
import { budgetHint } from '../actions.js';
import { PRIORITY } from '../priority.js';
import type { Row } from '../rows.js';
import { md, tableOf } from '../table.js';

const ICON = { fail: '❌', warn: '⚠️', pass: '✅', 'no-baseline': '🆕' } as const;
const TABLE = tableOf(['', 'model', 'profile', 'GPU', 'budget', 'result', 'what to do']);

export function budgetSection(rows: readonly Row[]): Section | null {
  const broken = rows.flatMap((r) => r.build.budgets).filter((b) => b.status === 'fail' || b.status === 'warn');
  // One row per engine, GPU and budget, however many reports repeat it.
  const unique = [...new Map(broken.map((b) => [`${b.model}\0${b.profile}\0${b.gpu}\0${b.metric}`, b])).values()];
  if (unique.length === 0) return null;
  return {
    priority: PRIORITY.table,
    text: [
      '### Budgets',
      '',
      ...TABLE.head,
      // The hint is trt-ci's own markdown (code spans); the rest is escaped as text.
      ...unique.map((b) =>
        TABLE.row([ICON[b.status], b.model, b.profile, b.gpu ?? '—', b.metric, b.message, md(budgetHint(b.metric))]),
      ),
    ].join('\n'),
  };
}
