// One trust check for everything the cache serves: an engine (its record's signature), an ONNX Runtime reference
// and a timing cache (each a file with `<file>.sig` beside it). The table is every way an entry can be signed ×
// every trust a run can have; each cell stores through the product's own writer, tampers as a job on the same
// runner could, and asks the product's own reader whether it serves the entry.
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cachedReferenceOutputs } from '../src/accuracy/reference.js';
import { EngineCache, EngineKeys } from '../src/cache/engine-cache.js';
import { PlanCache } from '../src/cache/plan-cache.js';
import { sha256Of } from '../src/cache/signed-file.js';
import { privateTimingCache, publishTimingCache } from '../src/cache/timing-cache.js';
import { type CacheTrust, cacheTrustOf } from '../src/cache/trust.js';
import type { ReferenceOutput } from '../src/onnx/runtime.js';

const pem = () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519', {
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKey, publicKey };
};
const fleet = pem();
const stranger = pem();

const trustOf = (keys: { signing?: string; public?: string }, defaultBranch: boolean, trust = 'own-branch') =>
  cacheTrustOf(
    {
      cacheTrust: trust as 'any' | 'own-branch',
      cacheSigningKey: keys.signing ?? null,
      cachePublicKey: keys.public ?? null,
    },
    defaultBranch,
  );

/** How the entry was left in the cache. */
const STATES = ['signed', 'unsigned', 'sig missing', 'sig wrong'] as const;
type State = (typeof STATES)[number];

/** Who stored it: the default branch with the fleet's key, a run without one, or one with another key. */
const writerFor = (state: State): CacheTrust =>
  state === 'unsigned'
    ? trustOf({}, false)
    : trustOf({ signing: (state === 'sig wrong' ? stranger : fleet).privateKey }, true);

/** Every trust a run can have, and which states it serves. */
const MODES: { mode: string; trust: CacheTrust; serves: readonly State[] }[] = [
  { mode: 'cache-trust: any', trust: trustOf({}, true, 'any'), serves: STATES },
  { mode: 'no key, a pull request', trust: trustOf({}, false), serves: STATES },
  { mode: 'no key, the default branch', trust: trustOf({}, true), serves: [] },
  { mode: 'public key, a pull request', trust: trustOf({ public: fleet.publicKey }, false), serves: ['signed'] },
  {
    mode: 'public key, the default branch',
    trust: trustOf({ signing: fleet.privateKey, public: fleet.publicKey }, true),
    serves: ['signed'],
  },
];

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'trt-ci-trust-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Drops or keeps a file's `.sig` as the state says (the writers already signed or not). */
const tamperSig = (file: string, state: State) => {
  if (state === 'sig missing') rmSync(`${file}.sig`);
  else if (state === 'signed' || state === 'sig wrong') expect(existsSync(`${file}.sig`)).toBe(true);
  else expect(existsSync(`${file}.sig`)).toBe(false);
};

async function engineServed(state: State, reader: CacheTrust): Promise<boolean> {
  const dir = freshDir();
  const plan = join(dir, 'built.plan');
  writeFileSync(plan, Buffer.from(`a plan stored ${state}`));
  const cacheOf = (trust: CacheTrust) =>
    new PlanCache(
      new EngineCache(join(dir, 'cache'), null),
      new EngineKeys(),
      trust,
      async () => ({ trtexec: 'trtexec', libraries: [] }),
      null,
      null,
    );
  const key = 'ab'.repeat(32);
  const bytes = readFileSync(plan);
  const record = { model: 'm', profile: 'p', buildSeconds: 1, tensorrtVersion: '10.8', gpu: null, argv: [] };
  const fresh = { plan, layerInfo: null, bytes: bytes.length, sha256: sha256Of(bytes), record };
  const miss = { key, hit: false, savedSeconds: null, corrupt: false, untrusted: false, problem: null, registry: null };
  const kept = await cacheOf(writerFor(state)).keep(key, fresh, miss);
  expect(kept.problem).toBeNull();
  const recordFile = join(dir, 'cache', 'engines', 'ab', key, 'record.json');
  const stored = JSON.parse(readFileSync(recordFile, 'utf8')) as { signature?: string };
  expect(stored.signature !== undefined).toBe(state !== 'unsigned');
  if (state === 'sig missing') {
    delete stored.signature;
    writeFileSync(recordFile, JSON.stringify(stored));
  }
  const files = { plan: join(dir, 'out.plan'), layerInfo: join(dir, 'out.layers.json') };
  const { served, verdict } = await cacheOf(reader).lookup(key, files);
  expect(verdict.untrusted).toBe(served === null);
  return served !== null;
}

const OUTPUT: ReferenceOutput = { name: 'y', dims: [2], type: 'float32', values: new Float32Array([1.5, -2]) };

async function referenceServed(state: State, reader: CacheTrust): Promise<boolean> {
  const dir = freshDir();
  const inputs = [{ name: 'x', dims: [2], type: 'float32' as const, values: new Float32Array([1, 2]) }];
  const computed = () => Promise.resolve([OUTPUT]);
  const stored = await cachedReferenceOutputs(dir, `digest-${state}`, inputs, computed, writerFor(state));
  expect(stored.cached).toBe(false);
  tamperSig(join(dir, 'references', readdirOne(join(dir, 'references'))), state);
  const read = await cachedReferenceOutputs(dir, `digest-${state}`, inputs, computed, reader);
  return read.cached;
}

const readdirOne = (dir: string) => {
  const names = readdirSync(dir);
  const json = names.filter((n) => n.endsWith('.json'));
  expect(json).toHaveLength(1);
  return json[0]!;
};

async function timingServed(state: State, reader: CacheTrust): Promise<boolean> {
  const dir = freshDir();
  const shared = join(dir, 'timing', '10.8-H200.cache');
  const writer = writerFor(state);
  const own = await privateTimingCache(shared, 'm.p', writer);
  writeFileSync(own, Buffer.from(`timing entries ${state}`));
  expect(await publishTimingCache(own, shared, true, writer)).toMatchObject({ kept: true });
  tamperSig(shared, state);
  const copy = await privateTimingCache(shared, 'm.p', reader);
  return existsSync(copy) && readFileSync(copy, 'utf8') === `timing entries ${state}`;
}

const READERS = { engine: engineServed, reference: referenceServed, timing: timingServed };

describe.each(Object.entries(READERS))('a cached %s', (_kind, served) => {
  for (const { mode, trust, serves } of MODES) {
    it.each(STATES)(`${mode}: %s`, async (state) => {
      expect(await served(state, trust)).toBe(serves.includes(state));
    });
  }
});
