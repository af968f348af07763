const ZERO_BLOCK = Buffer.alloc(64 * 1024);
const STEPS = [64 * 1024, 4096, 256];

/** The first index at or after `start` that holds a non-zero byte (or the end). */
function zeroRunEnd(chunk: Buffer, start: number): number {
  const end = chunk.length;
  let i = start;
  // Most zero runs in real data are a byte or two long: look at those byte by byte first.
  for (const stop = Math.min(end, start + 64); i < stop; i += 1) if (chunk[i] !== 0) return i;
  // Long runs (a zero-padded plan) are skipped a block at a time with memcmp against zeros.
  for (const step of STEPS) {
    while (i + step <= end && chunk.compare(ZERO_BLOCK, 0, step, i, i + step) === 0) i += step;
  }
  while (i < end && chunk[i] === 0) i += 1;
  return i;
}

/**
 * Zero bytes, the longest zero run and the zero run at the end, over a stream of chunks. Non-zero
 * stretches are crossed with indexOf (memchr), zero stretches with block compares, so neither random
 * nor zero-filled data is walked byte by byte.
 */
export class ZeroRuns {
  zeroBytes = 0;
  longestRun = 0;
  /** The zero run that reaches the end of what has been pushed so far. */
  currentRun = 0;

  push(chunk: Buffer): void {
    const end = chunk.length;
    // A chunk of a zero-padded plan is all zeros: one memcmp says so.
    if (end > 0 && chunk[0] === 0 && chunk[end - 1] === 0 && chunk.compare(chunk, 0, end - 1, 1, end) === 0) {
      this.zeroBytes += end;
      this.currentRun += end;
      if (this.currentRun > this.longestRun) this.longestRun = this.currentRun;
      return;
    }
    let pos = 0;
    while (pos < end) {
      const zero = chunk.indexOf(0, pos);
      if (zero === -1) {
        this.currentRun = 0;
        return;
      }
      if (zero > pos) this.currentRun = 0;
      const after = zeroRunEnd(chunk, zero);
      const run = after - zero;
      this.zeroBytes += run;
      this.currentRun += run;
      if (this.currentRun > this.longestRun) this.longestRun = this.currentRun;
      pos = after;
    }
  }
}
