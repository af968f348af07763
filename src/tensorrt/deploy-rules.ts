// Will a plan load where it ships? TensorRT's rules for a serialized engine on another GPU, TensorRT and OS,
// and the lines it prints when it will not (docs/deploy.md has the sources). Pure: what the build knew and
// the target's description in, a verdict with the line and the fix out.
import { withArticle } from '../common/article.js';
import { RTX_COMPUTE_CAPABILITIES, smNumber } from './compat.js';

/** GPU models by compute capability (NVIDIA "CUDA GPU Compute Capability", developer.nvidia.com/cuda-gpus). */
export const GPU_COMPUTE: Record<string, string> = {
  T4: '7.5',
  V100: '7.0',
  A100: '8.0',
  A30: '8.0',
  A10: '8.6',
  A10G: '8.6',
  A40: '8.6',
  A16: '8.6',
  A2: '8.6',
  'RTX A6000': '8.6',
  L4: '8.9',
  L40: '8.9',
  L40S: '8.9',
  H100: '9.0',
  H200: '9.0',
  GH200: '9.0',
  B200: '10.0',
  GB200: '10.0',
  B300: '10.3',
  GB300: '10.3',
};

/** A GPU model as nvidia-smi names it ("NVIDIA H100 80GB HBM3") or as a target names it ("H100"): its CC. */
export function computeCapabilityOf(gpu: string): string | null {
  const name = gpu.replace(/^NVIDIA\s+/i, '').trim();
  if (GPU_COMPUTE[name]) return GPU_COMPUTE[name]!;
  // The longest known model that starts the name: "H100 80GB HBM3" is an H100, "A100-SXM4-40GB" an A100.
  const known = Object.keys(GPU_COMPUTE)
    .filter((model) => new RegExp(`^${model.replace(/ /g, '[ -]')}(?![0-9A-Za-z])`, 'i').test(name))
    .sort((a, b) => b.length - a.length)[0];
  return known ? GPU_COMPUTE[known]! : null;
}

export type HardwareLevel = 'none' | 'ampere+' | 'sameComputeCapability';

/** What a build's flags ask of portability (trtexec's sampleOptions.cpp spellings). */
export interface Portability {
  hardware: HardwareLevel;
  versionCompatible: boolean;
  /** --runtimePlatform: the OS the plan is for; SameAsBuild when not given. */
  runtimePlatform: 'SameAsBuild' | 'WindowsAMD64';
}

export function portabilityOf(flags: readonly string[]): Portability {
  const value = (flag: string) =>
    flags
      .filter((f) => f.startsWith(`${flag}=`))
      .map((f) => f.slice(flag.length + 1))
      .at(-1);
  const level = value('--hardwareCompatibilityLevel');
  const platform = value('--runtimePlatform');
  return {
    hardware: level === 'ampere+' ? 'ampere+' : level === 'sameComputeCapability' ? 'sameComputeCapability' : 'none',
    versionCompatible: flags.includes('--versionCompatible') || flags.includes('--vc'),
    runtimePlatform: platform?.toLowerCase() === 'windowsamd64' ? 'WindowsAMD64' : 'SameAsBuild',
  };
}

/** Where the plan was built, as the run knows it. */
export interface BuiltPlan {
  tensorrtVersion: string | null;
  computeCapability: string | null;
  gpu: string | null;
  os: 'linux' | 'windows';
  portability: Portability;
  /** A TensorRT-RTX plan (its header's `vtrt`), with the compute capabilities it was built for. */
  rtx?: { computeCapabilities: readonly string[] | null } | undefined;
}

/** A deploy target of trt-ci.yml: a GPU (by model or compute capability), a TensorRT, an OS. */
export interface DeployTarget {
  name: string;
  gpu: string | null;
  computeCapability: string | null;
  /** "10.3" or "10.3.0.26": a prefix the runtime's version starts with; null when not said. */
  tensorrt: string | null;
  os: 'linux' | 'windows';
}

const DEPLOY_VERDICTS = ['loads', 'loads-with-warning', 'fails', 'unknown'] as const;
export type DeployVerdict = (typeof DEPLOY_VERDICTS)[number];

export interface DeployPrediction {
  verdict: DeployVerdict;
  /** What TensorRT would print (its own words where they are known), or why the verdict is unknown. */
  line: string | null;
  fix: string | null;
}

// "expecting" is the runtime's (the device it runs on, its library), "got" the plan's: NVIDIA/TensorRT#564 on a
// GTX 1060 (6.1) read "expecting compute 6.1 got compute 7.5"; wang-xinyu/tensorrtx#664, a plan of 8.0.1.6 on
// an 8.0.0 runtime, "expecting library version 8.0.0 got 8.0.1". Before 8.5 the versions have three parts.
const DEVICE_LINE = (expecting: string, got: string) =>
  `The engine plan file is generated on an incompatible device, expecting compute ${expecting} got compute ${got}, ` +
  'please rebuild.';
const spelled = (version: string) => {
  const [major = 0, minor = 0] = parts(version);
  return major < 8 || (major === 8 && minor < 5) ? version.split('.').slice(0, 3).join('.') : version;
};
const VERSION_LINE = (plan: string, runtime: string) =>
  'The engine plan file is not compatible with this version of TensorRT, expecting library version ' +
  `${spelled(runtime)} got ${spelled(plan)}, please rebuild.`;
export const MODEL_WARNING =
  'Using an engine plan file across different models of devices is not recommended and is likely to affect ' +
  'performance or even cause errors.';

const parts = (v: string) => v.split('.').map(Number);
const compare = (a: string, b: string) => {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i += 1)
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
};
const sameModel = (a: string | null, b: string | null) =>
  a !== null && b !== null && a.replace(/^NVIDIA\s+/i, '').toLowerCase() === b.replace(/^NVIDIA\s+/i, '').toLowerCase();

/**
 * Why a machine is not the target it is said to be, or null when it is: its GPU (by nvidia-smi's name, or
 * its compute capability for a target named by one) and its TensorRT (a version prefix). A target "A100 40GB"
 * is an "NVIDIA A100-SXM4-40GB": every word of the target's name is a word of the GPU's.
 */
export function notTheTarget(
  target: Pick<DeployTarget, 'gpu' | 'computeCapability' | 'tensorrt'>,
  machine: { gpu: string; computeCapability: string | null; tensorrt: string },
): string | null {
  const words = (name: string) =>
    name
      .replace(/^NVIDIA\s+/i, '')
      .toLowerCase()
      .split(/[\s-]+/)
      .filter(Boolean);
  const has = new Set(words(machine.gpu));
  if (target.gpu && !words(target.gpu).every((w) => has.has(w))) {
    return `this machine's GPU is ${machine.gpu}, not the target's ${target.gpu}`;
  }
  const cc = machine.computeCapability ?? computeCapabilityOf(machine.gpu);
  if (!target.gpu && target.computeCapability && cc !== target.computeCapability) {
    return (
      `this machine's GPU is ${machine.gpu} (compute capability ${cc ?? 'unknown'}), not the target's ` +
      `compute capability ${target.computeCapability}`
    );
  }
  const version = target.tensorrt;
  if (version && machine.tensorrt !== version && !machine.tensorrt.startsWith(`${version}.`)) {
    return `this machine's TensorRT is ${machine.tensorrt}, not the target's ${version}`;
  }
  return null;
}

/** The plan on the target, by TensorRT's rules: version first (a plan that does not deserialize loads nowhere). */
export function predictLoad(plan: BuiltPlan, target: DeployTarget): DeployPrediction {
  const { portability } = plan;
  const targetOs = target.os;
  const builtFor = portability.runtimePlatform === 'WindowsAMD64' ? 'windows' : plan.os;
  if (builtFor !== targetOs) {
    return {
      verdict: 'fails',
      line: `a ${builtFor} plan does not deserialize on ${targetOs} (the serialized platform does not match)`,
      fix:
        targetOs === 'windows'
          ? 'build with --runtimePlatform=WindowsAMD64 (TensorRT 10.2+), or on a Windows runner'
          : 'build on a Linux runner (drop --runtimePlatform)',
    };
  }
  if (plan.rtx) return rtxVerdict(plan, plan.rtx.computeCapabilities, target);
  const version = versionVerdict(plan, target);
  if (version) return version;
  return hardwareVerdict(plan, target);
}

/**
 * TensorRT-RTX's rules (docs/tensorrt-rtx.md): a plan loads only on its own release, and runs on the compute
 * capabilities it was built for (its header's); a GPU outside TensorRT-RTX's list (9.0: H100, H200) refuses it.
 */
function rtxVerdict(plan: BuiltPlan, targets: readonly string[] | null, target: DeployTarget): DeployPrediction {
  const built = plan.tensorrtVersion;
  const rebuild = "build with the target's TensorRT-RTX release (its plans are not compatible across releases)";
  if (target.tensorrt && built && built !== target.tensorrt && !built.startsWith(`${target.tensorrt}.`))
    return {
      verdict: 'fails',
      line: `a TensorRT-RTX ${built} plan does not load on TensorRT-RTX ${target.tensorrt}`,
      fix: rebuild,
    };
  const cc = target.computeCapability ?? (target.gpu ? computeCapabilityOf(target.gpu) : null);
  if (!cc || !targets)
    return {
      verdict: 'unknown',
      line: "the target's compute capability or the plan's targets are not known",
      fix: null,
    };
  if (targets.includes(cc)) return { verdict: 'loads', line: null, fix: null };
  const add = `add --compute-capability ${cc} to the producer's build command`;
  if (RTX_COMPUTE_CAPABILITIES.includes(cc))
    return { verdict: 'fails', line: `built for compute capability ${targets.join(', ')}, not ${cc}`, fix: add };
  // Off-label: TensorRT-RTX 1.7.1 refused its plans on an H100 (9.0), whatever they were built for (measured,
  // bench/results/tensorrt-rtx-gpu-2026-12-07-h100).
  return {
    verdict: 'fails',
    line: RTX_REFUSES(cc, targets),
    fix: `deploy to a GPU TensorRT-RTX supports (${RTX_COMPUTE_CAPABILITIES.join(', ')}), or build with TensorRT`,
  };
}

// TensorRT-RTX 1.7.1's words when it will not load a plan on a GPU it does not support (IRuntime::
// deserializeCudaEngine on an H100: test/fixtures/tensorrt-rtx/logs/h100-refused.log).
const RTX_REFUSES = (cc: string, targets: readonly string[]) =>
  `The engine cannot run on this GPU, which has compute capability ${cc}. Supported compute capabilities: ` +
  `${targets.length ? targets.join(', ') : 'None'}. TensorRT-RTX does not support this compute capability, so the ` +
  'engine cannot be rebuilt for it.';

function versionVerdict(plan: BuiltPlan, target: DeployTarget): DeployPrediction | null {
  const built = plan.tensorrtVersion;
  if (!target.tensorrt) return null; // the target runs the builder's TensorRT
  if (!built) return { verdict: 'unknown', line: "the plan's TensorRT version is not known", fix: null };
  const wanted = target.tensorrt;
  const exact = parts(wanted).length >= 4;
  // The built version cut to as many parts as the target names: "10.16.1" names the release 10.16.1.11 is of.
  const prefix = built.split('.').slice(0, parts(wanted).length).join('.');
  const ownRelease = compare(prefix, wanted) === 0;
  if (plan.portability.versionCompatible) {
    // Newer TensorRT of the same major loads a version-compatible plan (with --versionCompatible at load); so
    // does its own release, however the target writes it.
    if (parts(wanted)[0] !== parts(built)[0] || (!ownRelease && compare(wanted, built) < 0)) {
      return {
        verdict: 'fails',
        line: VERSION_LINE(built, wanted),
        fix: `a version-compatible plan loads on TensorRT ${parts(built)[0]}.x from ${built} on; build for ${wanted}`,
      };
    }
    // "10.16" spans 10.16.0, older than a plan of 10.16.1, and 10.16.2, newer: which one the target runs decides.
    if (ownRelease && parts(wanted).length < 3)
      return {
        verdict: 'unknown',
        line: `a version-compatible plan of ${built} loads from ${built} on; the target names ${wanted}`,
        fix: `name the target's TensorRT in full (tensorrt: "${built}") to know`,
      };
    return null;
  }
  if (!ownRelease) {
    return {
      verdict: 'fails',
      line: VERSION_LINE(built, exact ? wanted : `${wanted}.x`),
      fix:
        `build a separate engine with TensorRT ${wanted}, ` +
        'or build with --versionCompatible (8.6+) for newer runtimes',
    };
  }
  if (!exact) {
    return {
      verdict: 'unknown',
      line: `the plan needs exactly TensorRT ${built}; the target names ${wanted}`,
      fix: `name the target's TensorRT in full (tensorrt: "${built}") to know`,
    };
  }
  return null;
}

function hardwareVerdict(plan: BuiltPlan, target: DeployTarget): DeployPrediction {
  const built = smNumber(plan.computeCapability);
  const wanted = smNumber(target.computeCapability);
  if (wanted === null) return { verdict: 'unknown', line: "the target's compute capability is not known", fix: null };
  if (built === null) return { verdict: 'unknown', line: "the build GPU's compute capability is not known", fix: null };
  const level = plan.portability.hardware;
  if (level === 'ampere+') {
    if (wanted >= 80) return { verdict: 'loads', line: null, fix: null };
    return {
      verdict: 'fails',
      line: DEVICE_LINE(target.computeCapability!, plan.computeCapability!),
      fix:
        'ampere+ runs on compute capability 8.0 and newer; ' +
        `build on ${withArticle(target.computeCapability!)} runner`,
    };
  }
  if (built !== wanted) {
    return {
      verdict: 'fails',
      line: DEVICE_LINE(target.computeCapability!, plan.computeCapability!),
      fix:
        wanted >= 80 && built >= 80
          ? 'add --hardwareCompatibilityLevel=ampere+ (8.6+), or build on a runner of the target GPU'
          : `build on a compute capability ${target.computeCapability} runner`,
    };
  }
  if (level === 'none' && target.gpu && plan.gpu && !sameModel(target.gpu, plan.gpu)) {
    return { verdict: 'loads-with-warning', line: MODEL_WARNING, fix: `build on ${withArticle(target.gpu)} runner` };
  }
  return { verdict: 'loads', line: null, fix: null };
}

/**
 * What the flags can never do for a target, said before any build: ampere+ for a GPU older than Ampere,
 * sameComputeCapability before 10.9, --runtimePlatform before 10.2 or for another OS than the target's.
 */
export function unreachable(portability: Portability, target: DeployTarget, tensorrt: string): string | null {
  const sm = smNumber(target.computeCapability);
  if (portability.hardware === 'ampere+' && sm !== null && sm < 80) {
    return (
      '--hardwareCompatibilityLevel=ampere+ runs on compute capability 8.0 and newer, ' +
      `target ${target.name} is ${target.computeCapability}`
    );
  }
  if (portability.hardware === 'sameComputeCapability' && compare(tensorrt, '10.9') < 0) {
    return `--hardwareCompatibilityLevel=sameComputeCapability needs TensorRT 10.9, this one is ${tensorrt}`;
  }
  if (portability.runtimePlatform === 'WindowsAMD64') {
    if (compare(tensorrt, '10.2') < 0) return `--runtimePlatform needs TensorRT 10.2, this one is ${tensorrt}`;
    if (target.os !== 'windows')
      return `--runtimePlatform=WindowsAMD64 makes a Windows plan, target ${target.name} is ${target.os}`;
  }
  return null;
}
