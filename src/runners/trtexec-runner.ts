// trtexec as a plan runner: each request is one trtexec process through the seam (tensorrt/trtexec.ts), with
// the flags of this TensorRT (tensorrt/argv.ts), and its files read by trtexec's own formats: the log, the raw
// output dumps (8.6+) or --exportOutput's JSON with 11.1's own accuracy check, --exportTimes, --exportProfile.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { errorMessage } from '../common/errors.js';
import { elementBytes } from '../onnx/element-type.js';
import type { ReferenceOutput } from '../onnx/runtime.js';
import { writeNewFile } from '../proc/new-file.js';
import { howItEnded } from '../proc/run-process.js';
import {
  accuracyArgv,
  abRunArgv,
  benchmarkArgv,
  engineArgs,
  loadArgv,
  profileRunArgv,
  type TrtexecJudge,
} from '../tensorrt/argv.js';
import { readBindings } from '../tensorrt/bindings.js';
import { parseExportedOutput } from '../tensorrt/export-output.js';
import { parseExportedTimes } from '../tensorrt/export-times.js';
import { CANCELLED } from '../tensorrt/failure-hints.js';
import { hasFlag } from '../tensorrt/flags.js';
import { parseProfile } from '../tensorrt/layer-profile.js';
import { TrtexecLogParser } from '../tensorrt/log-parser.js';
import { MEASUREMENT, MEASUREMENT_LINE, measuredFrom } from '../tensorrt/measurement.js';
import {
  decodeRaw,
  dumpNamesCollide,
  dumpsOfOtherOutputs,
  findRawOutput,
  isRawType,
} from '../tensorrt/raw-bindings.js';
import { readTrtexecCheck } from '../tensorrt/trtexec-check.js';
import type { Trtexec, TrtexecRunOptions } from '../tensorrt/trtexec.js';
import type { TensorRtVersion } from '../tensorrt/version.js';
import type { LayerTimes } from '../tensorrt/layer-profile.js';
import {
  type Benchmark,
  type EngineSpec,
  type Inferred,
  type InferRequest,
  type LoadRequest,
  type Loaded,
  type PlanRunner,
  type ProfileRequest,
  RunFailed,
  type RunPlace,
  type Timed,
  type TimedRequest,
} from './plan-runner.js';

const runOptions = (place: RunPlace, logFile: string): TrtexecRunOptions => ({
  gpu: place.gpu,
  logFile,
  timeoutMs: place.timeoutMs,
  ...(place.signal && { signal: place.signal }),
});

/** trtexec as the run's plan runner, with the flags of `version`. */
export function trtexecRunner(trtexec: Trtexec, version: TensorRtVersion): PlanRunner {
  return new TrtexecRunner(trtexec, version);
}

class TrtexecRunner implements PlanRunner {
  readonly name = 'trtexec';
  readonly noProfile = null;

  constructor(
    private readonly trtexec: Trtexec,
    private readonly version: TensorRtVersion,
  ) {}

  async benchmark(engine: EngineSpec, place: RunPlace, log: string): Promise<Benchmark> {
    const parser = new TrtexecLogParser();
    // The lines that say what the run measured (measurement.ts reads them), not the whole log.
    const measuring: string[] = [];
    const result = await this.trtexec.run(benchmarkArgv(this.version, engine), {
      ...runOptions(place, log),
      onLine: (line) => {
        parser.push(line);
        if (MEASUREMENT_LINE.test(line)) measuring.push(line);
      },
    });
    const ended = { exitCode: result.exitCode, signal: result.signal, timedOut: result.timedOut };
    const parsed = parser.result(ended, { buildTimeoutMs: place.timeoutMs, logFile: log });
    const perf = {
      throughputQps: parsed.throughputQps,
      latencyMs: parsed.latencyMs,
      gpuComputeMs: parsed.gpuComputeMs,
      log,
      measurement: measuredFrom(MEASUREMENT, measuring.join('\n')),
    };
    const failure = result.cancelled
      ? CANCELLED
      : parsed.failure && { ...parsed.failure, message: `the plan did not load: ${parsed.failure.message}` };
    return { perf, failure };
  }

  infer(engine: EngineSpec, place: RunPlace, request: InferRequest): Promise<Inferred> {
    return inferWithTrtexec(this.trtexec, this.version, engine, place, request);
  }

  async time(engine: EngineSpec, place: RunPlace, { stem, iterations, measurement }: TimedRequest): Promise<Timed> {
    const times = `${stem}.times.json`;
    const log = `${stem}.log`;
    const contract = engineArgs(this.version, engine, measurement);
    const run = await this.trtexec.run(abRunArgv(engine.plan, contract, iterations, times), runOptions(place, log));
    if (run.exitCode !== 0) throw new RunFailed(`trtexec ${howItEnded(run)}`, log, run.cancelled);
    const text = await readFile(log, 'utf8').catch(() => '');
    const { bindings, overridden } = readBindings(text);
    return {
      timesMs: parseExportedTimes(await readFile(times, 'utf8'), times),
      log,
      bindings,
      overridden,
      measurement: measuredFrom(measurement, text),
    };
  }

  readonly profile = async (engine: EngineSpec, place: RunPlace, request: ProfileRequest): Promise<LayerTimes> => {
    const contract = engineArgs(this.version, engine, request.measurement);
    const argv = profileRunArgv(this.version, engine.plan, contract, request.iterations, request.file);
    const result = await this.trtexec.run(argv, runOptions(place, request.log));
    if (result.exitCode !== 0) throw new RunFailed(`trtexec ${howItEnded(result)}`, request.log, result.cancelled);
    return parseProfile(await readFile(request.file, 'utf8'));
  };

  // The run sweeps its trtexec seam itself (pipeline.ts).
  async load(engine: EngineSpec, place: RunPlace, request: LoadRequest): Promise<Loaded> {
    const argv = loadArgv(engine, request.versionCompatible);
    const run = await this.trtexec.run(argv, { ...runOptions(place, request.log), onLine: request.onLine });
    return { exitCode: run.exitCode, cancelled: run.cancelled };
  }

  sweep(): Promise<unknown> {
    return Promise.resolve();
  }
}

/**
 * Runs the engine once on the inputs (in `dir`, where 8.6+ dumps its outputs) and reads its outputs; on 11.1+,
 * when one atol fits every output (trtexec takes one), trtexec judges them against the reference as well (it
 * reads a reference in its binding's type, so it judges only FP32). Whatever keeps the outputs from being read
 * is the check's problem, naming the log.
 */
async function inferWithTrtexec(
  trtexec: Trtexec,
  version: TensorRtVersion,
  engine: EngineSpec,
  place: RunPlace,
  { inputs, expected, tolerance, dir, outputTypes }: InferRequest,
): Promise<Inferred> {
  const files = inputs.map((input, i) => ({ name: input.name, file: join(dir, `input${i}.bin`) }));
  await Promise.all(inputs.map((input, i) => writeNewFile(files[i]!.file, elementBytes(input.type, input.values))));
  let judge: TrtexecJudge | null = null;
  const allFloat32 = expected.every(
    (o) => o.type === 'float32' && (outputTypes.get(o.name) ?? 'float32') === 'float32',
  );
  if (hasFlag('--loadRefOutputs', version) && new Set(tolerance.atols).size === 1 && allFloat32) {
    const references = expected.map((o, i) => ({ name: o.name, file: join(dir, `reference${i}.bin`) }));
    await Promise.all(expected.map((o, i) => writeNewFile(references[i]!.file, elementBytes('float32', o.values))));
    judge = { references, atol: tolerance.atols[0]!, rtol: tolerance.rtol };
  }
  const output = join(dir, 'output.json');
  const log = join(dir, 'trtexec.log');
  const names = expected.map((o) => o.name);
  const dump = hasFlag('--dumpRawBindingsToFile', version) && !dumpNamesCollide(names);
  const argv = accuracyArgv(version, engine, { inputs: files, output }, judge, dump);
  const run = await trtexec.run(argv, { ...runOptions(place, log), cwd: dir });
  try {
    const check = judge ? readTrtexecCheck(await readFile(log, 'utf8')) : null;
    // trtexec exits 1 when its own check fails, after writing the outputs: that is a verdict, not a fault.
    if (run.exitCode !== 0 && !check?.failed) {
      throw new Error(`trtexec exited with ${run.exitCode ?? run.signal ?? run.spawnError}`);
    }
    const read = dump ? await readDumps(dir, expected) : await readExported(output, names);
    // Every output the engine has is checked: a reference that lacks one must not pass it unseen.
    if (read.unchecked.length > 0) {
      return { problem: `the reference has nothing for the engine's output(s) ${read.unchecked.join(', ')}` };
    }
    return { outputs: read.outputs, trtexecLosses: check?.losses ?? null };
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

/** The outputs --dumpRawBindingsToFile wrote, and the dumped outputs the reference does not have. */
async function readDumps(dir: string, expected: readonly ReferenceOutput[]) {
  const written = await readdir(dir);
  const names = expected.map((o) => o.name);
  return { outputs: await readRawOutputs(dir, written, expected), unchecked: dumpsOfOtherOutputs(written, names) };
}

/** The outputs --exportOutput wrote, and those the reference does not have. */
async function readExported(output: string, names: readonly string[]) {
  const exported = parseExportedOutput(await readFile(output, 'utf8'));
  return {
    outputs: new Map<string, ArrayLike<number>>(exported.map((o) => [o.name, o.values])),
    unchecked: exported.map((o) => o.name).filter((name) => !names.includes(name)),
  };
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
