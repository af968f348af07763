import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { InputError } from '../../common/errors.js';
import { EXIT } from '../../contract/exit.js';
import { loadConfig } from '../../config/load.js';
import { loadOnTarget, readManifest, targetsOf } from '../../deploy/load.js';
import { createTrtexec } from '../../tensorrt/trtexec.js';
import type { CliIo } from '../io.js';

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
  // The target's runner has the plans, not the models: trt-ci.yml is read without checking the files it names.
  const config = loadConfig(options.config, io.cwd, io.env, { files: false });
  const targets = targetsOf(config);
  const command = options.trtexec ?? config.trtexec;
  const trtexec = createTrtexec({ command, env: io.env, killGraceMs: config.killGraceMs });
  const logs = mkdtempSync(join(tmpdir(), 'trt-ci-deploy-load-'));
  const engines = await loadOnTarget(manifest, file, targets, options.target, trtexec, logs);
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
