import { InputError } from '../errors.js';
import { runProcess } from '../proc/run-process.js';
import { BANNER_PATTERN, decodeBannerVersion, parseVersion, type TensorRtVersion } from './version.js';

export interface TrtexecProbe {
  version: TensorRtVersion;
  /** The flags its --help lists: this binary's own account of what it takes (parsed-only ones are not listed). */
  helpFlags: ReadonlySet<string>;
}

/**
 * One `trtexec --help`: the version from its banner (every trtexec prints `&&&& RUNNING … [TensorRT vNNNN]`
 * first, also for --help) and the flags its help lists.
 */
export async function probeTrtexec(trtexec: string, where: string): Promise<TrtexecProbe> {
  let version: TensorRtVersion | null = null;
  const helpFlags = new Set<string>();
  const result = await runProcess({
    command: trtexec,
    args: ['--help'],
    timeoutMs: 60_000,
    killGraceMs: 2_000,
    onLine: (line) => {
      // Help lines read "  --flag=value   what it does" (also "--help, -h"), after any log prefix.
      const help = /^(?:\[[^\]]*\] )*\s+(--[A-Za-z][A-Za-z0-9]*)\b/.exec(line);
      if (help) helpFlags.add(help[1]!);
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
  return { version, helpFlags };
}
