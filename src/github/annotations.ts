import { BIDI_CONTROLS } from '../common/log-text.js';
import type { Report } from '../contract/report.js';

export interface Annotation {
  path: string;
  startLine: number;
  level: 'failure' | 'warning' | 'notice';
  title: string;
  message: string;
}

/**
 * Annotations on trt-ci.yml: failed builds and inconsistent engines at their profile, broken budgets at their
 * budget line.
 */
export function reportAnnotations(report: Report, toRepoPath: (path: string) => string): Annotation[] {
  const out: Annotation[] = [];
  for (const build of report.builds) {
    if (!build.failure || build.status === 'built') continue;
    const at = build.configPosition;
    if (at)
      out.push({
        path: toRepoPath(at.file),
        startLine: at.line,
        level: 'failure',
        title: `${build.model}/${build.profile}: ${build.failure.kind}`,
        message: `${build.failure.message}\n\n${build.failure.hint}`,
      });
  }
  for (const build of report.builds) {
    const at = build.accuracy?.configPosition;
    if ((build.accuracy?.status !== 'failed' && build.accuracy?.status !== 'error') || !at) continue;
    const reasons = build.accuracy.outputs.filter((o) => o.failure).map((o) => `${o.name} (${o.shape}): ${o.failure}`);
    out.push({
      path: toRepoPath(at.file),
      startLine: at.line,
      level: 'failure',
      title: `${build.model}/${build.profile}: out of tolerance against ONNX Runtime`,
      message: [build.accuracy.problem, ...reasons].filter(Boolean).join('\n'),
    });
  }
  for (const build of report.builds) {
    // At the profile's line: the batch range there is what the engine is wrong across.
    const failed = build.consistency?.checks.filter((c) => c.status === 'failed') ?? [];
    const at = build.configPosition;
    if (failed.length === 0 || !at) continue;
    out.push({
      path: toRepoPath(at.file),
      startLine: at.line,
      level: 'failure',
      title: `${build.model}/${build.profile}: not the same in a batch`,
      message: failed.map((c) => c.message).join('\n'),
    });
  }
  for (const budget of report.budgets) {
    if (budget.status !== 'fail' && budget.status !== 'warn') continue;
    const at = budget.configPosition;
    if (at)
      out.push({
        path: toRepoPath(at.file),
        startLine: at.line,
        level: budget.status === 'fail' ? 'failure' : 'warning',
        title: `${budget.model}/${budget.profile}: ${budget.metric}`,
        message: budget.message,
      });
  }
  // Titles and messages quote a fork's names and trtexec's words: no bidirectional control may reorder them.
  return out.map((a) => ({
    ...a,
    title: a.title.replace(BIDI_CONTROLS, ''),
    message: a.message.replace(BIDI_CONTROLS, ''),
  }));
}
