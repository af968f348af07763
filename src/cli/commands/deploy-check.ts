import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { loadReport } from '../../compare/baseline.js';
import { InputError } from '../../common/errors.js';
import { EXIT } from '../../contract/exit.js';
import { REPORT_SCHEMA } from '../../contract/report.js';
import { loadConfig } from '../../config/load.js';
import { builtPlanOf, readManifest, targetsOf } from '../../deploy/load.js';
import { predictTargets } from '../../deploy/stage.js';
import type { CliIo } from '../io.js';
import { defineCommand } from '../command.js';
import { CONFIG, JSON_OUTPUT } from '../options.js';

/**
 * trt-ci deploy-check MANIFEST|REPORT --config trt-ci.yml: will the engines load on trt-ci.yml's deploy
 * targets? The same predictions a run writes under builds[].deploy, from the files alone (no GPU, no
 * TensorRT, no models). Exit 1 when an engine fails on a target.
 */
async function deployCheckCommand(
  operands: string[],
  options: { config: string; json: boolean },
  io: CliIo,
): Promise<number> {
  if (operands.length !== 1) {
    throw new InputError('deploy-check takes one MANIFEST.json or REPORT.json (a run writes both)');
  }
  // From the files alone: the models trt-ci.yml names need not be there.
  const targets = targetsOf(loadConfig(options.config, io.cwd, io.env, { files: false }));
  const engines = (await engineFacts(resolve(io.cwd, operands[0]!), operands[0]!, io.cwd)).map((engine) => ({
    model: engine.model,
    profile: engine.profile,
    plan: engine.plan,
    targets: predictTargets(engine.built, targets.get(engine.model) ?? []).map(({ target, verdict, line, fix }) => ({
      name: target,
      verdict,
      line,
      fix,
    })),
  }));
  if (options.json) io.stdout(`${JSON.stringify({ engines }, null, 2)}\n`);
  else {
    const icon = { loads: '✔', 'loads-with-warning': '⚠', fails: '✘', unknown: '?' } as const;
    const lines = engines.flatMap((e) =>
      e.targets.map(
        (t) =>
          `${icon[t.verdict]} ${e.model}/${e.profile} on ${t.name}: ${t.verdict}${t.line ? ` — ${t.line}` : ''}` +
          (t.fix ? `\n    fix: ${t.fix}` : ''),
      ),
    );
    io.stdout(`${lines.join('\n') || 'no deploy targets in the config'}\n`);
  }
  return engines.some((e) => e.targets.some((t) => t.verdict === 'fails')) ? EXIT.failed : EXIT.passed;
}

interface EngineFacts {
  model: string;
  profile: string;
  plan: string | null;
  /** Where it was built, as the deploy rules take it. */
  built: ReturnType<typeof builtPlanOf>;
}

/** The engines of a manifest, or of a report's builds that made a plan (its paths relative to where it ran). */
async function engineFacts(file: string, shown: string, cwd: string): Promise<EngineFacts[]> {
  const head = (() => {
    try {
      return (JSON.parse(readFileSync(file, 'utf8')) as { schema?: unknown }).schema;
    } catch {
      return undefined;
    }
  })();
  if (head === REPORT_SCHEMA) {
    const report = await loadReport(file, 'report');
    return report.builds
      .filter((b) => (b.status === 'built' || b.status === 'cached') && b.plan)
      .map((b) => ({
        model: b.model,
        profile: b.profile,
        plan: resolve(cwd, b.plan!),
        built: {
          tensorrtVersion: report.environment.tensorrtVersion,
          computeCapability: b.gpu?.computeCapability ?? null,
          gpu: b.gpu?.name ?? null,
          // Reports are written where trt-ci ran; --runtimePlatform in the flags says otherwise.
          os: 'linux' as const,
          flags: b.attempts.at(-1)?.argv ?? [],
          rtx: b.scan?.product === 'TensorRT-RTX' ? { computeCapabilities: b.scan.computeCapabilities } : undefined,
        },
      }));
  }
  const { file: manifestFile, manifest } = readManifest(file, shown);
  return manifest.engines.map((engine) => ({
    model: engine.model,
    profile: engine.profile,
    plan: resolve(dirname(manifestFile), engine.path),
    built: builtPlanOf(engine, manifest),
  }));
}

export const deployCheck = defineCommand({
  name: 'deploy-check',
  summary: "will a manifest's (or report's) engines load on trt-ci.yml's deploy targets? (GPU, TensorRT, OS)",
  operands: 'MANIFEST.json|REPORT.json',
  options: { config: CONFIG, json: JSON_OUTPUT },
  examples: [['trt-ci deploy-check trt-engines/manifest.json', 'loads, loads with a warning or fails, per target']],
  run: (operands, values, io) =>
    deployCheckCommand(operands, { config: values.config ?? 'trt-ci.yml', json: values.json ?? false }, io),
});
