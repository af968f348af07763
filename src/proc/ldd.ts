// Which libraries a binary links, as the loader resolves them (ldd), and where a command is on PATH: for
// preflight's plugin checks and the engine cache's key (the TensorRT libraries trtexec loads).
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { runProcess } from './run-process.js';

/** A command's path as the shell would find it; null when it is not there. */
export function whichCommand(command: string, env: NodeJS.ProcessEnv): string | null {
  const path = env.PATH ?? '';
  if (command.includes('/')) return existsSync(command) ? command : null;
  for (const dir of path.split(delimiter)) {
    const candidate = join(dir, command);
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

/** ldd reads a file's dynamic section and asks the loader: seconds at most, or it hangs on a broken loader. */
const LDD_TIMEOUT_MS = 30_000;

/** Runs ldd on a file: the resolved libraries and the ones not found; null when ldd cannot tell. */
export async function lddOf(
  file: string,
  env: NodeJS.ProcessEnv,
): Promise<{ resolved: Map<string, string>; notFound: string[] } | null> {
  const ldd = whichCommand('ldd', env);
  if (!ldd) return null;
  // Started as every process is (proc/run-process.ts): its own group, a timeout, stdin closed.
  const lines: string[] = [];
  const result = await runProcess({
    command: ldd,
    args: [file],
    env,
    timeoutMs: LDD_TIMEOUT_MS,
    onLine: (line) => lines.push(line),
  });
  if (result.exitCode !== 0) return null;
  const resolved = new Map<string, string>();
  const notFound: string[] = [];
  for (const line of lines) {
    const match = /^\s*(\S+) => (?:(not found)|(\S+))/.exec(line);
    if (!match) continue;
    if (match[2]) notFound.push(match[1]!);
    else resolved.set(match[1]!, match[3]!);
  }
  return { resolved, notFound };
}
