import { join } from 'node:path';
import { buildBound } from '../../accuracy/keep-search.js';
import {
  candidateConfig,
  DEFAULT_MAX_BUILDS,
  namesOf,
  type PrecisionSearch,
  type PrecisionTrial,
  type RunCandidate,
  searchFolder,
  SearchCancelled,
  searchPrecision,
} from '../../accuracy/precision-search.js';
import { claimOutputDir } from '../../builds/output-dir.js';
import { InputError } from '../../common/errors.js';
import { logLines, logValue } from '../../common/log-text.js';
import { parseDuration } from '../../common/units.js';
import { loadConfig } from '../../config/load.js';
import { type ModelConfig, narrowOf } from '../../contract/config.js';
import { EXIT } from '../../contract/exit.js';
import { runProvenance } from '../../github/context.js';
import { runPipeline } from '../../pipeline.js';
import { defineCommand } from '../command.js';
import type { CliIo } from '../io.js';
import { CONFIG, JSON_OUTPUT, whole } from '../options.js';

function pickModel(models: ModelConfig[], name: string | null): ModelConfig {
  const searchable = (m: ModelConfig) => narrowOf(m.precision) !== null && m.accuracy !== null;
  if (name !== null) {
    const model = models.find((m) => m.name === name);
    if (!model) throw new InputError(`--model: expected one of ${models.map((m) => m.name).join(', ')}, got "${name}"`);
    if (!searchable(model))
      throw new InputError(`--model ${name}: the search needs precision: fp16 or bf16 and an accuracy: check`);
    return model;
  }
  const fits = models.filter(searchable);
  if (fits.length !== 1)
    throw new InputError(
      `precision: name the model to search with --model (models with precision: fp16 or bf16 and accuracy: ` +
        `${fits.map((m) => m.name).join(', ') || 'none'})`,
    );
  return fits[0]!;
}

async function precisionCommand(
  options: { config: string; model: string | null; maxBuilds: string | null; maxTime: string | null; json: boolean },
  io: CliIo,
): Promise<number> {
  const maxBuilds = whole(options.maxBuilds, 'max-builds', DEFAULT_MAX_BUILDS, 2, 9999);
  const maxMs = options.maxTime === null ? null : parseDuration(options.maxTime);
  if (maxMs === 0 || (maxMs === null && options.maxTime !== null))
    throw new InputError(`--max-time: expected a duration like 90m or 2h, got "${options.maxTime!.slice(0, 40)}"`);
  const config = loadConfig(options.config, io.cwd, io.env);
  const model = pickModel(config.models, options.model);
  const folder = searchFolder(config.outputDir, model.name);
  const run: RunCandidate = (name, keep, changes, { first, basePlans }) =>
    runPipeline({
      configFile: options.config,
      cwd: io.cwd,
      env: io.env,
      provenance: runProvenance(io.env, io.cwd),
      preflight: first,
      adjustConfig: (loaded) =>
        candidateConfig(loaded, model.name, join(folder, name), keep, changes, first, basePlans),
      ...(io.signal && { signal: io.signal }),
      ...(io.startProcess && { startProcess: io.startProcess }),
    });
  // The output folder is claimed (marked and locked) for the search, whose candidates go under it.
  const release = await claimOutputDir(config, io.cwd);
  let found: PrecisionSearch;
  // Node names come from the ONNX: printed so that none can start a workflow command or a new line.
  const say = (text: string) => io.stderr(`${logLines(text)}\n`);
  const bounds = { maxBuilds, maxMs, ...(io.signal && { signal: io.signal }) };
  try {
    found = await searchPrecision(model, folder, bounds, run, say);
  } catch (error) {
    // Cancelled: no list is decided; run-cli exits 130 on the aborted signal.
    if (!(error instanceof SearchCancelled)) throw error;
    say(`precision: ${error.message}: no list is decided (its candidates so far: ${folder})`);
    return EXIT.failed;
  } finally {
    await release();
  }
  if (options.json) io.stdout(`${JSON.stringify(found, null, 2)}\n`);
  else io.stdout(logLines(renderSearch(found)));
  // 0 with a list that passes (re-verified), 1 without one: a candidate that gave no verdict is said, not exit 2.
  if (found.price && found.price.accuracy !== 'passed') return EXIT.failed;
  return found.outcome === 'found' || found.outcome === 'none-needed' ? EXIT.passed : EXIT.failed;
}

function renderSearch(found: PrecisionSearch): string {
  const { candidates, allFp16, answer, divergence, price, start } = found;
  const [model, search] = [{ name: logValue(found.model) }, found];
  const marked = divergence && divergence.status !== 'error' ? ' + 1 with its tensors marked' : '';
  const builds = `${search.trials.length} build(s)${marked} of ${candidates.length} candidate node(s)`;
  // The first candidate: all-FP16, or the configured keep-fp32 list alone (every candidate keeps it).
  const base = start.length ? `keep-fp32 as configured [${namesOf(start)}]` : 'all-FP16';
  const opened =
    divergence?.status === 'found'
      ? `${base}'s error starts at ${logValue(divergence.node ?? '?')} (${divergence.op}): the search opened there`
      : divergence?.status === 'marked-passes'
        ? `the marked ${base} engine passes (marking changed fusions): the search went in graph order`
        : null;
  const size = (t: PrecisionTrial | null) =>
    t?.planBytes == null ? 'unknown' : `${(t.planBytes / 2 ** 20).toFixed(2)} MiB`;
  const unjudged = search.trials.filter((t) => t.unjudged);
  const noVerdict = (t: PrecisionTrial) => `keep [${namesOf(t.keep)}] ${t.unjudged} (${t.report})`;
  switch (search.outcome) {
    case 'none-needed':
      return (
        `What to keep in FP32 (${model.name}): nothing${start.length ? ' more' : ''}; ${base} passes its ` +
        `accuracy gate (${builds})\n`
      );
    case 'unjudged':
      return (
        `What to keep in FP32 (${model.name}): no list is known: with every candidate kept the engine gave no ` +
        `verdict (${noVerdict(unjudged.at(-1)!)}; ${builds}). Fix that build or check, then search again.\n`
      );
    case 'no-evidence':
      return (
        `What to keep in FP32 (${model.name}): no list: ${base} gave no verdict (${noVerdict(allFp16)}), so ` +
        `nothing shows that any node must be kept (${builds}). Fix that build or check, then search again.\n`
      );
    case 'unfixable':
      return (
        `What to keep in FP32 (${model.name}): no list fixes it: with every candidate kept the gate still fails ` +
        `(${allFp16.worst}; ${builds}). The error is not in FP16 arithmetic of these nodes: check the ` +
        'tolerances, the inputs, and layers TensorRT adds that no ONNX node names.\n'
      );
    default: {
      const budget = search.spent === 'time' ? 'time (--max-time)' : 'build budget (--max-builds)';
      if (search.keep === null)
        return (
          `What to keep in FP32 (${model.name}): the ${budget} ran out after ${builds}, before any list was ` +
          'judged: raise it\n'
        );
      const added = search.keep.length - start.length;
      const head =
        search.outcome === 'found'
          ? `What to keep in FP32 (${model.name}): ${namesOf(search.keep)} (${builds}; at most ` +
            `${buildBound(added, candidates.length)} for ${added} node(s) added)`
          : `What to keep in FP32 (${model.name}): the ${budget} ran out after ${builds}; this list passes ` +
            'but may not be the smallest (raise it)';
      return [
        head,
        ...unjudged.map(
          (t) => `not judged, counted as not passing (the list may not be the smallest): ${noVerdict(t)}`,
        ),
        '',
        `Paste under the model "${model.name}" in trt-ci.yml:`,
        '',
        `    keep-fp32: [${namesOf(search.keep)}]`,
        '',
        `accuracy: ${base} failed (${allFp16.worst}); with the list, passed`,
        ...(opened ? [opened] : []),
        `plan size: ${base} ${size(allFp16)}, with the list ${size(answer)}`,
        `latency with the list against ${base}: ${price?.latency ?? 'not measured'}`,
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
    'max-time': { type: 'string', arg: 'D', help: 'no candidate build starts after this (90m, 2h; default none)' },
    json: JSON_OUTPUT,
  },
  examples: [['trt-ci precision --model detector', 'the keep-fp32 list to paste, each candidate built and checked']],
  run: (_, values, io) =>
    precisionCommand(
      {
        config: values.config ?? 'trt-ci.yml',
        model: values.model ?? null,
        maxBuilds: values['max-builds'] ?? null,
        maxTime: values['max-time'] ?? null,
        json: values.json ?? false,
      },
      io,
    ),
});
