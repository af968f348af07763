// A stand-in for nvidia-smi, for tests and the demo only. It answers --query-gpu from a real capture of an
// H200 runner (test/fixtures/nvidia-smi/h200-580.159.04.query-{gpu,clock-events}*.csv), as many GPUs as asked,
// and reports as memory.used what the trtexec stand-in holds (STANDIN_GPU_STATE), so the memory figures trt-ci
// attributes to a build can be checked against what that build allocated. Run as a program
// (node nvidia-smi-standin.mjs ARGS), or one call at a time in the test run's stand-in server (standin-server.mjs).
//
// Switches (environment):
//   NVIDIA_SMI_STANDIN_GPUS   how many GPUs (default 1); index and bus id follow the capture's pattern
//   NVIDIA_SMI_STANDIN_SET    change recorded values (a leading "N:" changes GPU N only):
//                             "driver_version=470.57.02;1:ecc.errors.uncorrected.volatile.total=3"
//   NVIDIA_SMI_STANDIN_APPS   compute processes: "4242:python3:0:20480;77:/usr/bin/foo:1:512" (pid:name:gpu:MiB)
//   NVIDIA_SMI_STANDIN_EXIT   fail as nvidia-smi does: 6 (no devices), 9 (driver not loaded), 12 (no NVML),
//                             18 (driver/library mismatch), 14 (infoROM warning, data still printed)
//   NVIDIA_SMI_STANDIN_NO_FIELD  a field this (older) driver does not know, e.g. compute_cap before 510
//   NVIDIA_SMI_STANDIN_CALLS  file to append each call's arguments to, one JSON line a call
//   NVIDIA_SMI_STANDIN_WEDGED a -lms stream that ignores SIGTERM, as nvidia-smi does on a wedged driver
//   NVIDIA_SMI_STANDIN_HANG   a --query-gpu call that never answers (a hung driver)
//   STANDIN_GPU_STATE         folder the trtexec stand-in writes gpu<N>.<pid>.mib files into, and
//                             gpu<N>.<reason>.slowed-us (added to clocks_event_reasons_counters.<reason>)
// The failure messages are nvidia-smi's own, as quoted in public bug reports.
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runAsProgram } from './standin-process.mjs';

const CAPTURE = join(import.meta.dirname, '..', 'fixtures', 'nvidia-smi', 'h200-580.159.04.');
const FATAL = {
  6: 'No devices were found',
  9:
    "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. " +
    'Make sure that the latest NVIDIA driver is installed and running.',
  12:
    "NVIDIA-SMI couldn't find libnvidia-ml.so library in your system. Please make sure that the " +
    'NVIDIA Display Driver is properly installed and present in your system.\nPlease also try adding ' +
    'directory that contains libnvidia-ml.so to your system PATH.',
  18: 'Failed to initialize NVML: Driver/library version mismatch',
};

/** Each captured field: its header (name with unit), its unit and its recorded value. Read once. */
let captured = null;
function capture() {
  if (captured) return captured;
  captured = new Map();
  for (const name of ['query-gpu', 'query-clock-events']) {
    const firstLine = (file) => readFileSync(`${CAPTURE}${file}`, 'utf8').split('\n')[0].split(', ');
    const values = firstLine(`${name}-noheader-nounits.csv`);
    firstLine(`${name}.csv`).forEach((header, i) => {
      const unit = / \[(.+)\]$/.exec(header);
      captured.set(unit ? header.slice(0, unit.index) : header, { header, unit: unit?.[1] ?? '', value: values[i] });
    });
  }
  return captured;
}

/** One nvidia-smi call; `io` is the call (args, env) and its process's edges (see standin-process.mjs). */
export async function runNvidiaSmi(io) {
  const { env, args } = io;
  const out = (text) => io.write(`${text}\n`);
  if (env.NVIDIA_SMI_STANDIN_WEDGED) io.ignoreTerm();
  const fields = new Map(capture());
  fields.delete(env.NVIDIA_SMI_STANDIN_NO_FIELD);
  if (env.NVIDIA_SMI_STANDIN_CALLS) appendFileSync(env.NVIDIA_SMI_STANDIN_CALLS, `${JSON.stringify(args)}\n`);
  // A hung driver: the query never answers (until the process is killed).
  if (env.NVIDIA_SMI_STANDIN_HANG && args.some((a) => a.startsWith('--query-gpu='))) await new Promise(() => {});
  const status = Number(env.NVIDIA_SMI_STANDIN_EXIT ?? 0) || 0;
  if (FATAL[status]) {
    out(`${FATAL[status]}\n`);
    return status;
  }
  // A later entry wins, as it does for nvidia-smi's own settings: kept in order, read from the end.
  const overrides = (env.NVIDIA_SMI_STANDIN_SET ?? '')
    .split(';')
    .filter(Boolean)
    .map((entry) => {
      const gpu = /^(\d+):/.exec(entry);
      const setting = gpu ? entry.slice(gpu[0].length) : entry;
      const eq = setting.indexOf('=');
      return { gpu: gpu ? Number(gpu[1]) : '*', field: setting.slice(0, eq), value: setting.slice(eq + 1) };
    });
  const option = (name) => args.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1) ?? '';
  const uuidOf = (gpu) => fields.get('uuid').value.replace(/1$/, String(Number(gpu) + 1));

  const apps = option('--query-compute-apps');
  const query = option('--query-gpu');
  if (!query && !apps) {
    out('This stand-in answers --query-gpu and --query-compute-apps only.');
    return 2;
  }
  if (status === 14) out('WARNING: infoROM is corrupted at gpu 0000:00:06.0');
  if (apps) {
    for (const entry of (env.NVIDIA_SMI_STANDIN_APPS ?? '').split(';').filter(Boolean)) {
      const [pid, name, gpu, mib] = entry.split(':');
      const row = { pid, process_name: name, gpu_uuid: uuidOf(gpu), used_memory: mib, used_gpu_memory: mib };
      out(
        apps
          .split(',')
          .map((field) => row[field] ?? '[N/A]')
          .join(', '),
      );
    }
    return status;
  }

  const want = query.split(',');
  const unknown = want.find((field) => !fields.has(field) && field !== 'timestamp');
  if (unknown !== undefined) {
    out(`Field "${unknown}" is not a valid field to query.\n`);
    return 2;
  }
  const format = option('--format') || 'csv';
  const nounits = format.includes('nounits');
  const gpuCount = env.NVIDIA_SMI_STANDIN_GPUS ? Number(env.NVIDIA_SMI_STANDIN_GPUS) : 1;
  if (!format.includes('noheader')) out(want.map((field) => fields.get(field)?.header ?? field).join(', '));

  const value = (field, gpu, state) => {
    const set = overrides.findLast((o) => o.field === field && (o.gpu === '*' || o.gpu === gpu));
    if (set) return set.value;
    if (field === 'timestamp') return timestamp();
    const { unit, value: recorded } = fields.get(field);
    const heldMiB = Math.floor((state.held.get(gpu) ?? 0) + 0.5);
    let v = recorded;
    if (field === 'index') v = gpu;
    else if (field === 'uuid') v = uuidOf(gpu);
    else if (field === 'pci.bus_id') v = recorded.replace(/06\.0$/, `${String(6 + gpu).padStart(2, '0')}.0`);
    else if (field === 'memory.used') v = Number(recorded) + heldMiB;
    else if (field === 'memory.free') v = Number(recorded) - heldMiB;
    else if (field.startsWith('clocks_event_reasons_counters.'))
      v = Number(recorded) + (state.slowed.get(`${gpu}.${field.slice(30)}`) ?? 0);
    return nounits || unit === '' || String(v).startsWith('[') ? v : `${v} ${unit}`;
  };
  const printRows = (state) => {
    for (let gpu = 0; gpu < gpuCount; gpu++) out(want.map((field) => value(field, gpu, state)).join(', '));
  };

  // Only the spaced form loops, as in the capture (`-lms 100`).
  const lms = args.lastIndexOf('-lms');
  const interval = lms === -1 ? 0 : Number(args[lms + 1]) || 0;
  printRows(readState(env.STANDIN_GPU_STATE));
  if (!(interval > 0)) return status;
  // A stream says it runs, in the GPU state the trtexec stand-in reads (which asks whether one polls while it
  // times an engine): run as a process or in the test's own, the mark goes when the stream ends or is stopped.
  const marker = env.STANDIN_GPU_STATE && join(env.STANDIN_GPU_STATE, `streaming.${io.pid}.${randomUUID()}`);
  if (marker) {
    mkdirSync(env.STANDIN_GPU_STATE, { recursive: true });
    writeFileSync(marker, '');
  }
  try {
    for (;;) {
      await io.sleep(interval);
      printRows(readState(env.STANDIN_GPU_STATE));
    }
  } finally {
    if (marker) rmSync(marker, { force: true });
  }
}

/**
 * What the trtexec stand-ins hold: MiB per GPU by live processes only (a killed build's memory is freed with
 * it), and the µs each GPU spent slowed for each reason (gpu<N>.<reason>.slowed-us).
 */
function readState(folder) {
  const state = { held: new Map(), slowed: new Map() };
  let names = [];
  try {
    if (folder) names = readdirSync(folder);
  } catch {
    // no folder yet: nothing held
  }
  for (const name of names) {
    const file = /^gpu(\d+)\.(.+)\.(mib|slowed-us)$/.exec(name);
    if (!file) continue;
    const [, gpu, middle, kind] = file;
    if (kind === 'mib' && !alive(Number(middle))) continue;
    let amount = 0;
    try {
      amount = Number(readFileSync(join(folder, name), 'utf8').split('\n')[0]) || 0;
    } catch {
      continue; // released while being read
    }
    const [map, key] = kind === 'mib' ? [state.held, Number(gpu)] : [state.slowed, `${Number(gpu)}.${middle}`];
    map.set(key, (map.get(key) ?? 0) + amount);
  }
  return state;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** `date '+%Y/%m/%d %H:%M:%S.%3N'`: local time, as nvidia-smi prints its timestamp field. */
function timestamp() {
  const d = new Date();
  const p = (n, width = 2) => String(n).padStart(width, '0');
  return (
    `${d.getFullYear()}/${p(d.getMonth() + 1)}/${p(d.getDate())} ` +
    `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}.${p(d.getMilliseconds(), 3)}`
  );
}

if (import.meta.main) await runAsProgram(runNvidiaSmi);
