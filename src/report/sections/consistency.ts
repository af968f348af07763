// Engines right alone and wrong in company: a batch's rows that should agree and do not, a sample that changes
// when batched, bits that change run to run. Each check's verdict and, where one failed, what differed and where.
import type { Section } from '../../common/trim.js';
import type { Consistency, ConsistencyCheck } from '../../contract/report.js';
import { PRIORITY } from '../priority.js';
import { engineName, type Row } from '../rows.js';
import { foldedTable, md, tableOf } from '../table.js';

const ICON = { passed: '✅', failed: '❌', error: '❗', off: '⏭️', skipped: '⏭️' } as const;
const CHECK_ICON = { passed: '✅', failed: '❌', skipped: '⏭️' } as const;

const TABLE = tableOf(['', 'engine', 'GPU', 'batch', 'identical rows', 'alone vs batch', 'run twice', '']);

const verdict = (checks: readonly ConsistencyCheck[], id: ConsistencyCheck['id']) => {
  const check = checks.find((c) => c.id === id);
  return check ? md(CHECK_ICON[check.status]) : '–';
};

function line(r: Row): string {
  const c = r.build.consistency!;
  const failed = c.checks.filter((k) => k.status === 'failed');
  const why =
    c.status === 'off'
      ? `off: ${c.reason}`
      : c.status === 'skipped' || c.status === 'error'
        ? `${c.status}: ${c.reason}`
        : failed.length
          ? failed.map((k) => k.message).join('; ')
          : (c.checks.find((k) => k.id === 'same-run-twice')?.message ?? '');
  return TABLE.row([
    md(ICON[c.status]),
    engineName(r.build),
    r.gpu,
    c.batch ? `${c.batch.size} along dim ${c.batch.dim}` : '–',
    verdict(c.checks, 'identical-rows'),
    verdict(c.checks, 'alone-vs-batch'),
    verdict(c.checks, 'same-run-twice'),
    why,
  ]);
}

const wrong = (c: Consistency) => c.status === 'failed' || c.status === 'error';

export function consistencySection(rows: readonly Row[]): Section | null {
  const listed = rows.filter((r) => r.build.consistency);
  if (listed.length === 0) return null;
  const ran = listed.filter((r) => r.build.consistency!.checks.length > 0 || wrong(r.build.consistency!));
  const failed = listed.filter((r) => wrong(r.build.consistency!));
  return {
    priority: failed.length ? PRIORITY.failure : PRIORITY.passed,
    text: [
      `#### ${failed.length ? '❌' : '✅'} The same in a batch, alone and twice: ` +
        `${ran.length - failed.length}/${ran.length} engines consistent`,
      '',
      ...foldedTable(TABLE.head, failed.map(line), listed.filter((r) => !failed.includes(r)).map(line), 'fine'),
    ].join('\n'),
  };
}
