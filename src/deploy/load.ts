// A load on the target's own machine (trt-ci deploy-load, the pack's deploy job): each engine of a manifest
// that ships to the target is loaded by the plan runner (trtexec, or run: { command }) and run once, and what
// TensorRT said becomes the verdict (observed: true), beside the prediction it confirms or contradicts. Only on the
// target's machine: a target the config does not name, or a machine whose GPU or TensorRT is not the target's, is
// refused before a load.
import { type Dirent, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { Manifest } from '../builds/manifest.js';
import { closest } from '../common/did-you-mean.js';
import { InputError } from '../common/errors.js';
import type { Config, DeployTargetConfig } from '../contract/config.js';
import type { LoadedEngine } from '../contract/deploy-load.js';
import { type GpuQuery, queryGpus } from '../gpu/nvidia-smi.js';
import type { StartProcess } from '../proc/run-process.js';
import { notTheTarget, portabilityOf } from '../tensorrt/deploy-rules.js';
import { createTrtexec, type Trtexec } from '../tensorrt/trtexec.js';
import { formatVersion, type TensorRtVersion } from '../tensorrt/version.js';
import type { PlanRunner } from '../runners/plan-runner.js';
import { commandRunnerOf } from '../runners/runner-for.js';
import { trtexecRunner } from '../runners/trtexec-runner.js';
import { observedLoad } from './observe.js';
import { predictTargets } from './stage.js';

/** The machine a load runs on, as its entry found it: nvidia-smi's answer, and what says its TensorRT. */
interface TargetMachine {
  gpus: GpuQuery;
  /** The run command where trt-ci.yml has one, else trtexec: what loads the plans says which TensorRT loads them. */
  prober: Pick<Trtexec, 'probe'>;
  /** Where the prober is named in trt-ci.yml, for a probe that fails. */
  where: string;
}

/** What a load on a target is given by its entry (the CLI's deploy-load, the action's deploy job). */
export interface TargetLoadSetup {
  manifest: { file: string; shown: string };
  config: Config;
  target: string;
  /** The trtexec to run (the config's unless the command line names one). */
  trtexec: string;
  nvidiaSmi: string;
  env: NodeJS.ProcessEnv;
  /** The runner's cancel: the loads' process groups are killed and the rest are not started. */
  signal?: AbortSignal;
  /** How trtexec and nvidia-smi are started: processes of their own groups unless a test runs them in-process. */
  startProcess?: StartProcess;
  logDir: string;
}

/**
 * The manifest's engines that ship to the target, loaded here: the target checked against the config and
 * this machine first (exit 2), then one load each; what their loads left behind is killed at the end.
 */
export async function loadManifestOnTarget(setup: TargetLoadSetup): Promise<LoadedEngine[]> {
  const manifests = manifestsAt(setup.manifest.file, setup.manifest.shown).map((m) => readManifest(m.file, m.shown));
  const targets = targetsOf(setup.config);
  const target = findTarget(targets, setup.target);
  const { signal } = setup;
  const trtexec = createTrtexec({
    command: setup.trtexec,
    env: setup.env,
    killGraceMs: setup.config.killGraceMs,
    ...(signal && { signal }),
    ...(setup.startProcess && { start: setup.startProcess }),
  });
  // A team that runs its plans with its own command (run: { command }) loads them with it too.
  const command = commandRunnerOf(setup.config, { env: setup.env, signal });
  try {
    const gpus = await queryGpus({ command: setup.nvidiaSmi, env: setup.env, signal, start: setup.startProcess });
    const where = setup.config.where([command ? 'run' : 'trtexec']);
    const version = await checkMachine(target, { gpus, prober: command ?? trtexec, where });
    const runner = command ?? trtexecRunner(trtexec, version);
    // Nothing to load is no pass: plans of the wrong runner type, or of models that do not ship there.
    const shipping = [...targets].filter(([, list]) => list.some((t) => t.name === target.name)).map(([m]) => m);
    const held = [...new Set(manifests.flatMap(({ manifest }) => manifest.engines.map((e) => e.model)))];
    if (!held.some((model) => shipping.includes(model))) {
      throw new InputError(
        `${setup.manifest.shown}: no engine to load on ${target.name}: it holds ${held.join(', ') || 'none'}, ` +
          `and ${shipping.join(', ')} ship${shipping.length === 1 ? 's' : ''} there`,
      );
    }
    const engines: LoadedEngine[] = [];
    for (const { file, manifest } of manifests) {
      engines.push(...(await loadOnTarget(manifest, file, targets, target.name, runner, setup.logDir)));
    }
    return engines;
  } finally {
    await Promise.all([trtexec.sweep(), command?.sweep()]);
  }
}

/**
 * The manifests a path names: a manifest.json, or a folder of the build jobs' downloaded artifacts (one per
 * shard of a runner type: its manifest.json, and each subfolder's). A folder with none is exit 2.
 */
function manifestsAt(path: string, shown: string): { file: string; shown: string }[] {
  let entries: Dirent[];
  try {
    if (!statSync(path).isDirectory()) return [{ file: path, shown }];
    entries = readdirSync(path, { withFileTypes: true });
  } catch {
    return [{ file: path, shown }];
  }
  const found = [
    ...(existsSync(join(path, 'manifest.json')) ? ['manifest.json'] : []),
    ...entries
      .filter((e) => e.isDirectory() && existsSync(join(path, e.name, 'manifest.json')))
      .map((e) => join(e.name, 'manifest.json'))
      .sort(),
  ];
  if (found.length === 0) throw new InputError(`${shown}: expected a manifest.json, or a folder of them; found none`);
  return found.map((f) => ({ file: join(path, f), shown: join(shown, f) }));
}

/** The target by name, or exit 2 naming the targets there are (and the closest one). */
function findTarget(targets: ReadonlyMap<string, readonly DeployTargetConfig[]>, name: string): DeployTargetConfig {
  const all = [...targets.values()].flat();
  const found = all.find((t) => t.name === name);
  if (found) return found;
  const names = [...new Set(all.map((t) => t.name))];
  const near = closest(name, names);
  throw new InputError(
    `--target: "${name}" is not a deploy target of the config` +
      (names.length ? ` (it has ${names.join(', ')})` : ' (it has no deploy: targets)') +
      (near ? `; did you mean "${near}"?` : ''),
  );
}

/** Exit 2 unless this machine is the target: its first visible GPU and its TensorRT (returned). */
async function checkMachine(target: DeployTargetConfig, machine: TargetMachine): Promise<TensorRtVersion> {
  if (!machine.gpus.ok || machine.gpus.gpus.length === 0) {
    const why = machine.gpus.ok ? 'no GPU' : machine.gpus.reason;
    throw new InputError(`--target ${target.name}: cannot tell this machine's GPU (nvidia-smi: ${why})`);
  }
  const gpu = machine.gpus.gpus[0]!;
  const { version } = await machine.prober.probe(machine.where);
  const problem = notTheTarget(target, {
    gpu: gpu.name ?? 'unknown',
    computeCapability: gpu.computeCapability ?? null,
    tensorrt: formatVersion(version, true),
  });
  if (problem) throw new InputError(`--target ${target.name}: ${problem}: run deploy-load on the target's machine`);
  return version;
}

/** Lines of a load's log kept for its verdict: TensorRT's errors and warnings, at most this many. */
const KEPT_LINES = 200;

async function loadOnTarget(
  manifest: Manifest,
  manifestFile: string,
  targets: ReadonlyMap<string, readonly DeployTargetConfig[]>,
  targetName: string,
  runner: PlanRunner,
  logDir: string,
): Promise<LoadedEngine[]> {
  const engines: LoadedEngine[] = [];
  await mkdir(logDir, { recursive: true });
  for (const engine of manifest.engines) {
    const target = (targets.get(engine.model) ?? []).find((t) => t.name === targetName);
    if (!target) continue;
    const [predicted] = predictTargets(builtPlanOf(engine, manifest), [target]);
    const shapes = Object.entries(engine.shapes ?? {}).map(([input, s]) => ({
      input,
      dims: s.opt.split('x').map(Number),
    }));
    const plan = { plan: resolve(manifestFile, '..', engine.path), shapes, plugins: [], dynamicPlugins: [] };
    const versionCompatible = portabilityOf(engine.flags ?? []).versionCompatible;
    // Names from a manifest and trt-ci.yml name the log, encoded: "../x" is a file in logDir, not a path.
    const log = join(logDir, `${[engine.model, engine.profile, targetName].map(fileName).join('.')}.load.log`);
    // The verdict reads TensorRT's error and warning lines as they come, each one bounded (a runaway line
    // cannot fill memory); the whole log stays in its file.
    const said: string[] = [];
    const keep = (line: string) => {
      if (said.length < KEPT_LINES && /\[[EW]\]/.test(line)) said.push(line);
    };
    const run = await runner.load(
      plan,
      { gpu: null, timeoutMs: 10 * 60_000 },
      { log, versionCompatible, onLine: keep },
    );
    const seen = run.cancelled
      ? { verdict: 'unknown' as const, line: 'the load was cancelled' }
      : observedLoad(said, run.exitCode);
    engines.push({
      model: engine.model,
      profile: engine.profile,
      target: target.name,
      ...seen,
      observed: true,
      predicted: predicted!.verdict,
      mismatch: predicted!.verdict !== 'unknown' && seen.verdict !== 'unknown' && predicted!.verdict !== seen.verdict,
    });
  }
  return engines;
}

/** A name as one file name: what a path could read as a folder or a parent (/, \, a leading dot) encoded. */
export function fileName(name: string): string {
  return encodeURIComponent(name).replace(/^\./, '%2E').replace(/\*/g, '%2A');
}

// What a load reads of a manifest's engine; the rest is the manifest's own business.
const manifestEngineSchema = z.object({
  model: z.string(),
  profile: z.string(),
  path: z.string(),
  shapes: z.record(z.string(), z.object({ opt: z.string() }).passthrough()).optional(),
  tensorrtVersion: z.string().nullable().optional(),
  // Absent in manifests before 0.15: TensorRT's plans.
  product: z.enum(['TensorRT', 'TensorRT-RTX']).optional(),
  computeCapabilities: z.array(z.string()).nullable().optional(),
  gpu: z.object({ name: z.string().nullable(), computeCapability: z.string().nullable() }).passthrough().nullable(),
  flags: z.array(z.string()).optional(),
});
const manifestSchema = z.object({
  schema: z.literal('trt-ci/manifest@1'),
  tensorrtVersion: z.string().nullable().optional(),
  engines: z.array(manifestEngineSchema),
});

/** What a manifest says of where an engine was built, as the deploy rules take it (deploy-load, deploy-check). */
export function builtPlanOf(engine: Manifest['engines'][number], manifest: Manifest) {
  return {
    tensorrtVersion: engine.tensorrtVersion ?? manifest.tensorrtVersion ?? null,
    computeCapability: engine.gpu?.computeCapability ?? null,
    gpu: engine.gpu?.name ?? null,
    // Manifests are written where trt-ci ran; --runtimePlatform in the flags says otherwise.
    os: 'linux' as const,
    flags: engine.flags ?? [],
    rtx: engine.product === 'TensorRT-RTX' ? { computeCapabilities: engine.computeCapabilities ?? null } : undefined,
  };
}

/** A manifest.json a run wrote, or exit 2 saying what it is not (the first field that is wrong). */
export function readManifest(file: string, shown: string): { file: string; manifest: Manifest } {
  const json = readJson(file, shown);
  if ((json as { schema?: unknown } | null)?.schema !== 'trt-ci/manifest@1') {
    throw new InputError(`${shown}: expected a trt-ci manifest (schema trt-ci/manifest@1)`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new InputError(`${shown}: ${issue.path.join('.') || 'the manifest'}: ${issue.message}`);
  }
  return { file, manifest: json as Manifest };
}

function readJson(file: string, shown: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new InputError(`${shown}: cannot read: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new InputError(`${shown}: expected JSON`);
  }
}

/** Each model's deploy targets (its own list, else the top-level one), by model name. */
export function targetsOf(config: Pick<Config, 'models'>): Map<string, readonly DeployTargetConfig[]> {
  return new Map(config.models.map((m) => [m.name, m.deploy]));
}
