// A registry pull against curl, as bench/registry.ts reports it: the client's blobTo (which checks the
// digest) beside `curl -o` (which does not) and `curl | tee | sha256sum` (a verified fetch with standard
// tools), fetching the same blob from the same registry. Run alone (`tsx bench/registry-transfer.ts`, or
// bundled on the GPU machine: scripts/gpu/registry-transfer.sh) it starts its own registry and blob, and
// times the client with the cores this machine has and with one (the hash inline), for what a GPU runner's
// cores change.
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OciClient } from '../src/cache/oci-client.js';
import type { Descriptor } from '../src/cache/oci-reference.js';
import { startRegistry } from '../test/support/registry.js';

export interface TransferTimes {
  client: number;
  curl: number;
  verified: number;
}

const ms = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e6;

/** One round: the client, curl -o, and curl | tee | sha256sum, each into a file of its own in `dir`. */
export async function timeTransfer(
  client: OciClient,
  plan: Descriptor,
  blobUrl: string,
  auth: { username: string; password: string },
  dir: string,
): Promise<TransferTimes> {
  let started = process.hrtime.bigint();
  await client.blobTo(plan, join(dir, 'client.plan'));
  const clientMs = ms(started);
  started = process.hrtime.bigint();
  execFileSync('curl', ['-sf', '-u', `${auth.username}:${auth.password}`, '-o', join(dir, 'curl.plan'), blobUrl]);
  const curl = ms(started);
  started = process.hrtime.bigint();
  execFileSync('sh', ['-c', 'curl -sf -u "$AUTH" "$URL" | tee "$OUT" | sha256sum > /dev/null'], {
    env: { ...process.env, AUTH: `${auth.username}:${auth.password}`, URL: blobUrl, OUT: join(dir, 'sum.plan') },
  });
  return { client: clientMs, curl, verified: ms(started) };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function alone(): Promise<void> {
  const user = { username: 'bench', password: 'bench-password-1' };
  const root = mkdtempSync(join(tmpdir(), 'trt-ci-bench-transfer-'));
  const registry = await startRegistry({ auth: 'htpasswd', users: { bench: { ...user, pull: ['*'], push: ['*'] } } });
  try {
    const file = join(root, 'blob.plan');
    const hash = createHash('sha256');
    const fd = openSync(file, 'w');
    for (let i = 0; i < 64; i++) {
      const part = randomBytes(4 * 1024 * 1024);
      hash.update(part);
      writeSync(fd, part);
    }
    closeSync(fd);
    const ref = { registry: registry.host, repository: 'acme/cache', plainHttp: true };
    const wide = new OciClient(ref, { credentials: user });
    const narrow = new OciClient(ref, { credentials: user, hashCores: 1 });
    const plan = await wide.pushBlob('application/vnd.trt-ci.plan', { file, sha256: hash.digest('hex') });
    const blobUrl = `${registry.url}/v2/acme/cache/blobs/${plan.digest}`;
    const rounds: (TransferTimes & { inline: number })[] = [];
    for (let r = 0; r < 5; r++) {
      const dir = mkdtempSync(join(root, 'round-'));
      const times = await timeTransfer(wide, plan, blobUrl, user, dir);
      const started = process.hrtime.bigint();
      await narrow.blobTo(plan, join(dir, 'inline.plan'));
      rounds.push({ ...times, inline: ms(started) });
      rmSync(dir, { recursive: true, force: true });
    }
    const [client, curl, verified, inline] = (['client', 'curl', 'verified', 'inline'] as const).map((k) =>
      median(rounds.map((r) => r[k])),
    ) as [number, number, number, number];
    // The floor of any pull that checks its digest: sha256 of the same 256 MiB, already in memory.
    const bytes = readFileSync(file);
    const floors = [0, 1, 2].map(() => {
      const started = process.hrtime.bigint();
      createHash('sha256').update(bytes).digest();
      return ms(started);
    });
    const floor = median(floors);
    console.log(
      `registry transfer of a 256 MiB blob on loopback (median of 5), ${availableParallelism()} cores ` +
        `(${cpus()[0]?.model ?? 'unknown'}), Node ${process.versions.node}:\n` +
        `  client ${client.toFixed(0)} ms ÷ curl -o ${curl.toFixed(0)} ms = ${(client / curl).toFixed(2)}` +
        ' (budget 1.5)' +
        `; hash inline ${inline.toFixed(0)} ms = ${(inline / curl).toFixed(2)}` +
        `; curl | tee | sha256sum ${verified.toFixed(0)} ms = ${(verified / curl).toFixed(2)}` +
        ` (client ÷ it ${(client / verified).toFixed(2)})\n` +
        `  the process's first pull (its hash worker starting) ${rounds[0]!.client.toFixed(0)} ms = ` +
        `${(rounds[0]!.client / rounds[0]!.curl).toFixed(2)} of that round's curl -o\n` +
        `  sha256 alone of the same bytes in memory ${floor.toFixed(0)} ms = ` +
        `${(floor / curl).toFixed(2)} of curl -o: ` +
        'a pull that checks the digest takes at least this',
    );
  } finally {
    await registry.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) await alone();
