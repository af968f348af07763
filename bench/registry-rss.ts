// Child of bench/registry.ts: pushes one plan to the registry and pulls it back through the OCI client
// (each digest checked), then prints this process's peak RSS in KiB.
import { createHash } from 'node:crypto';
import { createReadStream, rmSync } from 'node:fs';
import { OciClient } from '../src/cache/oci-client.js';

const [host, file] = [process.argv[2]!, process.argv[3]!];
const hash = createHash('sha256');
for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) hash.update(chunk as Buffer);
const sha256 = hash.digest('hex');
const client = new OciClient(
  { registry: host, repository: 'acme/big', plainHttp: true },
  { credentials: { username: process.env.BENCH_USER!, password: process.env.BENCH_PASSWORD! }, idleTimeoutMs: 120_000 },
);
const descriptor = await client.pushBlob('application/vnd.trt-ci.plan.v1', { file, sha256 });
await client.blobTo(descriptor, `${file}.pulled`);
rmSync(`${file}.pulled`);
console.log(process.resourceUsage().maxRSS);
