// The third source of a base engine (base-ref:, when the user allows it): the base commit's ONNX, as git
// has it, built with this job's trtexec, flags and workspace on the same GPU. Costs a build; said in the
// report (baseEngine.source: rebuilt). External data files the ONNX names are taken from the same commit.
import { errorMessage } from '../common/errors.js';
import { precisionOnnxFolder, writePrecisionOnnx, writesPrecisionOnnx } from '../builds/precision-onnx.js';
import { sideJob } from '../builds/jobs.js';
import type { PlanBuilder } from '../builds/stage-context.js';
import { mkdir, rm } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import type { BuildOutcome } from '../builds/outcome.js';
import type { PrecisionOnnx } from '../builds/jobs.js';
import { externalDataFiles } from '../onnx/external-data.js';
import { gitShow } from '../proc/git.js';
import type { TensorRtVersion } from '../tensorrt/version.js';

/** The base engine's plan path, or why it could not be made (naming the log). */
export async function rebuildBase(
  ref: string,
  outcome: BuildOutcome,
  buildPlan: PlanBuilder,
  /** What git runs with (the job's environment) and how long it has to stop. */
  host: { env: NodeJS.ProcessEnv; killGraceMs: number },
  version: TensorRtVersion,
  dir: string,
  signal?: AbortSignal,
): Promise<{ plan: string } | { missing: string }> {
  const { job } = outcome;
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const onnx = join(dir, basename(job.model.onnx));
  const show = async (file: string, target: string) => {
    // <ref>:./<path> is relative to git's working folder: the file's own folder.
    const log = `${target}.git.log`;
    const result = await gitShow({
      ref,
      path: basename(file),
      cwd: dirname(file),
      outFile: target,
      logFile: log,
      ...host,
      ...(signal && { signal }),
    });
    return result.exitCode === 0 ? null : `git could not give ${basename(file)} at ${ref} (${log})`;
  };
  const missing = await show(job.model.onnx, onnx);
  if (missing) return { missing };
  for (const data of await externalDataFiles(onnx)) {
    const name = relative(dir, data);
    if (name.startsWith('..')) return { missing: `${basename(job.model.onnx)} names external data outside its folder` };
    const original = join(dirname(job.model.onnx), name);
    await mkdir(dirname(data), { recursive: true });
    const problem = await show(original, data);
    if (problem) return { missing: problem };
  }
  const workspaceBytes = outcome.attempts.at(-1)?.workspaceBytes ?? job.model.workspaceBytes;
  // fp16 or bf16 on TensorRT 11: the base's own written ONNX, as the head's was (its keep-fp32 list included).
  const model = { ...job.model, onnx };
  let precisionOnnx: PrecisionOnnx | undefined;
  if (writesPrecisionOnnx(model, version)) {
    // Refused by ONNX Runtime's check, or not written: no base engine, said as the A/B's reason.
    const written = await writePrecisionOnnx(model, precisionOnnxFolder(model, dir)).catch((error: unknown) =>
      errorMessage(error),
    );
    if (typeof written === 'string') return { missing: `the base's written ONNX from ${ref}: ${written}` };
    precisionOnnx = written;
  }
  const built = await buildPlan(
    sideJob(job, dir, 'base', { model, precisionOnnx, workspaceBytes }),
    outcome.gpu?.index ?? null,
  );
  const log = built.attempts.at(-1)?.log;
  return built.plan
    ? { plan: built.plan.path }
    : {
        missing:
          `the base engine did not build from ${ref}: ${built.failure?.message ?? 'no plan'}` +
          (log ? ` (${log})` : ''),
      };
}
