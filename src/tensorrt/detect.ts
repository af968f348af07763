import { InputError } from '../errors.js';
import { runProcess } from '../proc/run-process.js';
import { BANNER_PATTERN, decodeBannerVersion, parseVersion, type TensorRtVersion } from './version.js';

/**
 * Asks trtexec which TensorRT it is. Every trtexec prints `&&&& RUNNING … [TensorRT vNNNN]` as its
 * first line, also for --help, before it parses anything else.
 */
export async function detectTensorRtVersion(trtexec: string, where: string): Promise<TensorRtVersion> {
  let version: TensorRtVersion | null = null;
  const result = await runProcess({
    command: trtexec,
    args: ['--help'],
    timeoutMs: 60_000,
    killGraceMs: 2_000,
    onLine: (line) => {
      if (version) return;
      const banner = BANNER_PATTERN.exec(line);
      if (banner) version = decodeBannerVersion(banner[2]!, banner[3]);
      const info = /TensorRT version: (\d+\.\d+\.\d+)/.exec(line);
      if (info) version = parseVersion(info[1]!);
    },
  });
  if (result.spawnError) {
    throw new InputError(
      `${where}: ${result.spawnError}; set trtexec: to its path (e.g. /usr/src/tensorrt/bin/trtexec)`,
    );
  }
  if (!version) {
    throw new InputError(
      `${where}: "${trtexec} --help" printed no "&&&& RUNNING … [TensorRT ` +
        `vNNNN]" line (exit ${result.exitCode ?? result.signal}); is it trtexec?`,
    );
  }
  return version;
}
