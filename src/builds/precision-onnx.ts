// precision: fp16 on TensorRT 11, which has no --fp16: the engine is built from an FP16 ONNX trt-ci writes
// (tensorrt/mixed-precision-onnx.ts), FP16 except the nodes keep-fp32 names. The written ONNX goes to a folder
// of its own under the output folder with the model's external-data files linked beside it (an ONNX names
// them relative to itself); the user's ONNX is what every other stage reads (references, explain, history).
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { externalDataFiles } from '../cache/engine-cache.js';
import { errorMessage } from '../common/errors.js';
import type { ModelConfig } from '../contract/config.js';
import type { Failure } from '../contract/report.js';
import { precisionFlag } from '../tensorrt/argv.js';
import { mixedPrecisionOnnx } from '../tensorrt/mixed-precision-onnx.js';
import type { TensorRtVersion } from '../tensorrt/version.js';
import type { BuildJob, PrecisionOnnx } from './jobs.js';

/** The model as trtexec is given it: the written FP16 ONNX, strongly typed, where there is one. */
export function modelToBuild(job: Pick<BuildJob, 'model' | 'precisionOnnx'>): ModelConfig {
  return job.precisionOnnx
    ? { ...job.model, onnx: job.precisionOnnx.onnx, precision: 'strongly-typed', keepFp32: [] }
    : job.model;
}

/** Whether this model on this TensorRT is built from a written FP16 ONNX. */
export function writesPrecisionOnnx(model: ModelConfig, version: TensorRtVersion): boolean {
  const flag = precisionFlag(model.precision, version);
  return 'writesOnnx' in flag && flag.writesOnnx === 'fp16';
}

/** Writes `model`'s FP16 ONNX into `dir` (made afresh), its external data linked beside it. */
export async function writePrecisionOnnx(model: ModelConfig, dir: string): Promise<PrecisionOnnx> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const written = mixedPrecisionOnnx(await readFile(model.onnx), { narrow: 'fp16', keep: new Set(model.keepFp32) });
  // A kept name no node has would leave that node FP16 without a word (config rules catch it where the graph
  // reads at load; this is where it is decided).
  if (written.unmatched.length)
    throw new Error(
      `keep-fp32 names no node of it: ${written.unmatched.join(', ')} (node_of_<output> for unnamed ones)`,
    );
  const onnx = await writeOnnxCopy(model.onnx, written.model, dir);
  const fp16Nodes = written.nodes.filter((n) => n.precision === 'fp16').length;
  return { onnx, fp16Nodes, fp32Nodes: written.nodes.length - fp16Nodes, kept: model.keepFp32, casts: written.casts };
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

/**
 * Each job with the FP16 ONNX its model is built from (written once per model), or the failure that stops
 * it: an ONNX the writer cannot read fails its builds with the reason, never builds FP32 in its place.
 */
export async function withPrecisionOnnx(
  jobs: BuildJob[],
  version: TensorRtVersion,
  outputDir: string,
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
        writePrecisionOnnx(job.model, join(outputDir, 'fp16-onnx', name)).catch(
          (error: unknown): Failure => ({
            kind: 'other',
            message: `trt-ci could not write the FP16 ONNX of ${basename(job.model.onnx)}: ${errorMessage(error)}`,
            hint:
              'TensorRT 11 has no --fp16: precision: fp16 builds an FP16 ONNX trt-ci writes from yours ' +
              '(docs/accuracy.md); or give a strongly typed ONNX with precision: strongly-typed',
          }),
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
