// npm run bench (registry faults, issue 51): what a registry on a bad day adds to a run of three engines, against
// the same run with no cache, measured in the same process tree: hung (accepts, never answers), 429 with
// Retry-After on every request, 500 on every request, trickling (every blob at 16 KiB/s; manifests, and every
// answer, at 1 byte/s), and down (the port refuses). The bundled CLI with its defaults (cache-timeout 2m, 30 s
// idle); the budget is 60 s each.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Report } from '../src/contract/report.js';
import { type Fault, registryInstalled, startFaultProxy, startRegistry } from '../test/support/registry.js';
import { installStandins } from '../test/support/standins.js';

const CLI = join(import.meta.dirname, '..', 'dist', 'cli.js');
const USER = { username: 'bench', password: 'bench-password-1' };
const BUDGET_S = 60;

function env(dir: string, event: 'push' | 'pull_request'): NodeJS.ProcessEnv {
  writeFileSync(join(dir, 'event.json'), JSON.stringify({ repository: { default_branch: 'main' } }));
  mkdirSync(join(dir, 'tmp'), { recursive: true });
  return {
    PATH: process.env.PATH,
    HOME: dir,
    GITHUB_ACTIONS: 'true',
    GITHUB_REPOSITORY: 'acme/models',
    GITHUB_EVENT_NAME: event,
    GITHUB_EVENT_PATH: join(dir, 'event.json'),
    GITHUB_REF: event === 'push' ? 'refs/heads/main' : 'refs/pull/1/merge',
    GITHUB_SHA: 'c'.repeat(40),
    GITHUB_RUN_ID: '1',
    RUNNER_TEMP: join(dir, 'tmp'),
    TRT_CI_REGISTRY_USERNAME: USER.username,
    TRT_CI_REGISTRY_PASSWORD: USER.password,
  };
}

/** One `trt-ci build` of three engines in a fresh folder; its wall time and report. */
function build(root: string, trtexec: string, nvidiaSmi: string, cache: string | null, event: 'push' | 'pull_request') {
  const dir = mkdtempSync(join(root, 'runner-'));
  for (const m of ['a', 'b', 'c']) writeFileSync(join(dir, `${m}.onnx`), `model ${m}\n`);
  const models = ['a', 'b', 'c']
    .map((m) => `  - { name: ${m}, onnx: ${m}.onnx, profiles: [{ name: p, shapes: { x: 1x3x8x8 } }] }`)
    .join('\n');
  writeFileSync(
    join(dir, 'trt-ci.yml'),
    `trtexec: ${trtexec}\nnvidia-smi: ${nvidiaSmi}\noutput-dir: out\n${cache ? `cache-dir: ${cache}\n` : ''}` +
      `models:\n${models}\n`,
  );
  const started = process.hrtime.bigint();
  return new Promise<{ seconds: number; report: Report }>((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'build', '--config', join(dir, 'trt-ci.yml')], {
      cwd: dir,
      env: env(dir, event),
      stdio: 'ignore',
    });
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`trt-ci build exited ${code} in ${dir}`));
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      resolve({ seconds, report: JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8')) as Report });
    });
  });
}

/** A port on 127.0.0.1 that nothing listens on: a registry that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

if (!registryInstalled) {
  console.log('registry faults: skipped (apt-get install docker-registry)');
} else {
  const root = mkdtempSync(join(tmpdir(), 'trt-ci-bench-faults-'));
  // 8 MiB plans: a trickle at 16 KiB/s would take over 8 minutes each.
  const image = installStandins(join(root, 'image'), { trtexecEnv: { TRTEXEC_STANDIN_PLAN_BYTES: 8 * 1024 * 1024 } });
  const registry = await startRegistry({ auth: 'htpasswd', users: { bench: { ...USER, pull: ['*'], push: ['*'] } } });
  const at = (host: string) => `oci://${host}/acme/faults`;
  try {
    const plain = await build(root, image.trtexec, image.nvidiaSmi, null, 'pull_request');
    // The entries a trickling registry has to send: pushed by a default-branch run first.
    await build(root, image.trtexec, image.nvidiaSmi, at(registry.host), 'push');
    const faults: [string, () => Promise<string>][] = [
      ['hung', async () => (await startFaultProxy(registry.url, () => 'hang')).host],
      [
        '429 with Retry-After: 5',
        async () =>
          (await startFaultProxy(registry.url, () => ({ status: 429, headers: { 'retry-after': '5' } }))).host,
      ],
      ['500', async () => (await startFaultProxy(registry.url, () => ({ status: 500 }))).host],
      [
        'trickling (16 KiB/s blobs)',
        async () =>
          (
            await startFaultProxy(
              registry.url,
              (method, path): Fault =>
                method === 'GET' && path.includes('/blobs/sha256:') ? { trickle: 16 * 1024 } : 'pass',
            )
          ).host,
      ],
      // A registry that trickles what is small (issue 58): a manifest, a record.json, a timing cache at 1 byte a
      // second; before every request had the floor, only a plan blob did, and these stalled a run past 400 s.
      [
        'trickling (1 byte/s manifests)',
        async () =>
          (await startFaultProxy(registry.url, (_, path) => (path.includes('/manifests/') ? { trickle: 1 } : 'pass')))
            .host,
      ],
      [
        'trickling (1 byte/s every answer)',
        async () => (await startFaultProxy(registry.url, () => ({ trickle: 1 }))).host,
      ],
      ['down', async () => `127.0.0.1:${await closedPort()}`],
    ];
    console.log(`registry faults: a run of 3 engines with no cache took ${plain.seconds.toFixed(1)} s`);
    for (const [what, start] of faults) {
      const host = await start();
      const run = await build(root, image.trtexec, image.nvidiaSmi, at(host), 'pull_request');
      const added = run.seconds - plain.seconds;
      const said = run.report.cache?.problems[0] ?? 'nothing said';
      const verdict = added <= BUDGET_S ? 'ok' : 'FAILED';
      if (verdict !== 'ok') process.exitCode = 1;
      console.log(`  ${verdict}: ${what}: +${added.toFixed(1)} s (budget ${BUDGET_S} s); said: ${said.slice(0, 150)}`);
    }
  } finally {
    await registry.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
