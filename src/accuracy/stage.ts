// The accuracy stage: each built engine whose model asks (accuracy:) is run once on seeded inputs and
// its outputs are judged against ONNX Runtime's on the same inputs. "Built but wrong" fails the run.
import { mkdir, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { BuildOutcome } from '../builds/outcome.js';
import { type JobKey, jobKey } from '../builds/jobs.js';
import { errorMessage } from '../common/errors.js';
import { type AccuracyConfig, type ProfileConfig, runProfile, type ShapeChoice } from '../contract/config.js';
import type { StageContext } from '../builds/stage-context.js';
import type { Accuracy, AccuracyOutput } from '../contract/report.js';
import { compareOutput, judgeOutput, type Tolerance } from '../common/compare-output.js';
import { engineOf } from '../runners/plan-runner.js';
import type { TrtexecLoss } from '../tensorrt/trtexec-check.js';
import { isIntegral } from '../onnx/element-type.js';
import { widenToFloat32 } from '../onnx/widen-model.js';
import { readOnnxIo } from '../onnx/inputs.js';
import { readNpz, sampleInputs } from './inputs.js';
import { cachedReferenceOutputs } from './reference.js';
import { loadOnnxRuntime, type OnnxRuntime, type ReferenceOutput } from '../onnx/runtime.js';
import { runInPieces } from '../onnx/pieces.js';
import { type InputTensor, seededInputs } from '../onnx/seeded-inputs.js';
import { absoluteTolerance } from '../common/tolerance.js';
import { type CheckPlace, findFirstDivergence } from './divergence.js';
import { interiorPoints, shapeText } from './shape-sweep.js';

/** How a run reads what accuracy checks need, each thing once however many profiles and shapes take it. */
interface Readers {
  /** A model's input and output types; a model that cannot be read is float32 throughout. */
  typesOf: (onnx: string) => { inputs: Map<string, string>; outputs: Map<string, string> };
  npz: (file: string) => ReturnType<typeof readNpz>;
  /** A check's reference outputs: the user's, else ONNX Runtime's (from the cache unless `cached` is false). */
  reference: (
    check: AccuracyConfig,
    onnx: string,
    inputs: InputTensor[],
    cached?: boolean,
  ) => Promise<ReferenceOutput[]>;
}

/** Each checked engine's result, by its job; engines that were not checked are absent. */
export async function checkAccuracy(
  outcomes: readonly BuildOutcome[],
  context: StageContext,
  runtime: () => Promise<OnnxRuntime> = loadOnnxRuntime,
): Promise<Map<JobKey, Accuracy>> {
  const results = new Map<JobKey, Accuracy>();
  const readers = accuracyReaders(context, runtime);
  for (const outcome of outcomes) {
    const { job, plan } = outcome;
    const built = plan && (outcome.status === 'built' || outcome.status === 'cached');
    // accuracy: false is said in the report, never a silent gap beside the engines that were checked.
    if (built && job.model.accuracyOff) {
      results.set(jobKey(job), {
        status: 'not-checked',
        outputs: [],
        problem: null,
        configPosition: null,
        divergence: null,
      });
      continue;
    }
    if (!job.model.accuracy || !plan || !built) continue;
    if (context.signal?.aborted) break;
    const checked = await checkEngine(outcome, plan.path, job.model.accuracy, context, null, readers);
    // A failure says where its error starts: one more build, of the ONNX with its tensors marked.
    const divergence =
      checked.status === 'failed' && job.model.accuracy.firstDivergence && !context.signal?.aborted
        ? await findFirstDivergence(outcome, checked, context, (...args) => checkEngine(...args, readers))
        : null;
    results.set(jobKey(job), { ...checked, divergence });
  }
  return results;
}

function accuracyReaders(context: StageContext, runtime: () => Promise<OnnxRuntime>): Readers {
  // ONNX Runtime is loaded, and each model read, the first time a reference is not in the cache; each reference
  // runs the model in pieces (onnx/pieces.ts: linear in its nodes, stopped at once by a cancel, its
  // external data read a piece at a time).
  let ort: Promise<OnnxRuntime> | null = null;
  const loaded = () => {
    ort ??= runtime();
    return ort;
  };
  // A strongly typed FP16/BF16 model is run widened to FP32: the reference is FP32 for every model.
  const modelOf = once((onnx: string) => readFile(onnx).then((model) => widenToFloat32(model) ?? model));
  const npz = once(readNpz);
  const typesOf = once((onnx: string) => {
    let io: ReturnType<typeof readOnnxIo> = { inputs: [], outputs: [] };
    try {
      io = readOnnxIo(onnx);
    } catch {
      // trtexec's parser says what is wrong with a model that is not ONNX.
    }
    const byName = (list: typeof io.inputs) => new Map(list.map((v) => [v.name, v.type]));
    return { inputs: byName(io.inputs), outputs: byName(io.outputs) };
  });
  const reference = async (check: AccuracyConfig, onnx: string, inputs: InputTensor[], cached = true) => {
    if (check.reference) return givenReference(check.reference, npz);
    const compute = async () =>
      runInPieces(await loaded(), await modelOf(onnx), inputs, {
        dir: dirname(onnx),
        ...(context.signal && { signal: context.signal }),
      });
    if (!cached) return compute();
    const digest = await context.digests.of(onnx);
    const { cacheDir } = context.config;
    const registry = context.registry ?? null;
    return (await cachedReferenceOutputs(cacheDir, digest, inputs, compute, context.cacheTrust, registry)).outputs;
  };
  return { typesOf, npz, reference };
}

/** A function of one argument whose result is kept per argument. */
function once<T>(compute: (key: string) => T): (key: string) => T {
  const kept = new Map<string, T>();
  return (key) => {
    if (!kept.has(key)) kept.set(key, compute(key));
    return kept.get(key)!;
  };
}

/**
 * One engine at each of its check's shapes; a check that could not run is an error (said with why). The
 * engine's outputs are those of `outcome.job.model`'s ONNX (a marked copy, for the first-divergence pass).
 */
async function checkEngine(
  outcome: BuildOutcome,
  plan: string,
  check: AccuracyConfig,
  context: StageContext,
  place: CheckPlace | null,
  readers: Readers,
): Promise<Accuracy> {
  const { job } = outcome;
  const outputs: AccuracyOutput[] = [];
  const folder = place?.folder ?? join(context.config.outputDir, 'accuracy');
  for (const point of pointsOf(job.profile, check.shapes).filter((p) => !check.onlyAt || p.at === check.onlyAt)) {
    const { profile, pick, shape, at } = point;
    const dir = join(folder, `${job.model.name}.${job.profile.name}.${point.name}`);
    // A dump left by an earlier run must never stand in for this run's outputs.
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    const types = readers.typesOf(job.model.onnx);
    let inputs: InputTensor[];
    let expected: ReferenceOutput[];
    try {
      inputs =
        check.inputs === 'auto' || 'ranges' in check.inputs
          ? seededInputs(profile, pick, types.inputs, check.inputs === 'auto' ? {} : check.inputs.ranges)
          : sampleInputs(check.inputs, profile, pick, readers.npz, types.inputs);
    } catch (error) {
      return checkError(outputs, errorMessage(error));
    }
    try {
      expected = await readers.reference(check, job.model.onnx, inputs, place?.cachedReference ?? true);
    } catch (error) {
      const why = errorMessage(error);
      return checkError(outputs, check.reference ? why : `ONNX Runtime could not compute the reference: ${why}`);
    }
    // Integers and booleans (token ids, indices, masks) are right or wrong: compared exactly.
    const exact = expected.map((o) => isIntegral(o.type));
    const atols = expected.map((o, i) => (exact[i] ? 0 : absoluteTolerance(check.atol, o.values)));
    const where = {
      gpu: outcome.gpu?.index ?? null,
      timeoutMs: job.model.buildTimeoutMs,
      ...(context.signal && { signal: context.signal }),
    };
    const request = { inputs, expected, tolerance: { atols, rtol: check.rtol }, dir, outputTypes: types.outputs };
    const engine = await context.runner.infer(engineOf(plan, job.model, profile, pick), where, request);
    if ('problem' in engine) return checkError(outputs, engine.problem);
    for (const [i, want] of expected.entries()) {
      const tolerance = exact[i]
        ? { atol: 0, rtol: 0, cosine: null, topK: null }
        : { atol: atols[i]!, rtol: check.rtol, cosine: check.cosine, topK: check.topK };
      const judged = judgedOutput({ shape, at }, want, engine, tolerance);
      if (typeof judged === 'string') return checkError(outputs, judged);
      outputs.push(judged);
    }
  }
  const status = outputs.some((o) => o.failure !== null) ? 'failed' : 'passed';
  return { status, outputs, problem: null, configPosition: null, divergence: null };
}

/** One shape a check runs at: a profile and which of its shapes (an interior point is its own profile's opt). */
interface Point {
  profile: ProfileConfig;
  pick: ShapeChoice;
  shape: AccuracyOutput['shape'];
  /** trtexec's --shapes text of it, for the report. */
  at: string;
  /** Its folder's name. */
  name: string;
}

/** The shapes of the check, in its order; a shape that is another's (a static profile's corners) runs once. */
function pointsOf(profile: ProfileConfig, shapes: AccuracyConfig['shapes']): Point[] {
  const own = runProfile(profile);
  const points = shapes.flatMap((shape): Point[] =>
    shape === 'interior'
      ? interiorPoints(own).map((p, i) => ({
          profile: p,
          pick: 'opt',
          shape,
          at: shapeText(p, 'opt'),
          name: `interior-${i + 1}`,
        }))
      : [{ profile: own, pick: shape, shape, at: shapeText(own, shape), name: shape }],
  );
  return points.filter((p, i) => points.findIndex((q) => q.at === p.at) === i);
}

const checkError = (outputs: AccuracyOutput[], problem: string): Accuracy => ({
  status: 'error',
  outputs,
  problem,
  configPosition: null,
  divergence: null,
});

/** One output of the engine against the reference's, or why the two cannot be compared. */
function judgedOutput(
  { shape, at }: Pick<AccuracyOutput, 'shape' | 'at'>,
  want: ReferenceOutput,
  engine: { outputs: Map<string, ArrayLike<number>>; trtexecLosses: Map<string, TrtexecLoss> | null },
  tolerance: Tolerance,
): AccuracyOutput | string {
  const got = engine.outputs.get(want.name);
  if (!got) return `the engine has no output ${want.name}`;
  if (got.length !== want.values.length) {
    return `the engine's output ${want.name} has ${got.length} values, the reference ${want.values.length}`;
  }
  let error = compareOutput(got, want.values, want.dims, tolerance);
  const judged = engine.trtexecLosses?.get(want.name);
  if (judged) {
    // trtexec's share is over the exact values; printed with 6 decimals, a failing share can read 0.
    const share = judged.failed ? Math.max(judged.loss, 1 / Math.max(got.length, 1)) : judged.loss;
    error = { ...error, outOfTolerance: share };
  }
  return {
    shape,
    at,
    name: want.name,
    maxAbsError: error.maxAbsError,
    maxRelError: error.maxRelError,
    outOfTolerance: error.outOfTolerance,
    cosine: error.cosine,
    nan: error.nan,
    inf: error.inf,
    atol: tolerance.atol,
    rtol: tolerance.rtol,
    judgedBy: judged ? 'trtexec' : 'trt-ci',
    failure: judgeOutput(error, tolerance, judged ? 'allclose' : 'polygraphy'),
    topK: error.topK,
  };
}

/** Reference outputs the user gave: a .npz with one array per output, named as the output. */
function givenReference(file: string, read: typeof readNpz): ReferenceOutput[] {
  const arrays = read(file);
  if (arrays.size === 0) throw new Error(`${file}: no arrays; expected one per output, named as the output`);
  return [...arrays].map(([name, array]) => ({
    name,
    dims: array.dims,
    // A float16 array is a float reference like any other: compared as the float32 it widens to.
    type: array.type === 'float16' ? 'float32' : array.type,
    values: array.values,
  }));
}
