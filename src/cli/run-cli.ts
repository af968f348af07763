// The CLI without the process around it: argv in, exit status out, output through `io`.
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { errorMessage, InputError } from '../errors.js';
import { buildCommand } from './commands/build.js';
import { parseLogCommand } from './commands/parse-log.js';
import { preflightCommand } from './commands/preflight.js';
import { reportCommand } from './commands/report.js';
import { verifyCommand } from './commands/verify.js';
import { type CliIo, EXIT } from './io.js';

export { type CliIo, EXIT } from './io.js';

const USAGE = `usage: trt-ci <command> [options]

commands:
  preflight   check the runner: GPU, driver, TensorRT support, memory, disk, plugins
  build       build every model × profile in trt-ci.yml (one trtexec per profile)
  run         the whole pipeline (what the GitHub Action does); writes report.json and summary.md
  verify      scan plan files: size, zero bytes, trailing zero run, header, sha256; diagnose zero padding
  report      merge report.json files (one per runner type) into one markdown comment
  parse-log   read a trtexec log: version, engine size, build time, latency, failure kind and hint

options:
  --config F      trt-ci.yml to use (default: trt-ci.yml)
  --baseline F    run, report: a report.json from the base branch to compare against
  --key K         report: the sticky comment's key (adds its marker)
  --json          print machine-readable JSON on stdout
  --exit-code N   parse-log: the exit status trtexec had (trusted before the log's own lines)
  --help          this text

exit status: 0 passed, 1 the work failed, 2 invalid input`;

const OPTIONS = {
  config: { type: 'string' },
  baseline: { type: 'string', multiple: true },
  key: { type: 'string' },
  json: { type: 'boolean', default: false },
  'exit-code': { type: 'string' },
  help: { type: 'boolean', default: false },
} satisfies ParseArgsConfig['options'];

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true }>>['values'];

/** Each command with what it takes from the parsed options. */
const COMMANDS: Record<string, (rest: string[], values: Values, io: CliIo) => Promise<number>> = {
  preflight: (_, values, io) => preflightCommand({ config: values.config ?? 'trt-ci.yml', json: values.json }, io),
  build: (_, values, io) => buildCommand('build', buildOptions(values), io),
  run: (_, values, io) => buildCommand('run', buildOptions(values), io),
  verify: (rest, values, io) => verifyCommand(rest, { json: values.json }, io),
  report: (rest, values, io) => reportCommand(rest, { baselines: values.baseline ?? [], key: values.key ?? null }, io),
  'parse-log': (rest, values, io) => parseLogCommand(rest, { exitCode: values['exit-code'], json: values.json }, io),
};

function buildOptions(values: Values) {
  if ((values.baseline?.length ?? 0) > 1) throw new InputError('--baseline: run takes one baseline report');
  return { config: values.config ?? 'trt-ci.yml', baseline: values.baseline?.[0] ?? null, json: values.json };
}

/** Bad input is exit 2 with one line; anything unexpected is a bug (exit 70) with its stack. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    let parsed: { values: Values; positionals: string[] };
    try {
      parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
    } catch (error) {
      throw new InputError(`${errorMessage(error)}\n${USAGE}`);
    }
    const { values, positionals } = parsed;
    const [command, ...rest] = positionals;
    if (values.help || command === undefined || command === 'help') {
      io.stdout(`${USAGE}\n`);
      return command === undefined && !values.help ? EXIT.input : EXIT.passed;
    }
    const run = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
    if (!run) {
      const known = Object.keys(COMMANDS).join(', ');
      throw new InputError(`unknown command "${command}"; expected one of ${known} (trt-ci --help)`);
    }
    return await run(rest, values, io);
  } catch (error) {
    if (error instanceof InputError) {
      io.stderr(`trt-ci: ${error.message}\n`);
      return EXIT.input;
    }
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    io.stderr(`trt-ci: internal error (please report it): ${detail}\n`);
    return EXIT.bug;
  }
}
