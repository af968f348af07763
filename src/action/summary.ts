import * as core from '@actions/core';
import { appendFile } from 'node:fs/promises';
import { errorMessage, InputError } from '../common/errors.js';
import { codeBlock } from '../common/markdown-text.js';
import { permissionsBlock, type ReportingProblem } from '../github/problems.js';

/**
 * The job summary needs no permission, so it is always written (appended to the file the runner names in the
 * job's GITHUB_STEP_SUMMARY, as the runner's own summary API does); a failure to write it never hides the result.
 */
export async function writeSummary(env: NodeJS.ProcessEnv, markdown: string): Promise<void> {
  const file = env.GITHUB_STEP_SUMMARY;
  if (!file) return;
  try {
    await appendFile(file, markdown);
  } catch (error) {
    core.warning(`trt-ci: could not write the job summary: ${errorMessage(error)}`);
  }
}

/** The summary's account of reporting steps that did not work, with the permissions block to add. */
export function problemsSection(problems: readonly ReportingProblem[]): string {
  if (problems.length === 0) return '';
  const block = permissionsBlock(problems);
  return [
    '',
    '### Reporting',
    '',
    ...problems.map((p) => `- ⚠️ ${p.message}`),
    ...(block
      ? [
          '',
          "Give the job these permissions (a fork's pull request " +
            'never gets them: post its comment from a `workflow_run` job):',
          '',
          '```yaml',
          block,
          '```',
        ]
      : []),
    '',
  ].join('\n');
}

/** What the summary and the check run say when trt-ci could not run: the one line, or the bug's stack. */
export function crashMarkdown(crash: unknown): string {
  const detail =
    crash instanceof InputError
      ? crash.message
      : `internal error (please report it): ${crash instanceof Error ? (crash.stack ?? crash.message) : String(crash)}`;
  return `## trt-ci ❌ could not run\n\n${codeBlock(detail)}\n`;
}
