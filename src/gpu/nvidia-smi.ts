import { runProcess, type StartProcess } from '../proc/run-process.js';
import type { GpuInfo } from '../contract/report.js';
export type { GpuInfo };

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
      return Object.fromEntries(
        fields.map((field, i) => {
          const value = values[i]?.trim();
          return [field, value === undefined || value === '' || NOT_A_VALUE.test(value) ? null : value];
        }),
      );
    });
}

/** Every GPU fact trt-ci uses, in one query (the human table is not a stable format). */
const GPU_FIELDS = [
  'index',
  'name',
  'uuid',
  'pci.bus_id',
  'driver_version',
  'compute_cap',
  'memory.total',
  'memory.used',
  'memory.free',
  'ecc.mode.current',
  'ecc.errors.uncorrected.volatile.total',
  'display_active',
  'persistence_mode',
  'compute_mode',
  'mig.mode.current',
] as const;

const toNumber = (value: string | null | undefined) =>
  value == null || !Number.isFinite(Number(value)) ? null : Number(value);

export function parseGpuRows(text: string, fields: readonly string[] = GPU_FIELDS): GpuInfo[] {
  return parseCsvRows(text, fields).map((row) => ({
    index: Number(row.index),
    name: row.name ?? null,
    uuid: row.uuid ?? null,
    busId: row['pci.bus_id'] ?? null,
    computeCapability: row.compute_cap ?? null,
    driverVersion: row.driver_version ?? null,
    memoryTotalMiB: toNumber(row['memory.total']),
    memoryUsedMiB: toNumber(row['memory.used']),
    memoryFreeMiB: toNumber(row['memory.free']),
    eccMode: row['ecc.mode.current'] ?? null,
    eccUncorrectedErrors: toNumber(row['ecc.errors.uncorrected.volatile.total']),
    displayActive: row.display_active ?? null,
    persistenceMode: row.persistence_mode ?? null,
    computeMode: row.compute_mode ?? null,
    migMode: row['mig.mode.current'] ?? null,
  }));
}

export type GpuQuery =
  | { ok: true; gpus: GpuInfo[] /** exit 14: the data came with an infoROM warning */; warning: string | null }
  | { ok: false; exitCode: number | null; reason: string };

/** What nvidia-smi's exit statuses mean (nvidia-smi(1), RETURN VALUE). */
const EXIT_MEANING: Record<number, string> = {
  3: 'the operation is not available on this GPU',
  4: 'no permission to query the GPU',
  6: 'no GPU was found',
  9: 'the NVIDIA driver is not loaded',
  12: 'the NVML library (libnvidia-ml.so) was not found',
  15: 'a GPU has fallen off the bus',
  18:
    'the driver and the NVML library versions do not match (driver ' +
    "updated without a reboot, or a container with another driver's libraries)",
};

/** nvidia-smi as a run calls it: the program, the job's environment, the run's cancel, how a process starts. */
export interface NvidiaSmi {
  command: string;
  /** The job's environment; credentials are removed before nvidia-smi sees it. */
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal | undefined;
  /** A process of its own group (runProcess) unless the entry was handed another way (a test's, in-process). */
  start?: StartProcess | undefined;
}

/** The run's cancel stops a query at once: a hung driver must not hold a cancelled run for its timeout. */
async function runSmi(smi: NvidiaSmi, args: string[]) {
  const lines: string[] = [];
  const result = await (smi.start ?? runProcess)({
    command: smi.command,
    args,
    env: smi.env,
    timeoutMs: 30_000,
    killGraceMs: 1_000,
    onLine: (line) => lines.push(line),
    ...(smi.signal && { signal: smi.signal }),
  });
  return { result, text: lines.join('\n') };
}

/**
 * The GPUs nvidia-smi sees. A driver can answer with exit 0 and still be dead: a GPU with no name
 * is reported as such. A field this driver does not know (compute_cap before 510) is left out and
 * the query made again without it.
 */
export function queryGpus(smi: NvidiaSmi): Promise<GpuQuery> {
  return queryGpuFields(smi, GPU_FIELDS);
}

async function queryGpuFields(smi: NvidiaSmi, fields: readonly string[]): Promise<GpuQuery> {
  const { result, text } = await runSmi(smi, [`--query-gpu=${fields.join(',')}`, '--format=csv,noheader,nounits']);
  const said = text.trim().split('\n')[0]?.slice(0, 200) ?? '';
  if (result.spawnError) return { ok: false, exitCode: null, reason: result.spawnError };
  const unknownField = /^Field "([^"]+)" is not a valid field to query/.exec(text.trim());
  if (result.exitCode === 2 && unknownField && fields.includes(unknownField[1]!) && unknownField[1] !== 'index') {
    return queryGpuFields(
      smi,
      fields.filter((f) => f !== unknownField[1]),
    );
  }
  if (/No devices were found/i.test(text))
    return { ok: false, exitCode: result.exitCode, reason: 'nvidia-smi found no GPU (No devices were found)' };
  if (result.exitCode !== 0 && result.exitCode !== 14) {
    const meaning =
      result.exitCode === null
        ? `was stopped by ${result.signal}`
        : `exited with status ` +
          `${result.exitCode}${EXIT_MEANING[result.exitCode] ? ` (${EXIT_MEANING[result.exitCode]})` : ''}`;
    return { ok: false, exitCode: result.exitCode, reason: `nvidia-smi ${meaning}${said ? `: ${said}` : ''}` };
  }
  const rows = text.split('\n').filter((line) => /^\d+, /.test(line.trim()));
  const gpus = parseGpuRows(rows.join('\n'), fields);
  if (gpus.length === 0)
    return { ok: false, exitCode: result.exitCode, reason: `nvidia-smi listed no GPUs${said ? `: ${said}` : ''}` };
  const warning =
    result.exitCode === 14
      ? `nvidia-smi exited with status 14: a GPU's infoROM is ` +
        `corrupted${said && !/^\d+, /.test(said) ? ` (${said})` : ''}`
      : null;
  return { ok: true, gpus, warning };
}

export interface ComputeApp {
  pid: number;
  processName: string | null;
  gpuUuid: string | null;
  usedMemoryMiB: number | null;
}

const APP_FIELDS = ['pid', 'process_name', 'gpu_uuid', 'used_memory'] as const;

/** Processes holding a compute context on any GPU; null when nvidia-smi could not say. */
export async function queryComputeApps(smi: NvidiaSmi): Promise<ComputeApp[] | null> {
  const { result, text } = await runSmi(smi, [
    `--query-compute-apps=${APP_FIELDS.join(',')}`,
    '--format=csv,noheader,nounits',
  ]);
  if (result.spawnError || (result.exitCode !== 0 && result.exitCode !== 14)) return null;
  return parseCsvRows(
    text
      .split('\n')
      .filter((line) => /^\d+, /.test(line.trim()))
      .join('\n'),
    APP_FIELDS,
  ).map((row) => ({
    pid: Number(row.pid),
    processName: row.process_name ?? null,
    gpuUuid: row.gpu_uuid ?? null,
    usedMemoryMiB: toNumber(row.used_memory),
  }));
}

/** The clock event reasons whose counters (µs spent slowed) mean a latency measurement is not to be trusted. */
const SLOWDOWN_REASONS = ['sw_power_cap', 'sw_thermal_slowdown', 'hw_thermal_slowdown', 'hw_power_brake_slowdown'];

/** What nvidia-smi says of a GPU between two timed runs: its SM clock, and the time it has spent slowed. */
export interface ClockState {
  smClockMHz: number | null;
  /** µs spent slowed, by reason (clocks_event_reasons_counters), since the driver loaded. */
  slowed: Record<string, number>;
}

/**
 * GPU `index`'s clock state (a capture is in test/fixtures/nvidia-smi). Read between runs, a counter that
 * grew says the GPU slowed down during the run even if it no longer is. Null when nvidia-smi cannot say
 * (drivers without the counters).
 */
export async function queryClockState(smi: NvidiaSmi, index: number): Promise<ClockState | null> {
  const counters = SLOWDOWN_REASONS.map((reason) => `clocks_event_reasons_counters.${reason}`);
  const fields = ['index', 'clocks.current.sm', ...counters];
  const { result, text } = await runSmi(smi, [`--query-gpu=${fields.join(',')}`, '--format=csv,noheader,nounits']);
  if (result.exitCode !== 0) return null;
  const row = parseCsvRows(text, fields).find((r) => Number(r.index) === index);
  if (!row) return null;
  const slowed: Record<string, number> = {};
  for (const reason of SLOWDOWN_REASONS) {
    const value = toNumber(row[`clocks_event_reasons_counters.${reason}`]);
    if (value === null) return null;
    slowed[reason] = value;
  }
  return { smClockMHz: toNumber(row['clocks.current.sm']), slowed };
}
