// The second producer: a builder command of the user's own (build: { command, plan } in trt-ci.yml), e.g. a
// Python script against the TensorRT wheel, which ships no trtexec. It runs through the same seam as trtexec (its
// own process group, pinned to the build's GPU, credentials removed, killed on timeout or cancel), in trt-ci.yml's
// folder, once per attempt with the placeholders filled in; its output is the build's log, read like trtexec's
// (TensorRT's own messages say out-of-memory the same way from Python). docs/build-command.md says more.
import { lstat, rename } from 'node:fs/promises';
import { basename, isAbsolute, resolve } from 'node:path';
import { isWithin } from '../common/within.js';
import { statSync } from 'node:fs';
import type { BuildCommand, BuildPlaceholder, ProfileConfig } from '../contract/config.js';
import type { Trtexec } from '../tensorrt/trtexec.js';
import type { PlanProducer, PlanRequest } from './plan-producer.js';

/** `x:1x3x8x8,mask:1x8` as trtexec's shape flags write them, for {min-shapes} and the others. */
const shapesAt = (profile: ProfileConfig, pick: 'min' | 'opt' | 'max') =>
  profile.shapes.map((s) => `${s.input}:${s[pick].join('x')}`).join(',');

/** Each placeholder's value for one build. */
function placeholderValues({ model, profile, workspaceBytes, paths }: PlanRequest): Record<BuildPlaceholder, string> {
  return {
    onnx: model.onnx,
    plan: paths.plan,
    'layer-info': paths.layerInfo,
    model: model.name,
    profile: profile.name,
    precision: model.precision ?? 'fp32',
    'keep-fp32': model.keepFp32.join(','),
    workspace: String(workspaceBytes),
    'min-shapes': shapesAt(profile, 'min'),
    'opt-shapes': shapesAt(profile, 'opt'),
    'max-shapes': shapesAt(profile, 'max'),
    'timing-cache': paths.timingCache ?? '',
  };
}

/** `text` with each {placeholder} replaced (config/rules.ts refused any other name). */
function fillPlaceholders(text: string, values: Readonly<Record<BuildPlaceholder, string>>): string {
  return text.replace(/\{([a-z-]+)\}/g, (whole, name: string) =>
    name in values ? values[name as BuildPlaceholder] : whole,
  );
}

export function commandProducer(build: BuildCommand, seam: Trtexec, dir: string): PlanProducer {
  const args = build.command.slice(1);
  const name = `the build command (${basename(build.command[0]!)})`;
  return {
    name,
    argv: (request) => {
      const values = placeholderValues(request);
      return args.map((arg) => fillPlaceholders(arg, values));
    },
    // A command need not name every setting: the key holds them all, so a changed shape or precision is a miss
    // even when the script reads it from elsewhere.
    keyed: ({ model, profile, workspaceBytes }) => [
      `build=${JSON.stringify({ plan: build.plan, precision: model.precision, keep: model.keepFp32 })}`,
      `shapes=${(['min', 'opt', 'max'] as const).map((p) => shapesAt(profile, p)).join('/')}`,
      `workspace=${workspaceBytes}`,
    ],
    async produce(request, argv, options) {
      const result = await seam.run(argv, { ...options, cwd: dir });
      if (result.exitCode !== 0) return result;
      // Where the command was told to write: moved to where the build checks, scans and caches it.
      const written = resolve(dir, fillPlaceholders(build.plan, placeholderValues(request)));
      const plan = resolve(request.paths.plan);
      // Moved only from inside the run's folder (config rules refuse a build.plan outside it), and only a file:
      // a link there is left where it is, and the build has no plan.
      const inside = isWithin(dir, written);
      if (written !== plan && inside && (await lstat(written).catch(() => null))?.isFile()) await rename(written, plan);
      return result;
    },
    sweep: () => seam.sweep(),
    // The program and the files its arguments name (build.py): a changed script is another build.
    inputsNamed: (filled) =>
      [build.command[0]!, ...filled]
        .map((arg) => (isAbsolute(arg) ? arg : resolve(dir, arg)))
        .filter((path) => statSync(path, { throwIfNoEntry: false })?.isFile()),
  };
}
