// Driver, CUDA, GPU and TensorRT compatibility facts, from docs/compatibility.md (each names its
// NVIDIA source there). Pure data and the comparisons over it.
import { atLeast, formatVersion, type TensorRtVersion } from './version.js';

/** "580.159.04" → [580, 159, 4]; null when it is not a driver version. */
function parseDriver(text: string): number[] | null {
  if (!/^\d+(\.\d+){0,2}$/.test(text.trim())) return null;
  return text.trim().split('.').map(Number);
}

export function compareDriver(a: string, b: string): number {
  const x = parseDriver(a) ?? [];
  const y = parseDriver(b) ?? [];
  for (let i = 0; i < Math.max(x.length, y.length); i += 1) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * Minor-version compatibility floor per CUDA major on Linux: below it nothing built with that CUDA
 * runs (CUDA Compatibility guide, Table 1, and the 12.0/13.0 GA toolkit drivers).
 */
export const DRIVER_FLOOR: Record<number, string> = { 11: '450.80.02', 12: '525.60.13', 13: '580.65.06' };

/** The Linux driver each toolkit GA shipped with (CUDA release notes, Table 3). */
export const TOOLKIT_DRIVER: Record<string, string> = {
  '13.2': '595.45.04',
  '13.1': '590.44.01',
  '13.0': '580.65.06',
  '12.9': '575.51.03',
  '12.8': '570.26',
  '12.6': '560.28.03',
  '12.5': '555.42.02',
  '12.4': '550.54.14',
  '12.3': '545.23.06',
  '12.2': '535.54.03',
  '12.1': '530.30.02',
  '12.0': '525.60.13',
  '11.8': '520.61.05',
  '11.7': '515.43.04',
  '11.6': '510.39.01',
  '11.5': '495.29.05',
  '11.4': '470.42.01',
  '11.3': '465.19.01',
  '11.2': '460.27.03',
  '11.1': '455.23',
  '11.0': '450.51.05',
};

export type Verdict = { status: 'pass' | 'warn' | 'fail'; message: string };

/** Compute capability "9.0" → 90; null when unknown. */
export function smNumber(cc: string | null): number | null {
  const match = cc ? /^(\d+)\.(\d+)$/.exec(cc) : null;
  return match ? Number(match[1]) * 10 + Number(match[2]) : null;
}

/**
 * Newer GPUs and the first TensorRT known to support them; `unsupportedThrough` is the newest release
 * known to reject them. Between the two nothing is known, and trt-ci says so instead of guessing.
 */
const NEWER_GPUS: { sm: number; supportedFrom: string; unsupportedThrough?: string; source: string }[] = [
  { sm: 86, supportedFrom: '8.4', unsupportedThrough: '7.2', source: 'NVIDIA/TensorRT#2332, #1428' },
  { sm: 89, supportedFrom: '8.5', unsupportedThrough: '8.4', source: 'NVIDIA/TensorRT#2727' },
  { sm: 90, supportedFrom: '10.1', source: 'TensorRT 10.1 support matrix' },
  { sm: 100, supportedFrom: '10.9', source: 'TensorRT OSS 10.9 CUDA architectures' },
  { sm: 103, supportedFrom: '11.5', source: 'TensorRT 11.5.0 release notes' },
  { sm: 107, supportedFrom: '11.3', source: 'TensorRT 11.3.0 release notes' },
  { sm: 110, supportedFrom: '10.13', source: 'TensorRT OSS 10.13 CUDA architectures' },
  {
    sm: 120,
    supportedFrom: '10.9',
    unsupportedThrough: '10.7',
    source: 'TensorRT 10.7 rejects SM 120; OSS 10.9 builds it',
  },
  { sm: 121, supportedFrom: '11.1', source: 'TensorRT 11.1.0 release notes' },
];

/** Whether a TensorRT release can build for a GPU of this compute capability. */
export function archSupport(version: TensorRtVersion, cc: string | null): Verdict {
  if (version.product === 'TensorRT-RTX') return rtxArchSupport(version, cc);
  const v = formatVersion(version);
  const sm = smNumber(cc);
  if (sm === null)
    return {
      status: 'warn',
      message: `compute capability unknown; cannot tell whether TensorRT ${v} supports this GPU`,
    };
  if (atLeast(version, '10.5') && sm < 75)
    return {
      status: 'fail',
      message: `TensorRT ${v} needs compute capability >= 7.5 (Volta was removed in 10.5), this GPU is ${cc}`,
    };
  if (atLeast(version, '10.0') && sm < 70)
    return { status: 'fail', message: `TensorRT ${v} needs compute capability >= 7.0, this GPU is ${cc}` };
  if (atLeast(version, '8.6') && sm < 60)
    return {
      status: 'fail',
      message: `TensorRT ${v} dropped Kepler and Maxwell (8.5.3 was the last), this GPU is ${cc}`,
    };
  if (atLeast(version, '10.0') && sm === 70)
    return { status: 'warn', message: `Volta (7.0) is deprecated in TensorRT ${v} and removed in 10.5` };
  if (atLeast(version, '8.6') && sm < 70)
    return { status: 'warn', message: `Pascal (${cc}) is deprecated in TensorRT ${v}` };
  if (version.major >= 11 && sm === 75)
    return {
      status: 'warn',
      message: `Turing (7.5) on TensorRT 11 is not confirmed: the OSS 11.0 build dropped SM 75 and 11.1 restored it`,
    };
  const newer = NEWER_GPUS.find((g) => g.sm === sm);
  if (newer) {
    if (atLeast(version, newer.supportedFrom))
      return { status: 'pass', message: `TensorRT ${v} supports compute capability ${cc}` };
    if (newer.unsupportedThrough && !atLeast(version, nextMinor(newer.unsupportedThrough))) {
      return {
        status: 'fail',
        message:
          `TensorRT ${v} does not support compute capability ${cc} ` +
          `(${newer.source}); it is supported from ${newer.supportedFrom}`,
      };
    }
    return {
      status: 'warn',
      message:
        `compute capability ${cc} is known to work from TensorRT ` +
        `${newer.supportedFrom} (${newer.source}); ${v} is not confirmed`,
    };
  }
  if (sm > 90)
    return {
      status: 'warn',
      message: `compute capability ${cc} is newer than anything trt-ci knows about for TensorRT ${v}`,
    };
  return { status: 'pass', message: `TensorRT ${v} supports compute capability ${cc}` };
}

function nextMinor(majorMinor: string): string {
  const [major, minor] = majorMinor.split('.').map(Number);
  return `${major}.${minor! + 1}`;
}

/**
 * The compute capabilities TensorRT-RTX builds for (its ComputeCapability enum, 1.7: SM75 to SM121; the plan
 * header's bits, docs/plan-header.md). It builds ahead of time on the CPU for the ones it is given, so the
 * runner's GPU limits no build: it is where the engines are checked, and one outside the list (H100, H200: 9.0)
 * refuses to load them (measured on an H100: bench/results/tensorrt-rtx-gpu-2026-12-07-h100).
 */
export const RTX_COMPUTE_CAPABILITIES = ['7.5', '8.0', '8.6', '8.9', '12.0', '12.1'];

function rtxArchSupport(version: TensorRtVersion, cc: string | null): Verdict {
  const v = `TensorRT-RTX ${formatVersion(version)}`;
  if (cc !== null && RTX_COMPUTE_CAPABILITIES.includes(cc))
    return { status: 'pass', message: `${v} builds for and runs on compute capability ${cc}` };
  return {
    status: 'warn',
    message:
      `${v} builds ahead of time for ${RTX_COMPUTE_CAPABILITIES.join(', ')}; this GPU (${cc ?? 'unknown'}) is ` +
      'none of them: its engines build here, and will not load here (the checks that run them fail, saying so)',
  };
}
