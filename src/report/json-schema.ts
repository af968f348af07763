import { z } from 'zod';
import { REPORT_SCHEMA, reportSchema } from '../contract/report.js';

/**
 * The JSON Schema of report.json (`trt-ci/report@1`), for other tools that read it. The input side of the
 * schema trt-ci itself reads reports with: keys it does not know are allowed (a newer trt-ci may add some),
 * and what it knows must have its type.
 */
export function renderReportJsonSchema(): string {
  const schema = z.toJSONSchema(reportSchema, { io: 'input', unrepresentable: 'any' });
  const $id = 'https://github.com/trt-ci/trt-ci/schema/report.schema.json';
  const description = `The JSON report trt-ci writes (report.json, trt-ci run --json), schema ${REPORT_SCHEMA}.`;
  return `${JSON.stringify({ ...schema, $id, title: 'trt-ci report', description }, null, 2)}\n`;
}
