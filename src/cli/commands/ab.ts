import { type Config, DEFAULT_KILL_GRACE_MS } from '../../contract/config.js';
import { join, resolve } from 'node:path';
import { loadConfig } from '../../config/load.js';
import { errorMessage, InputError } from '../../common/errors.js';
import { parseShare } from '../../common/units.js';
import { toLatency, unmeasured } from '../../latency/latency-report.js';
import { describeLatency, distributionChart } from '../../report/parts/latency.js';
import { AB_DEFAULTS, AbContractError, runAb } from '../../latency/plan-ab.js';
import { shapesFromText } from '../../runners/plan-runner.js';
import { runnerFor } from '../../runners/runner-for.js';
import { parseVersion } from '../../tensorrt/version.js';
import type { Latency } from '../../contract/report.js';
import { scanPlan } from '../../tensorrt/plan-scan.js';
import { createTrtexec } from '../../tensorrt/trtexec.js';
import type { CliIo } from '../io.js';
import { EXIT } from '../../contract/exit.js';
import { defineCommand } from '../command.js';
import { CONFIG, JSON_OUTPUT, TRTEXEC, whole } from '../options.js';

export interface AbOptions {
  config: string | null;
  trtexec: string | null;
  shapes: string | null;
  repetitions: string | null;
  iterations: string | null;
  budget: string | null;
  gpu: string | null;
  json: boolean;
}

/**
 * trt-ci ab BASE.plan HEAD.plan: is the head engine slower than the base one on this GPU? Exit 1 when it
 * is (by at least the budget, significantly), 2 when the two cannot be compared, else 0.
 */
async function abCommand(operands: string[], options: AbOptions, io: CliIo): Promise<number> {
  if (operands.length !== 2) throw new InputError(`ab takes BASE.plan HEAD.plan, got ${operands.length} operand(s)`);
  if (options.config !== null && options.trtexec !== null) {
    throw new InputError('ab: give --config or --trtexec, not both');
  }
  const repetitions = whole(options.repetitions, 'repetitions', AB_DEFAULTS.repetitions, 3, 100);
  const iterations = whole(options.iterations, 'iterations', AB_DEFAULTS.iterations, 10, 100_000);
  const gpuIndex = whole(options.gpu, 'gpu', 0, 0, 63);
  const config = options.config === null ? null : loadConfig(options.config, io.cwd, io.env);
  let budget: number = (options.budget === null && config && configBudget(config)) || AB_DEFAULTS.budget;
  if (options.budget !== null) {
    const share = parseShare(options.budget);
    if (share === null || share <= 0 || share >= 1) {
      throw new InputError(`--budget: expected a share like 2%, got "${options.budget}"`);
    }
    budget = share;
  }
  const shapes = options.shapes === null ? [] : shapesFromText(options.shapes);
  if (!shapes) throw new InputError(`--shapes: expected input:NxCxHxW[,input:…], got "${options.shapes}"`);
  const plans = { base: resolve(io.cwd, operands[0]!), head: resolve(io.cwd, operands[1]!) };
  const baseEngine = { source: 'given' as const, plan: plans.base };

  // The headers only: this command measures even identical plans (an A/A is how one sees the noise).
  const [base, head] = await Promise.all([
    scanPlan(plans.base, { digest: false }),
    scanPlan(plans.head, { digest: false }),
  ]);
  for (const [side, scan] of [['base', base] as const, ['head', head] as const]) {
    const name = operands[side === 'base' ? 0 : 1];
    if (!scan.magic) throw new InputError(`${name}: not a TensorRT plan (${scan.problem})`);
    if (scan.problem) throw new InputError(`${name}: a damaged TensorRT plan (${scan.problem})`);
  }
  let latency: Latency;
  if (base.tensorrtVersion !== head.tensorrtVersion) {
    latency = unmeasured(
      'contract-mismatch',
      `the base plan is TensorRT ${base.tensorrtVersion}, the head ${head.tensorrtVersion}: one trtexec loads only one`,
      budget,
      baseEngine,
    );
  } else {
    const trtexec = createTrtexec({
      command: config?.trtexec ?? options.trtexec ?? 'trtexec',
      env: io.env,
      killGraceMs: config?.killGraceMs ?? DEFAULT_KILL_GRACE_MS,
      ...(io.startProcess && { start: io.startProcess }),
    });
    // The plans' TensorRT (the same for both: checked above) decides the flags trtexec is given.
    const version = parseVersion(head.tensorrtVersion ?? '') ?? { major: 0, minor: 0, patch: 0, build: null };
    const runner = config
      ? runnerFor(config, trtexec, version, { env: io.env, ...(io.signal && { signal: io.signal }) })
      : runnerFor({ run: null, dir: io.cwd, killGraceMs: DEFAULT_KILL_GRACE_MS }, trtexec, version, { env: io.env });
    const engine = { shapes, plugins: [], dynamicPlugins: [] };
    try {
      const result = await runAb(
        {
          runner,
          nvidiaSmi: {
            command: config?.nvidiaSmi ?? 'nvidia-smi',
            env: io.env,
            signal: io.signal,
            start: io.startProcess,
          },
          gpuIndex,
          engines: { base: { ...engine, plan: plans.base }, head: { ...engine, plan: plans.head } },
          iterations,
          dir: join(config?.outputDir ?? resolve(io.cwd, 'trt-ci-out'), 'ab'),
          timeoutMs: 30 * 60_000,
          ...(io.signal && { signal: io.signal }),
        },
        { repetitions, budget, retry: true },
      );
      latency = toLatency(result, budget, baseEngine);
    } catch (error) {
      if (error instanceof InputError) throw error;
      if (!(error instanceof AbContractError)) {
        io.stderr(`trt-ci: ab: ${errorMessage(error)}\n`);
        return EXIT.failed;
      }
      latency = unmeasured('contract-mismatch', error.message, budget, baseEngine);
    } finally {
      await trtexec.sweep();
      await runner.sweep();
    }
  }
  if (options.json) io.stdout(`${JSON.stringify(latency, null, 2)}\n`);
  else io.stdout(`${abText(latency)}\n`);
  if (latency.verdict === 'contract-mismatch') return EXIT.input;
  return latency.verdict === 'slower' ? EXIT.failed : EXIT.passed;
}

/**
 * The config's latency-growth budget (its fail level, else its warning level), which --budget overrides; null
 * when no model sets one. Models with different ones are exit 2: which engine the plans are is not known.
 */
function configBudget(config: Config): number | null {
  const limits = config.models.flatMap((m) => {
    const limit = m.budgets['latency-growth'];
    const threshold = limit?.fail ?? limit?.warn ?? null;
    return threshold ? [{ model: m.name, value: threshold.value, text: threshold.text }] : [];
  });
  const values = [...new Set(limits.map((l) => l.value))];
  if (values.length > 1) {
    const each = limits.map((l) => `${l.model}: ${l.text}`).join(', ');
    throw new InputError(`--budget: the config's latency-growth budgets differ (${each}); give --budget`);
  }
  return values[0] ?? null;
}

function abText(latency: Latency): string {
  const lines = [`head vs base: ${describeLatency(latency)}`];
  if (latency.base && latency.head) {
    lines.push(
      `  base median ${latency.base.median.toPrecision(5)} ms, p99 ${latency.base.p99.toPrecision(5)} ms; ` +
        `head median ${latency.head.median.toPrecision(5)} ms, p99 ${latency.head.p99.toPrecision(5)} ms`,
    );
    const chart = distributionChart(latency.runs);
    lines.push(`  base ${chart.base}`, `  head ${chart.head}   (repetition medians, ${chart.range})`);
  }
  if (!latency.clockEventsRead && latency.verdict !== 'contract-mismatch') {
    lines.push('  nvidia-smi did not give the clock event counters: throttling could not be checked');
  }
  return lines.join('\n');
}

export const ab = defineCommand({
  name: 'ab',
  summary: 'is HEAD slower than BASE on this GPU? interleaved runs, a rank test and a 95% interval',
  operands: 'BASE.plan HEAD.plan',
  options: {
    config: CONFIG,
    trtexec: TRTEXEC,
    shapes: {
      type: 'string',
      arg: 'SPEC',
      help: 'input shapes for both engines, as trtexec takes them (x:8x3x224x224)',
    },
    repetitions: { type: 'string', arg: 'N', help: 'runs of each engine, interleaved ABBA (default 8; 3-100)' },
    iterations: { type: 'string', arg: 'N', help: 'timed iterations a run (default 300)' },
    budget: { type: 'string', arg: 'P', help: 'the smallest change that counts (default 1%)' },
    gpu: { type: 'string', arg: 'N', help: 'the GPU to run on (default 0)' },
    json: JSON_OUTPUT,
  },
  examples: [['trt-ci ab base.plan head.plan --budget 2%', 'slower, faster, same or inconclusive, with the interval']],
  run: (operands, values, io) =>
    abCommand(
      operands,
      {
        config: values.config ?? null,
        trtexec: values.trtexec ?? null,
        shapes: values.shapes ?? null,
        repetitions: values.repetitions ?? null,
        iterations: values.iterations ?? null,
        budget: values.budget ?? null,
        gpu: values.gpu ?? null,
        json: values.json ?? false,
      },
      io,
    ),
});
