const NEWLINE = 0x0a;

/**
 * Splits a byte stream into lines without holding more than one line. A line longer than
 * `maxLineBytes` is cut there and the rest of it dropped, so one runaway line cannot grow memory.
 */
export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private overflowed = false;

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly maxLineBytes = 64 * 1024,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE, start); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      if (this.pendingBytes === 0 && !this.overflowed && end - start <= this.maxLineBytes) {
        // The usual case: the whole line is in this chunk, decode it in place.
        this.emit(chunk.toString('utf8', start, end));
      } else {
        this.take(chunk, start, end);
        this.flushLine();
      }
      start = end + 1;
    }
    if (start < chunk.length) this.take(chunk, start, chunk.length);
  }

  end(): void {
    if (this.pendingBytes > 0 || this.overflowed) this.flushLine();
  }

  private take(chunk: Buffer, start: number, end: number): void {
    const room = this.maxLineBytes - this.pendingBytes;
    if (room <= 0) {
      this.overflowed = this.overflowed || end > start;
      return;
    }
    const stop = Math.min(end, start + room);
    if (stop > start) {
      // Copy: the caller may reuse the chunk's memory after push() returns.
      this.pending.push(Buffer.from(chunk.subarray(start, stop)));
      this.pendingBytes += stop - start;
    }
    if (stop < end) this.overflowed = true;
  }

  private flushLine(): void {
    const bytes = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    this.overflowed = false;
    this.emit(bytes.toString('utf8'));
  }

  private emit(line: string): void {
    this.onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
  }
}
