import { runProcess } from '../proc/run-process.js';

/** nvidia-smi answers these instead of a value; they mean "unknown", never an error. */
const NOT_A_VALUE = /^\[.*\]$|^N\/A$/;

/** One row of `--format=csv,noheader,nounits` output, keyed by the queried field names. */
export function parseCsvRows(text: string, fields: readonly string[]): Record<string, string | null>[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line) => {
      const values = line.split(', ');
      return Object.fromEntries(fields.map((field, i) => {
        const value = values[i]?.trim();
        return [field, value === undefined || value === '' || NOT_A_VALUE.test(value) ? null : value];
      }));
    });
}

export interface GpuInfo {
  index: number;
  name: string | null;
  uuid: string | null;
  computeCapability: string | null;
  driverVersion: string | null;
  memoryTotalMiB: number | null;
  memoryUsedMiB: number | null;
  memoryFreeMiB: number | null;
}

const GPU_FIELDS = ['index', 'name', 'uuid', 'compute_cap', 'driver_version', 'memory.total', 'memory.used', 'memory.free'] as const;

const toNumber = (value: string | null) => (value === null || !Number.isFinite(Number(value)) ? null : Number(value));

export function parseGpuRows(text: string): GpuInfo[] {
  return parseCsvRows(text, GPU_FIELDS).map((row) => ({
    index: Number(row.index),
    name: row.name ?? null,
    uuid: row.uuid ?? null,
    computeCapability: row.compute_cap ?? null,
    driverVersion: row.driver_version ?? null,
    memoryTotalMiB: toNumber(row['memory.total'] ?? null),
    memoryUsedMiB: toNumber(row['memory.used'] ?? null),
    memoryFreeMiB: toNumber(row['memory.free'] ?? null),
  }));
}

export type GpuQuery = { ok: true; gpus: GpuInfo[] } | { ok: false; reason: string };

/** The GPUs nvidia-smi sees, in one query (never the human table, which is not a stable format). */
export async function queryGpus(nvidiaSmi: string): Promise<GpuQuery> {
  const lines: string[] = [];
  const result = await runProcess({
    command: nvidiaSmi,
    args: [`--query-gpu=${GPU_FIELDS.join(',')}`, '--format=csv,noheader,nounits'],
    timeoutMs: 30_000,
    killGraceMs: 1_000,
    onLine: (line) => lines.push(line),
  });
  if (result.spawnError) return { ok: false, reason: result.spawnError };
  if (result.exitCode !== 0) return { ok: false, reason: `${nvidiaSmi} exited with status ${result.exitCode ?? result.signal}: ${lines.join(' ').trim().slice(0, 200)}` };
  const gpus = parseGpuRows(lines.join('\n')).filter((gpu) => Number.isInteger(gpu.index));
  if (gpus.length === 0) return { ok: false, reason: `${nvidiaSmi} listed no GPUs: ${lines.join(' ').trim().slice(0, 200)}` };
  return { ok: true, gpus };
}
