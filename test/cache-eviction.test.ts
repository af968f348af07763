// cache-max-size at its edge, in the run's folder and in the registry: a cache exactly at the limit keeps every
// entry, one byte over it loses the least recently used. The limit is measured from the cache itself (what
// eviction counts), never written into the test.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineCache } from '../src/cache/engine-cache.js';
import { openRegistryCache } from '../src/cache/registry-setup.js';
import { registryInstalled, startRegistry, type TestRegistry } from './support/registry.js';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'trt-ci-evict-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("cache-max-size in the run's folder", () => {
  /** Two entries, the first used longest ago; the cache's size as eviction counts it. */
  async function twoEntries(): Promise<{ dir: string; total: number; keys: string[] }> {
    const dir = freshDir();
    const cache = new EngineCache(dir, null);
    const keys = ['aa'.repeat(32), 'bb'.repeat(32)];
    for (const [i, key] of keys.entries()) {
      const plan = join(dir, `${i}.plan`);
      writeFileSync(plan, Buffer.alloc(1000 * (i + 1), 7));
      const record = {
        key,
        model: 'm',
        profile: `p${i}`,
        bytes: 1000 * (i + 1),
        sha256: 'c'.repeat(64),
        buildSeconds: 1,
        tensorrtVersion: '10.16.1.11',
        gpu: null,
        argv: [],
        createdAt: new Date().toISOString(),
        hasLayerInfo: false,
      };
      await cache.store(record, plan, null);
      const used = new Date(Date.UTC(2026, 0, 1 + i));
      utimesSync(join(dir, 'engines', key.slice(0, 2), key, 'record.json'), used, used);
    }
    const { removed, bytes } = await cache.evict();
    expect(removed).toEqual([]);
    return { dir, total: bytes, keys };
  }

  it('exactly at the limit: nothing is evicted', async () => {
    const { dir, total } = await twoEntries();
    expect(await new EngineCache(dir, total).evict()).toEqual({ removed: [], bytes: total });
  });

  it('one byte under the size: the least recently used entry goes, the other stays', async () => {
    const { dir, total, keys } = await twoEntries();
    const { removed, bytes } = await new EngineCache(dir, total - 1).evict();
    expect(removed).toEqual([keys[0]]);
    expect(bytes).toBeLessThanOrEqual(total - 1);
    expect(await new EngineCache(dir, null).lookup(keys[1]!)).not.toBeNull();
  });

  it('one byte over the size: nothing is evicted', async () => {
    const { dir, total } = await twoEntries();
    expect((await new EngineCache(dir, total + 1).evict()).removed).toEqual([]);
  });
});

describe.skipIf(!registryInstalled)('cache-max-size in the registry (what this repository pushed)', () => {
  let registry: TestRegistry;
  beforeAll(async () => {
    registry = await startRegistry({ auth: 'none' });
  });
  afterAll(async () => {
    await registry?.stop();
  });

  /** A default-branch run's registry cache with two references pushed; their size as eviction counts it. */
  async function twoPushed(repository: string) {
    const open = () =>
      openRegistryCache(
        { primary: `oci://${registry.host}/${repository}`, pr: null },
        {
          env: { GITHUB_REPOSITORY: 'acme/engines', HOME: freshDir() },
          provenance: { commit: null, event: 'push', defaultBranch: true },
          timeoutMs: 30_000,
        },
      ).cache;
    const cache = open();
    const dir = freshDir();
    for (const [i, size] of [100, 200].entries()) {
      const file = join(dir, `ref${i}.json`);
      writeFileSync(file, Buffer.alloc(size, 65 + i));
      const sha256 = createHash('sha256')
        .update(Buffer.alloc(size, 65 + i))
        .digest('hex');
      const pushed = await cache.pushFile('reference', `ref${i}.json`, file, sha256, null);
      expect(pushed.problem).toBeNull();
      expect(pushed.pushed).toBe(true);
    }
    const measured = await cache.evict({ maxBytes: Number.MAX_SAFE_INTEGER, maxAgeMs: null });
    expect(measured.removed).toBe(0);
    return { open, total: measured.bytes! };
  }

  it('exactly at the limit: nothing is deleted; one byte under the size: one entry is', async () => {
    const { open, total } = await twoPushed('acme/evict-edge');
    expect(total).toBe(300);
    const atLimit = await open().evict({ maxBytes: total, maxAgeMs: null });
    expect(atLimit).toEqual({ removed: 0, bytes: total, problem: null });
    const over = open();
    const evicted = await over.evict({ maxBytes: total - 1, maxAgeMs: null });
    expect(evicted.removed).toBe(1);
    expect(evicted.bytes).toBeLessThanOrEqual(total - 1);
    expect(over.account.deleted).toHaveLength(1);
  });
});
