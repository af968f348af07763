// The values trt-ci.yml takes, each a zod schema that turns text into what the code uses (a size in bytes,
// a duration in ms, a threshold in its unit) and rejects anything else with "expected …, got …", and what
// the value most likely meant where that can be told.
import { z } from 'zod';
import { METRICS, type Limit, type Metric, type Threshold } from '../contract/metrics.js';
import { DURATION_PATTERN, parseDuration, parseShare, parseSize, SIZE_PATTERN } from '../common/units.js';

/** How a rejected value is quoted in messages: strings in quotes, the rest as YAML would show it. */
export function showValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  // A value can be megabytes long: quote its start, say how long it is.
  if (typeof value === 'string' && value.length > 80)
    return `${JSON.stringify(value.slice(0, 60))}… (${value.length} characters)`;
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'a mapping';
  return String(value);
}

const SHAPE_PATTERN = /^\d+(x\d+)*$/;
const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** "expected …, got …", and what the value most likely meant when `guess` can tell. */
export const expected = (what: string, guess?: (input: unknown) => string | null) => ({
  error: (issue: { input?: unknown }) => {
    const meant = guess?.(issue.input);
    return `expected ${what}, got ${showValue(issue.input)}${meant ? `; did you mean ${meant}?` : ''}`;
  },
});

/** A bare number where a size goes (8192 is a workspace in MiB, as trtexec's --workspace took it). */
const sizeGuess = (input: unknown) => {
  const text = String(input);
  if (/^\d+(\.\d+)?$/.test(text)) return `${text}MiB`;
  const unit = /^(\d+(?:\.\d+)?)\s*([kmgt]i?b?)$/i.exec(text);
  if (unit) return `${unit[1]}${unit[2]![0]!.toUpperCase()}iB`;
  return null;
};

export const size = z
  .string(expected('a size like 4GiB or 512MiB', sizeGuess))
  .regex(SIZE_PATTERN, expected('a size like 4GiB or 512MiB (B, KiB, MiB, GiB, or KB, MB, GB)', sizeGuess))
  .transform((text) => parseSize(text)!);

const INT32_MAX = 2 ** 31 - 1;
/** The longest delay a timer holds (2^31-1 ms, 24.8 days); a longer one fires at once. */
const LONGEST_TIMER_MS = INT32_MAX;

export const duration = z
  .string(expected('a duration like 45m, 90s or 2h'))
  .regex(DURATION_PATTERN, expected('a duration like 45m, 90s or 2h'))
  .refine((text) => {
    // A text that is no duration at all was reported by the pattern already.
    const ms = parseDuration(text);
    return ms === null || (ms >= 1 && ms <= LONGEST_TIMER_MS);
  }, expected('a duration from 1ms to 596h (what a timer can hold)'))
  .transform((text) => parseDuration(text)!);

/** precision-search: true, false, or its budgets: builds (2-9999, 32 by default) and a time (none by default). */
export const precisionSearch = z.union(
  [
    z.boolean(),
    z.strictObject({
      'max-builds': z.number().int().min(2).max(9999).optional().describe('The builds a search makes at most (32).'),
      'max-time': duration.optional().describe('No candidate build starts after this (e.g. 2h).'),
    }),
  ],
  expected('true, false or { max-builds: N, max-time: D }'),
);

export const workspace = size.refine((bytes) => bytes >= 1024 ** 2, {
  error: (issue: { input?: unknown }) => `expected a workspace of at least 1MiB, got ${issue.input} bytes`,
});

export const name = (what: string) =>
  z
    .string(expected(`a ${what} name`))
    .regex(NAME_PATTERN, expected(`a ${what} name of letters, digits, ".", "_" and "-" (it names files)`));

/**
 * Why a text cannot be a ref trt-ci hands git, or null. git would read `-x` as an option, `a..b` as a range
 * and `rev:path` as a file; whitespace, control characters and shell syntax are in no ref a user means.
 */
export function refProblem(ref: string): string | null {
  if (ref.startsWith('-')) return `got "${ref}", which git would read as an option`;
  if (/[\s\p{Cc}]/u.test(ref)) return `got ${JSON.stringify(ref)}, with whitespace or a control character`;
  if (ref.includes(':')) return `got "${ref}", which names a path (:); name a commit`;
  if (ref.includes('..')) return `got "${ref}", a range (..); name one commit`;
  if (/[$`\\*?[]/.test(ref)) return `got "${ref}", with a character no ref has ($ \` \\ * ? [)`;
  return null;
}

export const path = (what: string) => z.string(expected(`a path to ${what}`)).min(1, expected(`a path to ${what}`));

/** trtexec's own shape syntax, min:opt:max in one value (1x512:8x512:16x512), as trt-ci.yml writes it. */
const shapeGuess = (input: unknown) => {
  const parts = String(input).split(':');
  return parts.length === 3 && parts.every((p) => SHAPE_PATTERN.test(p))
    ? `{ min: ${parts[0]}, opt: ${parts[1]}, max: ${parts[2]} }`
    : null;
};

const dims = z
  .string(expected('dimensions like 1x3x224x224', shapeGuess))
  .regex(SHAPE_PATTERN, expected('dimensions like 1x3x224x224', shapeGuess))
  .refine(
    (text) =>
      !SHAPE_PATTERN.test(text) || parseDims(text).every((d) => Number.isSafeInteger(d) && d >= 1 && d <= INT32_MAX),
    expected('dimensions of whole numbers from 1 to 2147483647, like 1x3x224x224'),
  );

export const shapeRange = z.union(
  [
    z.strictObject({
      min: dims.describe('The smallest shape the engine takes, like 1x3x240x320.'),
      opt: dims.describe('The shape TensorRT tunes for.'),
      max: dims.describe('The largest shape the engine takes.'),
    }),
    dims,
  ],
  expected('{ min, opt, max } dimensions, or one shape like 1x3x224x224 for a static input', shapeGuess),
);

export const extraArgs = z.array(
  z
    .string(expected('a trtexec flag like --builderOptimizationLevel=5'))
    .regex(/^--[A-Za-z]/, expected('a trtexec flag like --builderOptimizationLevel=5'))
    // argv is passed without a shell: "--a=1 --b" would reach trtexec as one flag with a strange value.
    .refine((arg) => !/\s--?[A-Za-z]/.test(arg), expected('one flag per list item ("--a=1", "--b"), not several')),
  expected('a list of trtexec flags'),
);

const RATIO_PATTERN = /^\d+(\.\d+)?x$/;

/** "64MiB", "10%", "4x" (or 4) → a threshold in the units the metric allows. */
function thresholdForms(units: readonly Threshold['unit'][]): string {
  return [
    units.includes('fraction') && 'a percentage like 10%',
    units.includes('bytes') && 'a size like 64MiB',
    units.includes('ratio') && 'a ratio like 4x',
  ]
    .filter(Boolean)
    .join(' or ');
}

/** A share written as a fraction (0.1 for 10%) where a percentage goes. */
function shareGuess(units: readonly Threshold['unit'][], input: unknown): string | null {
  const share = units.includes('fraction') && typeof input === 'number' && input > 0 && input < 1;
  return share ? `${Number((input * 100).toPrecision(6))}%` : null;
}

function threshold(units: readonly Threshold['unit'][]) {
  const forms = thresholdForms(units);
  return z.union([z.string(), z.number()], expected(forms)).transform((input, ctx): Threshold => {
    const text = String(input);
    const share = units.includes('fraction') ? parseShare(text) : null;
    if (share !== null) return { unit: 'fraction', value: share, text };
    if (units.includes('bytes') && SIZE_PATTERN.test(text)) return { unit: 'bytes', value: parseSize(text)!, text };
    if (units.includes('ratio') && (RATIO_PATTERN.test(text) || typeof input === 'number'))
      return { unit: 'ratio', value: Number(text.replace(/x$/, '')), text: text.endsWith('x') ? text : `${text}x` };
    const meant = shareGuess(units, input);
    ctx.addIssue({
      code: 'custom',
      message: `expected ${forms}, got ${showValue(input)}${meant ? `; did you mean ${meant}?` : ''}`,
    });
    return z.NEVER;
  });
}

export function limit(metric: Metric) {
  const spec = METRICS[metric];
  const value = threshold(spec.units);
  return z
    .union(
      [
        value,
        z.strictObject({
          warn: value.optional().describe('Beyond this the run warns.'),
          fail: value.optional().describe('Beyond this the run fails.'),
        }),
      ],
      expected(`${thresholdForms(spec.units)}, or { warn, fail } of those`, (input) => shareGuess(spec.units, input)),
    )
    .transform((given, ctx): Limit => {
      const level: Limit =
        'unit' in given
          ? spec.bare === 'warn'
            ? { warn: given, fail: null }
            : { warn: null, fail: given }
          : { warn: given.warn ?? null, fail: given.fail ?? null };
      if (level.warn && level.fail && level.warn.unit === level.fail.unit && level.warn.value > level.fail.value) {
        ctx.addIssue({
          code: 'custom',
          path: ['warn'],
          message: `expected warn <= fail (${level.fail.text}), got ${level.warn.text}`,
        });
      }
      return level;
    });
}

export function parseDims(text: string): number[] {
  return text.split('x').map(Number);
}
