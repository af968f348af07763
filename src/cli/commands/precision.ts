import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mainGraphNodes } from '../../accuracy/first-divergence.js';
import { claimOutputDir } from '../../builds/output-dir.js';
import { buildBound, type KeepSearch, rankByDivergence, searchKeepSet } from '../../accuracy/keep-search.js';
import { errorMessage, InputError } from '../../common/errors.js';
import { loadConfig } from '../../config/load.js';
import type { ModelConfig } from '../../contract/config.js';
import { EXIT } from '../../contract/exit.js';
import type { Divergence, ReportBuild } from '../../contract/report.js';
import { runProvenance } from '../../github/context.js';
import { runPipeline } from '../../pipeline.js';
import { mixedPrecisionOnnx } from '../../tensorrt/mixed-precision-onnx.js';
import { latencyChange } from '../../report/parts/latency.js';
import { defineCommand } from '../command.js';
import type { CliIo } from '../io.js';
import { CONFIG, JSON_OUTPUT, whole } from '../options.js';

/** One candidate set, built and checked. */
interface PrecisionTrial {
  keep: string[];
  passed: boolean;
  /** Each engine's worst output (the largest share out of tolerance), as the report gives it. */
  worst: string;
  planBytes: number | null;
  report: string;
}

/** The found list built once more, beside all-FP16: its gate again, and its latency from an A/B. */
interface PrecisionPrice {
  accuracy: string;
  /** "+1.2% [0.8, 1.6] (same)", or why there is no figure. */
  latency: string;
  ratio: number | null;
  planBytes: number | null;
  report: string;
}

function priceOf(builds: ReportBuild[], report: string): PrecisionPrice {
  const build = builds[0];
  const latency = build?.latency;
  return {
    // Not checked at all (the build failed, say) reads as that, with why, never as an accuracy verdict.
    accuracy:
      build?.accuracy?.status ??
      `not checked: the build ${build?.status ?? 'did not run'}${build?.failure ? ` (${build.failure.message})` : ''}`,
    latency: !latency
      ? 'not measured (no A/B ran)'
      : latency.ratio === null
        ? `not measured (${latency.verdict}: ${latency.reason ?? 'no figure'})`
        : `${latencyChange(latency)} (${latency.verdict}, A/B on this GPU)`,
    ratio: latency?.ratio ?? null,
    planBytes: build?.bytes ?? null,
    report,
  };
}

const DEFAULT_MAX_BUILDS = 32;

/**
 * The nodes a keep-fp32 list may name: those of the main graph that compute in FP16 when nothing is kept
 * (the FP16 writer's own table, so TensorRT 10 and 11 search the same nodes), in graph order.
 */
function keepCandidates(onnx: Buffer): string[] {
  const written = mixedPrecisionOnnx(onnx, { narrow: 'fp16', keep: new Set() });
  return mainGraphNodes(written.nodes)
    .filter((n) => n.precision === 'fp16')
    .map((n) => n.node);
}

function worstOf(builds: ReportBuild[]): string {
  const outputs = builds.flatMap((b) => b.accuracy?.outputs ?? []);
  const worst = [...outputs].sort((a, b) => b.outOfTolerance - a.outOfTolerance || b.inf - a.inf)[0];
  if (!worst) return builds.map((b) => b.accuracy?.problem ?? b.failure?.message ?? b.status).join('; ');
  const share = `${(worst.outOfTolerance * 100).toFixed(1)}% out of tolerance`;
  return `${worst.name}: ${share}${worst.inf ? `, ${worst.inf} inf` : ''}${worst.nan ? `, ${worst.nan} NaN` : ''}`;
}

function pickModel(models: ModelConfig[], name: string | null): ModelConfig {
  const searchable = (m: ModelConfig) => m.precision === 'fp16' && m.accuracy !== null;
  if (name !== null) {
    const model = models.find((m) => m.name === name);
    if (!model) throw new InputError(`--model: expected one of ${models.map((m) => m.name).join(', ')}, got "${name}"`);
    if (!searchable(model))
      throw new InputError(`--model ${name}: the search needs precision: fp16 and an accuracy: check`);
    return model;
  }
  const fits = models.filter(searchable);
  if (fits.length !== 1)
    throw new InputError(
      `precision: name the model to search with --model (models with precision: fp16 and accuracy: ` +
        `${fits.map((m) => m.name).join(', ') || 'none'})`,
    );
  return fits[0]!;
}

/**
 * Whether a candidate's engines passed their gate. Only a verdict decides: an engine that did not build, or a
 * check that could not run (no reference, an engine that would not run), stops the search (exit 2) rather
 * than count as a failure.
 */
function judged(builds: ReportBuild[], what: string, reportFile: string): boolean {
  const unbuilt = builds.find((b) => b.status !== 'built' && b.status !== 'cached');
  if (unbuilt)
    throw new InputError(
      `precision: ${what} did not build: ${unbuilt.failure?.message ?? unbuilt.status} (${reportFile})`,
    );
  const unjudged = builds.find((b) => b.accuracy?.status !== 'passed' && b.accuracy?.status !== 'failed');
  if (unjudged) {
    const why = unjudged.accuracy?.problem ?? `accuracy ${unjudged.accuracy?.status ?? 'not checked'}`;
    throw new InputError(`precision: ${what} was not judged: ${why} (${reportFile})`);
  }
  return builds.every((b) => b.accuracy?.status === 'passed');
}

async function precisionCommand(
  options: { config: string; model: string | null; maxBuilds: string | null; json: boolean },
  io: CliIo,
): Promise<number> {
  const maxBuilds = whole(options.maxBuilds, 'max-builds', DEFAULT_MAX_BUILDS, 2, 9999);
  const config = loadConfig(options.config, io.cwd, io.env);
  const model = pickModel(config.models, options.model);
  let candidates: string[];
  try {
    candidates = keepCandidates(readFileSync(model.onnx));
  } catch (error) {
    throw new InputError(`${model.onnx}: the search reads the whole ONNX and could not: ${errorMessage(error)}`);
  }
  const trials: PrecisionTrial[] = [];
  // Where the all-FP16 engine's error starts (its run's first-divergence pass): the search opens there.
  let divergence: Divergence | null = null;
  /** One run of this model alone with `keep` kept, into its own folder: the candidates' and the pricing run. */
  const runWith = (folder: string, keep: string[], changes: Partial<ModelConfig>, first = false, basePlans = '') =>
    runPipeline({
      configFile: options.config,
      cwd: io.cwd,
      env: io.env,
      provenance: runProvenance(io.env, io.cwd),
      preflight: first,
      adjustConfig: (loaded) => ({
        ...loaded,
        outputDir: join(config.outputDir, 'precision', model.name, folder),
        ...(basePlans && { basePlans }),
        models: loaded.models
          .filter((m) => m.name === model.name)
          .map((m) => ({
            ...m,
            keepFp32: keep,
            deploy: [],
            deployCost: false,
            budgets: {},
            ...changes,
            // Only the first candidate (all-FP16) is built once more with its tensors marked.
            accuracy: m.accuracy && { ...m.accuracy, firstDivergence: first },
          })),
      }),
      ...(io.signal && { signal: io.signal }),
    });
  const judge = async (keep: string[]): Promise<boolean> => {
    const n = trials.length + 1;
    // No latency or deploy work: the gate is the oracle.
    const result = await runWith(String(n), keep, { benchmark: false }, n === 1);
    const builds = result.report.builds;
    const passed = judged(builds, `candidate ${n} (keep ${JSON.stringify(keep)})`, result.reportFile);
    if (n === 1) divergence = builds.find((b) => b.accuracy?.divergence)?.accuracy?.divergence ?? null;
    const planBytes = builds.reduce<number | null>((sum, b) => (b.bytes === null ? sum : (sum ?? 0) + b.bytes), null);
    trials.push({ keep, passed, worst: worstOf(builds), planBytes, report: result.reportFile });
    io.stderr(
      `precision: build ${n} (at most ${maxBuilds}): keep [${keep.join(', ')}] → ${passed ? 'passed' : 'failed'}` +
        `${passed ? '' : ` (${worstOf(builds)})`}\n`,
    );
    return passed;
  };
  // The output folder is claimed (marked and locked) for the search, whose candidates go under it.
  const release = await claimOutputDir(config, io.cwd);
  const ranked = () => rankByDivergence(candidates, divergence?.status === 'found' ? divergence.node : null);
  let search: KeepSearch;
  let price: PrecisionPrice | null = null;
  try {
    search = await searchKeepSet(candidates, judge, maxBuilds, ranked);
    // The list's price: built once more and A/B'd against the all-FP16 engine (candidate 1's plan) on this
    // GPU, its accuracy gate run again (the list re-verified on the build that found it).
    if (search.keep?.length) {
      const base = join(config.outputDir, 'precision', model.name, '1');
      const result = await runWith('price', search.keep, { benchmark: 'ab' }, false, base);
      price = priceOf(result.report.builds, result.reportFile);
      io.stderr(`precision: the list re-verified (${price.accuracy}); latency against all-FP16 ${price.latency}\n`);
    }
  } finally {
    await release();
  }
  const answer = search.keep && trials.find((t) => t.keep.join('\n') === [...search.keep!].join('\n'));
  const allFp16 = trials[0]!;
  if (options.json) {
    const out = {
      model: model.name,
      candidates,
      maxBuilds,
      ...search,
      trials,
      allFp16,
      answer: answer ?? null,
      divergence,
      ranked: ranked(),
      price,
    };
    io.stdout(`${JSON.stringify(out, null, 2)}\n`);
  } else io.stdout(renderSearch(model, candidates, search, allFp16, answer ?? null, divergence, price));
  if (price && price.accuracy !== 'passed') return EXIT.failed;
  return search.outcome === 'found' || search.outcome === 'none-needed' ? EXIT.passed : EXIT.failed;
}

function renderSearch(
  model: ModelConfig,
  candidates: string[],
  search: KeepSearch,
  allFp16: PrecisionTrial,
  answer: PrecisionTrial | null,
  divergence: Divergence | null,
  price: PrecisionPrice | null,
): string {
  const marked = divergence && divergence.status !== 'error' ? ' + 1 with its tensors marked' : '';
  const builds = `${search.trials.length} build(s)${marked} of ${candidates.length} candidate node(s)`;
  const start =
    divergence?.status === 'found'
      ? `all-FP16's error starts at ${divergence.node} (${divergence.op}): the search opened there`
      : divergence?.status === 'marked-passes'
        ? 'the marked all-FP16 engine passes (marking changed fusions): the search went in graph order'
        : null;
  const size = (t: PrecisionTrial | null) =>
    t?.planBytes == null ? 'unknown' : `${(t.planBytes / 2 ** 20).toFixed(2)} MiB`;
  switch (search.outcome) {
    case 'none-needed':
      return `What to keep in FP32 (${model.name}): nothing; all-FP16 passes its accuracy gate (${builds})\n`;
    case 'unfixable':
      return (
        `What to keep in FP32 (${model.name}): no list fixes it: with every candidate kept the gate still fails ` +
        `(${allFp16.worst}; ${builds}). The error is not in FP16 arithmetic of these nodes: check the ` +
        'tolerances, the inputs, and layers TensorRT adds that no ONNX node names.\n'
      );
    default: {
      const head =
        search.outcome === 'found'
          ? `What to keep in FP32 (${model.name}): ${search.keep!.join(', ')} (${builds}; at most ` +
            `${buildBound(search.keep!.length, candidates.length)} for ${search.keep!.length} node(s))`
          : `What to keep in FP32 (${model.name}): the build budget ran out after ${builds}; this list passes ` +
            'but may not be the smallest (raise --max-builds)';
      return [
        head,
        '',
        `Paste under the model "${model.name}" in trt-ci.yml:`,
        '',
        `    keep-fp32: [${search.keep!.join(', ')}]`,
        '',
        `accuracy: all-FP16 failed (${allFp16.worst}); with the list, passed`,
        ...(start ? [start] : []),
        `plan size: all-FP16 ${size(allFp16)}, with the list ${size(answer)}`,
        `latency with the list against all-FP16: ${price?.latency ?? 'not measured'}`,
        price && price.accuracy !== 'passed'
          ? `the list was NOT re-verified by a second build with it: ${price.accuracy} (${price.report})`
          : `the list re-verified by a second build (${price?.report ?? 'not run'})`,
        '',
      ].join('\n');
    }
  }
}

export const precision = defineCommand({
  name: 'precision',
  summary: 'which ONNX nodes must stay FP32 for an fp16 engine to pass its accuracy gate: each candidate built',
  operands: '',
  options: {
    config: CONFIG,
    model: { type: 'string', arg: 'M', help: 'the model to search (default: the one with precision: fp16)' },
    'max-builds': { type: 'string', arg: 'N', help: `builds the search may make (default ${DEFAULT_MAX_BUILDS})` },
    json: JSON_OUTPUT,
  },
  examples: [['trt-ci precision --model detector', 'the keep-fp32 list to paste, each candidate built and checked']],
  run: (_, values, io) =>
    precisionCommand(
      {
        config: values.config ?? 'trt-ci.yml',
        model: values.model ?? null,
        maxBuilds: values['max-builds'] ?? null,
        json: values.json ?? false,
      },
      io,
    ),
});
