// One run of a built engine on an accuracy check's inputs, and its outputs as trtexec wrote them: the dump
// at full precision (8.6+) or --exportOutput's JSON, with trtexec 11.1's own judgement where it can give it.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BuildOutcome } from '../builds/outcome.js';
import { errorMessage } from '../common/errors.js';
import type { ShapeChoice } from '../contract/config.js';
import { writeNewFile } from '../proc/new-file.js';
import { accuracyArgv, type TrtexecJudge } from '../tensorrt/argv.js';
import { hasFlag } from '../tensorrt/flags.js';
import type { Trtexec } from '../tensorrt/trtexec.js';
import type { TensorRtVersion } from '../tensorrt/version.js';
import { parseExportedOutput } from '../tensorrt/export-output.js';
import { elementBytes } from '../onnx/element-type.js';
import type { InputTensor } from '../onnx/seeded-inputs.js';
import {
  decodeRaw,
  dumpNamesCollide,
  dumpsOfOtherOutputs,
  findRawOutput,
  isRawType,
} from '../tensorrt/raw-bindings.js';
import type { ReferenceOutput } from '../onnx/runtime.js';
import { readTrtexecCheck, type TrtexecLoss } from '../tensorrt/trtexec-check.js';

/** How the engine is run: the one trtexec, its version, and the run's cancel. */
export interface EngineRunner {
  trtexec: Trtexec;
  version: TensorRtVersion;
  signal?: AbortSignal;
}

/**
 * Runs the engine once on the inputs (in `dir`, where 8.6+ dumps its outputs) and reads its outputs; on
 * 11.1+, when one atol fits every output (trtexec takes one), trtexec judges them against the reference
 * as well. Whatever keeps the outputs from being read is the check's problem, naming the log.
 */
export async function runEngineOnInputs(
  runner: EngineRunner,
  outcome: BuildOutcome,
  planPath: string,
  shape: ShapeChoice,
  inputs: readonly InputTensor[],
  expected: readonly ReferenceOutput[],
  { atols, rtol }: { atols: readonly number[]; rtol: number },
  dir: string,
  /** Each output's type in the model: trtexec reads a reference in its binding's type, so it judges only FP32. */
  outputTypes: ReadonlyMap<string, string> = new Map(),
): Promise<
  { outputs: Map<string, ArrayLike<number>>; trtexecLosses: Map<string, TrtexecLoss> | null } | { problem: string }
> {
  const { job } = outcome;
  const { trtexec, version } = runner;
  const files = inputs.map((input, i) => ({ name: input.name, file: join(dir, `input${i}.bin`) }));
  await Promise.all(inputs.map((input, i) => writeNewFile(files[i]!.file, elementBytes(input.type, input.values))));
  let judge: TrtexecJudge | null = null;
  const allFloat32 = expected.every(
    (o) => o.type === 'float32' && (outputTypes.get(o.name) ?? 'float32') === 'float32',
  );
  if (hasFlag('--loadRefOutputs', version) && new Set(atols).size === 1 && allFloat32) {
    const references = expected.map((o, i) => ({ name: o.name, file: join(dir, `reference${i}.bin`) }));
    await Promise.all(expected.map((o, i) => writeNewFile(references[i]!.file, elementBytes('float32', o.values))));
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
    ...(runner.signal && { signal: runner.signal }),
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
