// The stand-in's one entry, for TypeScript: a call of nvidia-smi given its edges (test/support/standin-process.mjs,
// standin-server.mjs and in-process-standins.ts each hand it theirs); its exit code.
export function runNvidiaSmi(io: {
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  pid: number;
  write(text: string): void;
  sleep(ms: number): Promise<unknown>;
  ignoreTerm(): void;
}): Promise<number>;
