import { isBuilt } from '../contract/report.js';
import type {
  Accuracy,
  BudgetRow,
  Consistency,
  DeployRow,
  Failure,
  Latency,
  Report,
  ReportBuild,
  Stability,
} from '../contract/report.js';

/** What the verdict reads of a report: each build's outcome and the checks after it. */
interface Judged {
  interrupted?: string | null;
  builds: readonly (Pick<ReportBuild, 'status'> & {
    model?: string;
    profile?: string;
    failure?: Pick<Failure, 'message'> | null;
    accuracy?: Pick<Accuracy, 'status'> | null;
    consistency?: Pick<Consistency, 'status' | 'checks' | 'reason'> | null;
    stability?: Pick<Stability, 'problem' | 'rebuilds'> | null;
    latency?: Pick<Latency, 'verdict'> | null;
    budgets: readonly Pick<BudgetRow, 'status' | 'metric' | 'message'>[];
    deploy?: readonly Pick<DeployRow, 'verdict' | 'target' | 'line'>[];
  })[];
}

/**
 * Why the work failed, one line each, in report order; none when it passed. It failed when any build did
 * ('skipped' ones too: a cancelled run), an engine computes the wrong answer or crashes when run, a budget
 * failed, an engine will not load on a target it ships to, or a cancel stopped a stage (what it did not do is
 * not known to pass).
 */
export function whyFailed(report: Judged): string[] {
  const reasons = report.interrupted ? [`the run was cancelled during ${report.interrupted}`] : [];
  for (const b of report.builds) {
    const name = `${b.model ?? '?'}/${b.profile ?? '?'}`;
    if (!isBuilt(b)) reasons.push(`${name}: ${b.status}${b.failure ? `: ${b.failure.message}` : ''}`);
    if (b.accuracy?.status === 'failed' || b.accuracy?.status === 'error')
      reasons.push(`${name}: accuracy ${b.accuracy.status === 'failed' ? 'out of tolerance' : 'check error'}`);
    for (const check of b.consistency?.checks.filter((c) => c.status === 'failed') ?? [])
      reasons.push(`${name}: ${check.message}`);
    if (b.consistency?.status === 'error')
      reasons.push(`${name}: the consistency checks could not run: ${b.consistency.reason}`);
    // Rebuilds were asked for: one that did not build or could not be compared is no level, and not a pass.
    if (b.stability?.problem) reasons.push(`${name}: ${b.stability.problem}`);
    for (const r of b.stability?.rebuilds.filter((k) => k.problem) ?? []) reasons.push(`${name}: ${r.problem}`);
    if (b.latency?.verdict === 'head-failed') reasons.push(`${name}: the engine failed when run for the A/B`);
    for (const row of b.budgets.filter((r) => r.status === 'fail')) reasons.push(`${name}: ${row.message}`);
    for (const row of (b.deploy ?? []).filter((r) => r.verdict === 'fails'))
      reasons.push(`${name}: will not load on ${row.target}${row.line ? `: ${row.line}` : ''}`);
  }
  return reasons;
}

export function overallStatus(report: Judged): Report['status'] {
  return whyFailed(report).length === 0 ? 'passed' : 'failed';
}
