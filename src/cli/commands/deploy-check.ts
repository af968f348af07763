import { dirname, resolve } from 'node:path';
import { InputError } from '../../common/errors.js';
import { EXIT } from '../../contract/exit.js';
import { readManifest, readTargets } from '../../deploy/load.js';
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
