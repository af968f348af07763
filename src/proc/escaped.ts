// Processes that left the process group they were started in. trt-ci stops a trtexec by killing its group,
// but a child that called setsid (a daemon a plugin or a fork's model starts) is in no group of ours and
// would outlive the run: on a shared runner it could read the next job's files or tokens. Every process
// trt-ci starts carries a tag in its environment, which its children inherit; after a run, a process that
// still carries the tag is one of them and is killed. Linux only (/proc/<pid>/environ); elsewhere nothing.
import { readdir, readFile } from 'node:fs/promises';

export const RUN_TAG_VARIABLE = 'TRT_CI_RUN_TAG';

/** Kills every process (but this one) whose environment holds `RUN_TAG_VARIABLE=tag`; returns their pids. */
export async function killTagged(tag: string): Promise<number[]> {
  const entries = await readdir('/proc').catch(() => [] as string[]);
  const needle = Buffer.from(`${RUN_TAG_VARIABLE}=${tag}\0`);
  const killed: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const environ = await readFile(`/proc/${entry}/environ`).catch(() => null);
    if (!environ || !(environ.indexOf(needle) === 0 || environ.includes(Buffer.concat([Buffer.from([0]), needle]))))
      continue;
    try {
      process.kill(Number(entry), 'SIGKILL');
      killed.push(Number(entry));
    } catch {
      // Gone already, or not ours to signal.
    }
  }
  return killed;
}
