const SIZE_UNITS: Record<string, number> = {
  B: 1,
  KiB: 1024,
  MiB: 1024 ** 2,
  GiB: 1024 ** 3,
  TiB: 1024 ** 4,
  KB: 1e3,
  MB: 1e6,
  GB: 1e9,
  TB: 1e12,
};

/** A size with its unit; the config's schema checks sizes with it too. */
export const SIZE_PATTERN = /^(\d+(?:\.\d+)?)\s*(B|KiB|MiB|GiB|TiB|KB|MB|GB|TB)$/;

/** Bytes for "4GiB", "512MiB", "1.5GB"; null when the text is not a size with a unit. */
export function parseSize(text: string): number | null {
  const match = SIZE_PATTERN.exec(text.trim());
  if (!match) return null;
  return Math.round(Number(match[1]) * SIZE_UNITS[match[2]!]!);
}

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
export const DURATION_PATTERN = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)$/;

/** Milliseconds for "45m", "90s", "1.5h"; null when the text is not a duration with a unit. */
export function parseDuration(text: string): number | null {
  const match = DURATION_PATTERN.exec(text.trim());
  if (!match) return null;
  return Math.round(Number(match[1]) * DURATION_UNITS[match[2]!]!);
}

/** A share written as a percentage ("10%", "0.5%"). */
const PERCENT_PATTERN = /^(\d+(?:\.\d+)?)%$/;

/** 0.1 for "10%"; null when the text is not a percentage. */
export function parseShare(text: string): number | null {
  const match = PERCENT_PATTERN.exec(text.trim());
  return match ? Number(match[1]) / 100 : null;
}

export const MiB = 1024 ** 2;

export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(value >= 100 ? 0 : value >= 10 ? 1 : 2)} ${units[unit]}`;
}

export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}m ${Math.round(seconds - minutes * 60)}s`;
}

/** A duration in the largest unit that holds it whole: 45m as "45 min", 90s as "90 s", 1500ms as "1500 ms". */
export function formatDuration(ms: number): string {
  if (ms >= 3_600_000 && ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms >= 1_000 && ms % 1_000 === 0) return `${ms / 1_000} s`;
  return `${ms} ms`;
}

/** A time in ms to three significant figures: 0.0437 ms, 1.23 ms, 123 ms (trtexec prints seven). */
export function formatMs(ms: number): string {
  return `${Number(ms.toPrecision(3))} ms`;
}
