// A stand-in for nvidia-smi, for tests and the demo only. It answers --query-gpu from a real capture
// of an H200 runner (test/fixtures/nvidia-smi/h200-580.159.04.query-gpu*.csv), as many GPUs as asked,
// and reports as memory.used what the trtexec stand-in holds (STANDIN_GPU_STATE), so the memory
// figures trt-ci attributes to a build can be checked against what that build allocated.
//
// Switches (environment):
//   NVIDIA_SMI_STANDIN_GPUS   how many GPUs (default 1); index and bus id follow the capture's pattern
//   NVIDIA_SMI_STANDIN_SET    change recorded values:
// "driver_version=470.57.02;1:ecc.errors.uncorrected.volatile.total=3"
//                             (a leading "N:" changes GPU N only)
//   NVIDIA_SMI_STANDIN_APPS   compute processes: "4242:python3:0:20480;77:/usr/bin/foo:1:512" (pid:name:gpu:MiB)
//   NVIDIA_SMI_STANDIN_EXIT   fail as nvidia-smi does: 6 (no devices), 9 (driver not loaded), 12 (no NVML),
//                             18 (driver/library mismatch), 14 (infoROM warning, data still printed)
//   NVIDIA_SMI_STANDIN_NO_FIELD  a field this (older) driver does not know, e.g. compute_cap before 510
//   NVIDIA_SMI_STANDIN_CALLS  file to append each call's arguments to, one JSON line a call
//   NVIDIA_SMI_STANDIN_WEDGED a -lms stream that ignores SIGTERM, as nvidia-smi does on a wedged driver
//   STANDIN_GPU_STATE         folder the trtexec stand-in writes gpu<N>.<pid>.mib files into
// The failure messages are nvidia-smi's own, as quoted in public bug reports.
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const fixture = (name) =>
  readFileSync(join(here, '..', 'fixtures', 'nvidia-smi', `h200-580.159.04.${name}`), 'utf8').split('\n');
const headers = fixture('query-gpu.csv')[0].split(', ');
const units = headers.map((h) => / \[(.+)\]$/.exec(h)?.[1] ?? null);
const fields = headers.map((h) => h.replace(/ \[.+\]$/, ''));
const recorded = Object.fromEntries(
  fixture('query-gpu-noheader-nounits.csv')[0]
    .split(', ')
    .map((value, i) => [fields[i], value]),
);
if (process.env.NVIDIA_SMI_STANDIN_NO_FIELD) delete recorded[process.env.NVIDIA_SMI_STANDIN_NO_FIELD];

const env = process.env;
const args = process.argv.slice(2);
if (env.NVIDIA_SMI_STANDIN_CALLS) appendFileSync(env.NVIDIA_SMI_STANDIN_CALLS, `${JSON.stringify(args)}\n`);
const exitStatus = Number(env.NVIDIA_SMI_STANDIN_EXIT ?? 0);
const FATAL = {
  6: 'No devices were found',
  9:
    "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA " +
    'driver. Make sure that the latest NVIDIA driver is installed and running.',
  12:
    "NVIDIA-SMI couldn't find libnvidia-ml.so library in your system. Please make sure that the NVIDIA Display " +
    'Driver is properly installed and present in your system.\nPlease also ' +
    'try adding directory that contains libnvidia-ml.so to your system PATH.',
  18: 'Failed to initialize NVML: Driver/library version mismatch',
};
if (FATAL[exitStatus]) {
  process.stdout.write(`${FATAL[exitStatus]}\n\n`);
  process.exit(exitStatus);
}

const overrides = (env.NVIDIA_SMI_STANDIN_SET ?? '')
  .split(';')
  .filter(Boolean)
  .map((entry) => {
    const match = /^(?:(\d+):)?([^=]+)=(.*)$/.exec(entry);
    return { gpu: match[1] === undefined ? null : Number(match[1]), field: match[2], value: match[3] };
  });

const option = (name) => args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
const apps = option('--query-compute-apps');
const query = option('--query-gpu');
if (!query && !apps) {
  process.stdout.write('This stand-in answers --query-gpu and --query-compute-apps only.\n');
  process.exit(2);
}
if (exitStatus === 14) process.stdout.write('WARNING: infoROM is corrupted at gpu 0000:00:06.0\n');
if (apps) {
  const uuid = (index) => recorded.uuid.replace(/1$/, String(index + 1));
  for (const entry of (env.NVIDIA_SMI_STANDIN_APPS ?? '').split(';').filter(Boolean)) {
    const [pid, name, gpu, mib] = entry.split(':');
    const row = { pid, process_name: name, gpu_uuid: uuid(Number(gpu)), used_memory: mib, used_gpu_memory: mib };
    process.stdout.write(
      `${apps
        .split(',')
        .map((f) => row[f] ?? '[N/A]')
        .join(', ')}\n`,
    );
  }
  process.exit(exitStatus);
}
const wanted = query.split(',');
const bad = wanted.find((f) => !(f in recorded) && f !== 'timestamp');
if (bad) {
  process.stdout.write(`Field "${bad}" is not a valid field to query.\n\n`);
  process.exit(2);
}
const format = option('--format') ?? 'csv';
const noheader = format.includes('noheader');
const nounits = format.includes('nounits');
const gpuCount = Number(env.NVIDIA_SMI_STANDIN_GPUS ?? 1);

function heldMiB(index) {
  if (!env.STANDIN_GPU_STATE) return 0;
  let total = 0;
  let files = [];
  try {
    files = readdirSync(env.STANDIN_GPU_STATE);
  } catch {
    return 0;
  }
  for (const file of files) {
    const match = /^gpu(\d+)\.(\d+)\.mib$/.exec(file);
    if (!match || Number(match[1]) !== index) continue;
    try {
      process.kill(Number(match[2]), 0); // a killed build's memory is freed with it
      total += Number(readFileSync(join(env.STANDIN_GPU_STATE, file), 'utf8'));
    } catch {
      // gone
    }
  }
  return Math.round(total);
}

function value(field, index) {
  const override = overrides.filter((o) => o.field === field && (o.gpu === null || o.gpu === index)).pop();
  if (override) return override.value;
  const used = Number(recorded['memory.used']) + heldMiB(index);
  const unit = units[fields.indexOf(field)];
  let v;
  switch (field) {
    case 'timestamp': {
      const d = new Date();
      const p = (n, w = 2) => String(n).padStart(w, '0');
      return (
        `${d.getFullYear()}/${p(d.getMonth() + 1)}/${p(d.getDate())} ` +
        `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}.${p(d.getMilliseconds(), 3)}`
      );
    }
    case 'index':
      v = String(index);
      break;
    case 'uuid':
      v = recorded.uuid.replace(/1$/, String(index + 1));
      break;
    case 'pci.bus_id':
      v = recorded['pci.bus_id'].replace(/06\.0$/, `${String(6 + index).padStart(2, '0')}.0`);
      break;
    case 'memory.used':
      v = String(used);
      break;
    case 'memory.free':
      v = String(Number(recorded['memory.free']) - heldMiB(index));
      break;
    default:
      v = recorded[field];
  }
  return nounits || !unit || v.startsWith('[') ? v : `${v} ${unit}`;
}

function print() {
  const lines = [];
  for (let i = 0; i < gpuCount; i += 1) lines.push(wanted.map((f) => value(f, i)).join(', '));
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (!noheader) process.stdout.write(`${wanted.map((f) => headers[fields.indexOf(f)] ?? f).join(', ')}\n`);
const loop = Number(option('-lms') ?? args[args.indexOf('-lms') + 1]);
if (args.includes('-lms') && loop > 0) {
  // NVIDIA_SMI_STANDIN_WEDGED: a stream that no longer answers SIGTERM, as on a wedged driver.
  process.on('SIGTERM', () => {
    if (!env.NVIDIA_SMI_STANDIN_WEDGED) process.exit(0);
  });
  print();
  setInterval(print, loop);
} else {
  print();
}
process.exitCode = exitStatus;
