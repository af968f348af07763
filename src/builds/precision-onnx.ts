// precision: fp16 on TensorRT 11, which has no --fp16: the engine is built from an FP16 ONNX trt-ci writes
// (onnx/mixed-precision.ts), FP16 except the nodes keep-fp32 names. The written ONNX goes to a folder
// of its own under the output folder with the model's external-data files linked beside it (an ONNX names
// them relative to itself); the user's ONNX is what every other stage reads (references, explain, history).
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { externalDataFiles } from '../onnx/external-data.js';
import { withArticle } from '../common/article.js';
import { errorMessage } from '../common/errors.js';
import { releaseBytes } from '../common/release-bytes.js';
import { type ModelConfig, narrowOf } from '../contract/config.js';
import type { Failure } from '../contract/report.js';
import { precisionFlag } from '../tensorrt/argv.js';
import { mixedPrecisionOnnx } from '../onnx/mixed-precision.js';
import { readOnnxIo } from '../onnx/inputs.js';
import { loadOnnxRuntime, type OnnxRuntime } from '../onnx/runtime.js';
import type { TensorRtVersion } from '../tensorrt/version.js';
import type { NarrowType } from '../onnx/graph.js';
import type { BuildJob, PrecisionOnnx } from './jobs.js';
import { checkWrittenOnnx, writtenCheckProblem } from './written-onnx-check.js';

/** The model as trtexec is given it: the written FP16 ONNX, strongly typed, where there is one. */
export function modelToBuild(job: Pick<BuildJob, 'model' | 'precisionOnnx'>): ModelConfig {
  return job.precisionOnnx
    ? { ...job.model, onnx: job.precisionOnnx.onnx, precision: 'strongly-typed', keepFp32: [] }
    : job.model;
}

/** The narrow type of the ONNX this model is built from on this TensorRT, where trt-ci writes one; else null. */
export function writesPrecisionOnnx(model: ModelConfig, version: TensorRtVersion): NarrowType | null {
  const flag = precisionFlag(model.precision, version);
  return 'writesOnnx' in flag && flag.writesOnnx ? flag.writesOnnx : null;
}

/** Where a model's written ONNX goes under a folder: `fp16-onnx/` or `bf16-onnx/`, by its precision. */
export const precisionOnnxFolder = (model: ModelConfig, under: string) =>
  join(under, `${narrowOf(model.precision) ?? 'fp16'}-onnx`);

/** A written ONNX that ONNX Runtime refused or found out of the FP16 band: nothing is built from it. */
class WrittenOnnxRefused extends Error {}

/**
 * Writes `model`'s FP16 ONNX into `dir` (made afresh), its external data linked beside it, and has ONNX Runtime
 * check it against the model before anything is built from it (written-onnx-check.ts).
 */
export async function writePrecisionOnnx(
  model: ModelConfig,
  dir: string,
  runtime: () => Promise<OnnxRuntime> = loadOnnxRuntime,
  /** The outputs the check judges (a marked copy's own model's: its marked tensors carry FP16's error by design). */
  judged: ReadonlySet<string> | null = null,
  signal?: AbortSignal,
): Promise<PrecisionOnnx> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const source = await readFile(model.onnx);
  const narrow: NarrowType = narrowOf(model.precision) ?? 'fp16';
  const written = mixedPrecisionOnnx(source, { narrow, keep: new Set(model.keepFp32) });
  // The written model is a copy: the source's memory goes back now, and the check reads the model again for its
  // own run (a 1 GiB model: 2.x GiB at peak instead of 3.2, bench/precision-writer.ts).
  releaseBytes(source);
  // A kept name no node has would leave that node FP16 without a word (config rules catch it where the graph
  // reads at load; this is where it is decided).
  if (written.unmatched.length)
    throw new Error(
      `keep-fp32 names no node of it: ${written.unmatched.join(', ')} (node_of_<output> for unnamed ones)`,
    );
  const onnx = await writeOnnxCopy(model.onnx, written.model, dir);
  const types = new Map(readOnnxIo(model.onnx).inputs.map((input) => [input.name, input.type]));
  const check = await checkWrittenOnnx(model, () => readFile(model.onnx), written.model, types, runtime, {
    narrow,
    judged,
    ...(signal && { signal }),
  });
  const refused = writtenCheckProblem(check);
  if (refused) throw new WrittenOnnxRefused(refused);
  const narrowNodes = written.nodes.filter((n) => n.precision === narrow).length;
  return {
    onnx,
    narrow,
    fp16Nodes: narrow === 'fp16' ? narrowNodes : 0,
    bf16Nodes: narrow === 'bf16' ? narrowNodes : 0,
    fp32Nodes: written.nodes.length - narrowNodes,
    kept: model.keepFp32,
    keptWide: written.nodes.filter((n) => n.reason === 'reads a constant past the narrow range').map((n) => n.node),
    casts: written.casts,
    check,
  };
}

/**
 * `bytes` (a rewrite of the ONNX `source`) written into `dir` under the source's name, with the source's
 * external-data files linked beside it: an ONNX names them relative to itself. Returns the written path.
 */
export async function writeOnnxCopy(source: string, bytes: Buffer, dir: string): Promise<string> {
  const onnx = join(dir, basename(source));
  await writeFile(onnx, bytes);
  for (const data of await externalDataFiles(source)) {
    const name = relative(dirname(source), data);
    if (name.startsWith('..')) throw new Error(`${basename(source)} names external data outside its folder`);
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await symlink(data, join(dir, name));
  }
  return onnx;
}

/** Why a model's builds are not made: its FP16 ONNX could not be written, or ONNX Runtime refused what was. */
function writeFailure(error: unknown, model: ModelConfig, dir: string): Failure {
  const source = basename(model.onnx);
  const type = (narrowOf(model.precision) ?? 'fp16').toUpperCase();
  if (error instanceof WrittenOnnxRefused) {
    const why =
      type === 'FP16'
        ? 'a weight or constant past 65504 (or too small for FP16) turns Inf or 0 in the written model'
        : "BF16's 8 bits do not hold a weight or constant closely enough";
    return {
      kind: 'precision-onnx-inaccurate',
      message: `the ${type} ONNX trt-ci wrote from ${source} was not built: ${error.message}`,
      hint:
        `${why}: keep the node that holds it in FP32 (keep-fp32:), or give a strongly typed ONNX with ` +
        `precision: strongly-typed; the written model: ${dir}`,
    };
  }
  return {
    kind: 'other',
    message: `trt-ci could not write the ${type} ONNX of ${source}: ${errorMessage(error)}`,
    hint:
      `TensorRT 11 has no --${type.toLowerCase()}: precision: ${type.toLowerCase()} builds ${withArticle(type)} ` +
      'ONNX trt-ci writes from yours (docs/accuracy.md); or give a strongly typed ONNX with precision: strongly-typed',
  };
}

/**
 * Each job with the FP16 ONNX its model is built from (written once per model), or the failure that stops
 * it: an ONNX the writer cannot read fails its builds with the reason, never builds FP32 in its place.
 */
export async function withPrecisionOnnx(
  jobs: BuildJob[],
  version: TensorRtVersion,
  outputDir: string,
  runtime: () => Promise<OnnxRuntime> = loadOnnxRuntime,
  /** The run's cancel: the check of a written model stops at once (a cancelled run builds nothing). */
  signal?: AbortSignal,
): Promise<{ jobs: BuildJob[]; failures: Map<string, Failure> }> {
  const byModel = new Map<string, Promise<PrecisionOnnx | Failure>>();
  const failures = new Map<string, Failure>();
  const out: BuildJob[] = [];
  for (const job of jobs) {
    if (!writesPrecisionOnnx(job.model, version)) {
      out.push(job);
      continue;
    }
    const name = job.model.name;
    if (!byModel.has(name))
      byModel.set(
        name,
        writePrecisionOnnx(
          job.model,
          join(precisionOnnxFolder(job.model, outputDir), name),
          runtime,
          null,
          signal,
        ).catch((error: unknown) =>
          writeFailure(error, job.model, join(precisionOnnxFolder(job.model, outputDir), name)),
        ),
      );
    const written = await byModel.get(name)!;
    if ('kind' in written) {
      failures.set(name, written);
      out.push(job);
    } else out.push({ ...job, precisionOnnx: written });
  }
  return { jobs: out, failures };
}
