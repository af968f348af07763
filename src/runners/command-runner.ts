// The second plan runner: a command of the team's own (run: { command } in trt-ci.yml), e.g. a script against the
// TensorRT Python runtime, whose wheels ship no trtexec. Each request is one process through the same seam as
// trtexec (its own process group, pinned to the GPU, credentials removed, killed on timeout or cancel), in
// trt-ci.yml's folder. trt-ci writes the request as JSON, fills in {request} (and TRT_CI_RUN_REQUEST) with its
// path, and reads the result the command writes where the request says. docs/run-command.md is the contract;
// producers/run_request.py keeps it for the TensorRT Python API and for TensorRT-RTX's.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import type { RunCommand } from '../contract/config.js';
import type { Perf, TimingStats } from '../contract/report.js';
import { ELEMENT_BYTES, elementBytes, isElementType, readElements } from '../onnx/element-type.js';
import { writeNewFile } from '../proc/new-file.js';
import { CANCELLED, hintFor } from '../tensorrt/failure-hints.js';
import { matchEvidence } from '../tensorrt/failures.js';
import { MEASUREMENT, type Measurement } from '../tensorrt/measurement.js';
import type { Trtexec, TrtexecProbe, TrtexecRunOptions } from '../tensorrt/trtexec.js';
import { parseVersion } from '../tensorrt/version.js';
import { InputError } from '../common/errors.js';
import {
  type Benchmark,
  type EngineSpec,
  type Inferred,
  type InferRequest,
  type LoadRequest,
  type Loaded,
  type PlanRunner,
  RunFailed,
  type RunPlace,
  type Timed,
  type TimedRequest,
} from './plan-runner.js';
import { howItEnded } from '../proc/run-process.js';

/** The request's schema name: a script can refuse a request of a version it does not know. */
const RUN_REQUEST_SCHEMA = 'trt-ci/run-request@1';
/** The environment variable that names the request's file, for a command that takes no {request}. */
const RUN_REQUEST_VARIABLE = 'TRT_CI_RUN_REQUEST';

/** How many timed iterations the build's benchmark asks for (trtexec's own benchmark runs 3 s or 10 iterations). */
const BENCHMARK_ITERATIONS = 100;

const measurementSchema = z.object({ dataTransfers: z.boolean(), cudaGraph: z.boolean(), spinWait: z.boolean() });
const outputSchema = z.object({
  name: z.string(),
  dtype: z.string(),
  shape: z.array(z.number().int().nonnegative()),
  file: z.string(),
});
const resultSchema = z.object({
  outputs: z.array(outputSchema).optional(),
  timesMs: z.array(z.number().finite().nonnegative()).optional(),
  measurement: measurementSchema.optional(),
  tensorrtVersion: z.string().optional(),
  /** A runtime that is not TensorRT itself: TensorRT-RTX, whose version tensorrtVersion then is. */
  product: z.enum(['TensorRT-RTX']).optional(),
});
type RunResult = z.infer<typeof resultSchema>;
type RunOutput = z.infer<typeof outputSchema>;

type Mode = 'infer' | 'time' | 'version' | 'load';

/** What one request says besides its mode, engine and result file. */
interface RequestBody {
  inputs?: { name: string; dtype: string; shape: number[]; file: string }[];
  iterations?: number;
  warmUpMs?: number;
  measurement?: Measurement;
  versionCompatible?: boolean;
}

export function commandRunner(run: RunCommand, seam: Trtexec, dir: string): PlanRunner & Pick<Trtexec, 'probe'> {
  return new CommandRunner(run, seam, dir);
}

class CommandRunner implements PlanRunner, Pick<Trtexec, 'probe'> {
  readonly name: string;
  readonly profile = null;
  readonly noProfile: string;
  private probed: Promise<TrtexecProbe> | null = null;

  constructor(
    private readonly run: RunCommand,
    private readonly seam: Trtexec,
    /** trt-ci.yml's folder: the command runs there. */
    private readonly dir: string,
  ) {
    this.name = `the run command (${basename(run.command[0]!)})`;
    this.noProfile = `${this.name} gives no per-layer times (only trtexec's --exportProfile does)`;
  }

  async benchmark(engine: EngineSpec, place: RunPlace, log: string): Promise<Benchmark> {
    try {
      const body = { iterations: BENCHMARK_ITERATIONS, warmUpMs: 200, measurement: MEASUREMENT };
      const result = await this.timed(engine, place, dirname(log), log, body);
      return { perf: perfOf(result.timesMs!, log, result.measurement ?? null), failure: null };
    } catch (error) {
      if (!(error instanceof RunFailed)) throw error;
      // What the command said, read as trtexec's lines are: a runtime's own words (TensorRT-RTX refusing a GPU)
      // give their kind and hint.
      const evidence = matchEvidence(error.how);
      const failure = error.cancelled
        ? CANCELLED
        : {
            kind: evidence?.kind ?? ('other' as const),
            message: `the plan did not load: ${error.how}`,
            hint: evidence ? (evidence.hint ?? hintFor(evidence.kind, error.how)) : runHint(log),
          };
      return { perf: emptyPerf(log), failure };
    }
  }

  async infer(engine: EngineSpec, place: RunPlace, { inputs, expected, dir: folder }: InferRequest): Promise<Inferred> {
    const files = inputs.map((input, i) => ({
      name: input.name,
      dtype: input.type,
      shape: input.dims,
      file: join(folder, `input${i}.bin`),
    }));
    await Promise.all(inputs.map((input, i) => writeNewFile(files[i]!.file, elementBytes(input.type, input.values))));
    const log = join(folder, 'run.log');
    let result: RunResult;
    try {
      result = await this.ask('infer', engine, place, folder, log, { inputs: files });
    } catch (error) {
      if (error instanceof RunFailed) return { problem: `${error.how} (${log})` };
      throw error;
    }
    const given = result.outputs ?? [];
    const names = expected.map((o) => o.name);
    const unchecked = given.map((o) => o.name).filter((n) => !names.includes(n));
    if (unchecked.length > 0) {
      return { problem: `the reference has nothing for the engine's output(s) ${unchecked.join(', ')}` };
    }
    const outputs = new Map<string, ArrayLike<number>>();
    for (const output of given) {
      const values = await this.outputValues(output, folder);
      if (typeof values === 'string') return { problem: values };
      outputs.set(output.name, values);
    }
    return { outputs, trtexecLosses: null };
  }

  async time(engine: EngineSpec, place: RunPlace, { stem, iterations, measurement }: TimedRequest): Promise<Timed> {
    const log = `${stem}.log`;
    const result = await this.timed(engine, place, dirname(stem), log, { iterations, warmUpMs: 200, measurement });
    return { timesMs: result.timesMs!, log, bindings: null, overridden: [], measurement: result.measurement ?? null };
  }

  /** A load request: the command loads the plan and runs it once; its exit status is the verdict, its lines the log. */
  async load(engine: EngineSpec, place: RunPlace, { log, versionCompatible, onLine }: LoadRequest): Promise<Loaded> {
    // One load a log (deploy-load's, per engine and target): the request is named after it.
    const request = {
      mode: 'load' as const,
      stem: join(dirname(log), basename(log, '.log')),
      body: { versionCompatible },
    };
    const { ended } = await this.send(request, engine, place, log, onLine);
    return { exitCode: ended.exitCode, cancelled: ended.cancelled };
  }

  sweep(): Promise<unknown> {
    return this.seam.sweep();
  }

  /**
   * The TensorRT the command runs, for a run with no trtexec (`{ "tensorrtVersion": "10.16.1" }`): asked once;
   * a command that cannot say is bad input, naming `where` (trt-ci.yml's run:).
   */
  probe(where: string): Promise<TrtexecProbe> {
    this.probed ??= this.askVersion(where);
    return this.probed;
  }

  private async askVersion(where: string): Promise<TrtexecProbe> {
    const folder = await mkdtemp(join(tmpdir(), 'trt-ci-run-'));
    const log = join(folder, 'version.log');
    try {
      const result = await this.ask('version', null, { gpu: null, timeoutMs: 120_000 }, folder, log);
      const version = result.tensorrtVersion ? parseVersion(result.tensorrtVersion) : null;
      if (!version) throw new RunFailed(`${this.name} gave no tensorrtVersion like "10.16.1"`, log, false);
      return { version: { ...version, ...(result.product && { product: result.product }) }, helpFlags: new Set() };
    } catch (error) {
      if (!(error instanceof RunFailed)) throw error;
      throw new InputError(`${where}: a version request failed: ${error.how}`);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  /** One output's values from the file the command named, or what is wrong with it. */
  private async outputValues(output: RunOutput, folder: string): Promise<ArrayLike<number> | string> {
    if (!isElementType(output.dtype)) {
      return `${this.name} wrote output ${output.name} as ${output.dtype}, which trt-ci does not compare`;
    }
    const bytes = await readFile(resolve(folder, output.file)).catch(() => null);
    const count = output.shape.reduce((a, b) => a * b, 1);
    const values = bytes && bytes.length % ELEMENT_BYTES[output.dtype] === 0 ? readElements(output.dtype, bytes) : null;
    if (!values || values.length !== count) {
      const got = bytes ? `${bytes.length} bytes` : 'no file';
      return `${this.name}'s output ${output.name}: ${output.file} holds ${got}, its shape needs ${count} values`;
    }
    return values;
  }

  /** Per-iteration times: a result without them is the command's fault, said. */
  private async timed(engine: EngineSpec, place: RunPlace, folder: string, log: string, body: RequestBody) {
    const result = await this.ask('time', engine, place, folder, log, body);
    if (!result.timesMs || result.timesMs.length === 0) {
      throw new RunFailed(`${this.name} gave no timesMs for a time request`, log, false);
    }
    return result;
  }

  /** One request: written to `folder`, the command run with it, its result read back. */
  private async ask(
    mode: Mode,
    engine: EngineSpec | null,
    place: RunPlace,
    folder: string,
    log: string,
    body: RequestBody = {},
  ): Promise<RunResult> {
    const { ended, resultFile } = await this.send({ mode, stem: join(folder, mode), body }, engine, place, log);
    if (ended.exitCode !== 0) {
      const how = ended.timedOut ? `timed out after ${Math.round(place.timeoutMs / 1000)} s` : howItEnded(ended);
      const said = await lastErrorLine(log);
      throw new RunFailed(`${this.name} ${how}${said ? `: ${said}` : ''}`, log, ended.cancelled);
    }
    return readResult(resultFile, this.name, log);
  }

  /** One request written (`<stem>.request.json`, its result due at `<stem>.result.json`) and the command run on it. */
  private async send(
    request: { mode: Mode; stem: string; body: RequestBody },
    engine: EngineSpec | null,
    place: RunPlace,
    log: string,
    onLine?: (line: string) => void,
  ) {
    const requestFile = `${request.stem}.request.json`;
    const resultFile = `${request.stem}.result.json`;
    await rm(resultFile, { force: true });
    const text = JSON.stringify(requestOf(request.mode, engine, request.body, resultFile), null, 2);
    await writeNewFile(requestFile, `${text}\n`);
    const ended = await this.seam.run(this.argvFor(requestFile), {
      ...this.runOptions(place, log, requestFile),
      ...(onLine && { onLine }),
    });
    return { ended, resultFile };
  }

  /** The command's arguments for one request, its file in place of {request}. */
  private argvFor(requestFile: string): string[] {
    return this.run.command.slice(1).map((arg) => arg.replaceAll('{request}', requestFile));
  }

  /** Where and how the command runs: pinned to the place's GPU, in trt-ci.yml's folder, told its request. */
  private runOptions(place: RunPlace, log: string, requestFile: string): TrtexecRunOptions {
    return {
      gpu: place.gpu,
      logFile: log,
      timeoutMs: place.timeoutMs,
      cwd: this.dir,
      env: { [RUN_REQUEST_VARIABLE]: requestFile },
      ...(place.signal && { signal: place.signal }),
    };
  }
}

/** The request's JSON: the mode, the engine (none for a version request), what the mode needs, the result's path. */
function requestOf(mode: Mode, engine: EngineSpec | null, body: RequestBody, result: string) {
  return {
    schema: RUN_REQUEST_SCHEMA,
    mode,
    ...(engine && {
      plan: engine.plan,
      shapes: Object.fromEntries(engine.shapes.map((s) => [s.input, s.dims])),
      plugins: engine.plugins,
      dynamicPlugins: engine.dynamicPlugins,
    }),
    ...body,
    result,
  };
}

/** The result the command wrote, checked against the contract; what is wrong is the run's failure. */
async function readResult(file: string, name: string, log: string): Promise<RunResult> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new RunFailed(`${name} exited 0 but wrote no result at ${file}`, log, false);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new RunFailed(`${name} wrote a result that is not JSON (${file})`, log, false);
  }
  const parsed = resultSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new RunFailed(`${name}'s result ${file}: ${issue.path.join('.') || 'it'}: ${issue.message}`, log, false);
  }
  return parsed.data;
}

/** The command's last line that says an error, for the message. */
async function lastErrorLine(log: string): Promise<string | null> {
  const lines = (await readFile(log, 'utf8').catch(() => '')).split('\n').filter((l) => l.trim() !== '');
  return (
    (lines.filter((l) => /error|\[E\]|Traceback|Exception/i.test(l)).at(-1) ?? lines.at(-1) ?? null)?.slice(0, 300) ??
    null
  );
}

const runHint = (log: string) =>
  `Read ${log}: the run command's own output. Run it by hand with the request beside it (docs/run-command.md).`;

const emptyPerf = (log: string): Perf => ({
  throughputQps: null,
  latencyMs: null,
  gpuComputeMs: null,
  log,
  measurement: null,
});

/** The benchmark's figures from per-iteration times, as trtexec reports them (nearest-rank percentiles). */
export function perfOf(timesMs: readonly number[], log: string, measurement: Measurement | null): Perf {
  const sorted = [...timesMs].sort((a, b) => a - b);
  const rank = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  const middle = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  const stats: TimingStats = {
    min: sorted[0]!,
    max: sorted.at(-1)!,
    mean,
    median,
    p90: rank(90),
    p95: rank(95),
    p99: rank(99),
  };
  return { throughputQps: mean > 0 ? 1000 / mean : null, latencyMs: stats, gpuComputeMs: stats, log, measurement };
}
