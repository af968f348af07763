// Builds that failed, each with trtexec's own words in a fence, what to do, its log and its trt-ci.yml line;
// a failed preflight said once, with the engines it kept from building.
import { code, codeBlock, text } from '../../common/markdown-text.js';
import { formatPosition } from '../../common/position.js';
import type { Section } from '../../common/trim.js';
import { PRIORITY } from '../priority.js';
import type { Row } from '../rows.js';

export function failures(rows: readonly Row[]): Section[] {
  const stopped = rows.filter((r) => r.build.status !== 'built' && r.build.failure?.kind === 'preflight-failed');
  const failed = rows.filter(
    (r) => r.build.failure && r.build.status !== 'built' && r.build.failure.kind !== 'preflight-failed',
  );
  return [...(stopped.length ? [notBuilt(stopped)] : []), ...failed.map(failedBuild)];
}

function notBuilt(stopped: readonly Row[]): Section {
  const names = stopped.map((r) => text(`${r.build.model}/${r.build.profile}`)).join(', ');
  const failure = stopped[0]!.build.failure!;
  return {
    priority: PRIORITY.failure,
    text: [
      `#### ❌ Not built: ${text(failure.message)} ` +
        `(${stopped.length} engine${stopped.length === 1 ? '' : 's'}: ${names})`,
      '',
      `**What to do:** ${text(failure.hint)}`,
    ].join('\n'),
  };
}

function failedBuild(r: Row): Section {
  const b = r.build;
  const log = b.attempts[b.attempts.length - 1]?.log;
  const where = [log && `log ${code(log)}`, b.configPosition && `config ${code(formatPosition(b.configPosition))}`]
    .filter(Boolean)
    .join(' · ');
  return {
    priority: PRIORITY.failure,
    text: [
      `#### ❌ ${text(b.model)} / ${text(b.profile)} on ${text(r.gpu)}: ${b.failure!.kind}`,
      '',
      codeBlock(b.failure!.message),
      '',
      `**What to do:** ${text(b.failure!.hint)}`,
      ...(where ? ['', where] : []),
    ].join('\n'),
  };
}
