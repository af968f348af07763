/** A part of a markdown document; lower `priority` numbers are kept longest. */
export interface Section {
  priority: number;
  text: string;
}

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** Cuts text to at most `limit` UTF-8 bytes without splitting a character. */
export function cutBytes(text: string, limit: number): string {
  if (bytes(text) <= limit) return text;
  let cut = Buffer.from(text, 'utf8').subarray(0, Math.max(0, limit)).toString('utf8');
  while (bytes(cut) > limit || cut.endsWith('\uFFFD')) cut = cut.slice(0, -1);
  return cut;
}

/**
 * Joins sections in their order, dropping the least important ones until the whole fits in `limit`
 * bytes (GitHub: 65,535 for a comment, 1 MiB for a job summary), and says what was left out. The
 * headline (priority 0) is never dropped; if even it does not fit, it is cut.
 */
export function fitSections(sections: readonly Section[], limit: number, leftOut: (count: number) => string): string {
  const kept = [...sections];
  const join = (list: readonly Section[], dropped: number) =>
    `${[...list.map((s) => s.text), ...(dropped ? [leftOut(dropped)] : [])].join('\n\n')}\n`;
  let dropped = 0;
  while (bytes(join(kept, dropped)) > limit) {
    const candidates = kept.filter((s) => s.priority > 0);
    if (candidates.length === 0) break;
    const least = candidates.reduce((a, b) => (b.priority >= a.priority ? b : a));
    kept.splice(kept.lastIndexOf(least), 1);
    dropped += 1;
  }
  const text = join(kept, dropped);
  return bytes(text) <= limit ? text : `${cutBytes(text, limit - 2)}\n`;
}
