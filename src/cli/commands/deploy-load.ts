import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { InputError } from '../../common/errors.js';
import { EXIT } from '../../contract/exit.js';
import { loadConfig } from '../../config/load.js';
import { loadManifestOnTarget } from '../../deploy/load.js';
import type { CliIo } from '../io.js';
import { defineCommand } from '../command.js';
import { CONFIG, JSON_OUTPUT, TRTEXEC } from '../options.js';

/**
 * trt-ci deploy-load MANIFEST --target NAME --config trt-ci.yml: on the target's own machine, each engine of
 * the manifest whose model ships to NAME is loaded (trtexec --loadEngine, with --versionCompatible when it
 * was built so) and run once; what TensorRT said replaces the prediction (observed: true), and a prediction
 * the load contradicts is said. Exit 1 when a load fails; exit 2 for a target trt-ci.yml does not name, or a
 * machine that is not the target (another GPU or TensorRT).
 */
async function deployLoadCommand(
  operands: string[],
  options: { config: string; target: string | null; trtexec: string | null; nvidiaSmi: string | null; json: boolean },
  io: CliIo,
): Promise<number> {
  if (operands.length !== 1) throw new InputError('deploy-load takes one MANIFEST.json');
  if (!options.target) throw new InputError('deploy-load: expected --target NAME, a deploy target of the config');
  // The target's runner has the plans, not the models: trt-ci.yml is read without checking the files it names.
  const config = loadConfig(options.config, io.cwd, io.env, { files: false });
  // With a run command, the command loads the plans: a --trtexec would be run for nothing, never silently.
  if (config.run && options.trtexec !== null) {
    throw new InputError(
      `--trtexec: ${config.where(['run'])} names the command that loads the plans here; drop --trtexec, or run: ` +
        'to load them with trtexec',
    );
  }
  const engines = await loadManifestOnTarget({
    manifest: { file: resolve(io.cwd, operands[0]!), shown: operands[0]! },
    config,
    target: options.target,
    trtexec: options.trtexec ?? config.trtexec,
    nvidiaSmi: options.nvidiaSmi ?? config.nvidiaSmi,
    env: io.env,
    ...(io.signal && { signal: io.signal }),
    ...(io.startProcess && { startProcess: io.startProcess }),
    logDir: mkdtempSync(join(tmpdir(), 'trt-ci-deploy-load-')),
  });
  if (options.json) io.stdout(`${JSON.stringify({ target: options.target, engines }, null, 2)}\n`);
  else {
    const lines = engines.map(
      (e) =>
        `${e.verdict === 'fails' ? '✘' : e.verdict === 'loads' ? '✔' : '⚠'} ${e.model}/${e.profile} on ${e.target}: ` +
        `${e.verdict}${e.line ? ` — ${e.line}` : ''}${e.mismatch ? ` (predicted ${e.predicted})` : ''}`,
    );
    io.stdout(`${lines.join('\n')}\n`);
  }
  return engines.some((e) => e.verdict === 'fails') ? EXIT.failed : EXIT.passed;
}

export const deployLoad = defineCommand({
  name: 'deploy-load',
  summary: "on a target's own machine: load each engine that ships there, and say what TensorRT said",
  operands: 'MANIFEST.json',
  options: {
    config: CONFIG,
    target: { type: 'string', arg: 'NAME', help: 'the deploy target this machine is (deploy: in trt-ci.yml)' },
    trtexec: TRTEXEC,
    'nvidia-smi': {
      type: 'string',
      arg: 'PATH',
      help: "the nvidia-smi that says this machine's GPU (default: nvidia-smi on PATH; or --config)",
    },
    json: JSON_OUTPUT,
  },
  examples: [['trt-ci deploy-load manifest.json --target edge-l4', "TensorRT's own word on each engine, here"]],
  run: (operands, values, io) =>
    deployLoadCommand(
      operands,
      {
        config: values.config ?? 'trt-ci.yml',
        target: values.target ?? null,
        trtexec: values.trtexec ?? null,
        nvidiaSmi: values['nvidia-smi'] ?? null,
        json: values.json ?? false,
      },
      io,
    ),
});
