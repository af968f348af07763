const BLOCKS = '▁▂▃▄▅▆▇█';

/** The values as a line of block characters, scaled between their min and max (flat is all ▄). */
export function sparkline(values: readonly number[]): string {
  const [low, high] = [Math.min(...values), Math.max(...values)];
  return values
    .map((v) => (high === low ? BLOCKS[3] : BLOCKS[Math.round(((v - low) / (high - low)) * (BLOCKS.length - 1))]))
    .join('');
}
