// What a run says while it goes, for people: a line per build event (the CLI's stderr, the action's log).
import { open } from 'node:fs/promises';
import { logLines } from '../common/log-text.js';
import { formatBytes, formatSeconds } from '../common/units.js';
import type { BuildEvent } from './context.js';
import { backedOff } from '../common/back-off.js';
import { isBuilt } from '../contract/report.js';

/** One line per build event, on stderr while the builds run. */
export function describeEvent(event: BuildEvent): string {
  // Names and trtexec's last line are outside text: nothing in them may act as a workflow command.
  return logLines(eventLine(event));
}

function eventLine(event: BuildEvent): string {
  switch (event.type) {
    case 'start': {
      const where = event.gpu === null ? 'the default GPU' : `GPU ${event.gpu}`;
      const { model, profile } = event.job;
      return (
        `▶ ${model.name}/${profile.name}: building on ${where} ` +
        `(attempt ${event.attempt}, workspace ${formatBytes(event.workspaceBytes)})\n`
      );
    }
    case 'retry':
      return (
        `↻ ${event.job.model.name}/${event.job.profile.name}: ${event.failure.kind}; ` +
        `retrying with workspace ${formatBytes(event.workspaceBytes)}\n`
      );
    case 'heartbeat': {
      const where = event.gpu === null ? '' : ` on GPU ${event.gpu}`;
      const peak = event.peakMiB === null ? '' : `, peak ${formatBytes(event.peakMiB * 1024 ** 2)} so far`;
      const last = event.lastLine ? `; last: ${event.lastLine}` : '';
      return (
        `… ${event.job.model.name}/${event.job.profile.name}: ${formatSeconds(event.elapsedMs / 1000)}${where} ` +
        `(attempt ${event.attempt})${peak}${last}\n`
      );
    }
    case 'done': {
      const { job, status, failure } = event.outcome;
      const name = `${job.model.name}/${job.profile.name}`;
      if (!isBuilt(event.outcome)) return `✘ ${name}: ${failure?.kind ?? status}\n`;
      const backoff = backedOff(event.outcome.attempts);
      return `✔ ${name}: ${backoff ?? status}\n`;
    }
  }
}

/**
 * The last `count` lines of a log, read from its end (a verbose log can be gigabytes): what a failed
 * build's log says last is nearly always why.
 */
export async function lastLines(file: string, count: number, maxBytes = 256 * 1024): Promise<string[]> {
  const handle = await open(file, 'r').catch(() => null);
  if (!handle) return [];
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, maxBytes);
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, size - length);
    const lines = buffer.toString('utf8').split(/\r?\n/);
    if (lines.at(-1) === '') lines.pop();
    // The first line may be cut where the window starts.
    if (length < size) lines.shift();
    return lines.slice(-count);
  } finally {
    await handle.close();
  }
}

/** TRT_CI_HEARTBEAT_MS: how often a running build prints where it is (default a minute). */
export function heartbeatMs(env: NodeJS.ProcessEnv): number | undefined {
  const ms = Number(env.TRT_CI_HEARTBEAT_MS);
  return Number.isInteger(ms) && ms >= 100 ? ms : undefined;
}
