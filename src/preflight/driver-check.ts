// Whether the runner's driver can run the TensorRT and CUDA the builds use: TensorRT 11's r580 floor, the team's
// min-driver, and each CUDA major's floor and toolkit driver (docs/trtexec-flags.md, tensorrt/compat.ts).
import type { Check } from '../contract/report.js';
import type { GpuInfo } from '../gpu/nvidia-smi.js';
import { compareDriver, DRIVER_FLOOR, TOOLKIT_DRIVER } from '../tensorrt/compat.js';
import { formatVersion, type TensorRtVersion } from '../tensorrt/version.js';

/** What the driver is held to: the TensorRT, the CUDA it was built with (when known), the team's min-driver. */
interface DriverInput {
  tensorrt: TensorRtVersion;
  cuda: { version: string; source: string } | null;
  minDriver: string | null;
}

/**
 * Every TensorRT 11 package (tar, deb, rpm, container, the cu13 wheels) is built with CUDA 13 and needs
 * driver r580; the cu12 pip wheels run on r535 but ship no trtexec, so a trtexec 11 below r580 cannot run,
 * whatever CUDA 12 runtime the machine also has (TensorRT 11 release notes; docs/trtexec-flags.md).
 */
const TENSORRT_11_DRIVER = DRIVER_FLOOR[13]!;

function tensorrt11Floor(driver: string, input: DriverInput): Check | null {
  if (input.tensorrt.major < 11 || compareDriver(driver, TENSORRT_11_DRIVER) >= 0) return null;
  const cu12 = input.cuda?.version.startsWith('12')
    ? ` The CUDA ${input.cuda.version} found (${input.cuda.source}) is a cu12 runtime: TensorRT 11's cu12 pip ` +
      'wheels run on r535 but ship no trtexec, so they cannot stand in for it.'
    : '';
  return {
    id: 'driver',
    status: 'fail',
    message:
      `driver ${driver} is older than ${TENSORRT_11_DRIVER} (r580), the least every TensorRT ` +
      `${formatVersion(input.tensorrt)} package with trtexec needs (CUDA 13.x)`,
    hint: `Upgrade the runner's driver to r580 or newer, or build with TensorRT 10.x here.${cu12}`,
  };
}

export function driverCheck(gpus: GpuInfo[], input: DriverInput): Check {
  const driver = gpus.find((g) => g.driverVersion)?.driverVersion ?? null;
  if (!driver)
    return { id: 'driver', status: 'warn', message: 'nvidia-smi did not report the driver version', hint: null };
  const eleven = tensorrt11Floor(driver, input);
  if (eleven) return eleven;
  if (input.minDriver) {
    return compareDriver(driver, input.minDriver) < 0
      ? {
          id: 'driver',
          status: 'fail',
          message: `driver ${driver} is below min-driver ${input.minDriver}`,
          hint: "Upgrade the runner's NVIDIA driver to the version your team pins (min-driver in trt-ci.yml).",
        }
      : { id: 'driver', status: 'pass', message: `driver ${driver} >= min-driver ${input.minDriver}`, hint: null };
  }
  if (!input.cuda) {
    return {
      id: 'driver',
      status: 'warn',
      message: `driver ${driver}; the CUDA version this TensorRT uses is unknown, so it cannot be checked`,
      hint: 'Set cuda: in trt-ci.yml (e.g. cuda: "12.4") to the CUDA of your TensorRT build.',
    };
  }
  const [major, minor] = input.cuda.version.split('.');
  const floor = DRIVER_FLOOR[Number(major)];
  const from = `CUDA ${input.cuda.version} (from ${input.cuda.source})`;
  if (!floor)
    return {
      id: 'driver',
      status: 'warn',
      message: `driver ${driver}; trt-ci knows no driver floor for ${from}`,
      hint: null,
    };
  if (compareDriver(driver, floor) < 0) {
    return {
      id: 'driver',
      status: 'fail',
      message: `driver ${driver} is older than ${floor}, the least any CUDA ${major}.x needs; ${from}`,
      hint:
        `Upgrade the runner's driver to >= ${floor} (Linux), or use a TensorRT build for an older ` +
        `CUDA. Builds would fail with "CUDA driver version is insufficient for CUDA runtime version".`,
    };
  }
  const toolkit = minor === undefined ? undefined : TOOLKIT_DRIVER[`${major}.${minor}`];
  if (toolkit && compareDriver(driver, toolkit) < 0) {
    return {
      id: 'driver',
      status: 'warn',
      message:
        `driver ${driver} is below ${toolkit}, the driver of the CUDA ` +
        `${major}.${minor} toolkit: it runs in minor-version compatibility mode; ${from}`,
      hint:
        `Minor-version compatibility has a limited feature set (no PTX JIT of ` +
        `newer PTX); upgrade the driver to >= ${toolkit} if builds or plugins need it.`,
    };
  }
  return { id: 'driver', status: 'pass', message: `driver ${driver} runs ${from}`, hint: null };
}
