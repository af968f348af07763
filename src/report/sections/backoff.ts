// Builds that got through only after out-of-memory back-off: built, but maybe with slower tactics.
import { backedOff } from '../../common/back-off.js';
import { text } from '../../common/markdown-text.js';
import type { Section } from '../../common/trim.js';
import { MiB } from '../../common/units.js';
import { PRIORITY } from '../priority.js';
import { engineName, type Row } from '../rows.js';

export function backoffSection(rows: readonly Row[]): Section | null {
  const lines = rows.flatMap((r) => {
    const note = backedOff(r.build.attempts.map((a) => ({ workspaceBytes: a.workspaceMiB * MiB, failure: a.failure })));
    return note ? [`- ${text(engineName(r.build))} on ${text(r.gpu)}: ${note}`] : [];
  });
  if (lines.length === 0) return null;
  return {
    priority: PRIORITY.table,
    text: [
      '#### ⚠️ Built after out-of-memory back-off',
      '',
      ...lines,
      '',
      'A smaller workspace can mean slower tactics: give the model more (`workspace:` on the model) or a GPU ' +
        'with more free memory.',
    ].join('\n'),
  };
}
