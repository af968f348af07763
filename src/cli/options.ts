// Options several commands take, declared once.
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
