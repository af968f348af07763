// The CLI without the process around it: argv in, exit status out, output through `io`. The commands
// declare themselves (cli/command.ts); this file lists them and turns errors into exit statuses.
import { closest } from '../common/did-you-mean.js';
import { InputError } from '../common/errors.js';
import { EXIT, EXIT_MEANINGS } from '../contract/exit.js';
import { VERSION } from '../contract/version.js';
import { type CommandSpec, commandUsage, EXIT_STATUS, parseCommandLine, referenceRow } from './command.js';
import { ab } from './commands/ab.js';
import { build, run, stability } from './commands/build.js';
import { deployCheck } from './commands/deploy-check.js';
import { deployLoad } from './commands/deploy-load.js';
import { explain } from './commands/explain.js';
import { history } from './commands/history.js';
import { parseLog } from './commands/parse-log.js';
import { precision } from './commands/precision.js';
import { preflight } from './commands/preflight.js';
import { report } from './commands/report.js';
import { verify } from './commands/verify.js';
import type { CliIo } from './io.js';

/** The commands, in the order the help lists them. */
const COMMANDS: readonly CommandSpec[] = [
  preflight,
  build,
  run,
  stability,
  verify,
  ab,
  precision,
  report,
  explain,
  deployCheck,
  deployLoad,
  history,
  parseLog,
];

function usage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'usage: trt-ci <command> [options]     (trt-ci help <command> for its options and examples)',
    '',
    'commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}   ${c.summary}`),
    '',
    `-v, --version prints ${VERSION}; -h, --help this text`,
    '',
    ...EXIT_STATUS,
  ].join('\n');
}

function commandNamed(name: string): CommandSpec {
  const command = COMMANDS.find((c) => c.name === name);
  if (command) return command;
  const names = COMMANDS.map((c) => c.name);
  const near = closest(name, names);
  const expected = near ? `did you mean ${near}?` : `expected one of ${names.join(', ')}`;
  throw new InputError(`unknown command "${name}"; ${expected} (trt-ci --help)`);
}

/** docs/cli.md: every command with its operands, options, an example and what it does, from their declarations. */
export function cliReference(): string {
  const lines = ['| command | does | options |', '|---|---|---|', ...COMMANDS.map(referenceRow)];
  lines.push(
    '',
    'Every command takes `-h`/`--help`; `trt-ci help <command>` says the same, with examples. `trt-ci -v` prints',
    'the version.',
  );
  lines.push('', '| exit status | means |', '|---|---|', ...EXIT_MEANINGS.map(([c, m]) => `| ${c} | ${m} |`));
  return `${lines.join('\n')}\n`;
}

/** Help and the version; null when `argv` asks for a command. */
function helpOrVersion(argv: readonly string[], io: CliIo): number | null {
  const [name, ...rest] = argv;
  if (name === 'help' && rest.length > 0) {
    io.stdout(`${commandUsage(commandNamed(rest[0]!))}\n`);
    return EXIT.passed;
  }
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(`${usage()}\n`);
    return name === undefined ? EXIT.input : EXIT.passed;
  }
  if (name === '--version' || name === '-v') {
    io.stdout(`${VERSION}\n`);
    return EXIT.passed;
  }
  return null;
}

async function runCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  const command = commandNamed(name!);
  const { values, operands } = parseCommandLine(command, rest);
  if (values.help) {
    io.stdout(`${commandUsage(command)}\n`);
    return EXIT.passed;
  }
  if (!command.operands && operands.length > 0) {
    const asConfig = operands[0]!.endsWith('.yml') ? ` (for a config: --config ${operands[0]})` : '';
    throw new InputError(`${command.name} takes no operands, got "${operands.join(' ')}"${asConfig}`);
  }
  const status = await command.run(operands, values as Parameters<CommandSpec['run']>[1], io);
  // Stopped by the user or the runner: said as such (the command has written what it had), not as a verdict.
  return io.signal?.aborted ? EXIT.interrupted : status;
}

/** Bad input is exit 2 with one line; anything unexpected is a bug (exit 70) with its stack. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return helpOrVersion(argv, io) ?? (await runCommand(argv, io));
  } catch (error) {
    if (error instanceof InputError) {
      // One line per problem (a config can have several), each one saying where it is.
      io.stderr(
        `${error.message
          .split('\n')
          .map((line) => `trt-ci: ${line}`)
          .join('\n')}\n`,
      );
      return EXIT.input;
    }
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    io.stderr(`trt-ci: internal error (please report it): ${detail}\n`);
    return EXIT.bug;
  }
}
