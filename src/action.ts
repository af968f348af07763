import * as core from '@actions/core';
import { errorMessage, InputError } from './errors.js';
import { runPipeline } from './pipeline.js';
import { renderSummary } from './report/markdown.js';

/**
 * The GitHub Action: inputs → the pipeline → outputs, job summary. The JSON report, the logs and the
 * summary are written before the job's status is decided, so a failed build still leaves them.
 */
export async function runAction(): Promise<void> {
  const configFile = core.getInput('config') || 'trt-ci.yml';
  try {
    const result = await runPipeline({ configFile, onEvent: (event) => event.type === 'done' && core.info(`${event.record.model}/${event.record.profile}: ${event.record.status}`) });
    const { report } = result;
    const failedBuilds = report.builds.filter((b) => b.status === 'failed' || b.status === 'skipped').map((b) => `${b.model}/${b.profile}`);
    core.setOutput('status', report.status);
    core.setOutput('report', result.reportFile);
    core.setOutput('markdown', result.summaryFile);
    core.setOutput('manifest', result.manifestFile);
    core.setOutput('failed-builds', failedBuilds.join(','));
    await writeSummary(renderSummary(report));
    for (const build of report.builds.filter((b) => b.failure)) {
      const [, file, line] = /^(.*):(\d+):\d+$/.exec(build.configLocation) ?? [];
      core.error(`${build.failure!.message}\n${build.failure!.hint}`, {
        title: `${build.model}/${build.profile}: ${build.failure!.kind}`,
        ...(file && { file, startLine: Number(line) }),
      });
    }
    if (report.status !== 'passed') core.setFailed(`trt-ci: ${failedBuilds.length} build(s) failed: ${failedBuilds.join(', ')}`);
  } catch (error) {
    const message = error instanceof InputError ? error.message : `internal error (please report it): ${errorMessage(error)}`;
    core.setOutput('status', 'error');
    await writeSummary(`## trt-ci ❌ could not run\n\n\`\`\`\n${message}\n\`\`\`\n`);
    core.setFailed(`trt-ci: ${message}`);
  }
}

/** The job summary needs no permission, so it is always written; a failure to write it never hides the result. */
async function writeSummary(markdown: string): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) return;
  try {
    await core.summary.addRaw(markdown).write();
  } catch (error) {
    core.warning(`trt-ci: could not write the job summary: ${errorMessage(error)}`);
  }
}

