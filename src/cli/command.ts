// How a CLI command declares itself, once: its summary, operands, options (type, argument name, help) and
// examples. The values' types, the parsing, the help's columns and docs/cli.md all come from that.
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { closest } from '../common/did-you-mean.js';
import { InputError } from '../common/errors.js';
import { EXIT_MEANINGS } from '../contract/exit.js';
import type { CliIo } from './io.js';

export interface OptionSpec {
  type: 'string' | 'boolean';
  /** Repeatable: the values in order. */
  multiple?: true;
  short?: string;
  /** The value's name in the help (`--config F`); none for a boolean. */
  arg?: string;
  help: string;
}
type OptionSpecs = Record<string, OptionSpec>;

type ValueOf<S extends OptionSpec> = S['type'] extends 'boolean'
  ? boolean
  : S['multiple'] extends true
    ? string[]
    : string;
export type ValuesOf<O extends OptionSpecs> = { [K in keyof O]?: ValueOf<O[K]> };

export interface CommandSpec<O extends OptionSpecs = OptionSpecs> {
  name: string;
  summary: string;
  /** The operands, as usage shows them; '' when the command takes none. */
  operands: string;
  options: O;
  /** Command lines that show what it is for, each with what it does. */
  examples: readonly (readonly [command: string, does: string])[];
  run: (operands: string[], values: ValuesOf<O>, io: CliIo) => Promise<number>;
}

/** A command, its values typed from its own option table. */
export function defineCommand<const O extends OptionSpecs>(spec: CommandSpec<O>): CommandSpec {
  return spec as unknown as CommandSpec;
}

/** Every command takes it. */
const HELP: OptionSpec = { type: 'boolean', short: 'h', help: 'this text' };

const optionsOf = (command: CommandSpec): [string, OptionSpec][] => [
  ...Object.entries(command.options),
  ['help', HELP],
];

/** `--config F`, `-h, --help`: an option as the help's first column shows it. */
const optionLabel = (name: string, spec: OptionSpec) =>
  `${spec.short ? `-${spec.short}, ` : ''}--${name}${spec.arg ? ` ${spec.arg}` : ''}`;

export const EXIT_STATUS = [
  'exit status:',
  ...EXIT_MEANINGS.map(([code, meaning]) => `  ${String(code).padStart(3)}  ${meaning}`),
];

export function commandUsage(command: CommandSpec): string {
  const options = optionsOf(command);
  const width = Math.max(...options.map(([name, spec]) => optionLabel(name, spec).length));
  const examples = command.examples.flatMap(([line, does]) => [`  ${line}`, `      ${does}`]);
  return [
    `usage: trt-ci ${command.name}${command.operands ? ` ${command.operands}` : ''} [options]`,
    '',
    command.summary,
    '',
    'options:',
    ...options.map(([name, spec]) => `  ${optionLabel(name, spec).padEnd(width)}  ${spec.help}`),
    ...(examples.length ? ['', 'examples:', ...examples] : []),
    '',
    ...EXIT_STATUS,
  ].join('\n');
}

/** The command's row of docs/cli.md. */
export function referenceRow(command: CommandSpec): string {
  const usage = `\`${command.name}${command.operands ? ` ${command.operands}` : ''}\``;
  const options = Object.entries(command.options)
    .map(([name, spec]) => `\`${optionLabel(name, spec)}\``)
    .join(', ');
  const example = command.examples[0] ? ` e.g. \`trt-ci ${command.examples[0][0].replace(/^trt-ci /, '')}\`` : '';
  return `| ${usage} | ${command.summary}.${example} | ${options} |`;
}

export interface Parsed {
  values: Record<string, string | boolean | string[]>;
  operands: string[];
}

/**
 * The command line as the command declared it. Node's parser runs without its own errors (strict: false);
 * what is wrong is decided from its tokens (an option the command does not take, a value missing or given
 * where none goes, an option given twice), never from the text of an error message.
 */
export function parseCommandLine(command: CommandSpec, args: readonly string[]): Parsed {
  const specs = new Map(optionsOf(command));
  const config: ParseArgsConfig['options'] = Object.fromEntries(
    [...specs].map(([name, spec]) => [
      name,
      { type: spec.type, ...(spec.multiple && { multiple: true }), ...(spec.short && { short: spec.short }) },
    ]),
  );
  const { tokens } = parseArgs({
    args: [...args],
    options: config,
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  const values: Parsed['values'] = {};
  const operands: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') operands.push(token.value);
    if (token.kind !== 'option') continue;
    const spec = specs.get(token.name);
    if (!spec) throw unknownOption(command, token.rawName);
    if (spec.type === 'boolean') {
      if (token.value !== undefined) throw new InputError(`${command.name}: ${token.rawName} takes no value`);
      values[token.name] = true;
      continue;
    }
    if (token.value === undefined) throw new InputError(`${command.name}: ${token.rawName} needs a value`);
    // `--config --json` is a value forgotten more often than a file named --json.
    if (!token.inlineValue && token.value.startsWith('-')) {
      const write = `write ${token.rawName}=VALUE for one that starts with -`;
      throw new InputError(`${command.name}: ${token.rawName} takes a value; ${write}`);
    }
    if (spec.multiple) values[token.name] = [...((values[token.name] as string[] | undefined) ?? []), token.value];
    // The parser keeps the last of an option given twice: `--shard 1/2 --shard 2/2` would build one half silently.
    else if (token.name in values) throw new InputError(`${command.name}: ${token.rawName} given twice; give it once`);
    else values[token.name] = token.value;
  }
  return { values, operands };
}

function unknownOption(command: CommandSpec, raw: string): InputError {
  const known = optionsOf(command).map(([name]) => `--${name}`);
  const near = closest(raw.split('=')[0]!, known);
  const hint = near ? `; did you mean ${near}?` : `; it takes ${known.join(', ')}`;
  return new InputError(`${command.name}: unknown option ${raw}${hint}`);
}
