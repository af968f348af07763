import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseDocument } from 'yaml';
import type { Manifest } from '../../builds/manifest.js';
import { InputError } from '../../common/errors.js';
import { resolveTarget } from '../../config/load.js';
import { deploy as deploySchema } from '../../config/schema.js';
import type { DeployTargetConfig } from '../../contract/config.js';
import { EXIT } from '../../contract/exit.js';
import { predictTargets } from '../../deploy/stage.js';
import type { CliIo } from '../io.js';

/**
 * trt-ci deploy-check MANIFEST --config trt-ci.yml: will the manifest's engines load on trt-ci.yml's deploy
 * targets? The same predictions a run writes under builds[].deploy, from the files alone (no GPU, no
 * TensorRT, no models). Exit 1 when an engine fails on a target.
 */
export async function deployCheckCommand(
  operands: string[],
  options: { config: string; json: boolean },
  io: CliIo,
): Promise<number> {
  if (operands.length !== 1) throw new InputError('deploy-check takes one MANIFEST.json (a run writes manifest.json)');
  const { file: manifestFile, manifest } = readManifest(resolve(io.cwd, operands[0]!), operands[0]!);
  const targets = readTargets(resolve(io.cwd, options.config), options.config);
  const engines = manifest.engines.map((engine) => ({
    model: engine.model,
    profile: engine.profile,
    plan: resolve(dirname(manifestFile), engine.path),
    targets: predictTargets(
      {
        tensorrtVersion: engine.tensorrtVersion ?? manifest.tensorrtVersion ?? null,
        computeCapability: engine.gpu?.computeCapability ?? null,
        gpu: engine.gpu?.name ?? null,
        // Manifests are written where trt-ci ran; --runtimePlatform in the flags says otherwise.
        os: 'linux',
        flags: engine.flags ?? [],
      },
      targets.get(engine.model) ?? [],
    ).map(({ target, verdict, line, fix }) => ({ name: target, verdict, line, fix })),
  }));
  if (options.json) io.stdout(`${JSON.stringify({ engines }, null, 2)}\n`);
  else {
    const icon = { loads: '✔', 'loads-with-warning': '⚠', fails: '✘', unknown: '?' } as const;
    const lines = engines.flatMap((e) =>
      e.targets.map(
        (t) =>
          `${icon[t.verdict]} ${e.model}/${e.profile} on ${t.name}: ${t.verdict}${t.line ? ` — ${t.line}` : ''}` +
          (t.fix ? `\n    fix: ${t.fix}` : ''),
      ),
    );
    io.stdout(`${lines.join('\n') || 'no deploy targets in the config'}\n`);
  }
  return engines.some((e) => e.targets.some((t) => t.verdict === 'fails')) ? EXIT.failed : EXIT.passed;
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

/** Each model's deploy targets (its own list, else the top-level one), read from trt-ci.yml alone. */
export function readTargets(file: string, shown: string): Map<string, DeployTargetConfig[]> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new InputError(`${shown}: cannot read: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
  const raw = (parseDocument(text).toJS() ?? {}) as {
    deploy?: unknown;
    models?: { name?: string; deploy?: unknown }[];
  };
  const parse = (list: unknown, at: string) => {
    if (list === undefined) return null;
    const parsed = deploySchema.safeParse(list);
    if (!parsed.success) throw new InputError(`${shown}: ${at}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    return parsed.data.map(resolveTarget);
  };
  const top = parse(raw.deploy, 'deploy') ?? [];
  const byModel = new Map<string, DeployTargetConfig[]>();
  (raw.models ?? []).forEach((m, i) => {
    if (typeof m?.name === 'string') byModel.set(m.name, parse(m.deploy, `models[${i}].deploy`) ?? top);
  });
  return byModel;
}
