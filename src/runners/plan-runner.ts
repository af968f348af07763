// The port every built plan is run through, beside the producer port that builds it (builds/plan-producer.ts):
// the build's benchmark, the accuracy check, the latency A/B, explain's profile runs and every check added later
// ask a PlanRunner, never trtexec. Two runners: trtexec (trtexec-runner.ts) and a command of the team's own
// (`run: { command }`, command-runner.ts: e.g. a script against the TensorRT Python runtime, whose wheels ship no
// trtexec). What a runner cannot give (per-layer times from a command) it says, and the stage says why it did
// not run. docs/run-command.md is the command's contract.
import { type ModelConfig, type ProfileConfig, runProfile, type ShapeChoice } from '../contract/config.js';
import type { Failure, Perf } from '../contract/report.js';
import { isElementType } from '../onnx/element-type.js';
import type { ReferenceOutput } from '../onnx/runtime.js';
import type { InputTensor } from '../onnx/seeded-inputs.js';
import type { Binding } from '../tensorrt/bindings.js';
import type { LayerTimes } from '../tensorrt/layer-profile.js';
import type { Measurement } from '../tensorrt/measurement.js';
import type { TrtexecLoss } from '../tensorrt/trtexec-check.js';

/** One input's shape for a run: `{ input: 'x', dims: [1, 3, 224, 224] }`. */
export interface InputShape {
  input: string;
  dims: readonly number[];
}

/** The engine a run loads and how: the plan, its inputs' shapes (none: its own static ones), its plugins. */
export interface EngineSpec {
  plan: string;
  shapes: readonly InputShape[];
  plugins: readonly string[];
  dynamicPlugins: readonly string[];
}

/** A built engine of a model's profile, run at one of the profile's shapes (opt: what it is measured at). */
export function engineOf(
  plan: string,
  model: Pick<ModelConfig, 'plugins' | 'dynamicPlugins'>,
  profile: ProfileConfig | null,
  pick: ShapeChoice = 'opt',
): EngineSpec {
  const shapes = profile ? runProfile(profile).shapes.map((s) => ({ input: s.input, dims: s[pick] })) : [];
  return { plan, shapes, plugins: model.plugins, dynamicPlugins: model.dynamicPlugins };
}

/**
 * `x:1x3x224x224,'in:0':1x77` (trtexec's --shapes) as input shapes; null where it is not that. A name holding
 * `:` or `,` is quoted, as trtexec takes it.
 */
export function shapesFromText(text: string): InputShape[] | null {
  const shapes: InputShape[] = [];
  for (const entry of text.match(/('[^']*'|[^,])+/g) ?? []) {
    const match = /^(?:'([^']*)'|([^':]+)):(\d+(?:x\d+)*)$/.exec(entry.trim());
    if (!match) return null;
    shapes.push({ input: match[1] ?? match[2]!, dims: match[3]!.split('x').map(Number) });
  }
  return shapes.length > 0 ? shapes : null;
}

/** Where and for how long a run may go: the GPU it is pinned to (null: any the job sees), its bounds. */
export interface RunPlace {
  gpu: number | null;
  timeoutMs: number;
  /** Stops this run; the runner's own cancel (the run's) stops every run. */
  signal?: AbortSignal;
}

/** The build's measure of a plan: it loads (the failure says why not), and its latency. */
export interface Benchmark {
  perf: Perf;
  failure: Failure | null;
}

/** One run on given inputs: `dir` is the run's own folder (inputs, outputs and its log go there). */
export interface InferRequest {
  inputs: readonly InputTensor[];
  /** The outputs the check compares, with ONNX Runtime's values (a runner may judge them too: trtexec 11.1+). */
  expected: readonly ReferenceOutput[];
  tolerance: { atols: readonly number[]; rtol: number };
  dir: string;
  /** Each output's type in the model. */
  outputTypes: ReadonlyMap<string, string>;
}

/**
 * A run whose outputs are read back and compared with another run's, not judged against a reference: each output
 * named by the model (to be read) and typed as it says.
 */
export function readingRequest(
  inputs: readonly InputTensor[],
  outputs: readonly { name: string; type: string }[],
  dir: string,
): InferRequest {
  const expected = outputs.map((o) => ({
    name: o.name,
    type: isElementType(o.type) ? o.type : ('float32' as const),
    dims: [],
    values: new Float32Array(0),
  }));
  const outputTypes = new Map(outputs.map((o) => [o.name, o.type]));
  return { inputs, expected, tolerance: { atols: [], rtol: 0 }, dir, outputTypes };
}

export type Inferred =
  | { outputs: Map<string, ArrayLike<number>>; trtexecLosses: Map<string, TrtexecLoss> | null }
  | { problem: string };

/** One timed repetition: `stem` names its files (`<stem>.log`, `<stem>.times.json`). */
export interface TimedRequest {
  stem: string;
  iterations: number;
  measurement: Measurement;
}

/** A timed repetition's per-iteration GPU times, and what the run says of itself where it can. */
export interface Timed {
  timesMs: number[];
  log: string;
  /** The inputs and outputs the run created (trtexec's log names them); null: the runner does not say. */
  bindings: Binding[] | null;
  /** Dynamic inputs the run was given no shape for. */
  overridden: string[];
  /** What the run measured, as it says; null: it says nothing, and what was asked stands. */
  measurement: Measurement | null;
}

/** One profile run: per-layer times into `file`, the log beside it. */
export interface ProfileRequest {
  file: string;
  log: string;
  iterations: number;
  measurement: Measurement;
}

/** One load of a plan as it ships (deploy-load): TensorRT's lines go to `onLine` as they come. */
export interface LoadRequest {
  log: string;
  /** The plan was built version-compatible: the runtime must be told to load it so. */
  versionCompatible: boolean;
  onLine: (line: string) => void;
}

/** How a load ended: its exit status (null: killed), and whether the run's cancel stopped it. */
export interface Loaded {
  exitCode: number | null;
  cancelled: boolean;
}

/** A run that did not finish: how it ended and its log, for the stage's message. */
export class RunFailed extends Error {
  constructor(
    readonly how: string,
    readonly log: string,
    readonly cancelled: boolean,
  ) {
    super(`${how} (${log})`);
  }
}

export interface PlanRunner {
  /** What runs plans, for messages: `trtexec`, or `the run command (python3)`. */
  readonly name: string;
  /** Loads the plan and measures it at its shapes (the build stage's benchmark); its log at `log`. */
  benchmark(engine: EngineSpec, place: RunPlace, log: string): Promise<Benchmark>;
  /** Runs the plan once on the inputs and reads every output it has. */
  infer(engine: EngineSpec, place: RunPlace, request: InferRequest): Promise<Inferred>;
  /** One timed repetition of the A/B; a run that fails throws RunFailed. */
  time(engine: EngineSpec, place: RunPlace, request: TimedRequest): Promise<Timed>;
  /** Loads the plan once at its shapes, as a deploy target would (deploy-load's verdict reads its lines). */
  load(engine: EngineSpec, place: RunPlace, request: LoadRequest): Promise<Loaded>;
  /** Per-layer times, or null where this runner has none; `noProfile` then says why. */
  readonly profile: ((engine: EngineSpec, place: RunPlace, request: ProfileRequest) => Promise<LayerTimes>) | null;
  readonly noProfile: string | null;
  /** Kills what its runs left outside their process groups, at the run's end. */
  sweep(): Promise<unknown>;
}
