import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join, parse, resolve } from 'node:path';
import { configError, fileProblem } from '../common/errors.js';
import { writeNewFileSync } from '../proc/new-file.js';
import type { Config } from '../contract/config.js';

/** Written into every output folder trt-ci makes: a folder without it is someone else's. */
const OUTPUT_MARKER = '.trt-ci-output';
/** Held by the run writing the folder: two runs there at once would scan each other's half-written plans. */
const OUTPUT_LOCK = '.trt-ci-lock';

/**
 * The output folder, made or reclaimed. trt-ci removes and rewrites plans and reports there, so it
 * refuses a folder that is not its own: the file system root, the config's folder or the working
 * folder (the repository root), or a folder holding files it did not write. The folder is locked for
 * this run; the returned function unlocks it.
 */
export async function claimOutputDir(
  config: Pick<Config, 'outputDir' | 'dir' | 'where'>,
  cwd: string,
): Promise<() => Promise<void>> {
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
  try {
    await mkdir(dir, { recursive: true });
    writeNewFileSync(join(dir, OUTPUT_MARKER), 'trt-ci writes and rewrites the files in this folder.\n');
  } catch (error) {
    // Before any build: a folder trt-ci cannot write would lose every plan, log and report.
    throw configError(
      config,
      ['output-dir'],
      `expected a folder trt-ci can write, got ${dir}: ${fileProblem(error, 'a folder')}`,
    );
  }
  const lock = join(dir, OUTPUT_LOCK);
  const busy = (holder: number | null) =>
    configError(
      config,
      ['output-dir'],
      `expected a folder no other trt-ci run is writing, got ${dir}, which ` +
        `${holder === null ? 'another run' : `process ${holder}`} is writing ` +
        `(give each run its own output-dir; remove ${OUTPUT_LOCK} there if no trt-ci is running)`,
    );
  for (let attempt = 1; ; attempt += 1) {
    if (heldHere.has(lock)) throw busy(process.pid);
    try {
      writeFileSync(lock, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = lockHolder(lock);
      if (holder !== null || attempt > 1) throw busy(holder);
      rmSync(lock, { force: true }); // left by a run that was killed
    }
  }
  heldHere.add(lock);
  return async () => {
    heldHere.delete(lock);
    await rm(lock, { force: true });
  };
}

/** Locks held by runs in this process (the CLI as a library can run twice at once; they share a pid). */
const heldHere = new Set<string>();

/** The live process holding the lock, or null: a lock left by a run that was killed is taken over. */
function lockHolder(lock: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(lock, 'utf8').trim());
  } catch {
    return null;
  }
  // Our own pid in a lock we do not hold: an earlier process that had it was killed.
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive, and another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
