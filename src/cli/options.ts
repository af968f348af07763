// Options several commands take, declared once.
import { InputError } from '../common/errors.js';
import type { OptionSpec } from './command.js';

export const CONFIG = {
  type: 'string',
  arg: 'F',
  help: 'trt-ci.yml to use (default: trt-ci.yml)',
} as const satisfies OptionSpec;
export const JSON_OUTPUT = {
  type: 'boolean',
  help: 'print machine-readable JSON on stdout',
} as const satisfies OptionSpec;
export const TRTEXEC = {
  type: 'string',
  arg: 'PATH',
  help: 'the trtexec to run (default: trtexec on PATH; or --config)',
} as const satisfies OptionSpec;

/** A whole-number option's value in [min, max], `fallback` when not given; anything else is exit 2. */
export const whole = (text: string | null, name: string, fallback: number, min: number, max: number) => {
  if (text === null) return fallback;
  // Decimal digits only: Number() also reads "0x10" as 16, "1e2" as 100 and " 8" as 8.
  const value = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new InputError(`--${name}: expected a whole number from ${min} to ${max}, got "${text}"`);
  }
  return value;
};
