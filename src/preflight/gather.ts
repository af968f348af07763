// The edges of preflight: nvidia-smi, the file system, ldd. Everything here only collects facts;
// the checks in gpu-checks.ts and host-checks.ts judge them.
import { lddOf, whichCommand } from '../proc/ldd.js';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join } from 'node:path';
import type { TensorRtVersion } from '../tensorrt/version.js';
import { readElf, nvinferMajor } from './elf.js';
import type { DiskFacts, NvinferTarget, PluginFacts } from './host-checks.js';

export async function diskFacts(outputDir: string): Promise<DiskFacts> {
  // The output folder may not exist yet: measure the volume it will be created on.
  let path = outputDir;
  while (!existsSync(path) && dirname(path) !== path) path = dirname(path);
  try {
    const stats = await statfs(path);
    return { path, freeBytes: stats.bavail * stats.bsize };
  } catch (error) {
    return { path, error: (error as Error).message };
  }
}

export async function pluginFacts(path: string, dynamic: boolean, env: NodeJS.ProcessEnv): Promise<PluginFacts> {
  const elf = await readElf(path);
  const ldd = elf.ok ? await lddOf(path, env) : null;
  return { path, dynamic, elf, lddNotFound: ldd?.notFound ?? null };
}

export interface CudaSource {
  version: string;
  source: string;
}

export interface CudaLookup {
  configured: string | null;
  trtexecPath: string | null;
  tensorrt: TensorRtVersion;
  env: NodeJS.ProcessEnv;
  toolkitRoot: string;
}

/**
 * The CUDA version the TensorRT build uses, and where that was read: the config, the libcudart
 * that trtexec links, the CUDA toolkit on the machine (a CUDA container sets CUDA_VERSION), or what
 * the TensorRT major implies (every TensorRT 11 is built with CUDA 13).
 */
export async function findCuda(lookup: CudaLookup): Promise<CudaSource | null> {
  if (lookup.configured) return { version: lookup.configured, source: 'cuda: in trt-ci.yml' };
  if (lookup.trtexecPath) {
    const elf = await readElf(lookup.trtexecPath);
    if (elf.ok) {
      const ldd = await lddOf(lookup.trtexecPath, lookup.env);
      const linked = [...(ldd?.resolved.entries() ?? [])].find(([name]) => name.startsWith('libcudart.so.'));
      if (linked) {
        // libcudart.so.12 → libcudart.so.12.4.127: the real file names the toolkit's minor.
        const real = basename(safeRealpath(linked[1]));
        const full = /^libcudart\.so\.(\d+\.\d+)/.exec(real)?.[1] ?? /^libcudart\.so\.(\d+)/.exec(linked[0])?.[1];
        if (full) return { version: full, source: `${real} that ${lookup.trtexecPath} links` };
      }
      const needed = elf.elf.needed.find((lib) => lib.startsWith('libcudart.so.'));
      const major = needed && /^libcudart\.so\.(\d+)/.exec(needed)?.[1];
      if (major) return { version: major, source: `${needed} that ${lookup.trtexecPath} links` };
    }
  }
  const toolkit = readToolkitVersion(lookup.toolkitRoot);
  if (toolkit) return { version: toolkit, source: `the CUDA toolkit at ${lookup.toolkitRoot}` };
  const fromEnv = lookup.env.CUDA_VERSION && /^(\d+\.\d+)/.exec(lookup.env.CUDA_VERSION)?.[1];
  if (fromEnv) return { version: fromEnv, source: "CUDA_VERSION in the environment (the container's CUDA)" };
  if (lookup.tensorrt.major >= 11) return { version: '13', source: 'TensorRT 11, which is built with CUDA 13' };
  return null;
}

function safeRealpath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function readToolkitVersion(root: string): string | null {
  try {
    const json = JSON.parse(readFileSync(join(root, 'version.json'), 'utf8')) as { cuda?: { version?: string } };
    return /^(\d+\.\d+)/.exec(json.cuda?.version ?? '')?.[1] ?? null;
  } catch {
    return null;
  }
}

/** Which libnvinfer.so major plugins must link: what trtexec links, else the detected TensorRT major. */
export async function nvinferTarget(trtexecPath: string | null, tensorrt: TensorRtVersion): Promise<NvinferTarget> {
  if (trtexecPath) {
    const elf = await readElf(trtexecPath);
    const major = elf.ok ? nvinferMajor(elf.elf.needed) : null;
    if (major !== null) return { major, source: `${trtexecPath} links libnvinfer.so.${major}` };
  }
  return { major: tensorrt.major, source: `TensorRT ${tensorrt.major}.${tensorrt.minor}` };
}

export function devNvidiaPresent(dev = '/dev'): boolean {
  return existsSync(join(dev, 'nvidiactl')) || existsSync(join(dev, 'nvidia0'));
}

export function resolveCommand(command: string, env: NodeJS.ProcessEnv): string | null {
  const found = whichCommand(command, env);
  return found && isAbsolute(found) ? safeRealpath(found) : found;
}
