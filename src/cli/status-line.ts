// In a terminal, one line at the bottom of stderr says what each GPU is doing, rewritten in place; the
// event lines scroll above it. Without a terminal (CI logs, --json) there is no such line.
import type { BuildEvent } from '../builds/context.js';
import { formatBytes, formatSeconds } from '../common/units.js';

interface Running {
  name: string;
  attempt: number;
  startedAt: number;
  peakMiB: number | null;
}

/** Erases the line the cursor is on: the status line, before it is redrawn or an event line replaces it. */
const ERASE = '\r\x1b[K';

export class StatusLine {
  private readonly running = new Map<string, Running>();

  constructor(private readonly clock: () => number = Date.now) {}

  /** What to write to stderr for an event: the event's own line (if any) above a fresh status line. */
  update(event: BuildEvent, eventLine: string): string {
    if (event.type === 'start') {
      const { model, profile } = event.job;
      this.running.set(slot(event.gpu), {
        name: `${model.name}/${profile.name}`,
        attempt: event.attempt,
        startedAt: this.clock(),
        peakMiB: null,
      });
    } else if (event.type === 'heartbeat') {
      const running = this.running.get(slot(event.gpu));
      if (running) running.peakMiB = event.peakMiB;
      return ERASE + this.render();
    } else if (event.type === 'done') {
      const name = `${event.outcome.job.model.name}/${event.outcome.job.profile.name}`;
      for (const [key, running] of this.running) if (running.name === name) this.running.delete(key);
    }
    return ERASE + eventLine + this.render();
  }

  /** Leaves the terminal as it was: the status line erased. */
  clear(): string {
    return ERASE;
  }

  private render(): string {
    const now = this.clock();
    return [...this.running.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, r]) => {
        const peak = r.peakMiB === null ? '' : `, ${formatBytes(r.peakMiB * 1024 ** 2)}`;
        const attempt = r.attempt > 1 ? ` (attempt ${r.attempt})` : '';
        return `${key}: ${r.name}${attempt} ${formatSeconds((now - r.startedAt) / 1000)}${peak}`;
      })
      .join(' · ');
  }
}

const slot = (gpu: number | null) => (gpu === null ? 'GPU' : `GPU ${gpu}`);
