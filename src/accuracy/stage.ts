// The accuracy stage: each built engine whose model asks (accuracy:) is run once on seeded inputs and
// its outputs are judged against ONNX Runtime's on the same inputs. "Built but wrong" fails the run.
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { writeNewFile } from '../proc/new-file.js';
import { type CacheTrust, TRUST_ALL } from '../cache/trust.js';
import { join } from 'node:path';
import type { BuildOutcome } from '../builds/outcome.js';
import { FileDigests } from '../cache/engine-cache.js';
import { type Config, runProfile, type ShapeChoice, type AccuracyConfig } from '../contract/config.js';
import { errorMessage } from '../common/errors.js';
import type { Trtexec } from '../tensorrt/trtexec.js';
import type { Accuracy, AccuracyOutput } from '../contract/report.js';
import { accuracyArgv, type TrtexecJudge } from '../tensorrt/argv.js';
import { hasFlag } from '../tensorrt/flags.js';
import type { TensorRtVersion } from '../tensorrt/version.js';
import { compareOutput, judgeOutput } from './compare.js';
import { parseExportedOutput } from './export-output.js';
import { float32Bytes, type InputTensor, readNpz, sampleInputs, seededInputs } from './inputs.js';
import { decodeRaw, dumpNamesCollide, dumpsOfOtherOutputs, findRawOutput, isRawType } from './raw-bindings.js';
import {
  cachedReferenceOutputs,
  type OnnxRuntime,
  type ReferenceOutput,
  type ReferenceSession,
  referenceOutputs,
} from './reference.js';
import { absoluteTolerance } from './tolerance.js';
import { readTrtexecCheck, type TrtexecLoss } from './trtexec-check.js';

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
      opened = Promise.all([runtime(), readFile(onnx)]).then(([rt, model]) => rt.InferenceSession.create(model));
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
      try {
        inputs =
          check.inputs === 'auto' ? seededInputs(profile, shape) : sampleInputs(check.inputs, profile, shape, npz);
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
      const atols = expected.map((o) => absoluteTolerance(check.atol, o.values));
      const tolerances = { atols, rtol: check.rtol };
      const engine = await runEngineOnInputs(outcome, plan.path, shape, inputs, expected, tolerances, dir);
      if ('problem' in engine) {
        problem = engine.problem;
        break;
      }
      expected.forEach((want, i) => {
        const got = engine.outputs.get(want.name);
        const tolerance = { atol: atols[i]!, rtol: check.rtol, cosine: check.cosine, topK: check.topK };
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
          atol: atols[i]!,
          rtol: check.rtol,
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

  /**
   * Runs the engine once on the inputs (in `dir`, where 8.6+ dumps its outputs) and reads its outputs; on
   * 11.1+, when one atol fits every output (trtexec takes one), trtexec judges them against the reference
   * as well. Whatever keeps the outputs from being read is the check's problem, naming the log.
   */
  async function runEngineOnInputs(
    outcome: BuildOutcome,
    planPath: string,
    shape: ShapeChoice,
    inputs: readonly InputTensor[],
    expected: readonly ReferenceOutput[],
    { atols, rtol }: { atols: readonly number[]; rtol: number },
    dir: string,
  ): Promise<
    { outputs: Map<string, ArrayLike<number>>; trtexecLosses: Map<string, TrtexecLoss> | null } | { problem: string }
  > {
    const { job } = outcome;
    const files = inputs.map((input, i) => ({ name: input.name, file: join(dir, `input${i}.bin`) }));
    await Promise.all(inputs.map((input, i) => writeNewFile(files[i]!.file, float32Bytes(input.values))));
    let judge: TrtexecJudge | null = null;
    if (hasFlag('--loadRefOutputs', version) && new Set(atols).size === 1) {
      const references = expected.map((o, i) => ({ name: o.name, file: join(dir, `reference${i}.bin`) }));
      await Promise.all(expected.map((o, i) => writeNewFile(references[i]!.file, float32Bytes(o.values))));
      judge = { references, atol: atols[0]!, rtol };
    }
    const output = join(dir, 'output.json');
    const log = join(dir, 'trtexec.log');
    const names = expected.map((o) => o.name);
    const dump = hasFlag('--dumpRawBindingsToFile', version) && !dumpNamesCollide(names);
    const paths = { plan: planPath, inputs: files, output };
    const argv = accuracyArgv(version, job.model, job.profile, shape, paths, judge, dump);
    const run = await trtexec.run(argv, {
      gpu: outcome.gpu?.index ?? null,
      cwd: dir,
      logFile: log,
      timeoutMs: job.model.buildTimeoutMs,
      ...(options.signal && { signal: options.signal }),
    });
    try {
      const check = judge ? readTrtexecCheck(await readFile(log, 'utf8')) : null;
      // trtexec exits 1 when its own check fails, after writing the outputs: that is a verdict, not a fault.
      if (run.exitCode !== 0 && !check?.failed) {
        throw new Error(`trtexec exited with ${run.exitCode ?? run.signal ?? run.spawnError}`);
      }
      let outputs: Map<string, ArrayLike<number>>;
      let unchecked: string[];
      if (dump) {
        const files = await readdir(dir);
        outputs = await readRawOutputs(dir, files, expected);
        unchecked = dumpsOfOtherOutputs(files, names);
      } else {
        const exported = parseExportedOutput(await readFile(output, 'utf8'));
        outputs = new Map(exported.map((o) => [o.name, o.values]));
        unchecked = exported.map((o) => o.name).filter((name) => !names.includes(name));
      }
      // Every output the engine has is checked: a reference that lacks one must not pass it unseen.
      if (unchecked.length > 0) {
        return { problem: `the reference has nothing for the engine's output(s) ${unchecked.join(', ')}` };
      }
      return { outputs, trtexecLosses: check?.losses ?? null };
    } catch (error) {
      // trtexec's own last error says why better than an exit status does.
      const said = (await readFile(log, 'utf8').catch(() => ''))
        .split('\n')
        .filter((line) => /\[E\]/.test(line))
        .at(-1)
        ?.replace(/^\[[^\]]*\] \[E\] /, '');
      const why = said ? `${errorMessage(error)}; trtexec said: ${said}` : errorMessage(error);
      return { problem: `trtexec could not run the engine on the inputs (${log}): ${why}` };
    }
  }
}

/** The outputs trtexec dumped into `dir`, each at full precision in its own type. */
async function readRawOutputs(
  dir: string,
  files: readonly string[],
  expected: readonly ReferenceOutput[],
): Promise<Map<string, ArrayLike<number>>> {
  const outputs = new Map<string, ArrayLike<number>>();
  for (const { name } of expected) {
    const found = findRawOutput(files, name);
    if (!found) continue;
    if (!isRawType(found.dtype)) throw new Error(`output ${name} is ${found.dtype}, which trt-ci does not compare`);
    const count = found.dims.reduce((a, b) => a * b, 1);
    outputs.set(name, decodeRaw(await readFile(join(dir, found.file)), found.dtype, count, found.file));
  }
  return outputs;
}

/** Reference outputs the user gave: a .npz with one float32 array per output, named as the output. */
function givenReference(file: string, read: typeof readNpz): ReferenceOutput[] {
  const arrays = read(file);
  if (arrays.size === 0) throw new Error(`${file}: no arrays; expected one per output, named as the output`);
  return [...arrays].map(([name, array]) => ({ name, dims: array.dims, values: array.values }));
}
