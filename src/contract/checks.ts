// The preflight checks, written once. Their ids are the report's `checks[].id`, the `skip-checks` values
// of trt-ci.yml and its JSON schema, and the rows of docs/preflight.md; preflight/ must judge every one,
// once: the preflight test holds a run's check ids to this table, so a check added here and judged nowhere
// fails it (npm run build regenerates the docs and schemas from the table, never the judges).

/** What a check needs before it can judge: the GPU facts from nvidia-smi, the host, or the config alone. */
export type CheckSource = 'nvidia-smi' | 'gpu' | 'host' | 'config';

export interface CheckSpec {
  source: CheckSource;
  /** What it looks at, in words (docs and the schema's description). */
  looksAt: string;
  /** When it fails and when it only warns. */
  judges: string;
}

export const PREFLIGHT_CHECKS = {
  'nvidia-smi': {
    source: 'nvidia-smi',
    looksAt: 'one `nvidia-smi --query-gpu` call (never the human table): the GPUs are visible and named',
    judges: 'fails when nvidia-smi is missing, fails or cannot name a GPU; warns on a corrupted infoROM (exit 14)',
  },
  driver: {
    source: 'gpu',
    looksAt:
      'the driver version against the CUDA TensorRT uses (from `cuda:`, the libcudart trtexec links, the ' +
      'toolkit or CUDA_VERSION) and `min-driver`',
    judges: 'fails when the driver is older than that CUDA needs',
  },
  'gpu-arch': {
    source: 'gpu',
    looksAt: "each GPU's compute capability against the detected TensorRT's supported range",
    judges: 'fails when TensorRT cannot build for the GPU',
  },
  'expect-gpu': {
    source: 'gpu',
    looksAt: 'the GPU names against `expect-gpu`',
    judges: 'fails when a GPU is not one of them; skipped when `expect-gpu` is not set',
  },
  'gpu-memory': {
    source: 'gpu',
    looksAt: 'free GPU memory against the workspace plus a 1 GiB margin',
    judges: 'fails below `min-workspace` plus the margin; warns below `workspace` plus the margin',
  },
  'gpu-processes': {
    source: 'gpu',
    looksAt: 'compute processes already on the GPUs',
    judges: 'warns when another process holds a GPU, or when they cannot be listed',
  },
  mig: { source: 'gpu', looksAt: 'MIG mode', judges: 'warns when MIG is on (a build sees one slice)' },
  'compute-mode': {
    source: 'gpu',
    looksAt: 'the compute mode',
    judges: 'fails when it is Prohibited, or Exclusive_Process with another process holding the GPU',
  },
  display: { source: 'gpu', looksAt: 'an active display', judges: 'warns: the display watchdog can kill long kernels' },
  ecc: { source: 'gpu', looksAt: 'uncorrected ECC errors since the driver loaded', judges: 'fails when there are any' },
  persistence: { source: 'gpu', looksAt: 'persistence mode', judges: 'warns when it is off (slow first start)' },
  disk: {
    source: 'host',
    looksAt: 'free disk space at the output folder against `min-free-disk`',
    judges: 'fails below it; warns when it cannot be read',
  },
  plugins: {
    source: 'host',
    looksAt: 'each plugin `.so`: ELF for this machine, linking the same `libnvinfer.so.N` as trtexec',
    judges: 'fails on a missing, foreign or mislinked library',
  },
  'registry-login': {
    source: 'host',
    looksAt: "the Docker config (`$DOCKER_CONFIG`, else `~/.docker`) for a login to the registry cache's registries",
    judges:
      "warns on a run that is not the default branch's when one is there (on a persistent runner any job's code " +
      'reads it); skipped without an `oci://` cache',
  },
  'timing-cache': {
    source: 'host',
    looksAt:
      'the record beside `timing-cache:` (`<file>.origin.json`, written by trt-ci): the TensorRT and GPU model ' +
      'of the build that wrote the file',
    judges:
      'warns when it was written by another TensorRT or GPU model (builds there start without it and leave it ' +
      'as it is), or when there is no record (used as given); skipped without `timing-cache:`',
  },
  precision: {
    source: 'config',
    looksAt: "the models' precisions against the GPUs (fp8 needs compute capability 8.9) and int8 calibration",
    judges: 'fails on fp8 below 8.9; warns on int8 without a calibration cache',
  },
} as const satisfies Record<string, CheckSpec>;

export type CheckId = keyof typeof PREFLIGHT_CHECKS;
export const CHECK_IDS = Object.keys(PREFLIGHT_CHECKS) as [CheckId, ...CheckId[]];

/** The checks judged from nvidia-smi's facts, skipped together when nvidia-smi itself fails. */
export const GPU_CHECK_IDS = CHECK_IDS.filter((id) => PREFLIGHT_CHECKS[id].source === 'gpu');
