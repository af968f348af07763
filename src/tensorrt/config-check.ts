import { configError } from '../common/errors.js';
import type { Config } from '../contract/config.js';
import { extraArgProblem, precisionFlag, repeatedFlagProblem } from './argv.js';
import { flagName, hasFlag } from './flags.js';
import { portabilityOf, unreachable } from './deploy-rules.js';
import { formatVersion, type TensorRtVersion } from './version.js';
import type { Trtexec, TrtexecProbe } from './trtexec.js';

/**
 * This trtexec's version and flags, and the config checked against them: the one validation every command
 * that runs trtexec for a config makes (preflight passes nothing run would refuse).
 */
export async function probeForConfig(
  config: Config,
  trtexec: Pick<Trtexec, 'probe'>,
  /** The setting that names what is asked: trtexec:, or run: when the run command says the version. */
  setting: 'trtexec' | 'run' = 'trtexec',
): Promise<TrtexecProbe> {
  const probe = await trtexec.probe(config.where([setting]));
  checkConfigAgainstVersion(config, probe.version, probe.helpFlags);
  return probe;
}

/**
 * Everything the config asks of this TensorRT that it cannot do is bad input: found before any
 * build starts, pointed at its line.
 */
function checkConfigAgainstVersion(
  config: Config,
  version: TensorRtVersion,
  /** The flags this trtexec's --help lists; empty when it listed none (then only the known spans judge). */
  helpFlags: ReadonlySet<string> = new Set(),
): void {
  config.models.forEach((model, m) => {
    if (model.dynamicPlugins.length > 0 && !hasFlag('--dynamicPlugins', version)) {
      throw configError(
        config,
        ['models', m, 'dynamic-plugins'],
        `--dynamicPlugins needs TensorRT >= 8.6, this trtexec is ` +
          `${formatVersion(version)}; list the libraries under plugins:`,
      );
    }
    // One plan with several profiles takes --profile=N (9.1, GA in 10.0); before it trtexec builds one.
    const canCombine = hasFlag('--profile', version) && (helpFlags.size === 0 || helpFlags.has('--profile'));
    if (model.engine !== 'per-profile' && !canCombine) {
      throw configError(
        config,
        ['models', m, 'engine'],
        `a combined engine needs trtexec's --profile=N (TensorRT >= 10.0), this trtexec is ` +
          `${formatVersion(version)}; use engine: per-profile`,
      );
    }
    const precision = precisionFlag(model.precision, version);
    if ('error' in precision)
      throw configError(config, ['models', m, 'precision'], `${precision.error}, got "${model.precision}"`);
    const portable = portabilityOf(model.extraArgs);
    const flagAt = (flag: string): (string | number)[] => {
      const i = model.extraArgs.findIndex((a) => a === flag || a.startsWith(`${flag}=`));
      const top = config.extraArgs.length;
      return i < 0 ? ['models', m] : i < top ? ['extra-args', i] : ['models', m, 'extra-args', i - top];
    };
    if (model.extraArgs.includes('--excludeLeanRuntime') && !portable.versionCompatible) {
      throw configError(config, flagAt('--excludeLeanRuntime'), '--excludeLeanRuntime needs --versionCompatible');
    }
    // Contradictions trtexec itself refuses, in its words (sampleOptions.cpp, BuildOptions::parse).
    const runtime = model.extraArgs.filter((a) => a.startsWith('--useRuntime=')).at(-1);
    if (runtime && runtime !== '--useRuntime=full') {
      throw configError(config, flagAt('--useRuntime'), 'Building a TensorRT engine requires --useRuntime=full.');
    }
    if (
      model.extraArgs.includes('--pluginInstanceNorm') &&
      (portable.versionCompatible || portable.hardware === 'ampere+')
    ) {
      throw configError(
        config,
        flagAt('--pluginInstanceNorm'),
        'Plugin InstanceNorm cannot be used with version compatible or hardware compatible engines!',
      );
    }
    if (portable.runtimePlatform === 'WindowsAMD64' && (model.benchmark !== false || model.accuracy)) {
      throw configError(
        config,
        flagAt('--runtimePlatform'),
        'a --runtimePlatform=WindowsAMD64 plan cannot run on the Linux machine that builds it (it implies ' +
          '--skipInference): set benchmark: false and accuracy: false for this model',
      );
    }
    if (model.deployCost && !hasFlag('--hardwareCompatibilityLevel', version)) {
      throw configError(
        config,
        ['models', m],
        `deploy-cost builds with --hardwareCompatibilityLevel=ampere+ (TensorRT >= 8.6), this trtexec is ` +
          formatVersion(version),
      );
    }
    model.deploy.forEach((target, t) => {
      const problem = unreachable(portable, target, formatVersion(version));
      if (problem) throw configError(config, model.deployOwn ? ['models', m, 'deploy', t] : ['deploy', t], problem);
    });
    model.extraArgs.forEach((arg, i) => {
      const problem =
        extraArgProblem(arg, version, helpFlags) ??
        repeatedFlagProblem(flagName(arg), model.extraArgs.slice(0, i), model, version);
      if (!problem) return;
      // The model's list starts with the top-level extra-args; point at the line that holds this one.
      const top = config.extraArgs.length;
      throw configError(
        config,
        i < top ? ['extra-args', i] : ['models', m, 'extra-args', i - top],
        `${problem}, got "${arg}"`,
      );
    });
  });
}
