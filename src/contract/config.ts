// What trt-ci.yml means once it is read: the types every stage is handed. config/ makes them (and owns the
// YAML, positions and messages); nothing else does.
import type { CheckId } from './checks.js';
import type { Budgets } from './metrics.js';
import type { ConfigPosition } from './report.js';

/** A path into trt-ci.yml: `['models', 0, 'precision']`. */
export type ConfigPath = readonly (string | number)[];

export const PRECISIONS = ['fp32', 'fp16', 'bf16', 'int8', 'fp8', 'best', 'strongly-typed'] as const;
export type Precision = (typeof PRECISIONS)[number];

/** The 16-bit float a precision narrows to (what keep-fp32 keeps nodes out of), or null for any other. */
export const narrowOf = (precision: Precision | null): 'fp16' | 'bf16' | null =>
  precision === 'fp16' || precision === 'bf16' ? precision : null;

/** Which of a profile's shapes an accuracy check runs at. */
export type ShapeChoice = 'min' | 'opt' | 'max';

/** A model's accuracy check, as resolved from trt-ci.yml and the defaults for its precision. */
export interface AccuracyConfig {
  /**
   * auto: seeded random inputs; `ranges`: seeded inputs, these in their own [low, high] (floats [low, high));
   * else real samples: a folder of `<input name>.npy`, or a .npz (absolute).
   */
  inputs: 'auto' | { ranges: Record<string, [number, number]> } | { folder: string } | { npz: string };
  /** Reference outputs the user computed (a .npz by output name) instead of ONNX Runtime's; absolute. */
  reference: string | null;
  /** The profile's corners, and `interior`: seeded shapes inside its range (accuracy/shape-sweep.ts). */
  shapes: (ShapeChoice | 'interior')[];
  /** An absolute tolerance, or a share of the output's largest reference value. */
  atol: { absolute: number } | { shareOfMax: number };
  rtol: number;
  cosine: number | null;
  topK: number | null;
  /** A failing engine is built once more with its tensors marked, to name where its error starts. */
  firstDivergence: boolean;
  /** Only the point at these shapes (trtexec's --shapes text): a first-divergence pass at the one that failed. */
  onlyAt?: string;
}

export interface ShapeRange {
  input: string;
  min: number[];
  opt: number[];
  max: number[];
}

export interface ProfileConfig {
  name: string;
  shapes: ShapeRange[];
  /** For the combined engine (one plan, every profile, --profile=N each): its profiles, in order. */
  parts?: ProfileConfig[];
}

/** The name of the one plan of a model that holds every profile: `<model>.combined.plan`. */
export const COMBINED = 'combined';

/** The profile a plan is run at: its own, or for the combined plan its first (trtexec's default). */
export const runProfile = (profile: ProfileConfig): ProfileConfig => profile.parts?.[0] ?? profile;

/** The builds a keep-fp32 search makes at most, unless told (precision-search: { max-builds }, --max-builds). */
export const DEFAULT_PRECISION_MAX_BUILDS = 32;

export interface ModelConfig {
  name: string;
  onnx: string;
  precision: Precision | null;
  /** ONNX nodes (layer names) kept in FP32 in an fp16 engine: keep-fp32:. */
  keepFp32: string[];
  /**
   * precision-search: when this fp16 (or bf16) engine fails its accuracy gate, the run searches for the
   * keep-fp32 list that passes it (each candidate built and checked, at most `maxBuilds`, no build started
   * after `maxMs`) and says the lines to paste; null when the model does not ask.
   */
  precisionSearch: { maxBuilds: number; maxMs: number | null } | null;
  plugins: string[];
  /** Loaded with --dynamicPlugins: must export getCreators. */
  dynamicPlugins: string[];
  profiles: ProfileConfig[];
  extraArgs: string[];
  /** ab: a latency A/B against the base engine as well as the plain benchmark. */
  benchmark: boolean | 'ab';
  budgets: Budgets;
  /** Whether and how its engines' outputs are checked against ONNX Runtime's; null: not checked. */
  accuracy: AccuracyConfig | null;
  /** The model said accuracy: false (the report shows it as not checked, never a silent gap). */
  accuracyOff: boolean;
  /**
   * The consistency checks: off with the model's reason, or on (null); the batch dimension it names; the
   * tolerances rows are compared by where the model has no accuracy check (its precision's defaults).
   */
  consistency: { off: string | null; batchDim: number | null; tolerance: Pick<AccuracyConfig, 'atol' | 'rtol'> };
  /** per-profile: a plan per profile; combined: one plan with every profile (what Triton loads); both. */
  engine: 'per-profile' | 'combined' | 'both';
  /** The model's own, or the top-level value. */
  workspaceBytes: number;
  minWorkspaceBytes: number;
  buildTimeoutMs: number;
  /** Where its engines ship (deploy:, the model's own or the top-level list): each gets a prediction. */
  deploy: DeployTargetConfig[];
  /** Whether that list is the model's own (messages point at its line) or the top-level one. */
  deployOwn: boolean;
  /** deploy-cost: build the ampere+ variant too and A/B it against the native engine on the build GPU. */
  deployCost: boolean;
}

/** A deploy target: a GPU (by model or compute capability), a TensorRT (a version prefix), an OS. */
export interface DeployTargetConfig {
  name: string;
  gpu: string | null;
  computeCapability: string | null;
  tensorrt: string | null;
  os: 'linux' | 'windows';
  /** The runner labels of a job that can load the plan on that target (the pack's deploy job). */
  runsOn: string[] | null;
}

export interface Config {
  /** The config file as the user named it, for messages. */
  file: string;
  /** The config file's folder, absolute: relative paths in the config are relative to it. */
  dir: string;
  trtexec: string;
  nvidiaSmi: string;
  outputDir: string;
  workspaceBytes: number;
  minWorkspaceBytes: number;
  timingCache: string | null;
  buildTimeoutMs: number;
  /** Between TERM and KILL of a process group: kill-grace:, else DEFAULT_KILL_GRACE_MS. */
  killGraceMs: number;
  /** Builds at once, or null for one per GPU. */
  maxParallel: number | null;
  gpus: 'all' | number[];
  cuda: string | null;
  minDriver: string | null;
  expectGpu: string[];
  minFreeDiskBytes: number;
  skipChecks: CheckId[];
  preflight: 'enforce' | 'warn-only';
  /** Rebuild each engine this many more times and measure how alike the builds are; null: off. */
  stability: { rebuilds: number } | null;
  /**
   * Engines by content key, kept between runs; null when not configured. With an oci:// cache the entry sets
   * it to a folder of the run's own, the registry's first tier.
   */
  cacheDir: string | null;
  /** cache-dir: oci://…: the registry shared by a fleet, and where pull requests push (cache-pr-repository:). */
  cacheRegistry: { primary: string; pr: string | null } | null;
  /** cache-timeout: what a run may spend waiting on the registry cache in all before it is given up (oci:// only). */
  cacheTimeoutMs: number;
  /** cache-max-age: entries this repository pushed longer ago are deleted (oci:// only); null: no limit. */
  cacheMaxAgeMs: number | null;
  /** Where the base branch's plans are (<model>.<profile>.plan), for benchmark: ab; absolute. */
  basePlans: string | null;
  /** A git ref whose ONNX files base engines may be rebuilt from, when no plan is found; null: never. */
  baseRef: string | null;
  cacheMaxBytes: number | null;
  /** own-branch: only signed entries are served (with a public key), or none to the default branch (without). */
  cacheTrust: 'any' | 'own-branch';
  /** Signs what this run stores in the cache (the default branch's secret); validated, as written. */
  cacheSigningKey: string | null;
  /** Verifies what the cache serves (committed in trt-ci.yml); validated, as written. */
  cachePublicKey: string | null;
  /**
   * The environment variables cache-signing-key: reads (`${NAME}`): secrets, removed from the environment of every
   * program trt-ci runs. Absent: none.
   */
  secretVariables?: string[];
  /** The top-level extra-args; each model's extraArgs starts with them. */
  extraArgs: string[];
  /** build: a builder command of the user's own makes the plans instead of trtexec; null: trtexec. */
  build: BuildCommand | null;
  /** run: a command of the user's own runs the built plans instead of trtexec; null: trtexec. */
  run: RunCommand | null;
  models: ModelConfig[];
  /** Where a config path is written, so later stages can point at the line. */
  position(path: ConfigPath): ConfigPosition;
  /** `trt-ci.yml:12:9 models[0].precision`: the position and the path, the head of every config error. */
  where(path: ConfigPath): string;
}

/** What a build command's arguments and plan path may name in braces: filled in per build. */
export const BUILD_PLACEHOLDERS = [
  'onnx',
  'plan',
  'layer-info',
  'model',
  'profile',
  'precision',
  'keep-fp32',
  'workspace',
  'min-shapes',
  'opt-shapes',
  'max-shapes',
  'timing-cache',
] as const;
export type BuildPlaceholder = (typeof BUILD_PLACEHOLDERS)[number];

/** build: the program and arguments (placeholders in braces) and where it writes its plan (a template too). */
export interface BuildCommand {
  command: string[];
  plan: string;
}

/** run: the program and arguments that run a plan; `{request}` is filled in with the request's JSON file. */
export interface RunCommand {
  command: string[];
}

/** How long a process group has between TERM and KILL where trt-ci.yml does not say (kill-grace:). */
export const DEFAULT_KILL_GRACE_MS = 10_000;
