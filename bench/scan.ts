// npm run bench (plan scan): a 2 GiB bloated plan (1 MiB random, then zeros, like NVIDIA/TensorRT#4841)
// and a 512 MiB random one, each measured against a reference run in the same process tree with the
// page cache warm: the scan against `cat FILE > /dev/null`, the scan with its digest against
// `openssl dgst -sha256 FILE`, and both against the naive `python3 -c` that reads the file and counts.
// Peak RSS comes from a child process that scans one file and reports its own high-water mark.
import { spawn, spawnSync } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scanPlan } from '../src/tensorrt/plan-scan.js';

const MiB = 1024 * 1024;
const REPEATS = 5;

function writeFile(path: string, randomBytes: number, zeroBytes: number): void {
  const fd = openSync(path, 'w');
  const block = Buffer.alloc(8 * MiB);
  for (let left = randomBytes; left > 0; left -= block.length)
    writeSync(fd, randomFillSync(block), 0, Math.min(left, block.length));
  // Real zeros on disk (not a sparse hole), as TensorRT writes them.
  block.fill(0);
  for (let left = zeroBytes; left > 0; left -= block.length) writeSync(fd, block, 0, Math.min(left, block.length));
  closeSync(fd);
}

function timeCommand(command: string, args: string[]): number | null {
  const devNull = openSync('/dev/null', 'w');
  const start = process.hrtime.bigint();
  const result = spawnSync(command, args, { stdio: ['ignore', devNull, 'ignore'] });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  closeSync(devNull);
  return result.status === 0 ? ms : null;
}

async function timeAsync(work: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Peak RSS (MiB) of a process that scans the file with its digest, minus one that scans a tiny file. */
function peakRssMiB(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'scan-rss.ts'), file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) =>
      code === 0 ? resolve(Number(out.trim()) / 1024) : reject(new Error(`rss child exited ${code}`)),
    );
  });
}

const dir = mkdtempSync(join(tmpdir(), 'trt-ci-bench-scan-'));
try {
  const files = [
    {
      name: 'bloated 2 GiB (1 MiB random + zeros)',
      path: join(dir, 'bloated.plan'),
      random: MiB,
      zeros: 2048 * MiB - MiB,
      catTarget: 1.25,
    },
    { name: 'random 512 MiB', path: join(dir, 'random.plan'), random: 512 * MiB, zeros: 0, catTarget: null },
  ];
  const tiny = join(dir, 'tiny.plan');
  writeFile(tiny, 4096, 0);
  const hasPython = spawnSync('python3', ['--version']).status === 0;
  console.log(`plan scan (median of ${REPEATS}; page cache warm)`);
  for (const file of files) {
    writeFile(file.path, file.random, file.zeros);
    timeCommand('cat', [file.path]); // warm the page cache
    // Interleaved, so that each figure and its reference see the same state of the machine.
    const cat: number[] = [];
    const openssl: number[] = [];
    const scan: number[] = [];
    const verify: number[] = [];
    for (let r = 0; r < REPEATS; r += 1) {
      cat.push(timeCommand('cat', [file.path])!);
      scan.push(await timeAsync(() => scanPlan(file.path, { digest: false })));
      openssl.push(timeCommand('openssl', ['dgst', '-sha256', file.path])!);
      verify.push(await timeAsync(() => scanPlan(file.path)));
    }
    const naive = hasPython
      ? timeCommand('python3', ['-c', 'import sys; print(open(sys.argv[1], "rb").read().count(0))', file.path])
      : null;
    const rss = (await peakRssMiB(file.path)) - (await peakRssMiB(tiny));
    const [s, v, c, o] = [median(scan), median(verify), median(cat), median(openssl)];
    console.log(`  ${file.name}`);
    console.log(
      `    scan ${s.toFixed(0)} ms ÷ cat ${c.toFixed(0)} ms = ` +
        `${(s / c).toFixed(2)}${file.catTarget ? ` (target <= ${file.catTarget})` : ''}`,
    );
    console.log(
      `    verify with sha256 ${v.toFixed(0)} ms ÷ openssl dgst ` +
        `-sha256 ${o.toFixed(0)} ms = ${(v / o).toFixed(2)} (target <= 1.1)`,
    );
    if (naive !== null)
      console.log(
        `    naive python3 read().count(0) ${naive.toFixed(0)} ms: ` +
          `trt-ci verify is ${(naive / v).toFixed(1)}× faster, with the digest`,
      );
    console.log(`    peak RSS over a 4 KiB plan: ${rss.toFixed(1)} MiB`);
    rmSync(file.path);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
