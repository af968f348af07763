// Installs the trtexec and nvidia-smi stand-ins into a folder as wrapper scripts, each carrying its
// own switches, so a config can point at them like at a real installation. Used by tests and bench.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const STANDIN_TRTEXEC = join(here, 'trtexec-standin.mjs');
export const STANDIN_NVIDIA_SMI = join(here, 'nvidia-smi-standin.mjs');
export const STANDIN_SERVER = join(here, 'standin-server.mjs');
export const STANDIN_CLIENT_SOURCE = join(here, 'standin-client.c');

export type Switches = Record<string, string | number | undefined>;

export interface StandinOptions {
  /** TensorRT version the trtexec stand-in pretends to be. */
  version?: string;
  gpus?: number;
  trtexecEnv?: Switches;
  nvidiaSmiEnv?: Switches;
}

export interface Standins {
  trtexec: string;
  nvidiaSmi: string;
  callsFile: string;
  gpuState: string;
}

export type StandinProgram = 'trtexec' | 'nvidia-smi';

/**
 * The wrappers this process installed whose runs need no process of their own, with their program and switches:
 * the in-process CLI runs them in the test's own process (in-process-standins.ts), without a fork of the test
 * worker per call. A wrapper with a switch that is about a process (it hangs, ignores SIGTERM, forks a child,
 * dies by a signal, or takes time a timeout must cut short) is not here: it runs as the process it installs.
 */
export const IN_PROCESS_STANDINS = new Map<string, { program: StandinProgram; switches: Record<string, string> }>();
const NEEDS_A_PROCESS = [
  'TRTEXEC_STANDIN_HANG',
  'TRTEXEC_STANDIN_ESCAPE',
  'TRTEXEC_STANDIN_CRASH',
  'TRTEXEC_STANDIN_RUN_CRASH',
  'TRTEXEC_STANDIN_BUILD_MS',
  'TRTEXEC_STANDIN_REAL_TIME',
  'NVIDIA_SMI_STANDIN_WEDGED',
  'NVIDIA_SMI_STANDIN_HANG',
];

/** Registers a wrapper for in-process runs unless one of its switches is about a process. */
function inProcessUnlessNeeded(path: string, program: StandinProgram, switches: Switches): void {
  const set = Object.fromEntries(
    Object.entries(switches).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
  ) as Record<string, string>;
  if (!NEEDS_A_PROCESS.some((name) => name in set)) IN_PROCESS_STANDINS.set(path, { program, switches: set });
}

const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

function wrapper(path: string, command: string[], env: Switches): void {
  const exports = Object.entries(env)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `export ${k}=${quote(String(v))}`);
  writeFileSync(path, ['#!/bin/sh', ...exports, `exec ${command.map(quote).join(' ')} "$@"`, ''].join('\n'));
  chmodSync(path, 0o755);
}

/** The trtexec stand-in's switches for a runner folder: its version, calls file and GPU state, then `options`. */
export function trtexecSwitches(dir: string, options: StandinOptions = {}): Record<string, string> {
  const switches: Switches = {
    TRTEXEC_STANDIN_VERSION: options.version ?? '10.16.1.11',
    TRTEXEC_STANDIN_CALLS: join(dir, 'trtexec-calls.jsonl'),
    STANDIN_GPU_STATE: join(dir, 'gpu-state'),
    ...options.trtexecEnv,
  };
  return Object.fromEntries(Object.entries(switches).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
}

export function installStandins(dir: string, options: StandinOptions = {}): Standins {
  const bin = join(dir, 'bin');
  mkdirSync(bin, { recursive: true });
  const gpuState = join(dir, 'gpu-state');
  const callsFile = join(dir, 'trtexec-calls.jsonl');
  const trtexec = join(bin, 'trtexec');
  const nvidiaSmi = join(bin, 'nvidia-smi');
  // In a test run, the client of the stand-in server that global-setup.ts started; else the programs themselves.
  const { STANDIN_CLIENT: client, STANDIN_SERVER: server } = process.env;
  const program = (name: 'trtexec' | 'nvidia-smi', source: string) =>
    client && server
      ? { command: [client], env: { STANDIN_SERVER: server, STANDIN_PROGRAM: name } }
      : { command: [process.execPath, source], env: { STANDIN_PROGRAM: name } };
  const trtexecProgram = program('trtexec', STANDIN_TRTEXEC);
  const switches = trtexecSwitches(dir, options);
  wrapper(trtexec, trtexecProgram.command, { ...trtexecProgram.env, ...switches });
  inProcessUnlessNeeded(trtexec, 'trtexec', switches);
  const nvidiaSmiProgram = program('nvidia-smi', STANDIN_NVIDIA_SMI);
  const smiSwitches = {
    NVIDIA_SMI_STANDIN_GPUS: options.gpus ?? 1,
    STANDIN_GPU_STATE: gpuState,
    ...options.nvidiaSmiEnv,
  };
  wrapper(nvidiaSmi, nvidiaSmiProgram.command, { ...nvidiaSmiProgram.env, ...smiSwitches });
  inProcessUnlessNeeded(nvidiaSmi, 'nvidia-smi', smiSwitches);
  return { trtexec, nvidiaSmi, callsFile, gpuState };
}
