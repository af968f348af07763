// A verbose trtexec log can be gigabytes: streaming it to disk and through the parser must not
// grow trt-ci's memory with it.
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromSource, makeRunner } from './support/harness.js';

// An eighth of a GiB: two and a half times the memory bound, so a log held in memory would fail it (the bench
// streams larger ones).
const LOG_BYTES = 128 * 1024 ** 2;

/** Runs the CLI from source as its own process and returns its peak RSS (VmHWM) in MiB. */
function peakRssOfBuild(config: string): Promise<{ code: number | null; peakMiB: number }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...fromSource('cli'), 'build', '--config', config], { stdio: 'ignore' });
    let peakKiB = 0;
    const timer = setInterval(() => {
      try {
        const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (hwm) peakKiB = Math.max(peakKiB, Number(hwm[1]));
      } catch {
        // exited between two looks
      }
    }, 20);
    child.on('exit', (code) => {
      clearInterval(timer);
      resolve({ code, peakMiB: peakKiB / 1024 });
    });
  });
}

describe.runIf(process.platform === 'linux')('a 128 MiB verbose build log', () => {
  it('is streamed to its log file and parsed with less than 50 MiB of extra memory', async () => {
    const config = (verboseBytes: number) => {
      const runner = makeRunner({
        trtexecEnv: { TRTEXEC_STANDIN_VERBOSE_BYTES: verboseBytes, TRTEXEC_STANDIN_BUILD_MS: 300 },
      });
      runner.touch('m.onnx');
      return {
        runner,
        file: runner.writeConfig(
          'output-dir: out\nmodels: [{ name: m, onnx: m.onnx, profiles: [{ name: p, shapes: { x: 1x8 } }] }]\n',
        ),
      };
    };
    const small = config(0);
    const big = config(LOG_BYTES);
    const baseline = await peakRssOfBuild(small.file);
    const loaded = await peakRssOfBuild(big.file);
    expect(baseline.code).toBe(0);
    expect(loaded.code).toBe(0);
    expect(statSync(join(big.runner.dir, 'out', 'logs', 'm.p.1.log')).size).toBeGreaterThan(LOG_BYTES);
    expect(JSON.parse(readFileSync(join(big.runner.dir, 'out', 'report.json'), 'utf8')).builds[0].status).toBe('built');
    console.log(
      `peak RSS: ${baseline.peakMiB.toFixed(0)} MiB with a ` +
        `small log, ${loaded.peakMiB.toFixed(0)} MiB with a 128 MiB log`,
    );
    expect(loaded.peakMiB - baseline.peakMiB).toBeLessThan(50);
  });
});
