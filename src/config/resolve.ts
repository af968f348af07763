// A parsed trt-ci.yml resolved into the Config the stages take: paths absolute (relative to trt-ci.yml's
// folder), a model's settings over the top-level ones over the defaults, shapes as numbers.
import { isAbsolute, resolve } from 'node:path';
import { type Config, DEFAULT_PRECISION_MAX_BUILDS, type DeployTargetConfig } from '../contract/config.js';
import { AB_BUDGETS, DEFAULT_BUDGETS, type Budgets } from '../contract/metrics.js';
import { resolveFlagPaths } from '../tensorrt/flags.js';
import { computeCapabilityOf } from '../tensorrt/deploy-rules.js';
import { resolveAccuracy, resolveConsistency } from './accuracy.js';
import { networkFloatType } from './model-files.js';
import type { RawConfig } from './schema.js';
import { parseDims } from './values.js';

export function resolveConfig(
  raw: RawConfig,
  dir: string,
  file: string,
  locators: Pick<Config, 'position' | 'where'>,
): Config {
  const at = (p: string) => (isAbsolute(p) ? p : resolve(dir, p));
  const command = (c: string) => (c.includes('/') ? at(c) : c);
  const inDir = (arg: string) => resolveFlagPaths(arg, dir, (base, p) => (isAbsolute(p) ? p : resolve(base, p)));
  // A metric set on the model replaces the top-level one, which replaces the default.
  const budgets = (b: RawConfig['budgets']): Budgets =>
    Object.fromEntries(Object.entries(b ?? {}).filter(([, limit]) => limit !== undefined));
  return {
    file,
    dir: resolve(dir),
    trtexec: command(raw.trtexec),
    nvidiaSmi: command(raw['nvidia-smi']),
    outputDir: at(raw['output-dir']),
    workspaceBytes: raw.workspace,
    minWorkspaceBytes: raw['min-workspace'],
    timingCache: raw['timing-cache'] === false ? null : at(raw['timing-cache']),
    buildTimeoutMs: raw['build-timeout'],
    killGraceMs: raw['kill-grace'],
    maxParallel: raw['max-parallel'] ?? null,
    gpus: raw.gpus,
    cuda: raw.cuda ?? null,
    minDriver: raw['min-driver'] ?? null,
    expectGpu: raw['expect-gpu'],
    minFreeDiskBytes: raw['min-free-disk'],
    skipChecks: raw['skip-checks'],
    preflight: raw.preflight,
    stability: raw.stability ? { rebuilds: raw.stability.rebuilds } : null,
    cacheDir: raw['cache-dir'] === undefined || raw['cache-dir'].startsWith('oci:') ? null : at(raw['cache-dir']),
    cacheRegistry: raw['cache-dir']?.startsWith('oci:')
      ? { primary: raw['cache-dir'], pr: raw['cache-pr-repository'] ?? null }
      : null,
    cacheMaxAgeMs: raw['cache-max-age'] ?? null,
    cacheTimeoutMs: raw['cache-timeout'],
    basePlans: raw['base-plans'] === undefined ? null : at(raw['base-plans']),
    baseRef: raw['base-ref'] ?? null,
    cacheMaxBytes: raw['cache-max-size'] ?? null,
    cacheTrust: raw['cache-trust'],
    cacheSigningKey: raw['cache-signing-key'] || null,
    cachePublicKey: raw['cache-public-key'] || null,
    extraArgs: raw['extra-args'].map(inDir),
    build: raw.build
      ? { command: [command(raw.build.command[0]!), ...raw.build.command.slice(1)], plan: raw.build.plan }
      : null,
    run: raw.run ? { command: [command(raw.run.command[0]!), ...raw.run.command.slice(1)] } : null,
    models: raw.models.map((m) => ({
      name: m.name,
      onnx: at(m.onnx),
      precision: m.precision ?? null,
      keepFp32: m['keep-fp32'] ?? [],
      precisionSearch: precisionSearchOf(m['precision-search']),
      plugins: (m.plugins ?? []).map(at),
      dynamicPlugins: (m['dynamic-plugins'] ?? []).map(at),
      extraArgs: [...raw['extra-args'], ...(m['extra-args'] ?? [])].map(inDir),
      benchmark: m.benchmark ?? raw.benchmark,
      engine: m.engine ?? 'per-profile',
      accuracy:
        m.accuracy === false || (m.accuracy ?? raw.accuracy) === undefined
          ? null
          : resolveAccuracy(m.accuracy, raw.accuracy, m.precision ?? null, at, () => networkFloatType(at(m.onnx))),
      accuracyOff: m.accuracy === false,
      consistency: resolveConsistency(m.consistency, m.precision ?? null, () => networkFloatType(at(m.onnx))),
      workspaceBytes: m.workspace ?? raw.workspace,
      minWorkspaceBytes: m['min-workspace'] ?? raw['min-workspace'],
      buildTimeoutMs: m['build-timeout'] ?? raw['build-timeout'],
      deployOwn: m.deploy !== undefined,
      deployCost: m['deploy-cost'] ?? raw['deploy-cost'] ?? false,
      deploy: (m.deploy ?? raw.deploy ?? []).map(resolveTarget),
      budgets: {
        ...DEFAULT_BUDGETS,
        ...((m.benchmark ?? raw.benchmark) === 'ab' && AB_BUDGETS),
        ...budgets(raw.budgets),
        ...budgets(m.budgets),
      },
      profiles: m.profiles.map((p) => ({
        name: p.name,
        shapes: Object.entries(p.shapes).map(([input, range]) =>
          typeof range === 'string'
            ? { input, min: parseDims(range), opt: parseDims(range), max: parseDims(range) }
            : { input, min: parseDims(range.min), opt: parseDims(range.opt), max: parseDims(range.max) },
        ),
      })),
    })),
    ...locators,
  };
}

/** A deploy target of trt-ci.yml, its GPU's compute capability from the table when not given. */
function resolveTarget(t: NonNullable<RawConfig['deploy']>[number]): DeployTargetConfig {
  return {
    name: t.name,
    gpu: t.gpu ?? null,
    computeCapability: t['compute-capability'] ?? (t.gpu ? computeCapabilityOf(t.gpu) : null),
    tensorrt: t.tensorrt ?? null,
    os: t.os,
    runsOn: t['runs-on'] ?? null,
  };
}

/** precision-search: true (at most 32 builds, no time bound), { max-builds: N, max-time: D }, or off. */
function precisionSearchOf(
  raw: boolean | { 'max-builds'?: number | undefined; 'max-time'?: number | undefined } | undefined,
) {
  if (!raw) return null;
  const given = raw === true ? {} : raw;
  return { maxBuilds: given['max-builds'] ?? DEFAULT_PRECISION_MAX_BUILDS, maxMs: given['max-time'] ?? null };
}
