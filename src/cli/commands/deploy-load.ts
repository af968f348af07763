import { join, resolve } from 'node:path';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { InputError } from '../../common/errors.js';
import { EXIT } from '../../contract/exit.js';
import { observedLoad } from '../../deploy/observe.js';
import { predictTargets } from '../../deploy/stage.js';
import { portabilityOf } from '../../tensorrt/deploy-rules.js';
import { createTrtexec } from '../../tensorrt/trtexec.js';
import type { CliIo } from '../io.js';
import { readManifest, readTargets } from './deploy-check.js';

/**
 * trt-ci deploy-load MANIFEST --target NAME --config trt-ci.yml: on the target's own machine, each engine of
 * the manifest whose model ships to NAME is loaded (trtexec --loadEngine, with --versionCompatible when it
 * was built so) and run once; what TensorRT said replaces the prediction (observed: true), and a prediction
 * the load contradicts is said. Exit 1 when a load fails.
 */
export async function deployLoadCommand(
  operands: string[],
  options: { config: string; target: string | null; trtexec: string | null; json: boolean },
  io: CliIo,
): Promise<number> {
  if (operands.length !== 1) throw new InputError('deploy-load takes one MANIFEST.json');
  if (!options.target) throw new InputError('deploy-load: expected --target NAME, a deploy target of the config');
  const { file, manifest } = readManifest(resolve(io.cwd, operands[0]!), operands[0]!);
  const targets = readTargets(resolve(io.cwd, options.config), options.config);
  const trtexec = createTrtexec({ command: options.trtexec ?? 'trtexec', env: io.env, killGraceMs: 10_000 });
  const logs = mkdtempSync(join(tmpdir(), 'trt-ci-deploy-load-'));
  const engines = [];
  for (const [i, engine] of manifest.engines.entries()) {
    const target = (targets.get(engine.model) ?? []).find((t) => t.name === options.target);
    if (!target) continue;
    const [predicted] = predictTargets(
      {
        tensorrtVersion: engine.tensorrtVersion ?? manifest.tensorrtVersion ?? null,
        computeCapability: engine.gpu?.computeCapability ?? null,
        gpu: engine.gpu?.name ?? null,
        os: 'linux',
        flags: engine.flags ?? [],
      },
      [target],
    );
    const shapes = Object.entries(engine.shapes ?? {}).map(([name, s]) => `${name}:${s.opt}`);
    const argv = [
      `--loadEngine=${resolve(file, '..', engine.path)}`,
      ...(portabilityOf(engine.flags ?? []).versionCompatible ? ['--versionCompatible'] : []),
      ...(shapes.length ? [`--shapes=${shapes.join(',')}`] : []),
      '--warmUp=0',
      '--duration=0',
      '--iterations=1',
    ];
    const log = join(logs, `${i}.log`);
    const run = await trtexec.run(argv, { gpu: null, logFile: log, timeoutMs: 10 * 60_000 });
    const seen = observedLoad(readFileSync(log, 'utf8'), run.exitCode);
    engines.push({
      model: engine.model,
      profile: engine.profile,
      target: target.name,
      ...seen,
      observed: true,
      predicted: predicted!.verdict,
      // A prediction the load contradicts is a fact about the rules, said beside the engine.
      mismatch: predicted!.verdict !== 'unknown' && predicted!.verdict !== seen.verdict,
    });
  }
  await trtexec.sweep();
  if (options.json) io.stdout(`${JSON.stringify({ target: options.target, engines }, null, 2)}\n`);
  else {
    const lines = engines.map(
      (e) =>
        `${e.verdict === 'fails' ? '✘' : e.verdict === 'loads' ? '✔' : '⚠'} ${e.model}/${e.profile} on ${e.target}: ` +
        `${e.verdict}${e.line ? ` — ${e.line}` : ''}${e.mismatch ? ` (predicted ${e.predicted})` : ''}`,
    );
    io.stdout(`${lines.join('\n') || `no engine of the manifest ships to ${options.target}`}\n`);
  }
  return engines.some((e) => e.verdict === 'fails') ? EXIT.failed : EXIT.passed;
}
