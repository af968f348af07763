// trtexec --exportProfile (samples/common/sampleReporting.cpp, exportJSONProfile): a JSON list whose first
// entry is { "count": iterations } and then one entry per layer: name, timeMs (the sum over iterations),
// averageMs, medianMs (from 8.4; TensorRT 7.x and 8.2 have none) and percentage. A layer's time is its
// median where there is one, else its average. Pure: text in, times out.

export interface LayerTimes {
  /** Iterations the profile was taken over. */
  count: number | null;
  /** Each layer's time in ms, by its name (a name seen twice adds up, as the same layer run twice would). */
  times: Map<string, number>;
  /** Whether the times are medians (8.4+) or averages. */
  median: boolean;
}

export function parseProfile(text: string): LayerTimes {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`expected --exportProfile JSON, got text that does not parse (${(error as Error).message})`);
  }
  if (!Array.isArray(json)) throw new Error('expected --exportProfile JSON: a list of { name, averageMs, … }');
  let count: number | null = null;
  let median = true;
  const times = new Map<string, number>();
  for (const entry of json as Record<string, unknown>[]) {
    if (!entry || typeof entry !== 'object') continue;
    if (typeof entry.count === 'number' && entry.name === undefined) {
      count = entry.count;
      continue;
    }
    if (typeof entry.name !== 'string') continue;
    const value = typeof entry.medianMs === 'number' ? entry.medianMs : entry.averageMs;
    if (typeof entry.medianMs !== 'number') median = false;
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    times.set(entry.name, (times.get(entry.name) ?? 0) + value);
  }
  return { count, times, median };
}
