import * as core from '@actions/core';
import { join, resolve } from 'node:path';
import { fileProblem, InputError } from '../common/errors.js';
import { DEPLOY_LOAD_SCHEMA, type DeployLoadReport } from '../contract/deploy-load.js';
import { loadConfig } from '../config/load.js';
import { loadManifestOnTarget } from '../deploy/load.js';
import { writeNewFile } from '../proc/new-file.js';
import { text } from '../common/markdown-text.js';
import type { ActionEdge } from './edge.js';
import { input } from './inputs.js';
import { writeSummary } from './summary.js';

/**
 * The run action's deploy mode (the pack's deploy job, on the target's own runner): the manifest's plans
 * loaded as the target names them, and the loads written for the report job to put in the matrix.
 */
export async function deployJob(edge: ActionEdge, target: string): Promise<void> {
  const manifestInput = input('run', 'manifest');
  if (!manifestInput) throw new InputError('input manifest: expected the manifest.json of the plans to load');
  // The target runner's own trtexec, as trt-ci.yml names it (${TENSORRT_DIR}/bin/trtexec filled in here); the
  // runner has the plans, not the models: the files trt-ci.yml names are not checked.
  const config = loadConfig(input('run', 'config'), edge.cwd, edge.env, { files: false });
  const dir = join(edge.env.RUNNER_TEMP ?? edge.cwd, 'trt-ci-deploy');
  const engines = await loadManifestOnTarget({
    manifest: { file: resolve(edge.cwd, manifestInput), shown: manifestInput },
    config,
    target,
    trtexec: config.trtexec,
    nvidiaSmi: config.nvidiaSmi,
    env: edge.env,
    ...(edge.signal && { signal: edge.signal }),
    logDir: dir,
  });
  const report: DeployLoadReport = {
    schema: DEPLOY_LOAD_SCHEMA,
    target,
    from: input('run', 'deploy-from') || null,
    engines,
  };
  const out = join(dir, 'deploy.json');
  // A full disk costs the file, said in one line; the summary below is still written.
  const unwritten = await writeNewFile(out, `${JSON.stringify(report, null, 2)}\n`).then(
    () => null,
    (error: unknown) => `${out}: cannot write: ${fileProblem(error, 'a file')}`,
  );
  if (!unwritten) core.setOutput('deploy-report', out);
  core.setOutput('deploy-artifact', `trt-ci-deploy-${target.replace(/[^A-Za-z0-9._-]+/g, '-')}`);
  const rows = engines.map(
    (e) =>
      `| ${text(`${e.model} / ${e.profile}`)} | ${e.verdict} | ${text(e.line ?? '')} | ` +
      `${e.mismatch ? `predicted ${e.predicted}` : ''} |`,
  );
  await writeSummary(
    edge.env,
    `## trt-ci: loaded on ${text(target)}\n\n| engine | verdict | TensorRT said | |\n|---|---|---|---|\n` +
      `${rows.join('\n')}\n`,
  );
  const failed = engines.filter((e) => e.verdict === 'fails');
  const problems = [
    ...(failed.length ? [`${failed.length} engine(s) do not load on ${target}`] : []),
    ...(unwritten ? [unwritten] : []),
  ];
  if (problems.length) core.setFailed(`trt-ci: ${problems.join('; ')}`);
}
