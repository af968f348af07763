import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TRUST_ALL } from '../src/cache/trust.js';
import { describe, expect, it } from 'vitest';
import type { ProcessResult } from '../src/proc/run-process.js';
import { MemorySampler, MemoryTimeline } from '../src/gpu/memory-sampler.js';
import { parseCsvRows, parseGpuRows, queryGpus } from '../src/gpu/nvidia-smi.js';
import { runOnSlots } from '../src/builds/scheduler.js';
import { privateTimingCache, publishTimingCache } from '../src/cache/timing-cache.js';
import { FIXTURES, makeRunner } from './support/harness.js';

const capture = (name: string) => readFileSync(join(FIXTURES, 'nvidia-smi', `h200-580.159.04.${name}`), 'utf8');

describe('nvidia-smi CSV', () => {
  it('reads the real H200 capture, with bracketed non-values as unknown', () => {
    const fields = capture('query-gpu.csv')
      .split('\n')[0]!
      .split(', ')
      .map((h) => h.replace(/ \[.+\]$/, ''));
    const [row] = parseCsvRows(capture('query-gpu-noheader-nounits.csv'), fields);
    expect(row).toMatchObject({
      index: '0',
      name: 'NVIDIA H200',
      driver_version: '580.159.04',
      compute_cap: '9.0',
      'memory.total': '143771',
      'memory.free': '143156',
    });
    expect(row!.display_mode).toBeNull(); // "[Requested functionality has been deprecated]"
  });

  it('turns the GPU query into numbers, unknown values into null', () => {
    const fields = [
      'index',
      'name',
      'uuid',
      'compute_cap',
      'driver_version',
      'memory.total',
      'memory.used',
      'memory.free',
    ];
    const [h200, a100] = parseGpuRows(
      '0, NVIDIA H200, GPU-1, 9.0, 580.159.04, 143771, 0, 143156\n1, ' +
        'NVIDIA A100-SXM4-80GB, GPU-2, 8.0, 535.104.05, [N/A], 12, [Not Supported]\n',
      fields,
    );
    expect(h200).toMatchObject({
      index: 0,
      name: 'NVIDIA H200',
      uuid: 'GPU-1',
      computeCapability: '9.0',
      driverVersion: '580.159.04',
      memoryTotalMiB: 143771,
      memoryUsedMiB: 0,
      memoryFreeMiB: 143156,
      eccMode: null,
    });
    expect(a100).toMatchObject({
      index: 1,
      computeCapability: '8.0',
      memoryTotalMiB: null,
      memoryUsedMiB: 12,
      memoryFreeMiB: null,
    });
  });

  it('reads every field of the real capture in GPU_FIELDS order', () => {
    const header = capture('query-gpu.csv')
      .split('\n')[0]!
      .split(', ')
      .map((h) => h.replace(/ \[.+\]$/, ''));
    const [gpu] = parseGpuRows(capture('query-gpu-noheader-nounits.csv'), header);
    expect(gpu).toEqual({
      index: 0,
      name: 'NVIDIA H200',
      uuid: 'GPU-5f3c2a10-0000-4000-8000-000000000001',
      busId: '00000000:00:06.0',
      computeCapability: '9.0',
      driverVersion: '580.159.04',
      memoryTotalMiB: 143771,
      memoryUsedMiB: 0,
      memoryFreeMiB: 143156,
      eccMode: 'Enabled',
      eccUncorrectedErrors: 0,
      displayActive: 'Disabled',
      persistenceMode: 'Enabled',
      computeMode: 'Default',
      migMode: 'Disabled',
    });
  });

  it('says why when nvidia-smi fails or is missing', async () => {
    const runner = makeRunner({ nvidiaSmiEnv: { NVIDIA_SMI_STANDIN_EXIT: 9 } });
    const failed = await queryGpus({ command: runner.nvidiaSmi, env: process.env });
    expect(failed).toMatchObject({
      ok: false,
      exitCode: 9,
      reason: expect.stringMatching(
        /exited with status 9 \(the NVIDIA driver is not loaded\): NVIDIA-SMI has failed because/,
      ),
    });
    expect(await queryGpus({ command: '/nonexistent/nvidia-smi', env: process.env })).toEqual({
      ok: false,
      exitCode: null,
      reason: '/nonexistent/nvidia-smi: command not found',
    });
  });
});

describe('an older driver', () => {
  it('that does not know a field is asked again without it', async () => {
    const runner = makeRunner({ nvidiaSmiEnv: { NVIDIA_SMI_STANDIN_NO_FIELD: 'compute_cap' } });
    const query = await queryGpus({ command: runner.nvidiaSmi, env: process.env });
    expect(query.ok && query.gpus[0]).toMatchObject({
      name: 'NVIDIA H200',
      computeCapability: null,
      driverVersion: '580.159.04',
    });
  });
});

describe('memory attribution', () => {
  it('charges a window its peak above the idle baseline, on its own GPU only', () => {
    const timeline = new MemoryTimeline();
    // The real H200 capture of a 48 GiB allocation in 8 GiB steps, replayed on GPU 0 at its own 100 ms pace.
    const samples = capture('memory-used-lms100-during-48GiB-alloc.csv')
      .trim()
      .split('\n')
      .map((line) => Number(line.split(', ')[1]));
    for (const [i, mib] of samples.entries()) timeline.add(0, i * 100, mib + 500);
    for (const i of samples.keys()) timeline.add(1, i * 100, 900);
    timeline.markBaselineEnd(50);
    expect(Math.max(...samples)).toBe(49679);
    const all = timeline.window(0, 0, samples.length * 100)!;
    expect(all).toMatchObject({ peakUsedMiB: 49679 + 500, baselineMiB: 500, attributedMiB: 49679 });
    expect(timeline.window(1, 0, samples.length * 100)).toMatchObject({ attributedMiB: 0 });
    expect(timeline.window(0, 1e9, 2e9)).toBeNull();
    expect(timeline.window(7, 0, 1e9)).toBeNull();
  });

  it('counts an idle sample stamped in the same millisecond as the end of the baseline as idle', () => {
    // The first sample arrives, the run sees it and starts a build at once: all three in one millisecond.
    const timeline = new MemoryTimeline();
    timeline.add(0, 1000, 500);
    timeline.markBaselineEnd(1000);
    for (const t of [1100, 1200]) timeline.add(0, t, 2548);
    expect(timeline.window(0, 1000, 1300)).toMatchObject({ baselineMiB: 500, attributedMiB: 2048 });
    expect(timeline.window(0, 1050, 1300)).toMatchObject({ baselineMiB: 500, attributedMiB: 2048 });
  });
});

describe('the memory stream', () => {
  it('is killed with its process group (a wedged driver ignores SIGTERM), so the run never hangs on it', async () => {
    const runner = makeRunner({ nvidiaSmiEnv: { NVIDIA_SMI_STANDIN_WEDGED: 1 } });
    const sampler = new MemorySampler({ command: runner.nvidiaSmi, env: process.env }, 50);
    sampler.start();
    await sampler.waitForBaseline([0]);
    expect(sampler.timeline.hasSampled([0])).toBe(true);
    const { ended } = (sampler as unknown as { child: { ended: Promise<ProcessResult> } }).child;
    await sampler.stop();
    // Killed (SIGKILL on its group): SIGTERM alone would not have ended it.
    expect(await ended).toMatchObject({ signal: 'SIGKILL', cancelled: true });
  });
});

describe('runOnSlots', () => {
  it('keeps one job per slot at a time, all slots busy, results in job order', async () => {
    const running = new Map<string, number>();
    let most = 0;
    const results = await runOnSlots([5, 1, 1, 1, 5, 1], ['gpu0', 'gpu1'], async (ms, slot) => {
      running.set(slot, (running.get(slot) ?? 0) + 1);
      most = Math.max(most, running.get(slot)!);
      await new Promise((r) => setTimeout(r, ms * 5));
      running.set(slot, running.get(slot)! - 1);
      return `${ms}@${slot}`;
    });
    expect(most).toBe(1);
    expect(results.map((r) => r.split('@')[0])).toEqual(['5', '1', '1', '1', '5', '1']);
    expect(new Set(results.map((r) => r.split('@')[1]))).toEqual(new Set(['gpu0', 'gpu1']));
  });
});

describe('the shared timing cache', () => {
  it('keeps the copy that knows most when builds overlap, and is never replaced by a smaller one', async () => {
    const dir = makeRunner().dir;
    const shared = join(dir, 'timing.cache');
    writeFileSync(shared, Buffer.alloc(4096, 1));
    // Two builds start from the same 4 KiB cache; one learns 8 KiB of tactics, the other 2 KiB.
    const big = await privateTimingCache(shared, 'a', TRUST_ALL);
    const small = await privateTimingCache(shared, 'b', TRUST_ALL);
    writeFileSync(big, Buffer.alloc(12 * 1024, 2));
    writeFileSync(small, Buffer.alloc(6 * 1024, 3));
    expect(await publishTimingCache(big, shared, true, TRUST_ALL)).toMatchObject({ kept: true });
    expect(await publishTimingCache(small, shared, true, TRUST_ALL)).toEqual({ kept: false });
    expect(readFileSync(shared)).toEqual(Buffer.alloc(12 * 1024, 2));
    // No private copy is left behind, and a failed build never publishes.
    const failed = await privateTimingCache(shared, 'c', TRUST_ALL);
    writeFileSync(failed, Buffer.alloc(64 * 1024, 4));
    expect(await publishTimingCache(failed, shared, false, TRUST_ALL)).toEqual({ kept: false });
    expect(readdirSync(dir).filter((f) => f.startsWith('timing.cache'))).toEqual(['timing.cache']);
  });
});
