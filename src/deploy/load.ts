// A load on the target's own machine (trt-ci deploy-load, the pack's deploy job): each engine of a manifest
// that ships to the target is loaded with trtexec and run once, and what TensorRT said becomes the verdict
// (observed: true), beside the prediction it confirms or contradicts.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Manifest } from '../builds/manifest.js';
import { InputError } from '../common/errors.js';
import type { Config, DeployTargetConfig } from '../contract/config.js';
import type { LoadedEngine } from '../contract/deploy-load.js';
import { portabilityOf } from '../tensorrt/deploy-rules.js';
import type { Trtexec } from '../tensorrt/trtexec.js';
import { observedLoad } from './observe.js';
import { predictTargets } from './stage.js';

export async function loadOnTarget(
  manifest: Manifest,
  manifestFile: string,
  targets: ReadonlyMap<string, readonly DeployTargetConfig[]>,
  targetName: string,
  trtexec: Trtexec,
  logDir: string,
): Promise<LoadedEngine[]> {
  const engines: LoadedEngine[] = [];
  for (const engine of manifest.engines) {
    const target = (targets.get(engine.model) ?? []).find((t) => t.name === targetName);
    if (!target) continue;
    const [predicted] = predictTargets(
      {
        tensorrtVersion: engine.tensorrtVersion ?? manifest.tensorrtVersion ?? null,
        computeCapability: engine.gpu?.computeCapability ?? null,
        gpu: engine.gpu?.name ?? null,
        os: 'linux',
        flags: engine.flags ?? [],
      },
      [target],
    );
    const shapes = Object.entries(engine.shapes ?? {}).map(([name, s]) => `${name}:${s.opt}`);
    const argv = [
      `--loadEngine=${resolve(manifestFile, '..', engine.path)}`,
      ...(portabilityOf(engine.flags ?? []).versionCompatible ? ['--versionCompatible'] : []),
      ...(shapes.length ? [`--shapes=${shapes.join(',')}`] : []),
      '--warmUp=0',
      '--duration=0',
      '--iterations=1',
    ];
    const log = join(logDir, `${engine.model}.${engine.profile}.${targetName}.load.log`);
    const run = await trtexec.run(argv, { gpu: null, logFile: log, timeoutMs: 10 * 60_000 });
    const seen = observedLoad(readFileSync(log, 'utf8'), run.exitCode);
    engines.push({
      model: engine.model,
      profile: engine.profile,
      target: target.name,
      ...seen,
      observed: true,
      predicted: predicted!.verdict,
      mismatch: predicted!.verdict !== 'unknown' && predicted!.verdict !== seen.verdict,
    });
  }
  return engines;
}

/** A manifest.json a run wrote, or exit 2 saying what it is not. */
export function readManifest(file: string, shown: string): { file: string; manifest: Manifest } {
  const manifest = readJson(file, shown) as Partial<Manifest>;
  if (manifest.schema !== 'trt-ci/manifest@1' || !Array.isArray(manifest.engines)) {
    throw new InputError(`${shown}: expected a trt-ci manifest (schema trt-ci/manifest@1)`);
  }
  return { file, manifest: manifest as Manifest };
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
