// The accuracy stage: each built engine whose model asks (accuracy:) is run once on seeded inputs and
// its outputs are judged against ONNX Runtime's on the same inputs. "Built but wrong" fails the run.
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { BuildOutcome } from '../builds/outcome.js';
import { FileDigests } from '../cache/engine-cache.js';
import { type CacheTrust, TRUST_ALL } from '../cache/trust.js';
import { errorMessage } from '../common/errors.js';
import { type AccuracyConfig, type Config, runProfile } from '../contract/config.js';
import type { Accuracy, AccuracyOutput } from '../contract/report.js';
import type { Trtexec } from '../tensorrt/trtexec.js';
import type { TensorRtVersion } from '../tensorrt/version.js';
import { compareOutput, judgeOutput } from './compare.js';
import { runEngineOnInputs } from './engine-run.js';
import { isIntegral } from '../tensorrt/element-type.js';
import { widenToFloat32 } from './widen-model.js';
import { readOnnxIo } from '../tensorrt/onnx-inputs.js';
import { type InputTensor, readNpz, sampleInputs, seededInputs } from './inputs.js';
import {
  cachedReferenceOutputs,
  type OnnxRuntime,
  type ReferenceOutput,
  type ReferenceSession,
  referenceOutputs,
} from './reference.js';
import { absoluteTolerance } from './tolerance.js';

/** ONNX Runtime (WebAssembly, on the CPU), loaded the first time a model asks for a check. */
export async function loadOnnxRuntime(): Promise<OnnxRuntime> {
  const ort = (await import('onnxruntime-web')) as unknown as OnnxRuntime;
  if (ort.env.wasm) ort.env.wasm.numThreads = 1;
  return ort;
}

/** Each checked engine's result, by its plan path; engines that were not checked are absent. */
export async function checkAccuracy(
  outcomes: readonly BuildOutcome[],
  config: Pick<Config, 'outputDir' | 'cacheDir'>,
  trtexec: Trtexec,
  version: TensorRtVersion,
  options: {
    runtime?: () => Promise<OnnxRuntime>;
    signal?: AbortSignal;
    digests?: FileDigests;
    cacheTrust?: CacheTrust;
  } = {},
): Promise<Map<string, Accuracy>> {
  const results = new Map<string, Accuracy>();
  const digests = options.digests ?? new FileDigests();
  // ONNX Runtime is loaded, and each model read and opened, the first time a reference is not in the cache:
  // every profile and shape of a model shares the one session.
  let ort: Promise<OnnxRuntime> | null = null;
  const runtime = () => {
    ort ??= (options.runtime ?? loadOnnxRuntime)();
    return ort;
  };
  const sessions = new Map<string, Promise<ReferenceSession>>();
  const session = (onnx: string) => {
    let opened = sessions.get(onnx);
    if (!opened) {
      // A strongly typed FP16/BF16 model is run widened to FP32: the reference is FP32 for every model.
      opened = Promise.all([runtime(), readFile(onnx)]).then(([rt, model]) =>
        rt.InferenceSession.create(widenToFloat32(model) ?? model),
      );
      sessions.set(onnx, opened);
    }
    return opened;
  };
  // A .npz of samples or references is read once, however many profiles and shapes take it.
  const archives = new Map<string, ReturnType<typeof readNpz>>();
  const npz = (file: string) => {
    let arrays = archives.get(file);
    if (!arrays) {
      arrays = readNpz(file);
      archives.set(file, arrays);
    }
    return arrays;
  };
  // Each model's input and output types, read once (at offsets); a model that cannot be read is float32 throughout.
  const graphTypes = new Map<string, { inputs: Map<string, string>; outputs: Map<string, string> }>();
  const typesOf = (onnx: string) => {
    let types = graphTypes.get(onnx);
    if (!types) {
      let io: ReturnType<typeof readOnnxIo> = { inputs: [], outputs: [] };
      try {
        io = readOnnxIo(onnx);
      } catch {
        // trtexec's parser says what is wrong with a model that is not ONNX.
      }
      const byName = (list: typeof io.inputs) => new Map(list.map((v) => [v.name, v.type]));
      types = { inputs: byName(io.inputs), outputs: byName(io.outputs) };
      graphTypes.set(onnx, types);
    }
    return types;
  };
  const reference = async (check: AccuracyConfig, onnx: string, inputs: InputTensor[]) => {
    if (check.reference) return givenReference(check.reference, npz);
    const compute = async () => referenceOutputs(await runtime(), await session(onnx), inputs);
    const trust = options.cacheTrust ?? TRUST_ALL;
    return (await cachedReferenceOutputs(config.cacheDir, await digests.of(onnx), inputs, compute, trust)).outputs;
  };
  for (const outcome of outcomes) {
    const { job, plan } = outcome;
    const check = job.model.accuracy;
    const built = plan && (outcome.status === 'built' || outcome.status === 'cached');
    // accuracy: false is said in the report, never a silent gap beside the engines that were checked.
    if (built && job.model.accuracyOff) {
      results.set(plan.path, { status: 'not-checked', outputs: [], problem: null, configPosition: null });
      continue;
    }
    if (!check || !plan || !built) continue;
    if (options.signal?.aborted) break;

    const outputs: AccuracyOutput[] = [];
    let problem: string | null = null;
    for (const shape of check.shapes) {
      const dir = join(config.outputDir, 'accuracy', `${job.model.name}.${job.profile.name}.${shape}`);
      // A dump left by an earlier run must never stand in for this run's outputs.
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir, { recursive: true });
      const profile = runProfile(job.profile);
      let inputs: InputTensor[];
      let expected: ReferenceOutput[];
      const types = typesOf(job.model.onnx);
      try {
        inputs =
          check.inputs === 'auto' || 'ranges' in check.inputs
            ? seededInputs(profile, shape, types.inputs, check.inputs === 'auto' ? {} : check.inputs.ranges)
            : sampleInputs(check.inputs, profile, shape, npz, types.inputs);
      } catch (error) {
        problem = errorMessage(error);
        break;
      }
      try {
        expected = await reference(check, job.model.onnx, inputs);
      } catch (error) {
        problem = check.reference
          ? errorMessage(error)
          : `ONNX Runtime could not compute the reference: ${errorMessage(error)}`;
        break;
      }
      // Integers and booleans (token ids, indices, masks) are right or wrong: compared exactly.
      const exact = expected.map((o) => isIntegral(o.type));
      const atols = expected.map((o, i) => (exact[i] ? 0 : absoluteTolerance(check.atol, o.values)));
      const tolerances = { atols, rtol: check.rtol };
      const runner = { trtexec, version, ...(options.signal && { signal: options.signal }) };
      const engine = await runEngineOnInputs(
        runner,
        outcome,
        plan.path,
        shape,
        inputs,
        expected,
        tolerances,
        dir,
        types.outputs,
      );
      if ('problem' in engine) {
        problem = engine.problem;
        break;
      }
      expected.forEach((want, i) => {
        const got = engine.outputs.get(want.name);
        const tolerance = exact[i]
          ? { atol: 0, rtol: 0, cosine: null, topK: null }
          : { atol: atols[i]!, rtol: check.rtol, cosine: check.cosine, topK: check.topK };
        if (!got || got.length !== want.values.length) {
          problem = got
            ? `the engine's output ${want.name} has ${got.length} values, the reference ${want.values.length}`
            : `the engine has no output ${want.name}`;
          return;
        }
        let error = compareOutput(got, want.values, want.dims, tolerance);
        const judged = engine.trtexecLosses?.get(want.name);
        if (judged) {
          // trtexec's share is over the exact values; printed with 6 decimals, a failing share can read 0.
          const share = judged.failed ? Math.max(judged.loss, 1 / Math.max(got.length, 1)) : judged.loss;
          error = { ...error, outOfTolerance: share };
        }
        outputs.push({
          shape,
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
        });
      });
    }
    // A check that could not run is an error (said with why), not an engine out of tolerance.
    const status = problem !== null ? 'error' : outputs.some((o) => o.failure !== null) ? 'failed' : 'passed';
    results.set(plan.path, { status, outputs, problem, configPosition: null });
  }
  return results;
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
