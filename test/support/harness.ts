// Test harness: a temporary "runner" with trtexec and nvidia-smi stand-ins installed as wrapper
// scripts (each with its own switches), a trt-ci.yml, and the CLI run in-process.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../src/cli/run-cli.js';
import { startProcess } from './in-process-standins.js';
import { PROGRAMS_DIR } from './programs.js';
import { keepForRemoval } from './runner-folders.js';
import { installStandins, type StandinOptions } from './standins.js';

const here = dirname(fileURLToPath(import.meta.url));
export const FIXTURES = join(here, '..', 'fixtures');
export { STANDIN_NVIDIA_SMI, STANDIN_TRTEXEC } from './standins.js';

export type RunnerOptions = StandinOptions;

export interface Runner {
  dir: string;
  trtexec: string;
  nvidiaSmi: string;
  callsFile: string;
  gpuState: string;
  /** Writes trt-ci.yml (with trtexec/nvidia-smi pointing at the stand-ins unless the text sets them). */
  writeConfig(yaml: string, name?: string): string;
  /** ONNX placeholder files the config can point at. */
  touch(...paths: string[]): void;
  calls(): StandinCall[];
}

export interface StandinCall {
  args: string[];
  gpu: string | null;
  pid: number;
  start: number;
  end: number;
  exit: number;
  secrets: string[];
}

export function makeRunner(options: RunnerOptions = {}): Runner {
  const dir = mkdtempSync(join(tmpdir(), 'trt-ci-test-'));
  keepForRemoval(dir);
  const { trtexec, nvidiaSmi, callsFile, gpuState } = installStandins(dir, options);
  return {
    dir,
    trtexec,
    nvidiaSmi,
    callsFile,
    gpuState,
    writeConfig(yaml, name = 'trt-ci.yml') {
      const file = join(dir, name);
      const head = [
        ...(/^trtexec:/m.test(yaml) ? [] : [`trtexec: ${trtexec}`]),
        ...(/^nvidia-smi:/m.test(yaml) ? [] : [`nvidia-smi: ${nvidiaSmi}`]),
      ];
      writeFileSync(file, [...head, yaml].join('\n'));
      return file;
    },
    touch(...paths) {
      for (const path of paths) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), 'onnx placeholder\n');
      }
    },
    calls() {
      if (!existsSync(callsFile)) return [];
      return readFileSync(callsFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as StandinCall);
    },
  };
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function cli(
  args: string[],
  options: {
    cwd?: string;
    env?: NodeJS.ProcessEnv;
    signal?: AbortSignal;
    onStderr?: (text: string) => void;
    /** Both streams in the order they were written, for tests of what comes first. */
    transcript?: string[];
    /** stderr is a terminal. */
    tty?: boolean;
  } = {},
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    cwd: options.cwd ?? process.cwd(),
    env: options.env ?? process.env,
    stdout: (t) => {
      stdout += t;
      options.transcript?.push(t);
    },
    stderr: (t) => {
      stderr += t;
      options.transcript?.push(t);
      options.onStderr?.(t);
    },
    ...(options.signal && { signal: options.signal }),
    ...(options.tty && { tty: true }),
    // The stand-in runs in this process where no process is needed: no fork of the test worker per trtexec call.
    startProcess,
  });
  return { code, stdout, stderr };
}

/**
 * A plan file the trtexec stand-in loads: TensorRT's header ("ftrt", its own size at 16, the version bytes at
 * 24) and no body,
 * for the tests that run engines (an A/B, a benchmark) without building them.
 */
export function writeStandinPlan(path: string, version = '10.16.1.11'): string {
  const bytes = Buffer.alloc(64);
  bytes.write('ftrt', 0, 'latin1');
  bytes.writeBigUInt64LE(BigInt(bytes.length), 16);
  bytes.set(version.split('.').map(Number), 24);
  writeFileSync(path, bytes);
  return path;
}

/** Two models × three profiles, the shape of most tests. */
export const TWO_MODELS = `
output-dir: out
workspace: 4GiB
min-workspace: 512MiB
models:
  - name: upsampler
    onnx: models/upsampler.onnx
    precision: fp16
    profiles:
      - name: sd
        shapes: { x: { min: 1x3x240x320, opt: 1x3x480x640, max: 1x3x720x1280 } }
      - name: hd
        shapes: { x: { min: 1x3x720x1280, opt: 1x3x1080x1920, max: 1x3x1080x1920 } }
      - name: uhd
        shapes: { x: { min: 1x3x1080x1920, opt: 1x3x2160x3840, max: 1x3x2160x3840 } }
  - name: detector
    onnx: models/detector.onnx
    profiles:
      - name: b1
        shapes: { images: 1x3x640x640 }
      - name: b8
        shapes: { images: { min: 1x3x640x640, opt: 8x3x640x640, max: 8x3x640x640 } }
      - name: b16
        shapes: { images: { min: 8x3x640x640, opt: 16x3x640x640, max: 16x3x640x640 } }
`;

/** argv that runs a program compiled from src/ for this test run (global-setup.ts), as `node dist/…` would. */
/** A process that is running (a zombie, killed and not yet reaped, is not). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const state = existsSync(`/proc/${pid}/status`)
    ? /^State:\s+(\w)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    : null;
  return state?.[1] !== 'Z';
}

/**
 * Resolves once every process is gone. SIGKILL is sent at once but takes effect when the process next
 * runs, which on a busy machine can be a moment later: this waits for that, up to 10 s.
 */
export async function allGone(pids: number[]): Promise<number[]> {
  for (let waited = 0; waited < 10_000; waited += 20) {
    if (!pids.some(isAlive)) return [];
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return pids.filter(isAlive);
}

/**
 * A program compiled from src/ (the run action, the gate and report actions, or the CLI), as node's arguments:
 * with one GC thread, as the test workers (vitest.config.ts): many of them run at once on a machine of few cores.
 */
export function fromSource(program: 'action' | 'gate' | 'report' | 'cli'): string[] {
  return ['--single-threaded-gc', join(PROGRAMS_DIR, `${program}.mjs`)];
}
