import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, ftruncateSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZeroRuns } from '../src/tensorrt/zero-runs.js';
import { planTail, scanPlan } from '../src/tensorrt/plan-scan.js';
import { formatBytes } from '../src/common/units.js';
import { cli, makeRunner } from './support/harness.js';

const root = join(import.meta.dirname, '..');
const fixtures = join(root, 'test', 'fixtures', 'plans');

/** TensorRT's real header: "ftrt", the layout 0, the plan's total size at 16-23, version bytes at 24-27. */
function planHeader(version: number[], totalBytes = 64): Buffer {
  const head = randomBytes(64);
  head.write('ftrt', 0, 'latin1');
  head.writeUInt32LE(0, 4);
  head.writeBigUInt64LE(BigInt(totalBytes), 16);
  Buffer.from(version).copy(head, 24);
  return head;
}

/** A whole plan: the header, whose size field counts the body too, then the body. */
function planOf(version: number[], ...body: Buffer[]): Buffer {
  const size = 64 + body.reduce((sum, part) => sum + part.length, 0);
  return Buffer.concat([planHeader(version, size), ...body]);
}

/** The figures done the slow, obvious way, to check the fast scan against. */
function naive(bytes: Buffer) {
  let zeroBytes = 0,
    longest = 0,
    run = 0;
  for (const b of bytes) {
    if (b === 0) {
      zeroBytes += 1;
      run += 1;
      longest = Math.max(longest, run);
    } else run = 0;
  }
  return {
    bytes: bytes.length,
    zeroBytes,
    longestZeroRun: longest,
    trailingZeroBytes: run,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

describe('scanPlan on plans built here', () => {
  const dir = makeRunner().dir;
  const write = (name: string, ...parts: Buffer[]) => {
    const path = join(dir, name);
    writeFileSync(path, Buffer.concat(parts));
    return path;
  };
  const MiB = 1024 * 1024;

  it.each([
    [
      'a random head and a zero tail (the #4841 shape)',
      () => write('bloated.plan', planHeader([11, 2, 1, 2]), randomBytes(3 * MiB), Buffer.alloc(9 * MiB + 17)),
    ],
    ['all zeros', () => write('zeros.plan', Buffer.alloc(5 * MiB + 3))],
    ['no zeros at all', () => write('nozeros.plan', Buffer.alloc(3 * MiB + 5, 0xa5))],
    [
      'zero runs across chunk borders',
      () =>
        write(
          'runs.plan',
          planHeader([10, 16, 1, 11]),
          ...Array.from({ length: 12 }, (_, i) =>
            Buffer.concat([randomBytes(300_000 + i * 7919), Buffer.alloc(i * 131_071)]),
          ),
        ),
    ],
  ])('%s: the same figures as a byte-by-byte count', async (_what, make) => {
    const path = make();
    const scan = await scanPlan(path);
    expect(scan).toMatchObject(naive(readFileSync(path)));
    expect(scan.zeroFraction).toBeCloseTo(scan.zeroBytes / scan.bytes, 12);
  });

  it('reads the header: ftrt and the TensorRT version in bytes 24-27', async () => {
    const scan = await scanPlan(write('v.plan', planOf([10, 5, 0, 18], randomBytes(1000))));
    expect(scan).toMatchObject({
      magic: true,
      layout: 'ftrt',
      declaredBytes: 1064,
      tensorrtVersion: '10.5.0.18',
      container: 'plan',
      planOffset: 0,
      problem: null,
    });
  });

  it('recognises an Ultralytics .engine: a length, JSON metadata, then the plan', async () => {
    const meta = Buffer.from(
      JSON.stringify({ description: 'Ultralytics YOLO11n model', task: 'detect', batch: 1, imgsz: [640, 640] }),
    );
    const length = Buffer.alloc(4);
    length.writeInt32LE(meta.length);
    const scan = await scanPlan(write('yolo.engine', length, meta, planOf([10, 7, 0, 23], randomBytes(5000))));
    expect(scan).toMatchObject({
      magic: true,
      tensorrtVersion: '10.7.0.23',
      container: 'ultralytics',
      planOffset: 4 + meta.length,
    });
    expect(scan.metadata).toMatchObject({ task: 'detect', imgsz: [640, 640] });
    expect(scan.problem).toBeNull();
  });

  it.each([
    [
      'smaller than the 28-byte header',
      () => write('short.plan', Buffer.from('ftrt0000000000')),
      /shorter than the 28-byte plan header/,
    ],
    ['empty', () => write('empty.plan'), /the file is empty/],
    [
      'an ONNX file, not a plan',
      () => write('model.onnx', Buffer.from([0x08, 0x07, 0x12, 0x07]), Buffer.from('pytorch'), randomBytes(500)),
      /not a TensorRT plan/,
    ],
  ])('%s: magic false and why', async (_what, make, problem) => {
    const scan = await scanPlan(make());
    expect(scan.magic).toBe(false);
    expect(scan.tensorrtVersion).toBeNull();
    expect(scan.problem).toMatch(problem);
  });

  it('an empty file has no zero fraction to divide by', async () => {
    expect(await scanPlan(write('empty2.plan'))).toMatchObject({
      bytes: 0,
      zeroBytes: 0,
      zeroFraction: 0,
      trailingZeroBytes: 0,
      longestZeroRun: 0,
    });
  });

  it('a directory, a missing file and a socket are input errors that name the file', async () => {
    await expect(scanPlan(dir)).rejects.toThrow(`${dir}: cannot read plan: is a directory, expected a plan file`);
    await expect(scanPlan(join(dir, 'nope.plan'))).rejects.toThrow(/nope\.plan: cannot read plan: no such file/);
    const socket = join(dir, 'plan.sock');
    const server = createServer().listen(socket);
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      await expect(scanPlan(socket)).rejects.toThrow(/plan\.sock: cannot read plan: not a regular file/);
    } finally {
      server.close();
    }
  });

  it(
    'plans big enough to be hashed in a worker get the right ' +
      'digest, one after another and at once (the worker is reused)',
    async () => {
      const files = [0, 1, 2].map((i) =>
        write(`big${i}.plan`, planHeader([10, 16, 1, 11]), randomBytes(17 * MiB + i * 4097), Buffer.alloc(3 * MiB)),
      );
      const expected = files.map((f) => createHash('sha256').update(readFileSync(f)).digest('hex'));
      for (const [i, file] of files.entries()) expect((await scanPlan(file)).sha256).toBe(expected[i]);
      expect((await Promise.all(files.map((f) => scanPlan(f)))).map((scan) => scan.sha256)).toEqual(expected);
    },
  );

  it('ZeroRuns counts the same whatever the chunking', () => {
    const data = Buffer.concat([
      Buffer.alloc(10),
      // No zero among them: one at either end would join a run (a flake once in 128 runs, seen).
      randomBytes(1000).map((b) => b || 1),
      Buffer.alloc(70_000),
      Buffer.from([1]),
      Buffer.alloc(3),
    ]);
    const whole = new ZeroRuns();
    whole.push(data);
    const pieces = new ZeroRuns();
    for (let i = 0; i < data.length; i += 333) pieces.push(data.subarray(i, i + 333));
    expect(pieces).toEqual(whole);
    expect(whole).toMatchObject({ longestRun: 70_000, currentRun: 3 });
  });
});

describe('real plans (test/fixtures/plans: public repositories, TensorRT 8.2-era to 10.5)', () => {
  const dir = makeRunner().dir;
  type Real = { source: string; bytes: number; head: string };
  const real: Real[] = JSON.parse(readFileSync(join(fixtures, 'real-plan-headers.json'), 'utf8'));
  const ftrt = real.filter((r) => r.head.startsWith(Buffer.from('ftrt').toString('hex')));
  const ptrt = real.filter((r) => r.head.startsWith(Buffer.from('ptrt').toString('hex')));
  /** The real header, the rest of the file zeros: `bytes` long, or as long as the real file was. */
  const rebuilt = (row: Real, bytes = row.bytes) => {
    const path = join(dir, `${createHash('sha1').update(row.source).digest('hex')}-${bytes}.plan`);
    const head = Buffer.from(row.head, 'hex');
    writeFileSync(path, Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length))]).subarray(0, bytes));
    return path;
  };

  it('holds six ftrt plans and two ptrt plans', () => {
    expect([ftrt.length, ptrt.length]).toEqual([6, 2]);
  });

  it.each(ftrt.map((r) => [r.source, r] as const))('%s: bytes 16-23 are its size; version read', async (_s, row) => {
    const scan = await scanPlan(rebuilt(row));
    const version = [...Buffer.from(row.head, 'hex').subarray(24, 28)].join('.');
    expect(scan).toMatchObject({ magic: true, layout: 'ftrt', declaredBytes: row.bytes, problem: null });
    expect(scan.tensorrtVersion).toBe(version);
  });

  it.each(ftrt.map((r) => [r.source, r] as const))('%s: cut to 1,000 bytes is truncated', async (_s, row) => {
    const scan = await scanPlan(rebuilt(row, 1000));
    expect(scan.magic).toBe(true);
    expect(scan.problem).toBe(
      `truncated: the header says ${formatBytes(row.bytes)} (${row.bytes} bytes), the file holds 1000`,
    );
    const verify = await cli(['verify', rebuilt(row, 1000)]);
    expect(verify.code).toBe(1);
    expect(verify.stdout).toContain(`plan, truncated: the header says`);
  });

  it('the whole real 3,228-byte plan passes verify; with 4 KiB appended it is padded and fails', async () => {
    const whole = join(fixtures, 'nvidia-game-model-8.6.1.6.plan');
    const ok = await cli(['verify', whole]);
    expect(ok).toMatchObject({ code: 0 });
    expect(ok.stdout).toMatch(/: TensorRT 8\.6\.1\.6 plan\n/);
    const padded = join(dir, 'padded.plan');
    writeFileSync(padded, Buffer.concat([readFileSync(whole), Buffer.alloc(4096)]));
    const bad = await cli(['verify', padded]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain(
      'TensorRT 8.6.1.6 plan, padded: the header says 3.15 KiB (3228 bytes), the file holds 7324',
    );
  });

  it.each(ptrt.map((r) => [r.source, r] as const))('%s: an older plan, its version unread', async (_s, row) => {
    const path = rebuilt(row);
    expect(await scanPlan(path)).toMatchObject({
      magic: true,
      layout: 'ptrt',
      tensorrtVersion: null,
      declaredBytes: null,
      problem: null,
    });
    // Its body is this test's zeros, not a padding: the trailing-zeros default is lifted.
    const verify = await cli(['verify', path, '--max-trailing-zeros', '100%']);
    expect(verify.code).toBe(0);
    expect(verify.stdout).toContain(': TensorRT plan, older layout, version not readable from the header\n');
  });
});

describe('trt-ci verify and a plan that is mostly a trailing run of zeros (#4841, issue 58)', () => {
  const dir = makeRunner().dir;
  /** A whole ftrt plan (its header declares its size) of `data` non-zero bytes then `zeros` zero bytes. */
  const plan = (name: string, data: number, zeros: number) => {
    const body = Buffer.concat([randomBytes(data).map((b) => b || 1), Buffer.alloc(zeros)]);
    const bytes = Buffer.concat([planHeader([11, 2, 1, 2]), body]);
    bytes.writeBigUInt64LE(BigInt(bytes.length), 16);
    writeFileSync(join(dir, name), bytes);
    return join(dir, name);
  };
  // The header's 64 bytes (random, the tag, size and version written in), then the data and the zeros.
  const header = planHeader([11, 2, 1, 2]).length;

  it('more than 50% of it trailing zeros fails (exit 1), naming the share and the issue; 50% passes', async () => {
    const total = 1000;
    const atLimit = plan('at.plan', total / 2 - header, total / 2);
    const over = plan('over.plan', total / 2 - header - 1, total / 2 + 1);
    const at = await cli(['verify', atLimit]);
    expect([at.code, at.stderr]).toEqual([0, '']);
    const failed = await cli(['verify', over]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toBe(
      `trt-ci: ${over}: 50.1% of it is one trailing run of zeros, over --max-trailing-zeros 50% ` +
        '(https://github.com/NVIDIA/TensorRT/issues/4841)\n',
    );
    expect((await cli(['verify', plan('under.plan', 600 - header, 400)])).code).toBe(0);
  });

  it('--max-trailing-zeros sets the share; one that is not a share is exit 2', async () => {
    const mostly = plan('mostly.plan', 100 - header, 900);
    expect((await cli(['verify', mostly])).code).toBe(1);
    expect((await cli(['verify', mostly, '--max-trailing-zeros', '90%'])).code).toBe(0);
    expect((await cli(['verify', mostly, '--max-trailing-zeros', '89.9%'])).code).toBe(1);
    const bad = await cli(['verify', mostly, '--max-trailing-zeros', 'half']);
    expect([bad.code, bad.stderr]).toEqual([
      2,
      'trt-ci: --max-trailing-zeros: expected a share like 50%, got "half"\n',
    ]);
  });
});

describe('memory', () => {
  it('stays bounded on a 1 GiB plan: peak RSS grows by less than 64 MiB', async () => {
    const dir = makeRunner().dir;
    const sparse = join(dir, 'huge.plan');
    const fd = openSync(sparse, 'w');
    writeSync(fd, Buffer.concat([planHeader([11, 2, 1, 2]), randomBytes(1024 * 1024)]));
    // 16 times the bound; the zeros are a hole, so the test needs no 1 GiB of disk.
    ftruncateSync(fd, 1024 ** 3);
    closeSync(fd);
    const tiny = join(dir, 'tiny.plan');
    writeFileSync(tiny, planHeader([11, 2, 1, 2]));
    const peak = (file: string) =>
      new Promise<number>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'bench', 'scan-rss.ts'), file], {
          cwd: root,
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.on('exit', () => resolve(Number(out.trim()) / 1024));
      });
    const [small, large] = [await peak(tiny), await peak(sparse)];
    console.log(`peak RSS: ${small.toFixed(0)} MiB for a 28-byte plan, ${large.toFixed(0)} MiB for a 1 GiB plan`);
    expect(large - small).toBeLessThan(64);
  });
});

describe('files that are not files', () => {
  it('a named pipe or a device is refused at once by verify and parse-log, never opened', async () => {
    const dir = makeRunner().dir;
    const fifo = join(dir, 'plan.fifo');
    execFileSync('mkfifo', [fifo]);
    // Opening a FIFO with no writer blocks forever, and /dev/zero never ends: both must fail at once.
    for (const [args, pattern] of [
      [['verify', fifo], /plan\.fifo: cannot read plan: not a regular file \(a named pipe\)/],
      [['verify', '/dev/zero'], /\/dev\/zero: cannot read plan: not a regular file \(a device\)/],
      [['parse-log', fifo], /plan\.fifo: cannot read log: not a regular file \(a named pipe\)/],
      [['parse-log', '/dev/zero'], /\/dev\/zero: cannot read log: not a regular file \(a device\)/],
    ] as const) {
      const result = await cli([...args]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(pattern);
    }
  });

  it('verify still prints the plans it could read when one cannot be read, and exits 2', async () => {
    const dir = makeRunner().dir;
    const plan = join(dir, 'ok.plan');
    writeFileSync(plan, planOf([10, 16, 1, 11], randomBytes(100)));
    const result = await cli(['verify', plan, join(dir, 'gone.plan'), '--json']);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout).plans.map((p: { path: string }) => p.path)).toEqual([plan]);
    expect(result.stderr).toMatch(/gone\.plan: cannot read plan: no such file/);
  });

  it('a plan header that says TensorRT 0.0.0.0 is not a plan', async () => {
    const dir = makeRunner().dir;
    const plan = join(dir, 'zero.plan');
    writeFileSync(plan, Buffer.concat([planHeader([0, 0, 0, 0]), randomBytes(100)]));
    const scan = await scanPlan(plan);
    expect(scan).toMatchObject({ magic: false, tensorrtVersion: null });
    expect(scan.problem).toContain('TensorRT version 0.0.0.0');
    expect((await cli(['verify', plan])).code).toBe(1);
  });
});

describe('trt-ci verify', () => {
  it('prints the documented JSON keys for each plan and exits 1 when one is not a plan', async () => {
    const dir = makeRunner().dir;
    const plan = join(dir, 'ok.plan');
    // The random part ends in a non-zero byte, so the zero tail is exactly 5000 bytes (1 run in 256 it was not).
    const head = Buffer.concat([randomBytes(999), Buffer.from([0xff])]);
    writeFileSync(plan, planOf([10, 16, 1, 11], head, Buffer.alloc(5000)));
    const onnx = join(dir, 'm.onnx');
    writeFileSync(onnx, randomBytes(100));
    // 82% of it is its zero tail: the test's, lifted past the trailing-zeros default.
    const ok = await cli(['verify', plan, '--json', '--max-trailing-zeros', '90%']);
    expect(ok.code).toBe(0);
    const [entry] = JSON.parse(ok.stdout).plans;
    expect(Object.keys(entry)).toEqual(
      expect.arrayContaining([
        'path',
        'bytes',
        'zeroBytes',
        'zeroFraction',
        'trailingZeroBytes',
        'longestZeroRun',
        'sha256',
        'magic',
        'tensorrtVersion',
      ]),
    );
    expect(entry).toMatchObject({
      path: plan,
      bytes: 6064,
      trailingZeroBytes: 5000,
      magic: true,
      tensorrtVersion: '10.16.1.11',
    });
    const mixed = await cli(['verify', plan, onnx, '--max-trailing-zeros', '90%']);
    expect(mixed.code).toBe(1);
    expect(mixed.stdout).toContain('not a TensorRT plan');
    const missing = await cli(['verify', join(dir, 'gone.plan')]);
    expect(missing).toMatchObject({
      code: 2,
      stderr: `trt-ci: ${join(dir, 'gone.plan')}: cannot read plan: no such file\n`,
    });
    expect((await cli(['verify'])).code).toBe(2);
  });
});

describe('planTail: the zeros at a plan end, read backwards', () => {
  it('agrees with scanPlan on data, zeros across chunk edges, all zeros and empty', async () => {
    const dir = makeRunner().dir;
    const data = Buffer.from(randomBytes(3 * 512 * 1024 + 17).map((b) => b | 1));
    const cases: [string, Buffer][] = [
      ['data', data],
      ['one zero', Buffer.concat([data, Buffer.alloc(1)])],
      ['zeros over two chunks', Buffer.concat([data, Buffer.alloc(700 * 1024)])],
      ['zeros inside, data at the end', Buffer.concat([Buffer.alloc(900 * 1024), data.subarray(0, 9)])],
      ['all zeros', Buffer.alloc(1024 * 1024 + 3)],
      ['empty', Buffer.alloc(0)],
    ];
    for (const [name, bytes] of cases) {
      const file = join(dir, `${name}.plan`);
      writeFileSync(file, bytes);
      const scan = await scanPlan(file, { digest: false });
      expect(planTail(file), name).toEqual({ bytes: scan.bytes, trailingZeroBytes: scan.trailingZeroBytes });
    }
  });
});
