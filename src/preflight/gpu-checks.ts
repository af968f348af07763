import type { ComputeApp, GpuInfo, GpuQuery } from '../gpu/nvidia-smi.js';
import { archSupport } from '../tensorrt/compat.js';
import { formatVersion, productOf, type TensorRtVersion } from '../tensorrt/version.js';
import { formatBytes, MiB } from '../common/units.js';
import { GPU_CHECK_IDS, type CheckId } from '../contract/checks.js';
import type { Check, CheckStatus } from '../contract/report.js';
import { driverCheck } from './driver-check.js';
import { worst } from './types.js';

export interface GpuCheckInput {
  query: GpuQuery;
  apps: ComputeApp[] | null;
  /** GPUs the builds will use: `gpus:` from the config. */
  selection: 'all' | number[];
  tensorrt: TensorRtVersion;
  cuda: { version: string; source: string } | null;
  minDriver: string | null;
  expectGpu: string[];
  workspaceBytes: number;
  minWorkspaceBytes: number;
  /** Whether /dev/nvidia* exists: inside a container without the GPU passed in it does not. */
  devNvidiaPresent: boolean;
  /** The job runs in a Kubernetes pod (KUBERNETES_SERVICE_HOST is set in every pod). */
  kubernetes?: boolean;
}

/** TensorRT needs memory beyond the workspace (weights, activations, the CUDA context). */
const BUILD_MEMORY_MARGIN_BYTES = 1024 * MiB;

const CONTAINER_HINT =
  'On a containerised runner, start the container with the GPU ' +
  'passed in (docker run --gpus all, with the NVIDIA Container Toolkit) ' +
  'so that /dev/nvidia* and the driver libraries are inside it; ' +
  'on the host, check `lsmod | grep nvidia` and the driver install.';

/**
 * ARC's Kubernetes container mode runs a job's steps in a second pod (the workflow pod) that the container
 * hook creates: the runner pod's GPU is not in it. The fix is the hook's pod template.
 */
const KUBERNETES_HINT =
  'This job runs in a Kubernetes pod: in ARC container mode (containerMode.type: kubernetes) the steps run in ' +
  "a workflow pod of their own, which gets no GPU unless the container hook's pod template gives it one: " +
  'set ACTIONS_RUNNER_CONTAINER_HOOK_TEMPLATE to a template whose $job container has ' +
  'resources.limits nvidia.com/gpu: 1 (docs/runner.md shows the template and the ARC values).';

interface PerGpu {
  status: CheckStatus;
  message: string;
}

/** One check from per-GPU verdicts: the worst status, and the GPUs that are not fine named in the message. */
function combine(
  id: CheckId,
  verdicts: { gpu: GpuInfo; verdict: PerGpu }[],
  hint: string | null,
  allFine: string,
): Check {
  const status = worst(verdicts.map((v) => v.verdict.status));
  const notable = verdicts.filter((v) => v.verdict.status !== 'pass' && v.verdict.status !== 'skip');
  const message =
    notable.length === 0 ? allFine : notable.map((v) => `GPU ${v.gpu.index}: ${v.verdict.message}`).join('; ');
  return {
    id,
    status: status === 'skip' ? 'pass' : status,
    message,
    hint: status === 'pass' || status === 'skip' ? null : hint,
  };
}

const skipAll = (ids: CheckId[], why: string): Check[] =>
  ids.map((id) => ({ id, status: 'skip', message: why, hint: null }));

/** The GPUs nvidia-smi answered for: each named (a GPU it cannot name has a dead driver), a warning said. */
function smiCheck(selected: readonly GpuInfo[], warning: string | null | undefined): Check {
  const dead = selected.filter((g) => g.name === null);
  const names = selected.map((g) => `GPU ${g.index} ${g.name ?? '(no name)'}`).join(', ');
  const smi: Check =
    dead.length > 0
      ? {
          id: 'nvidia-smi',
          status: 'fail',
          message:
            `nvidia-smi answered but could not name GPU ` +
            `${dead.map((g) => g.index).join(', ')}: the driver is not working`,
          hint: `Check dmesg for NVRM/Xid errors and reload the driver or reboot the runner. ${CONTAINER_HINT}`,
        }
      : warning
        ? {
            id: 'nvidia-smi',
            status: 'warn',
            message: `${warning}; ${names}`,
            hint:
              'A corrupted infoROM can make ECC and other GPU facts ' +
              'unreliable; ask the hardware owner to reflash or replace the board.',
          }
        : {
            id: 'nvidia-smi',
            status: 'pass',
            message: `${selected.length} GPU${selected.length === 1 ? '' : 's'}: ${names}`,
            hint: null,
          };
  return smi;
}

/** The checks of one nvidia-smi field per GPU: MIG, a display, uncorrected ECC errors, persistence mode. */
function flagChecks(selected: readonly GpuInfo[]): Check[] {
  return [
    combine(
      'mig',
      selected.map((gpu) => ({
        gpu,
        verdict:
          gpu.migMode === 'Enabled'
            ? { status: 'warn' as const, message: 'MIG mode is enabled' }
            : { status: 'pass' as const, message: '' },
      })),
      'With MIG on, a build sees only its MIG slice of memory and SMs; disable ' +
        'MIG (nvidia-smi -i N -mig 0) on build runners, or size workspace for one slice.',
      'MIG is off',
    ),
    combine(
      'display',
      selected.map((gpu) => ({
        gpu,
        verdict:
          gpu.displayActive === 'Enabled'
            ? { status: 'warn' as const, message: 'a display is active on it' }
            : { status: 'pass' as const, message: '' },
      })),
      'A GPU driving a display has a kernel watchdog that can kill ' +
        'long-running kernels during tactic timing; build on a GPU with no display attached.',
      'no display is active',
    ),
    combine(
      'ecc',
      selected.map((gpu) => ({
        gpu,
        verdict:
          (gpu.eccUncorrectedErrors ?? 0) > 0
            ? {
                status: 'fail' as const,
                message:
                  `${gpu.eccUncorrectedErrors} uncorrected ECC ` +
                  `error${gpu.eccUncorrectedErrors === 1 ? '' : 's'} since the driver loaded`,
              }
            : { status: 'pass' as const, message: '' },
      })),
      'Uncorrected ECC errors mean the GPU memory returned bad data: drain the ' +
        'runner, reset the GPU (nvidia-smi -r) and have the board checked before building on it.',
      'no uncorrected ECC errors',
    ),
    combine(
      'persistence',
      selected.map((gpu) => ({
        gpu,
        verdict:
          gpu.persistenceMode === 'Disabled'
            ? { status: 'warn' as const, message: 'persistence mode is off' }
            : { status: 'pass' as const, message: '' },
      })),
      'Without persistence mode the driver unloads between jobs and every trtexec start ' +
        'pays for initialising it; enable it (nvidia-smi -pm 1, or the nvidia-persistenced service).',
      'persistence mode is on',
    ),
  ];
}

export function gpuChecks(input: GpuCheckInput): Check[] {
  const { query } = input;
  if (!query.ok) {
    const missing = query.exitCode === null && /not found|not executable/.test(query.reason);
    const container = input.kubernetes ? KUBERNETES_HINT : CONTAINER_HINT;
    const hint = missing
      ? `Install the NVIDIA driver's utilities on the runner, or ` +
        `set nvidia-smi: in trt-ci.yml to its path. ${container}`
      : `${input.devNvidiaPresent ? '' : '/dev/nvidia* is absent: the GPU is not visible here. '}${container}` +
        (query.exitCode === 18 ? ' A driver/library mismatch usually clears with a reboot after a driver update.' : '');
    return [
      { id: 'nvidia-smi', status: 'fail', message: query.reason, hint },
      ...skipAll(GPU_CHECK_IDS, 'no GPU facts: nvidia-smi failed'),
    ];
  }
  const selected =
    input.selection === 'all' ? query.gpus : query.gpus.filter((g) => (input.selection as number[]).includes(g.index));
  const smi = smiCheck(selected, query.warning);
  // In the registry's order: MIG, then the compute mode, then the other fields.
  const [mig, ...flags] = flagChecks(selected);
  return [
    smi,
    driverCheck(selected, input),
    combine(
      'gpu-arch',
      selected.map((gpu) => ({ gpu, verdict: archSupport(input.tensorrt, gpu.computeCapability) })),
      `Use a TensorRT release that supports these GPUs, or run ` +
        `on runners whose GPUs this TensorRT supports (runs-on labels).`,
      `${productOf(input.tensorrt)} ${formatVersion(input.tensorrt)} supports every GPU here`,
    ),
    expectGpuCheck(selected, input.expectGpu),
    memoryCheck(selected, input),
    processCheck(selected, input.apps),
    mig!,
    computeModeCheck(selected, input.apps),
    ...flags,
  ];
}

function expectGpuCheck(gpus: GpuInfo[], expected: string[]): Check {
  if (expected.length === 0) return { id: 'expect-gpu', status: 'skip', message: 'expect-gpu is not set', hint: null };
  const matches = (name: string | null) =>
    name !== null &&
    expected.some((e) =>
      new RegExp(`(^|[^A-Za-z0-9])${e.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z0-9])`, 'i').test(name),
    );
  const wrong = gpus.filter((g) => !matches(g.name));
  return wrong.length === 0
    ? { id: 'expect-gpu', status: 'pass', message: `every GPU is one of ${expected.join(', ')}`, hint: null }
    : {
        id: 'expect-gpu',
        status: 'fail',
        message:
          `${wrong.map((g) => `GPU ${g.index} is ${g.name ?? 'unnamed'}`).join('; ')}; ` +
          `expected ${expected.join(' or ')}`,
        hint: "Plans are built for the GPU they run on: check the job's runs-on labels, or add this GPU to expect-gpu.",
      };
}

function memoryCheck(gpus: GpuInfo[], input: GpuCheckInput): Check {
  const need = input.workspaceBytes + BUILD_MEMORY_MARGIN_BYTES;
  const floor = input.minWorkspaceBytes + BUILD_MEMORY_MARGIN_BYTES;
  return combine(
    'gpu-memory',
    gpus.map((gpu) => {
      if (gpu.memoryFreeMiB === null)
        return { gpu, verdict: { status: 'warn' as const, message: 'free memory unknown' } };
      const free = gpu.memoryFreeMiB * MiB;
      const status = free < floor ? ('fail' as const) : free < need ? ('warn' as const) : ('pass' as const);
      return {
        gpu,
        verdict: {
          status,
          message:
            `${formatBytes(free)} free, a build needs ${formatBytes(need)} ` +
            `(workspace ${formatBytes(input.workspaceBytes)} + ${formatBytes(BUILD_MEMORY_MARGIN_BYTES)})` +
            (status === 'fail' ? ` and at least ${formatBytes(floor)} at min-workspace` : ''),
        },
      };
    }),
    'Free the GPU (see gpu-processes), lower workspace, or let the ' +
      'out-of-memory back-off find a workspace that fits (it stops at min-workspace).',
    `every GPU has room for a build with workspace ${formatBytes(input.workspaceBytes)}`,
  );
}

const describeApp = (app: ComputeApp) =>
  `pid ${app.pid} ` +
  `${app.processName ?? '(unknown)'}${app.usedMemoryMiB === null ? '' : ` using ${app.usedMemoryMiB} MiB`}`;

function appsOn(gpu: GpuInfo, apps: ComputeApp[] | null): ComputeApp[] {
  return (apps ?? []).filter((app) => app.gpuUuid !== null && app.gpuUuid === gpu.uuid);
}

function processCheck(gpus: GpuInfo[], apps: ComputeApp[] | null): Check {
  if (apps === null)
    return {
      id: 'gpu-processes',
      status: 'warn',
      message: 'nvidia-smi could not list the compute processes',
      hint: null,
    };
  return combine(
    'gpu-processes',
    gpus.map((gpu) => {
      const on = appsOn(gpu, apps);
      return {
        gpu,
        verdict:
          on.length > 0
            ? { status: 'warn' as const, message: on.map(describeApp).join(', ') }
            : { status: 'pass' as const, message: '' },
      };
    }),
    'Other processes hold GPU memory and time: builds may run out of memory and ' +
      'timings are skewed. Stop them, or give builds a GPU of their own (gpus: in trt-ci.yml).',
    'no other compute processes on the GPUs',
  );
}

function computeModeCheck(gpus: GpuInfo[], apps: ComputeApp[] | null): Check {
  return combine(
    'compute-mode',
    gpus.map((gpu) => {
      const mode = gpu.computeMode;
      if (mode === 'Prohibited')
        return {
          gpu,
          verdict: { status: 'fail' as const, message: 'compute mode is Prohibited: no process may use it' },
        };
      if (mode === 'Exclusive_Process') {
        const holders = appsOn(gpu, apps);
        return holders.length > 0
          ? {
              gpu,
              verdict: {
                status: 'fail' as const,
                message: `compute mode is Exclusive_Process and ${holders.map(describeApp).join(', ')} holds it`,
              },
            }
          : {
              gpu,
              verdict: {
                status: 'warn' as const,
                message: 'compute mode is Exclusive_Process: only one process at a time can use it',
              },
            };
      }
      return { gpu, verdict: { status: 'pass' as const, message: '' } };
    }),
    'trt-ci runs one build per GPU, but anything else on the GPU (another job, a benchmark) ' +
      'blocks it in exclusive mode; set the Default mode (nvidia-smi -i N -c DEFAULT) on build runners.',
    'compute mode lets builds in',
  );
}
