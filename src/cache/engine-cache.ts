import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import {
  copyFile,
  link,
  lstat,
  mkdir,
  readdir,
  readFile,
  realpath,
  rename,
  rm,
  stat,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { externalDataFiles } from '../onnx/external-data.js';
import { isPlainFile } from './trust.js';

/** What a cached engine carries besides its plan: enough to report the build it stands for. */
export interface CachedRecord {
  key: string;
  model: string;
  profile: string;
  bytes: number;
  sha256: string;
  buildSeconds: number | null;
  tensorrtVersion: string;
  gpu: { name: string | null; computeCapability: string | null } | null;
  argv: string[];
  createdAt: string;
  hasLayerInfo: boolean;
  /** Who stored it: the commit and the event of the run (older entries have none). Said, never trusted. */
  provenance?: Provenance;
  /** The storing run's signature over (key, sha256), when it held cache-signing-key (cache/trust.ts). */
  signature?: string;
}

/** Where a run comes from, as the cache records and judges it. */
export interface Provenance {
  commit: string | null;
  /** push, pull_request, schedule, …; local (not in GitHub Actions), or declared (TRT_CI_DEFAULT_BRANCH=true). */
  event: string;
  /** The run is a push to (or a schedule on) the default branch: what ships. */
  defaultBranch: boolean;
  /** `owner/repo#run-id` of the GitHub run (older entries have none): which run built an engine another pulled. */
  run?: string | null;
  /** The runner's name (RUNNER_NAME): which machine built it, said for a hit (a rebuild there is another engine). */
  runner?: string | null;
}

export interface CachedEngine {
  dir: string;
  record: CachedRecord;
}

async function sha256OfFile(path: string, signal: AbortSignal | undefined): Promise<string> {
  // A FIFO or a device (/dev/zero) would be read forever: only a regular file is hashed.
  if (!(await stat(path)).isFile()) throw new Error(`${path} is not a regular file`);
  const hash = createHash('sha256');
  // A cancel stops the read between chunks: hashing 100 GB of weights never holds a cancelled run.
  const chunks = createReadStream(path, { highWaterMark: 1024 * 1024, ...(signal && { signal }) });
  for await (const chunk of chunks) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * sha256 of files, each read once per run however many builds (and the manifest) ask: an ONNX with its
 * external data can be gigabytes. Null for a file that cannot be read.
 */
export class FileDigests {
  private readonly digests = new Map<string, Promise<string | null>>();

  /** `signal`: the run's cancel, which stops a file's hashing (its digest is then unknown, null). */
  constructor(private readonly signal?: AbortSignal) {}

  of(path: string): Promise<string | null> {
    let digest = this.digests.get(path);
    if (!digest) {
      digest = sha256OfFile(path, this.signal).catch(() => null);
      this.digests.set(path, digest);
    }
    return digest;
  }
}

/**
 * Content keys for builds: the same key means the same plan. Files are hashed once per run, however
 * many profiles share them.
 */
export class EngineKeys {
  constructor(private readonly digests: FileDigests = new FileDigests()) {}

  private async fileHash(path: string): Promise<string> {
    return (await this.digests.of(path)) ?? 'missing';
  }

  /** What a file is, cheaply: its real path, size and change time (for libraries too big to hash every run). */
  private async fileIdentity(path: string): Promise<string> {
    const found = await stat(path).catch(() => null);
    return found ? `${await realpath(path).catch(() => path)}:${found.size}:${found.mtimeMs}` : 'missing';
  }

  async key(parts: KeyParts): Promise<string> {
    const external = await externalDataFiles(parts.onnx).catch(() => []);
    const hashed = async (paths: readonly string[]) =>
      Promise.all(paths.map(async (path) => [basename(path), await this.fileHash(path)]));
    const material = JSON.stringify({
      v: 2,
      files: await hashed([parts.onnx, ...external, ...parts.plugins]),
      // Files named in extra-args (calibration caches, inputs, plugins): what is in them, not where.
      inputs: await hashed(parts.inputs),
      argv: parts.argv,
      tensorrt: parts.tensorrtVersion,
      trtexec: await this.fileHash(parts.trtexec),
      libraries: await Promise.all(parts.libraries.map((lib) => this.fileIdentity(lib))),
      gpu: parts.gpu,
      environment: parts.environment,
    });
    return createHash('sha256').update(material).digest('hex');
  }
}

/** Everything a build's plan depends on. */
export interface KeyParts {
  onnx: string;
  plugins: readonly string[];
  /** Other files the build reads, named in extra-args. */
  inputs: readonly string[];
  argv: readonly string[];
  tensorrtVersion: string;
  /** The trtexec binary itself: two builds of the same version can differ. */
  trtexec: string;
  /** The TensorRT libraries trtexec loads (libnvinfer…). */
  libraries: readonly string[];
  gpu: { name: string; computeCapability: string | null; driverVersion: string | null };
  /** Variables that change what a build produces (CUDA_MODULE_LOADING, …). */
  environment: Record<string, string>;
}

/** How far ahead of this machine's clock an entry's stamp may be (another job's clock) and still count. */
const CLOCK_SLACK_MS = 5 * 60_000;

/**
 * Plans by content key, in a folder that outlives the run (and may be shared by jobs on one runner).
 * An entry appears whole or not at all: it is written in a temporary folder and renamed into place.
 * An entry whose plan does not match its record is removed and rebuilt, never used.
 */
export class EngineCache {
  constructor(
    readonly dir: string,
    private readonly maxBytes: number | null,
  ) {}

  private entry(key: string): string {
    return join(this.dir, 'engines', key.slice(0, 2), key);
  }

  /** The entry for a key, if it is there and its plan has the recorded size. */
  async lookup(key: string): Promise<CachedEngine | 'corrupt' | null> {
    const dir = this.entry(key);
    let record: CachedRecord;
    try {
      record = JSON.parse(await readFile(join(dir, 'record.json'), 'utf8')) as CachedRecord;
    } catch (error) {
      const exists = await stat(dir).then(
        () => true,
        () => false,
      );
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !exists) return null;
      // An entry without a readable record was damaged after it was written: it goes, and the engine is rebuilt.
      await this.remove(key);
      return 'corrupt';
    }
    // lstat: a plan that is a link could lead to any file (a runner's secret restored as a "plan").
    const plan = await lstat(join(dir, 'plan')).catch(() => null);
    const plain = plan?.isFile() === true && (await isPlainFile(join(dir, 'record.json')));
    // `null`, a list or a record of another key: written by something else, or damaged.
    if (typeof record !== 'object' || record === null || record.key !== key || !plain || plan!.size !== record.bytes) {
      await this.remove(key);
      return 'corrupt';
    }
    const now = new Date();
    await utimes(join(dir, 'record.json'), now, now).catch(() => {}); // least recently used goes first
    return { dir, record };
  }

  /** Puts the cached plan (and layer info) where a build would have written them; never through a link. */
  async restore(entry: CachedEngine, plan: string, layerInfo: string): Promise<void> {
    await place(join(entry.dir, 'plan'), plan);
    const layers = join(entry.dir, 'layers.json');
    if (entry.record.hasLayerInfo && (await isPlainFile(layers))) await place(layers, layerInfo);
  }

  /**
   * Stores an entry; `replace` puts it in place of one already there (one this run does not trust), `move`
   * takes the files instead of copying them (a plan just pulled into the cache's own tmp folder).
   */
  async store(
    record: CachedRecord,
    plan: string,
    layerInfo: string | null,
    how: { replace?: boolean; move?: boolean } = {},
  ): Promise<void> {
    const take = how.move ? rename : copyFile;
    const staging = join(this.dir, 'tmp', `${record.key}.${process.pid}.${randomBytes(4).toString('hex')}`);
    await mkdir(staging, { recursive: true });
    try {
      await take(plan, join(staging, 'plan'));
      if (layerInfo) await take(layerInfo, join(staging, 'layers.json'));
      await writeFile(join(staging, 'record.json'), `${JSON.stringify(record, null, 2)}\n`);
      const target = this.entry(record.key);
      await mkdir(dirname(target), { recursive: true });
      if (how.replace) await rm(target, { recursive: true, force: true });
      await rename(staging, target).catch(async (error: NodeJS.ErrnoException) => {
        // Another job stored the same engine first: theirs is as good as ours.
        if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
      });
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.entry(key), { recursive: true, force: true });
  }

  /**
   * Removes the least recently used entries until the cache is under `cache-max-size`. An entry used "in
   * the future" was stamped by a clock that was wrong (or by hand): it counts as the oldest, else it would
   * never go and every new entry would be evicted right after it was stored.
   */
  async evict(now = Date.now()): Promise<{ removed: string[]; bytes: number }> {
    const entries: { key: string; bytes: number; used: number }[] = [];
    for (const prefix of await readdir(join(this.dir, 'engines')).catch(() => [])) {
      for (const key of await readdir(join(this.dir, 'engines', prefix)).catch(() => [])) {
        const dir = join(this.dir, 'engines', prefix, key);
        const files = await readdir(dir).catch(() => []);
        const sizes = await Promise.all(
          files.map((f) =>
            stat(join(dir, f))
              .then((s) => s.size)
              .catch(() => 0),
          ),
        );
        const stamped = (await stat(join(dir, 'record.json')).catch(() => null))?.mtimeMs ?? 0;
        const used = stamped > now + CLOCK_SLACK_MS ? Number.NEGATIVE_INFINITY : stamped;
        entries.push({ key, bytes: sizes.reduce((a, b) => a + b, 0), used });
      }
    }
    let total = entries.reduce((a, e) => a + e.bytes, 0);
    const removed: string[] = [];
    if (this.maxBytes !== null) {
      for (const entry of entries.sort((a, b) => a.used - b.used)) {
        if (total <= this.maxBytes) break;
        await this.remove(entry.key);
        total -= entry.bytes;
        removed.push(entry.key);
      }
    }
    return { removed, bytes: total };
  }
}

/** A hard link when the cache is on the same volume (no copy of a 5 GB plan), a copy otherwise. */
async function place(from: string, to: string): Promise<void> {
  await rm(to, { force: true });
  await link(from, to).catch(() => copyFile(from, to));
}
