import { resolve } from 'node:path';
import { loadReport } from '../../compare/baseline.js';
import { withBaseline } from '../../record/rebase.js';
import { InputError } from '../../common/errors.js';
import { commentMarker } from '../../github/comment.js';
import { COMMENT_LIMIT_BYTES, renderReports } from '../../report/render.js';
import type { Report } from '../../contract/report.js';
import type { CliIo } from '../io.js';
import { EXIT } from '../../contract/exit.js';
import { defineCommand } from '../command.js';

/** Merges runners' reports into one markdown comment, each compared with its own GPU model's baseline. */
async function mergeReportsCommand(
  files: string[],
  options: { baselines: string[]; key: string | null },
  io: CliIo,
): Promise<number> {
  if (files.length === 0) throw new InputError('report takes one or more REPORT.json files, got none');
  const reports = await Promise.all(files.map((file) => loadReport(resolve(io.cwd, file), 'report')));
  const baselines = await Promise.all(
    options.baselines.map(async (file) => ({ file, report: await loadReport(resolve(io.cwd, file)) })),
  );
  const gpuOf = (report: Report) => report.environment.gpus[0]?.name ?? null;
  const compared = reports.map((report) => {
    const baseline =
      baselines.find((b) => gpuOf(b.report) === gpuOf(report)) ??
      (baselines.length === 1 && reports.length === 1 ? baselines[0] : undefined);
    return baseline ? withBaseline(report, baseline.report, baseline.file) : report;
  });
  const marker = options.key === null ? {} : { marker: commentMarker(options.key) };
  io.stdout(renderReports(compared, { limit: COMMENT_LIMIT_BYTES, ...marker }));
  return compared.every((r) => r.status === 'passed') ? EXIT.passed : EXIT.failed;
}

export const report = defineCommand({
  name: 'report',
  summary: 'merge report.json files (one per runner type) into one markdown comment',
  operands: 'REPORT.json...',
  options: {
    baseline: {
      type: 'string',
      multiple: true,
      arg: 'F',
      help: 'a report.json from the base branch to compare against',
    },
    key: { type: 'string', arg: 'K', help: "the sticky comment's key (adds its marker)" },
  },
  examples: [['trt-ci report a100/report.json h100/report.json', 'one comment, a column group per GPU type']],
  run: (operands, values, io) =>
    mergeReportsCommand(operands, { baselines: values.baseline ?? [], key: values.key ?? null }, io),
});
