import { loadConfig } from '../../config/load.js';
import { runProvenance } from '../../github/context.js';
import { runPreflight } from '../../preflight/preflight.js';
import { renderPreflightText } from '../../report/parts/preflight.js';
import { createTrtexec } from '../../tensorrt/trtexec.js';
import { probeForConfig } from '../../tensorrt/config-check.js';
import type { CliIo } from '../io.js';
import { EXIT } from '../../contract/exit.js';
import { defineCommand } from '../command.js';
import { CONFIG, JSON_OUTPUT } from '../options.js';

async function preflightCommand(options: { config: string; json: boolean }, io: CliIo): Promise<number> {
  const config = loadConfig(options.config, io.cwd, io.env);
  const probeStart = performance.now();
  const trtexec = createTrtexec({
    command: config.trtexec,
    env: io.env,
    killGraceMs: config.killGraceMs,
    ...(io.startProcess && { start: io.startProcess }),
  });
  // What run would refuse (a flag this trtexec does not take) preflight refuses too: exit 2 at its line.
  const { version } = await probeForConfig(config, trtexec);
  const versionProbeMs = Math.round(performance.now() - probeStart);
  const result = await runPreflight(config, version, {
    env: io.env,
    defaultBranch: runProvenance(io.env, io.cwd).defaultBranch,
    ...(io.signal && { signal: io.signal }),
    ...(io.startProcess && { startProcess: io.startProcess }),
  });
  io.stdout(options.json ? `${JSON.stringify({ ...result, versionProbeMs }, null, 2)}\n` : renderPreflightText(result));
  return result.status === 'fail' ? EXIT.failed : EXIT.passed;
}

export const preflight = defineCommand({
  name: 'preflight',
  summary: 'check the runner: GPU, driver, TensorRT support, memory, disk, plugins',
  operands: '',
  options: { config: CONFIG, json: JSON_OUTPUT },
  examples: [['trt-ci preflight --config trt-ci.yml', 'every check of this runner against trt-ci.yml, as a table']],
  run: (_, values, io) => preflightCommand({ config: values.config ?? 'trt-ci.yml', json: values.json ?? false }, io),
});
