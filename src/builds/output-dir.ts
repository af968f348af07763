import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, parse, resolve } from 'node:path';
import { type Config, configError } from '../config/load.js';

/** Written into every output folder trt-ci makes: a folder without it is someone else's. */
export const OUTPUT_MARKER = '.trt-ci-output';

/**
 * The output folder, made or reclaimed. trt-ci removes and rewrites plans and reports there, so it
 * refuses a folder that is not its own: the file system root, the config's folder or the working
 * folder (the repository root), or a folder holding files it did not write.
 */
export async function claimOutputDir(config: Pick<Config, 'outputDir' | 'dir' | 'where'>, cwd: string): Promise<void> {
  const dir = resolve(config.outputDir);
  const shared = [parse(dir).root, resolve(config.dir), resolve(cwd)].includes(dir);
  if (shared) {
    throw configError(config, ['output-dir'], `expected a folder of trt-ci's own, got ${dir}, which holds other files`);
  }
  if (existsSync(dir) && !existsSync(join(dir, OUTPUT_MARKER))) {
    // Names alone prove nothing (a repository has its own summary.md): only the marker does.
    const foreign = readdirSync(dir);
    if (foreign.length > 0) {
      const names = foreign.slice(0, 3).join(', ') + (foreign.length > 3 ? ', …' : '');
      throw configError(
        config,
        ['output-dir'],
        `expected a new folder or one trt-ci wrote, got ${dir}, which holds files trt-ci did not write (${names})`,
      );
    }
  }
  await mkdir(dir, { recursive: true });
  writeFileSync(join(dir, OUTPUT_MARKER), 'trt-ci writes and rewrites the files in this folder.\n');
}
