// The registry tier's setup, without a registry: the setup is handed a client factory that records what it is
// asked, so whom a run reads and writes, and what it logs in with, are checked for every kind of run.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ClientOptions, OciClient } from '../src/cache/oci-client.js';
import type { OciReference } from '../src/cache/oci-reference.js';
import { openRegistryCache } from '../src/cache/registry-setup.js';

const PRIMARY = 'oci://registry.example:5000/acme/trt-cache';
const PR = 'oci://registry.example:5000/acme/trt-cache-pr';

function setUp(defaultBranch: boolean, pr: string | null, env: NodeJS.ProcessEnv = {}) {
  const made: { reference: OciReference; options: ClientOptions; client: OciClient }[] = [];
  const provenance = { commit: 'a'.repeat(40), event: defaultBranch ? 'push' : 'pull_request', defaultBranch };
  const setup = openRegistryCache(
    { primary: PRIMARY, pr },
    { env: { GITHUB_REPOSITORY: 'acme/engines', ...env }, provenance, timeoutMs: 30_000 },
    (reference, options) => {
      const client = new OciClient(reference, options);
      made.push({ reference, options, client });
      return client;
    },
  );
  const repo = (client: OciClient | null) => client && `${client.ref.registry}/${client.ref.repository}`;
  return { setup, made, reads: setup.cache.options.read.map(repo), writes: repo(setup.cache.options.write) };
}

describe('whom a run reads and writes', () => {
  it("the default branch reads and writes its own repository only, never the pull requests'", () => {
    const { reads, writes, setup, made } = setUp(true, PR);
    expect(reads).toEqual(['registry.example:5000/acme/trt-cache']);
    expect(writes).toBe('registry.example:5000/acme/trt-cache');
    expect(setup.cache.writeRefused).toBeNull();
    expect(made.map((m) => m.reference.repository)).toEqual(['acme/trt-cache', 'acme/trt-cache-pr']);
  });

  it("a pull request reads the default branch's entries first, then its own, and writes only its own", () => {
    const { reads, writes, setup } = setUp(false, PR);
    expect(reads).toEqual(['registry.example:5000/acme/trt-cache', 'registry.example:5000/acme/trt-cache-pr']);
    expect(writes).toBe('registry.example:5000/acme/trt-cache-pr');
    expect(setup.cache.writeRefused).toBeNull();
  });

  it('a pull request without cache-pr-repository reads and writes nothing, and says why', () => {
    const { reads, writes, setup } = setUp(false, null);
    expect(reads).toEqual(['registry.example:5000/acme/trt-cache']);
    expect(writes).toBeNull();
    expect(setup.cache.writes).toBeNull();
    expect(setup.cache.writeRefused).toMatch(/not a push to the default branch: it reads the cache and writes nothing/);
  });

  it('every client of the run shares one breaker: a registry given up by one is given up by all', () => {
    const { made } = setUp(false, PR);
    expect(made).toHaveLength(2);
    expect(made[0]!.options.breaker).toBeDefined();
    expect(made[1]!.options.breaker).toBe(made[0]!.options.breaker);
  });
});

describe('what a run logs in with', () => {
  it('TRT_CI_REGISTRY_* goes to every client, and the report names where it came from, never the value', () => {
    const env = { TRT_CI_REGISTRY_USERNAME: 'robot', TRT_CI_REGISTRY_PASSWORD: 's3cret-value' };
    const { made, setup } = setUp(true, null, env);
    expect(made.map((m) => m.options.credentials)).toEqual([{ username: 'robot', password: 's3cret-value' }]);
    expect(setup.credentials).toBe('TRT_CI_REGISTRY_*');
    expect(JSON.stringify(setup.cache.account)).not.toContain('s3cret-value');
  });

  it('no credential anywhere: anonymous, said so', () => {
    const { made, setup } = setUp(false, PR, { HOME: '/nonexistent-home' });
    expect(made.map((m) => m.options.credentials)).toEqual([null, null]);
    expect(setup.credentials).toBe('none (anonymous)');
  });

  it('a Docker config whose registry is kept in a credential helper is said at the top, not silently anonymous', () => {
    const dir = mkdtempSync(join(tmpdir(), 'trt-ci-docker-'));
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ credHelpers: { 'registry.example:5000': 'ecr-login' } }));
    const { setup, made } = setUp(false, null, { DOCKER_CONFIG: dir });
    expect(made[0]!.options.credentials).toBeNull();
    expect(setup.cache.account.problems.join('\n')).toMatch(
      /docker-credential-ecr-login helper, which trt-ci does not run/,
    );
  });
});
