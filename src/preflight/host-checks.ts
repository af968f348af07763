import { formatBytes } from '../common/units.js';
import { hostMachine, MACHINES, nvinferMajor, type ElfRead } from './elf.js';
import type { Check } from '../contract/report.js';
import { credentialsFor, dockerLoginRisk } from '../cache/registry-auth.js';

export type DiskFacts = { path: string; freeBytes: number } | { path: string; error: string };

export function diskCheck(disk: DiskFacts, minFreeBytes: number): Check {
  if ('error' in disk)
    return { id: 'disk', status: 'warn', message: `cannot read free space at ${disk.path}: ${disk.error}`, hint: null };
  return disk.freeBytes < minFreeBytes
    ? {
        id: 'disk',
        status: 'fail',
        message: `${formatBytes(disk.freeBytes)} free at ${disk.path}, min-free-disk is ${formatBytes(minFreeBytes)}`,
        hint:
          'Free space on the runner (old engines, docker images) or point ' +
          'output-dir at a larger volume: one bloated plan can be 5 GB (NVIDIA/TensorRT#4841).',
      }
    : { id: 'disk', status: 'pass', message: `${formatBytes(disk.freeBytes)} free at ${disk.path}`, hint: null };
}

export interface PluginFacts {
  path: string;
  /** Passed with --dynamicPlugins: must export the creator entry point. */
  dynamic: boolean;
  elf: ElfRead;
  /** Libraries ldd could not resolve; null when ldd is not there or could not run. */
  lddNotFound: string[] | null;
}

export interface NvinferTarget {
  major: number;
  source: string;
}

/** What a plugin library exports for TensorRT to find its creators (NvInferRuntimePlugin.h, NvInferPlugin.h). */
const PLUGIN_ENTRY_POINTS = new Set(['getCreators', 'getPluginCreators', 'initLibNvInferPlugins']);
/** What a library that registers its creators as it loads calls (NvInferRuntime.h). */
const PLUGIN_REGISTRIES = new Set(['getPluginRegistry', 'getBuilderPluginRegistry']);

export function pluginCheck(plugin: PluginFacts, target: NvinferTarget, arch: string = process.arch): Check {
  const fail = (message: string, hint: string): Check => ({
    id: 'plugins',
    status: 'fail',
    message: `${plugin.path}: ${message}`,
    hint,
    subject: plugin.path,
  });
  if (!plugin.elf.ok) {
    return fail(
      plugin.elf.reason,
      "List the plugin's built shared library (.so) under " +
        'plugins:, and make sure the image the runner uses contains it.',
    );
  }
  const { elf } = plugin.elf;
  const host = hostMachine(arch);
  if (host !== null && elf.machine !== host) {
    return fail(
      `built for ${MACHINES[elf.machine] ?? `machine ${elf.machine}`}, this runner is ${MACHINES[host]}`,
      "Build the plugin for the runner's architecture (or run on runners of the plugin's).",
    );
  }
  if (elf.type !== 3)
    return fail('is an ELF file but not a shared object', 'Build the plugin as a shared library (-shared -fPIC).');
  const major = nvinferMajor(elf.needed);
  if (major !== null && major !== target.major) {
    return fail(
      `links libnvinfer.so.${major}, but trtexec uses libnvinfer.so.${target.major} (${target.source})`,
      `Rebuild the plugin against TensorRT ${target.major}: two ` +
        `TensorRT libraries in one process crash or refuse the plugin.`,
    );
  }
  if (plugin.lddNotFound && plugin.lddNotFound.length > 0) {
    return fail(
      `needs libraries that are not found: ${plugin.lddNotFound.join(', ')}`,
      'Install those libraries in the runner image or add their folder to LD_LIBRARY_PATH.',
    );
  }
  if (plugin.dynamic && !elf.exports.some((name) => name === 'getCreators' || name === 'getPluginCreators')) {
    return fail(
      'exports neither getCreators nor getPluginCreators, which --dynamicPlugins loads',
      'Export getCreators (and setLoggerFinder) from the plugin with ' +
        'extern "C", or list it under plugins: to load it with --staticPlugins.',
    );
  }
  // A TensorRT plugin library hands TensorRT its creators: it exports the entry point --dynamicPlugins and
  // the plugin loader call, or registers them as it loads (REGISTER_TENSORRT_PLUGIN calls getPluginRegistry,
  // which it takes from libnvinfer). A library that does neither (libz.so.1) adds no plugin.
  const entry = elf.exports.find((name) => PLUGIN_ENTRY_POINTS.has(name));
  const registers = elf.imports.find((name) => PLUGIN_REGISTRIES.has(name));
  if (!entry && !registers && major === null) {
    return fail(
      `exports no TensorRT plugin entry point (${[...PLUGIN_ENTRY_POINTS].join(', ')}), imports no plugin ` +
        'registry and does not link libnvinfer: it is not a TensorRT plugin library',
      'List the library that defines the plugins (built against TensorRT, with REGISTER_TENSORRT_PLUGIN or ' +
        'an exported getCreators), not one of its dependencies.',
    );
  }
  const links = major === null ? 'does not link libnvinfer directly' : `links libnvinfer.so.${major}`;
  return {
    id: 'plugins',
    status: 'pass',
    message: `${plugin.path}: ${MACHINES[elf.machine] ?? elf.machine} shared object, ${links}`,
    hint: null,
    subject: plugin.path,
  };
}

/**
 * A `docker login` to the cache's registries left in the Docker config, on a run that is not the default branch's:
 * whether or not trt-ci reads it (TRT_CI_REGISTRY_* come first), a pull request's code on the same persistent
 * runner can. Pure: the caller reads the config file.
 */
export function registryLoginCheck(
  registries: readonly string[],
  dockerConfigText: string | null,
  defaultBranch: boolean,
): Check {
  if (registries.length === 0)
    return { id: 'registry-login', status: 'skip', message: 'no oci:// cache configured', hint: null };
  const risks = registries.flatMap((registry) => {
    const risk = dockerLoginRisk(registry, credentialsFor(registry, {}, dockerConfigText), defaultBranch);
    return risk ? [risk] : [];
  });
  if (risks.length > 0)
    return {
      id: 'registry-login',
      status: 'warn',
      message: risks.join('; '),
      hint:
        'On an ephemeral runner (a fresh pod or VM per job) nobody else reads the file: skip-checks: ' +
        '[registry-login]. On a persistent one, run docker logout at the end of the job that logged in.',
    };
  return {
    id: 'registry-login',
    status: 'pass',
    message: defaultBranch
      ? "the default branch's run: a login in the Docker config is its own"
      : `no login to ${registries.join(', ')} in the Docker config`,
    hint: null,
  };
}
