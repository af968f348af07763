// trtexec --exportProfile (samples/common/sampleReporting.cpp, Profiler::exportJSONProfile, the same from 7.2 to
// 11.1): a list whose first entry is { "count": iterations } and then one line per layer: name, timeMs (the sum
// over iterations), averageMs, medianMs (from 8.4; TensorRT 7.x and 8.2 have none) and percentage. A layer's
// time is its median where there is one, else its average. trtexec writes it with iostream, not a JSON
// library: a name is not escaped (a `"` or `\` in a node name makes the file invalid JSON) and a number
// can be `nan` or `inf` (a percentage of a zero total). Such a file is read line by line, in the one layout
// trtexec writes. Pure: text in, times out.

export interface LayerTimes {
  /** Iterations the profile was taken over. */
  count: number | null;
  /** Each layer's time in ms, by its name (a name seen twice adds up, as the same layer run twice would). */
  times: Map<string, number>;
  /** Whether the times are medians (8.4+) or averages. */
  median: boolean;
}

type Entry = Record<string, unknown>;

/** `, { "name" : "<name, unescaped>", "timeMs" : 1.5, "averageMs" : …, ["medianMs" : …,] "percentage" : … }` */
const LAYER_LINE = new RegExp(
  [
    String.raw`^\s*,?\s*\{\s*"name"\s*:\s*"(.*)"`,
    String.raw`\s*,\s*"timeMs"\s*:\s*(\S+?)`,
    String.raw`\s*,\s*"averageMs"\s*:\s*(\S+?)`,
    String.raw`\s*(?:,\s*"medianMs"\s*:\s*(\S+?)\s*)?`,
    String.raw`,\s*"percentage"\s*:\s*(\S+?)\s*\}\s*$`,
  ].join(''),
);
const COUNT_LINE = /^\s*,?\s*\{\s*"count"\s*:\s*(\d+)\s*\}\s*$/;

/** iostream's numbers: JSON's, and nan, -nan, inf (read as NaN and ±Infinity, which the times leave out). */
const number = (text: string) =>
  /^-?nan$/i.test(text) ? Number.NaN : Number(text.replace(/^(-?)inf$/i, '$1Infinity'));

/** The entries of a profile that is not valid JSON, read in trtexec's layout; null when it is not that layout. */
export function entriesByLine(text: string): Entry[] | null {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() && line.trim() !== '[' && line.trim() !== ']');
  const entries: Entry[] = [];
  for (const line of lines) {
    const count = COUNT_LINE.exec(line);
    const layer = count ? null : LAYER_LINE.exec(line);
    if (count) entries.push({ count: Number(count[1]) });
    else if (layer) {
      const [, name, timeMs, averageMs, medianMs, percentage] = layer;
      entries.push({
        name,
        timeMs: number(timeMs!),
        averageMs: number(averageMs!),
        ...(medianMs !== undefined && { medianMs: number(medianMs) }),
        percentage: number(percentage!),
      });
    } else return null;
  }
  return entries.length ? entries : null;
}

export function parseProfile(text: string): LayerTimes {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    json = entriesByLine(text);
    if (!json) {
      throw new Error(`expected --exportProfile JSON, got text that does not parse (${(error as Error).message})`);
    }
  }
  if (!Array.isArray(json)) throw new Error('expected --exportProfile JSON: a list of { name, averageMs, … }');
  let count: number | null = null;
  let median = true;
  const times = new Map<string, number>();
  for (const entry of json as Entry[]) {
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
