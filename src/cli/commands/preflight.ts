import { loadConfig } from '../../config/load.js';
import { runPreflight } from '../../preflight/preflight.js';
import { renderPreflightText } from '../../preflight/render.js';
import { probeTrtexec } from '../../tensorrt/detect.js';
import { EXIT, type CliIo } from '../io.js';

export async function preflightCommand(options: { config: string; json: boolean }, io: CliIo): Promise<number> {
  const config = loadConfig(options.config, io.cwd, io.env);
  const probeStart = performance.now();
  const { version } = await probeTrtexec(config.trtexec, config.where(['trtexec']));
  const versionProbeMs = Math.round(performance.now() - probeStart);
  const result = await runPreflight(config, version);
  io.stdout(options.json ? `${JSON.stringify({ ...result, versionProbeMs }, null, 2)}\n` : renderPreflightText(result));
  return result.status === 'fail' ? EXIT.failed : EXIT.passed;
}
