// The engine cache's second tier: an OCI registry shared by every runner of a fleet (docs/cache.md). The run
// keeps a private folder as its first tier (an EngineCache like any other); this module moves entries
// between that folder and the registry. Each engine entry, accuracy reference and timing cache is one OCI
// 1.1 artifact, tagged by what it is for:
//
//   engine-<content key>     record.json, plan, layers.json   (artifactType application/vnd.trt-ci.engine.v1)
//   reference-<hash>         the reference outputs' JSON      (application/vnd.trt-ci.reference.v1)
//   timing-<version-gpu>     trtexec's timing cache           (application/vnd.trt-ci.timing.v1)
//
// Whom it serves is who may push: the run reads the repositories it is given in order and writes only the
// one it is given (none for a pull request without cache-pr-repository). The cache only saves time: every
// failure here is a problem said in one line, and the build goes on as on a miss.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { errorMessage } from '../common/errors.js';
import { RegistryError } from './oci-http.js';
import { writeNewFile } from '../proc/new-file.js';
import type { CachedRecord, EngineCache } from './engine-cache.js';
import type { RegistryBreaker } from './registry-breaker.js';
import type { ArtifactKind, Evicted, Pulled, Pushed, RemoteAccount, RemoteCache } from './remote-cache.js';
import type { OciClient } from './oci-client.js';
import { type Descriptor, EMPTY_CONFIG, formatOciReference, type Manifest, OCI_MANIFEST } from './oci-reference.js';

const ARTIFACT_TYPE: Record<ArtifactKind, string> = {
  engine: 'application/vnd.trt-ci.engine.v1',
  reference: 'application/vnd.trt-ci.reference.v1',
  timing: 'application/vnd.trt-ci.timing.v1',
};
const MEDIA = {
  record: 'application/vnd.trt-ci.record.v1+json',
  plan: 'application/vnd.trt-ci.plan.v1',
  layers: 'application/vnd.trt-ci.layer-info.v1+json',
  file: 'application/octet-stream',
} as const;
const TITLE = 'org.opencontainers.image.title';
const CREATED = 'org.opencontainers.image.created';
/** The GitHub repository whose run wrote the artifact: eviction touches only its own. */
const WRITER = 'dev.trt-ci.repository';
const SIGNATURE = 'dev.trt-ci.signature';

/** A tag for an artifact: OCI tags are [A-Za-z0-9_][A-Za-z0-9._-]{0,127}. */
export function tagFor(kind: ArtifactKind, name: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, '-');
  const tag = `${kind}-${safe}`;
  return tag.length <= 128 ? tag : `${tag.slice(0, 111)}-${Buffer.from(name).toString('hex').slice(-16)}`;
}

export interface RegistryWriter {
  /** GITHUB_REPOSITORY of the run, or null outside Actions. */
  repository: string | null;
}

export interface RegistryCacheOptions {
  /** What every client of the run shares: it gives the registry up (registry-breaker.ts). */
  breaker: RegistryBreaker;
  /** The repositories this run reads, in order (the default branch's first). */
  read: OciClient[];
  /** The repository this run writes, or null (and why not, for the report). */
  write: OciClient | null;
  writeRefused: string | null;
  writer: RegistryWriter;
}

/** A failure in one line; none for a request skipped because the registry was given up (that is said once). */
const said = (what: string, error: unknown): string | null =>
  error instanceof RegistryError && error.code === 'GIVEN_UP'
    ? null
    : `the registry cache: ${what}: ${errorMessage(error)}`;

/** The fleet's OCI registry as the run's remote cache. */
export class RegistryCache implements RemoteCache {
  readonly account: RemoteAccount = {
    pulled: { engine: 0, reference: 0, timing: 0 },
    pushed: { engine: 0, reference: 0, timing: 0 },
    duplicates: 0,
    problems: [],
    deleted: [],
  };

  constructor(readonly options: RegistryCacheOptions) {}

  /** Counts what happened and keeps its problem; returns it as it was. */
  private noted<T extends Pulled | Pushed>(kind: ArtifactKind, result: T): T {
    if ('from' in result && result.from) this.account.pulled[kind]++;
    if ('pushed' in result && result.pushed) this.account.pushed[kind]++;
    if ('already' in result && result.already && kind === 'engine') this.account.duplicates++;
    if (result.problem) this.account.problems.push(result.problem);
    return result;
  }

  get writes(): string | null {
    return this.options.write ? formatOciReference(this.options.write.ref) : null;
  }

  get givenUp(): string | null {
    const why = this.options.breaker.givenUp;
    return why && `the registry cache was given up for the rest of the run (${why}): engines were built without it`;
  }

  get writeRefused(): string | null {
    return this.options.writeRefused;
  }

  get reads(): string[] {
    return this.options.read.map((c) => formatOciReference(c.ref));
  }

  /**
   * Copies an engine entry into the run's folder when a repository has it. The plan streams to disk and
   * every blob's digest is checked; the record must name the key and the plan's digest, or it is not used.
   */
  async pullEngine(key: string, engines: EngineCache): Promise<Pulled> {
    return this.noted('engine', await this.pullEngineFrom(key, engines));
  }

  private async pullEngineFrom(key: string, engines: EngineCache): Promise<Pulled> {
    const tag = tagFor('engine', key);
    const problems: string[] = [];
    for (const client of this.options.read) {
      const staging = join(engines.dir, 'tmp', `pull-${key.slice(0, 16)}-${randomBytes(4).toString('hex')}`);
      try {
        const found = await client.manifest(tag);
        if (!found) continue;
        const { manifest } = found;
        const layer = (title: string) => manifest.layers.find((l) => l.annotations?.[TITLE] === title);
        const recordLayer = layer('record.json');
        const planLayer = layer('plan');
        if (!recordLayer || !planLayer || manifest.artifactType !== ARTIFACT_TYPE.engine)
          throw new Error(`${tag} is not a trt-ci engine entry`);
        const record = JSON.parse((await client.blobBytes(recordLayer)).toString('utf8')) as CachedRecord;
        if (record.key !== key || `sha256:${record.sha256}` !== planLayer.digest || record.bytes !== planLayer.size)
          throw new Error(`${tag}: its record does not describe its plan`);
        await mkdir(staging, { recursive: true });
        await client.blobTo(planLayer, join(staging, 'plan'));
        const layersLayer = layer('layers.json');
        if (layersLayer) await client.blobTo(layersLayer, join(staging, 'layers.json'));
        await engines.store(
          { ...record, hasLayerInfo: Boolean(layersLayer) },
          join(staging, 'plan'),
          layersLayer ? join(staging, 'layers.json') : null,
          { replace: true, move: true },
        );
        return { from: formatOciReference(client.ref), problem: null };
      } catch (error) {
        const problem = said(`engine ${key.slice(0, 12)} could not be pulled from ${client.ref.repository}`, error);
        if (problem) problems.push(problem);
      } finally {
        await rm(staging, { recursive: true, force: true });
      }
    }
    return { from: null, problem: problems[0] ?? null };
  }

  /** Pushes an entry of the run's folder, unless this run writes nowhere or the tag is there already. */
  async pushEngine(key: string, dir: string, record: CachedRecord): Promise<Pushed> {
    return this.noted('engine', await this.pushEngineTo(key, dir, record));
  }

  private async pushEngineTo(key: string, dir: string, record: CachedRecord): Promise<Pushed> {
    const client = this.options.write;
    if (!client) return { pushed: false, already: false, problem: null };
    const tag = tagFor('engine', key);
    try {
      if (await client.hasManifest(tag)) return { pushed: false, already: true, problem: null };
      const layers: Descriptor[] = [];
      const recordBytes = await readFile(join(dir, 'record.json'));
      layers.push(titled(await client.pushBlob(MEDIA.record, recordBytes), 'record.json'));
      layers.push(
        titled(await client.pushBlob(MEDIA.plan, { file: join(dir, 'plan'), sha256: record.sha256 }), 'plan'),
      );
      if (record.hasLayerInfo) {
        const layerInfo = await readFile(join(dir, 'layers.json'));
        layers.push(titled(await client.pushBlob(MEDIA.layers, layerInfo), 'layers.json'));
      }
      // The blobs took a while: a run that built the same key meanwhile may have tagged it. Its entry stays.
      if (await client.hasManifest(tag)) return { pushed: false, already: true, problem: null };
      const ours = await this.pushManifest(client, 'engine', tag, layers, {});
      // Another run that built the same key at the same time pushed after us: a build made twice (said, not
      // prevented: two runs that miss together both build). Either entry is the same build's.
      const now = await client.manifest(tag).catch(() => null);
      return { pushed: true, already: now !== null && now.digest !== ours, problem: null };
    } catch (error) {
      return { pushed: false, already: false, problem: said(`engine ${key.slice(0, 12)} could not be pushed`, error) };
    }
  }

  /**
   * A reference or timing cache into `path` (and its signature into `path.sig`) from the first repository
   * that has it. The file is written only whole and with its digest.
   */
  async pullFile(kind: 'reference' | 'timing', name: string, path: string): Promise<Pulled> {
    return this.noted(kind, await this.pullFileFrom(kind, name, path));
  }

  private async pullFileFrom(kind: 'reference' | 'timing', name: string, path: string): Promise<Pulled> {
    const tag = tagFor(kind, name);
    for (const client of this.options.read) {
      try {
        const found = await client.manifest(tag);
        if (!found) continue;
        const layer = found.manifest.layers[0];
        if (!layer || found.manifest.artifactType !== ARTIFACT_TYPE[kind])
          throw new Error(`${tag} is not a trt-ci ${kind}`);
        await rm(path, { force: true });
        await client.blobTo(layer, path);
        const signature = found.manifest.annotations?.[SIGNATURE];
        await rm(`${path}.sig`, { force: true });
        if (signature) await writeNewFile(`${path}.sig`, `${signature}\n`);
        return { from: formatOciReference(client.ref), problem: null };
      } catch (error) {
        return { from: null, problem: said(`the ${kind} ${name} could not be pulled`, error) };
      }
    }
    return { from: null, problem: null };
  }

  /** Pushes a reference or timing cache (a timing cache replaces the tag: it only grows). */
  async pushFile(
    kind: 'reference' | 'timing',
    name: string,
    path: string,
    sha256: string,
    signature: string | null,
  ): Promise<Pushed> {
    return this.noted(kind, await this.pushFileTo(kind, name, path, sha256, signature));
  }

  private async pushFileTo(
    kind: 'reference' | 'timing',
    name: string,
    path: string,
    sha256: string,
    signature: string | null,
  ): Promise<Pushed> {
    const client = this.options.write;
    if (!client) return { pushed: false, already: false, problem: null };
    const tag = tagFor(kind, name);
    try {
      if (kind === 'reference' && (await client.hasManifest(tag)))
        return { pushed: false, already: true, problem: null };
      const layer = titled(await client.pushBlob(MEDIA.file, { file: path, sha256 }), name);
      await this.pushManifest(client, kind, tag, [layer], signature ? { [SIGNATURE]: signature } : {});
      return { pushed: true, already: false, problem: null };
    } catch (error) {
      return { pushed: false, already: false, problem: said(`the ${kind} ${name} could not be pushed`, error) };
    }
  }

  private async pushManifest(
    client: OciClient,
    kind: ArtifactKind,
    tag: string,
    layers: Descriptor[],
    annotations: Record<string, string>,
  ): Promise<string> {
    // The empty config is pushed like any blob: a registry may not hold it yet (image-spec 1.1).
    await client.pushBlob(EMPTY_CONFIG.mediaType, Buffer.from('{}'));
    const manifest: Manifest = {
      schemaVersion: 2,
      mediaType: OCI_MANIFEST,
      artifactType: ARTIFACT_TYPE[kind],
      config: { ...EMPTY_CONFIG },
      layers,
      annotations: {
        [CREATED]: new Date().toISOString(),
        ...(this.options.writer.repository && { [WRITER]: this.options.writer.repository }),
        ...annotations,
      },
    };
    return client.pushManifest(tag, manifest);
  }

  /**
   * Applies cache-max-size and cache-max-age to what this repository wrote in the repository this run
   * writes: oldest first, by the time each was pushed. A registry that does not allow deleting tags (GHCR
   * through this API) is said, and nothing else is tried.
   */
  async evict(limits: { maxBytes: number | null; maxAgeMs: number | null }, now?: number): Promise<Evicted> {
    const result = await this.evictOwn(limits, now);
    if (result.problem) this.account.problems.push(result.problem);
    return result;
  }

  private async evictOwn(
    limits: { maxBytes: number | null; maxAgeMs: number | null },
    given: number | undefined,
  ): Promise<Evicted> {
    const client = this.options.write;
    if (!client || (limits.maxBytes === null && limits.maxAgeMs === null))
      return { removed: 0, bytes: null, problem: null };
    try {
      const entries: { tag: string; digest: string; bytes: number; created: number }[] = [];
      for (const tag of await client.tags()) {
        if (!/^(engine|reference|timing)-/.test(tag)) continue;
        const found = await client.manifest(tag);
        const annotations = found?.manifest.annotations ?? {};
        if (!found || annotations[WRITER] !== (this.options.writer.repository ?? undefined)) continue;
        const bytes = found.manifest.layers.reduce((sum, l) => sum + l.size, 0);
        entries.push({ tag, digest: found.digest, bytes, created: Date.parse(annotations[CREATED] ?? '') || 0 });
      }
      // The registry's clock, never the runner's: a runner clocked in 2099 would find every entry old.
      const now = given ?? client.serverDate;
      const ages = limits.maxAgeMs !== null && now !== null;
      const noClock =
        limits.maxAgeMs !== null && now === null
          ? 'the registry cache: the registry sent no Date with its answers, so cache-max-age was not applied'
          : null;
      let total = entries.reduce((sum, e) => sum + e.bytes, 0);
      let removed = 0;
      for (const entry of entries.sort((a, b) => a.created - b.created)) {
        // Pushed in the registry's future (a runner's clock ahead of it): never old.
        const old = ages && entry.created <= now! && now! - entry.created > limits.maxAgeMs!;
        const over = limits.maxBytes !== null && total > limits.maxBytes;
        if (!old && !over) continue;
        if (!(await client.deleteManifest(entry.digest)))
          return {
            removed,
            bytes: total,
            problem:
              `the registry cache: ${client.ref.registry} does not allow deleting tags through the registry API, so ` +
              'cache-max-size/cache-max-age were not applied: use its own retention policy',
          };
        total -= entry.bytes;
        removed++;
        this.account.deleted.push(`${entry.tag} (pushed ${new Date(entry.created).toISOString()})`);
      }
      return { removed, bytes: total, problem: noClock };
    } catch (error) {
      return { removed: 0, bytes: null, problem: said('eviction failed', error) };
    }
  }
}

const titled = (descriptor: Descriptor, title: string): Descriptor => ({
  ...descriptor,
  annotations: { [TITLE]: title },
});
