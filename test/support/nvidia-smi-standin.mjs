// A stand-in for nvidia-smi, for tests and the demo only. It answers --query-gpu from a real capture
// of an H200 runner (test/fixtures/nvidia-smi/h200-580.159.04.query-gpu*.csv), as many GPUs as asked,
// and reports as memory.used what the trtexec stand-in holds (STANDIN_GPU_STATE), so the memory
// figures trt-ci attributes to a build can be checked against what that build allocated.
//
// Switches (environment):
//   NVIDIA_SMI_STANDIN_GPUS   how many GPUs (default 1); index and bus id follow the capture's pattern
//   NVIDIA_SMI_STANDIN_EXIT   exit with this status and nvidia-smi's message for it
//   STANDIN_GPU_STATE         folder the trtexec stand-in writes gpu<N>.<pid>.mib files into
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const fixture = (name) => readFileSync(join(here, '..', 'fixtures', 'nvidia-smi', `h200-580.159.04.${name}`), 'utf8').split('\n');
const headers = fixture('query-gpu.csv')[0].split(', ');
const units = headers.map((h) => / \[(.+)\]$/.exec(h)?.[1] ?? null);
const fields = headers.map((h) => h.replace(/ \[.+\]$/, ''));
const recorded = Object.fromEntries(fixture('query-gpu-noheader-nounits.csv')[0].split(', ').map((value, i) => [fields[i], value]));

const env = process.env;
const args = process.argv.slice(2);
const exitStatus = env.NVIDIA_SMI_STANDIN_EXIT;
if (exitStatus) {
  const messages = {
    9: 'NVIDIA-SMI has failed because it couldn\'t communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running.',
    12: 'NVIDIA-SMI couldn\'t find libnvidia-ml.so library in your system. Please make sure that the NVIDIA Display Driver is properly installed and present in your system.',
  };
  process.stdout.write(`${messages[exitStatus] ?? 'Unknown Error'}\n\n`);
  process.exit(Number(exitStatus));
}

const option = (name) => args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
const query = option('--query-gpu');
if (!query) {
  process.stdout.write('This stand-in answers --query-gpu only.\n');
  process.exit(2);
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
  const used = Number(recorded['memory.used']) + heldMiB(index);
  const unit = units[fields.indexOf(field)];
  let v;
  switch (field) {
    case 'timestamp': {
      const d = new Date();
      const p = (n, w = 2) => String(n).padStart(w, '0');
      return `${d.getFullYear()}/${p(d.getMonth() + 1)}/${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}.${p(d.getMilliseconds(), 3)}`;
    }
    case 'index': v = String(index); break;
    case 'uuid': v = recorded.uuid.replace(/1$/, String(index + 1)); break;
    case 'pci.bus_id': v = recorded['pci.bus_id'].replace(/06\.0$/, `${String(6 + index).padStart(2, '0')}.0`); break;
    case 'memory.used': v = String(used); break;
    case 'memory.free': v = String(Number(recorded['memory.free']) - heldMiB(index)); break;
    default: v = recorded[field];
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
  process.on('SIGTERM', () => process.exit(0));
  print();
  setInterval(print, loop);
} else {
  print();
}
