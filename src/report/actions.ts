// What needs doing, engine by engine: the comment's first lines (issue 28). Each failure of a run — a build
// that failed, a budget that failed, an engine out of tolerance, a head engine that crashed when run — as
// one item: what (the figure against its limit), why (the failure kind, the #4841 zero padding, the region
// the A/B's change sits in), what to do, and where in trt-ci.yml. Pure: reports in, items out; rendering
// is sections/headline.ts's.
import { code, text } from '../common/markdown-text.js';
import { formatBytes } from '../common/units.js';
import type { ConfigPosition, ConsistencyCheck, Report, ReportBuild } from '../contract/report.js';
import type { Metric } from '../contract/metrics.js';
import { explainBytesLine, explainLine } from './parts/explain.js';
import { latencyChange } from '../common/latency-text.js';
import { gpuOf } from './rows.js';

export interface ActionItem {
  model: string;
  profile: string;
  gpu: string;
  /** Markdown, escaped where it holds what a report says. */
  what: string;
  why: string | null;
  todo: string;
  position: ConfigPosition | null;
}

/** A plan that is this much trailing zeros is the #4841 padding, not growth of the network. */
const PADDING_SHARE = 0.05;

/** What to do about a failed budget, by metric: the usual cause first, then raising the budget. */
export function budgetHint(metric: Metric, padded = false): string {
  const raise = `if it is expected, raise \`budgets.${metric}\``;
  switch (metric) {
    case 'plan-size':
    case 'plan-growth':
    case 'plan-to-onnx':
      // Growth that is the #4841 padding is no layer's: the layers would send the reader the wrong way.
      if (padded) return budgetHint('trailing-zeros').replace('budgets.trailing-zeros', `budgets.${metric}`);
      return `compare the engines' layers (\`trt-ci explain\`, the regions below) for what grew; ${raise}`;
    case 'trailing-zeros':
    case 'zero-fraction':
      return (
        'the plan is padded with zeros (NVIDIA/TensorRT#4841): see the diagnosis below for the layers ' +
        `and the TensorRT versions without it; ${raise}`
      );
    case 'build-time-growth':
      return (
        'a slower build is more tactics timed (a higher `--builderOptimizationLevel`, a cold timing ' +
        `cache) or a busy runner: check \`timing-cache:\`; ${raise}`
      );
    case 'peak-memory':
      return `the build needs more GPU memory: lower \`workspace:\` or build fewer profiles at once; ${raise}`;
    case 'latency-growth':
      return (
        'look at the region the change sits in (regions below): a tactic or a fusion TensorRT no longer ' +
        `picks, a layer that fell back to FP32; ${raise}`
      );
    case 'accuracy-drift':
      return (
        "the engine's largest error grew against the baseline's: a kernel changed precision; check the " +
        `accuracy table; \`trt-ci precision\` finds the nodes to list in \`keep-fp32:\`; ${raise}`
      );
  }
}

/** A trailing zero run shorter than this is alignment, not the padding of #4841. */
const PADDING_MIN_BYTES = 4096;

/**
 * The plan's trailing zero run (the #4841 padding) against what it grew by: the cause when it is most of the
 * growth; said to be only part of it otherwise, so that a reader does not blame the padding for the network.
 */
function paddingWhy(build: ReportBuild): string | null {
  return paddingOf(build)?.why ?? null;
}

/** The padding's account of a plan, and whether it is the cause (most of the plan, or of its growth). */
function paddingOf(build: ReportBuild): { why: string | null; cause: boolean } | null {
  const plan = build.scan;
  if (!plan || plan.trailingZeroBytes < PADDING_MIN_BYTES) return null;
  const run = `${formatBytes(plan.trailingZeroBytes)} trailing zero run`;
  const before = build.baseline?.bytes ?? null;
  const grown = before === null ? null : plan.bytes - before;
  if (grown === null || grown <= 0) {
    return plan.trailingZeroBytes / plan.bytes >= PADDING_SHARE
      ? {
          why:
            `a ${run} (${((plan.trailingZeroBytes / plan.bytes) * 100).toFixed(1)}% of the plan): the zero ` +
            'padding of NVIDIA/TensorRT#4841',
          cause: true,
        }
      : null;
  }
  const share = plan.trailingZeroBytes / grown;
  return share >= 0.5
    ? {
        why:
          `the ${run} is ${Math.round(Math.min(share, 1) * 100)}% of the growth: the zero padding of ` +
          'NVIDIA/TensorRT#4841',
        cause: true,
      }
    : {
        why:
          `the ${run} (the padding of NVIDIA/TensorRT#4841) is only ${(share * 100).toFixed(1)}% of the ` +
          `+${formatBytes(grown)}: the rest is the network's`,
        cause: false,
      };
}

function budgetWhy(build: ReportBuild, metric: Metric): string | null {
  if (metric === 'latency-growth') return build.explain ? explainLine(build.explain, 1) : null;
  if (metric.startsWith('plan') || metric === 'trailing-zeros' || metric === 'zero-fraction') {
    const padding = paddingWhy(build);
    const grew = build.explain ? explainBytesLine(build.explain) : null;
    return [padding, grew].filter(Boolean).join('; ') || null;
  }
  return null;
}

/** An engine that will not load where it ships: one item per fix, naming every target it stops. */
function deployItems(build: ReportBuild, base: Pick<ActionItem, 'model' | 'profile' | 'gpu'>): ActionItem[] {
  const byFix = new Map<string, { targets: string[]; lines: Set<string>; seen: boolean }>();
  for (const d of build.deploy.filter((row) => row.verdict === 'fails')) {
    const fix = d.fix ?? 'build it on the target, or drop the target from deploy:';
    const group = byFix.get(fix) ?? { targets: [], lines: new Set<string>(), seen: false };
    group.targets.push(d.target);
    if (d.line) group.lines.add(d.line.replace(/\.+$/, ''));
    group.seen ||= d.observed;
    byFix.set(fix, group);
  }
  return [...byFix].map(([fix, g]) => ({
    ...base,
    what: `will not load on ${g.targets.map(text).join(', ')}${g.seen ? ' (a load saw it)' : ' (predicted)'}`,
    why: g.lines.size ? text([...g.lines].join('; ')) : null,
    todo: text(fix),
    position: build.configPosition,
  }));
}

/** Where an output was judged: "at the interior shape x:4x1x19x31", "at opt (x:1x3x224x224)". */
function shapeWords(output: { shape: string; at: string | null }): string {
  if (output.shape === 'interior') return `at the interior shape ${output.at ?? '?'}`;
  return output.at ? `at ${output.shape} (${output.at})` : `(${output.shape})`;
}

/** What a user can do about an engine whose rows change with their company (docs/accuracy.md#consistency). */
const CONSISTENCY_TODO: Record<ConsistencyCheck['id'], string> = {
  'identical-rows':
    'the engine mixes rows of a batch: pin the batch in the profile (min = max) until a TensorRT release fixes it, ' +
    'or serve batch 1; report it to NVIDIA with the plan',
  'alone-vs-batch':
    'a sample is not what it is alone once batched: pin the batch in the profile (min = max = the batch you serve), ' +
    'or serve batch 1; a first divergence at that batch names the node',
  'same-run-twice':
    'the engine is not deterministic beyond tolerance: look for atomics in its tactics (a plugin, a scatter); ' +
    'widen `accuracy:` if the spread is meant',
};

function consistencyItems(build: ReportBuild, base: Pick<ActionItem, 'model' | 'profile' | 'gpu'>): ActionItem[] {
  const consistency = build.consistency;
  if (consistency?.status === 'error')
    return [
      {
        ...base,
        what: 'the consistency checks could not run',
        why: text(consistency.reason ?? ''),
        todo: 'the runs are in the consistency folder of the output folder; `consistency: { off: <why> }` says why not',
        position: build.configPosition,
      },
    ];
  return (consistency?.checks ?? [])
    .filter((c) => c.status === 'failed')
    .map((c) => ({
      ...base,
      what: text(c.message),
      why: null,
      todo: CONSISTENCY_TODO[c.id],
      position: build.configPosition,
    }));
}

/** Every failure of the reports, in the order a reviewer should take them: builds, accuracy, budgets. */
export function actionItems(reports: readonly Report[]): ActionItem[] {
  const items: ActionItem[] = [];
  for (const report of reports) {
    for (const build of report.builds) {
      const base = { model: build.model, profile: build.profile, gpu: gpuOf(build, report) };
      if (build.status === 'failed' && build.failure) {
        items.push({
          ...base,
          what: `build failed: ${build.failure.kind}`,
          why: text(build.failure.message),
          todo: text(build.failure.hint),
          position: build.configPosition,
        });
      }
      const accuracy = build.accuracy;
      if (accuracy && (accuracy.status === 'failed' || accuracy.status === 'error')) {
        const worst = accuracy.outputs.find((o) => o.failure);
        // Wrong at one shape of the range and right at others: the shapes it passes at say where it goes wrong.
        const fine = [...new Set(accuracy.outputs.filter((o) => o.at !== worst?.at).map((o) => o.shape))];
        const passesElsewhere =
          worst && fine.length > 0 && accuracy.outputs.every((o) => o.at === worst.at || !o.failure);
        const broken = accuracy.outputs.reduce((sum, o) => sum + o.nan + o.inf, 0);
        const start = accuracy.divergence;
        items.push({
          ...base,
          what:
            accuracy.status === 'error'
              ? 'accuracy could not be checked'
              : worst
                ? `accuracy: ${text(`${worst.name} ${shapeWords(worst)}: ${worst.failure}`)}`
                : 'accuracy: out of tolerance',
          why: accuracy.problem
            ? text(accuracy.problem)
            : broken > 0
              ? `${broken} NaN/Inf values: an FP16 overflow`
              : passesElsewhere
                ? `at ${fine.join('/')} it passes`
                : null,
          todo:
            passesElsewhere && worst.shape === 'interior'
              ? `keep ${code(worst.at ?? '')} out of the profile's range (split the profile around it), or pin ` +
                'the shapes you serve; a first divergence at that shape names the node'
              : start?.status === 'found' && start.computes && !start.computes.startsWith('fp32')
                ? `the error starts at ${code(start.node!)} (${text(start.op!)}): keep it in FP32 (\`keep-fp32:\`); ` +
                  '`trt-ci precision` finds the smallest list'
                : broken > 0
                  ? '`trt-ci precision` finds the nodes to keep in FP32; list them in `keep-fp32:`'
                  : "check the accuracy table; if the engine's precision is meant to lose this much, widen `accuracy:`",
          position: accuracy.configPosition,
        });
      }
      items.push(...consistencyItems(build, base));
      items.push(...deployItems(build, base));
      if (build.latency?.verdict === 'head-failed') {
        items.push({
          ...base,
          what: 'the engine built but crashed when run',
          why: text(build.latency.reason),
          todo: 'run it with `trtexec --loadEngine` on this GPU; the A/B log is in the run folder',
          position: build.configPosition,
        });
      }
    }
    const failed = report.builds.flatMap((build) =>
      build.budgets.filter((b) => b.status === 'fail').map((budget) => ({ build, budget })),
    );
    for (const { build, budget } of failed) {
      // An A/B's change with its interval reads better than the budget's sentence about it.
      const what =
        budget.metric === 'latency-growth' && build.latency && budget.limit !== null
          ? `latency ${text(latencyChange(build.latency))} on the same GPU (A/B), over the limit ` +
            `${Number((budget.limit * 100).toPrecision(3))}%`
          : text(budget.message);
      items.push({
        model: budget.model,
        profile: budget.profile,
        gpu: budget.gpu ?? gpuOf(build, report),
        what,
        why: budgetWhy(build, budget.metric),
        todo: budgetHint(budget.metric, paddingOf(build)?.cause ?? false),
        position: budget.configPosition ?? build.configPosition,
      });
    }
  }
  // The same failure seen by several runner types' reports once per GPU; never twice for one.
  return [...new Map(items.map((i) => [`${i.model}\0${i.profile}\0${i.gpu}\0${i.what}`, i])).values()];
}
