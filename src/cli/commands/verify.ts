import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { InputError } from '../../common/errors.js';
import { parseShare } from '../../common/units.js';
import { DEFAULT_BUDGETS } from '../../contract/metrics.js';
import { PADDING_ISSUE } from '../../contract/report.js';
import { scanPlan } from '../../tensorrt/plan-scan.js';
import { verifiedPlan } from '../../verify/verify-stage.js';
import type { CliIo } from '../io.js';
import { EXIT } from '../../contract/exit.js';
import { describePlan } from '../text.js';
import { defineCommand } from '../command.js';
import { JSON_OUTPUT } from '../options.js';

/**
 * The share of a plan a trailing zero run may take before verify fails it: the trailing-zeros budget's level
 * (contract/metrics.ts DEFAULT_BUDGETS), which in a run warns and here, with no run to weigh it, fails.
 */
const DEFAULT_TRAILING_ZEROS = DEFAULT_BUDGETS['trailing-zeros']!.warn!;

/** `--max-trailing-zeros 50%` as a share, or exit 2 naming the option. */
function trailingZerosLimit(text: string | null): { value: number; text: string } {
  if (text === null) return { value: DEFAULT_TRAILING_ZEROS.value, text: DEFAULT_TRAILING_ZEROS.text };
  const share = parseShare(text);
  if (share === null || share > 1)
    throw new InputError(`--max-trailing-zeros: expected a share like 50%, got "${text.slice(0, 40)}"`);
  return { value: share, text };
}

async function verifyCommand(
  files: string[],
  options: { json: boolean; maxTrailingZeros: string | null },
  io: CliIo,
): Promise<number> {
  if (files.length === 0) throw new InputError('verify takes one or more PLAN files, got none');
  const limit = trailingZerosLimit(options.maxTrailingZeros);
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
  // Mostly a trailing run of zeros: the padding of NVIDIA/TensorRT#4841, shipped as gigabytes of nothing.
  const padded = plans.filter((p) => p.bytes > 0 && p.trailingZeroBytes / p.bytes > limit.value);
  for (const p of padded) {
    const share = `${((p.trailingZeroBytes / p.bytes) * 100).toFixed(1)}%`;
    io.stderr(
      `trt-ci: ${p.path}: ${share} of it is one trailing run of zeros, over --max-trailing-zeros ${limit.text} ` +
        `(${PADDING_ISSUE})\n`,
    );
  }
  return plans.every((p) => p.magic && p.problem === null) && padded.length === 0 ? EXIT.passed : EXIT.failed;
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
  options: {
    json: JSON_OUTPUT,
    'max-trailing-zeros': {
      type: 'string',
      arg: 'P',
      help: "a plan whose trailing zero run is more than this share of it fails (default 50%: #4841's padding)",
    },
  },
  examples: [['trt-ci verify trt-engines/*.plan', "each plan's size, zeros, header and TensorRT version"]],
  run: (operands, values, io) =>
    verifyCommand(operands, { json: values.json ?? false, maxTrailingZeros: values['max-trailing-zeros'] ?? null }, io),
});
