// The stand-in's one entry, for TypeScript: a call of trtexec given its edges (test/support/standin-process.mjs,
// standin-server.mjs and in-process-standins.ts each hand it theirs); its exit code.
export function runTrtexec(io: {
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  pid: number;
  write(text: string): void;
  writeAsync(block: Buffer | string): Promise<void> | undefined;
  sleep(ms: number): Promise<unknown>;
  raise(signal: NodeJS.Signals): Promise<void>;
  spawnIdleChild(pidFile: string | null, ownSession?: boolean): void;
  ignoreTerm(): void;
  forever(): Promise<never>;
}): Promise<number>;
