// The security rules of the workflow pack, as functions over a workflow's text: each returns the
// violations it finds, so a test can show both that the pack keeps them and that they catch a breach.
import { parseDocument, type Document } from 'yaml';

type Json = Record<string, unknown>;

function load(text: string): { doc: Document; data: Json } {
  const doc = parseDocument(text);
  return { doc, data: (doc.toJS() ?? {}) as Json };
}

const jobsOf = (data: Json) => Object.entries((data.jobs ?? {}) as Record<string, Json>);
const stepsOf = (job: Json) => (job.steps ?? []) as Json[];

/** `${{ }}` inside a run: script is script injection waiting to happen; values go through env:. */
export function expressionsInRun(text: string): string[] {
  return jobsOf(load(text).data).flatMap(([id, job]) =>
    stepsOf(job)
      .filter((step) => typeof step.run === 'string' && step.run.includes('${{'))
      .map((step) => `jobs.${id}: a run: script contains \${{ }} (${String(step.name ?? step.run).split('\n')[0]})`),
  );
}

/** Every job says what its token may do. */
export function jobsWithoutPermissions(text: string): string[] {
  return jobsOf(load(text).data)
    .filter(([, job]) => job.permissions === undefined)
    .map(([id]) => `jobs.${id}: no permissions:`);
}

/** No job gets more than the most this pack needs: write only where it reports. */
export function excessPermissions(text: string, allowed: Record<string, Record<string, string>>): string[] {
  const out: string[] = [];
  for (const [id, job] of jobsOf(load(text).data)) {
    const permissions = job.permissions;
    if (typeof permissions === 'string') {
      out.push(`jobs.${id}: permissions: ${permissions}`);
      continue;
    }
    for (const [scope, level] of Object.entries((permissions ?? {}) as Record<string, string>)) {
      const most = allowed[id]?.[scope];
      if (level === 'none') continue;
      if (!most || (level === 'write' && most !== 'write'))
        out.push(`jobs.${id}: ${scope}: ${level} is more than it needs`);
    }
  }
  return out;
}

/** Every action and reusable workflow pinned by full commit SHA, with the version in a comment (or local). */
export function unpinnedActions(text: string): string[] {
  const out: string[] = [];
  text.split('\n').forEach((line, i) => {
    const match = /^\s*(?:-\s+)?uses:\s*([^\s#]+)\s*(#.*)?$/.exec(line);
    if (!match) return;
    const ref = match[1]!;
    if (ref.startsWith('./') || ref.startsWith('docker://')) return;
    if (!/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/.test(ref))
      out.push(`line ${i + 1}: ${ref} is not pinned by a full commit SHA`);
    else if (!/#\s*v\d/.test(match[2] ?? ''))
      out.push(`line ${i + 1}: ${ref} has no "# vX.Y.Z" comment naming its version`);
  });
  return out;
}

/** pull_request_target runs with a write token: no job of such a workflow may check out the pull request's code. */
export function pullRequestTargetCheckouts(text: string): string[] {
  const { data } = load(text);
  const on = data.on;
  const triggers = typeof on === 'string' ? [on] : Array.isArray(on) ? on : Object.keys((on ?? {}) as Json);
  if (!triggers.includes('pull_request_target')) return [];
  return jobsOf(data).flatMap(([id, job]) =>
    stepsOf(job)
      .filter((step) => typeof step.uses === 'string' && step.uses.startsWith('actions/checkout@'))
      .filter((step) => /pull_request\.head|head_ref|refs\/pull/.test(JSON.stringify(step.with ?? {})))
      .map(() => `jobs.${id}: checks out the pull request's code under pull_request_target`),
  );
}
