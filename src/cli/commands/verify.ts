import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { InputError } from '../../common/errors.js';
import { scanPlan } from '../../tensorrt/plan-scan.js';
import { verifiedPlan } from '../../verify/verify-stage.js';
import type { CliIo } from '../io.js';
import { EXIT } from '../../contract/exit.js';
import { describePlan } from '../text.js';
import { defineCommand } from '../command.js';
import { JSON_OUTPUT } from '../options.js';

async function verifyCommand(files: string[], options: { json: boolean }, io: CliIo): Promise<number> {
  if (files.length === 0) throw new InputError('verify takes one or more PLAN files, got none');
  const plans = [];
  const unreadable: string[] = [];
  for (const file of files) {
    try {
      const scan = await scanPlan(resolve(io.cwd, file));
      plans.push(await verifiedPlan({ ...scan, path: file }, layerInfoBeside(resolve(io.cwd, file))));
    } catch (error) {
      // One file that cannot be read does not hide what the others say.
      if (!(error instanceof InputError)) throw error;
      unreadable.push(error.message);
    }
  }
  io.stdout(options.json ? `${JSON.stringify({ plans }, null, 2)}\n` : plans.map(describePlan).join('\n'));
  for (const message of unreadable) io.stderr(`trt-ci: ${message}\n`);
  if (unreadable.length > 0) return EXIT.input;
  return plans.every((p) => p.magic && p.problem === null) ? EXIT.passed : EXIT.failed;
}

/** trt-ci writes a plan's layer info as <stem>.layers.json beside it. */
function layerInfoBeside(plan: string): string | null {
  const candidate = `${plan.replace(/\.(plan|engine|trt)$/, '')}.layers.json`;
  return existsSync(candidate) ? candidate : null;
}

export const verify = defineCommand({
  name: 'verify',
  summary: 'scan plan files: size, zero bytes, trailing zero run, header, sha256; diagnose zero padding',
  operands: 'PLAN...',
  options: { json: JSON_OUTPUT },
  examples: [['trt-ci verify trt-engines/*.plan', "each plan's size, zeros, header and TensorRT version"]],
  run: (operands, values, io) => verifyCommand(operands, { json: values.json ?? false }, io),
});
