// The accuracy stage: each built engine whose model asks (accuracy:) is run once on seeded inputs and
// its outputs are judged against ONNX Runtime's on the same inputs. "Built but wrong" fails the run.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BuildOutcome } from '../builds/outcome.js';
import { FileDigests } from '../cache/engine-cache.js';
import { type Config, runProfile } from '../config/load.js';
import { errorMessage } from '../errors.js';
import { runProcess } from '../proc/run-process.js';
import type { Accuracy, AccuracyOutput } from '../report/schema.js';
import { accuracyArgv } from '../tensorrt/argv.js';
import type { TensorRtVersion } from '../tensorrt/version.js';
import { compareOutput, judgeOutput } from './compare.js';
import { parseExportedOutput } from './export-output.js';
import { type InputTensor, rawBytes, sampleInputs, seededInputs } from './inputs.js';
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
  config: Pick<Config, 'trtexec' | 'outputDir' | 'killGraceMs' | 'cacheDir'>,
  version: TensorRtVersion,
  options: { runtime?: () => Promise<OnnxRuntime>; signal?: AbortSignal; digests?: FileDigests } = {},
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
  for (const outcome of outcomes) {
    const { job, plan } = outcome;
    const check = job.model.accuracy;
    if (!check || !plan || (outcome.status !== 'built' && outcome.status !== 'cached')) continue;
    if (options.signal?.aborted) break;

    const outputs: AccuracyOutput[] = [];
    let problem: string | null = null;
    for (const shape of check.shapes) {
      const profile = runProfile(job.profile);
      const dir = join(config.outputDir, 'accuracy', `${job.model.name}.${job.profile.name}.${shape}`);
      await mkdir(dir, { recursive: true });
      let inputs: InputTensor[];
      try {
        inputs =
          check.inputs === 'auto' ? seededInputs(profile, shape) : sampleInputs(check.inputs.folder, profile, shape);
      } catch (error) {
        problem = errorMessage(error);
        break;
      }
      const files = inputs.map((input, i) => ({ name: input.name, file: join(dir, `input${i}.bin`) }));
      await Promise.all(inputs.map((input, i) => writeFile(files[i]!.file, rawBytes(input))));
      const output = join(dir, 'output.json');
      const env = outcome.gpu ? { ...process.env, CUDA_VISIBLE_DEVICES: String(outcome.gpu.index) } : process.env;
      const run = await runProcess({
        command: config.trtexec,
        args: accuracyArgv(version, job.model, job.profile, shape, { plan: plan.path, inputs: files, output }),
        env,
        logFile: join(dir, 'trtexec.log'),
        timeoutMs: job.model.buildTimeoutMs,
        killGraceMs: config.killGraceMs,
        ...(options.signal && { signal: options.signal }),
      });
      let engine: ReturnType<typeof parseExportedOutput>;
      try {
        if (run.exitCode !== 0) throw new Error(`trtexec exited with ${run.exitCode ?? run.signal ?? run.spawnError}`);
        engine = parseExportedOutput(await readFile(output, 'utf8'));
      } catch (error) {
        const log = join(dir, 'trtexec.log');
        problem = `trtexec could not run the engine on the inputs (${log}): ${errorMessage(error)}`;
        break;
      }
      let reference: ReferenceOutput[];
      try {
        const onnx = job.model.onnx;
        const compute = async () => referenceOutputs(await runtime(), await session(onnx), inputs);
        reference = (await cachedReferenceOutputs(config.cacheDir, await digests.of(onnx), inputs, compute)).outputs;
      } catch (error) {
        problem = `ONNX Runtime could not compute the reference: ${errorMessage(error)}`;
        break;
      }
      for (const expected of reference) {
        const got = engine.find((o) => o.name === expected.name);
        const atol = absoluteTolerance(check.atol, expected.values);
        const tolerance = { atol, rtol: check.rtol, cosine: check.cosine, topK: check.topK };
        if (!got) {
          problem = `the engine has no output ${expected.name}`;
          continue;
        }
        const error = compareOutput(got.values, expected.values, expected.dims, tolerance);
        outputs.push({
          shape,
          name: expected.name,
          maxAbsError: error.maxAbsError,
          maxRelError: error.maxRelError,
          outOfTolerance: error.outOfTolerance,
          cosine: error.cosine,
          nan: error.nan,
          inf: error.inf,
          atol,
          rtol: check.rtol,
          failure: judgeOutput(error, tolerance),
        });
      }
    }
    const failed = problem !== null || outputs.some((o) => o.failure !== null);
    results.set(plan.path, { status: failed ? 'failed' : 'passed', outputs, problem, configPosition: null });
  }
  return results;
}
