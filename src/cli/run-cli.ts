// The CLI without the process around it: argv in, exit status out, output through `io`.
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { closest } from '../common/did-you-mean.js';
import { errorMessage, InputError } from '../common/errors.js';
import { parseShard } from '../builds/shard.js';
import { EXIT, EXIT_MEANINGS } from '../contract/exit.js';
import { VERSION } from '../contract/version.js';
import { abCommand } from './commands/ab.js';
import { buildCommand } from './commands/build.js';
import { deployCheckCommand } from './commands/deploy-check.js';
import { deployLoadCommand } from './commands/deploy-load.js';
import { explainCommand } from './commands/explain.js';
import { historyCommand } from './commands/history.js';
import { parseLogCommand } from './commands/parse-log.js';
import { preflightCommand } from './commands/preflight.js';
import { reportCommand } from './commands/report.js';
import { verifyCommand } from './commands/verify.js';
import type { CliIo } from './io.js';

export { EXIT } from '../contract/exit.js';

/** Every option any command takes, with its help line. */
const OPTIONS = {
  config: { type: 'string', help: '--config F      trt-ci.yml to use (default: trt-ci.yml)' },
  baseline: {
    type: 'string',
    multiple: true,
    help: '--baseline F    a report.json from the base branch to compare against',
  },
  key: { type: 'string', help: "--key K         the sticky comment's key (adds its marker)" },
  shard: {
    type: 'string',
    help: '--shard I/N     build only shard I of N (1-based): a balanced, stable share of the pairs',
  },
  only: {
    type: 'string',
    multiple: true,
    help: '--only M[/P]    build only model M (or its profile P); repeat for more',
  },
  json: { type: 'boolean', help: '--json          print machine-readable JSON on stdout' },
  trtexec: { type: 'string', help: '--trtexec PATH  the trtexec to run (default: trtexec on PATH; or --config)' },
  shapes: {
    type: 'string',
    help: '--shapes SPEC   input shapes for both engines, as trtexec takes them (x:8x3x224x224)',
  },
  repetitions: { type: 'string', help: '--repetitions N runs of each engine, interleaved ABBA (default 8; 3-100)' },
  iterations: { type: 'string', help: '--iterations N  timed iterations a run (default 300)' },
  budget: { type: 'string', help: '--budget P      the smallest change that counts (default 1%)' },
  gpu: { type: 'string', help: '--gpu N         the GPU to run on (default 0)' },
  'exit-code': { type: 'string', help: '--exit-code N   the exit status trtexec had (0-255; trusted before the log)' },
  target: { type: 'string', help: '--target NAME   the deploy target this machine is (deploy: in trt-ci.yml)' },
  base: { type: 'string', help: "--base F        the base engine's --exportLayerInfo JSON" },
  head: { type: 'string', help: "--head F        the head engine's --exportLayerInfo JSON" },
  'base-profile': {
    type: 'string',
    multiple: true,
    help: '--base-profile F  an --exportProfile of the base engine (repeat: runs make the noise)',
  },
  'head-profile': { type: 'string', multiple: true, help: '--head-profile F  an --exportProfile of the head engine' },
  onnx: { type: 'string', help: '--onnx F        the ONNX both were built from (expands ForeignNode ranges)' },
  'base-onnx': { type: 'string', help: "--base-onnx F   the base engine's ONNX, when the two differ" },
  'head-onnx': { type: 'string', help: "--head-onnx F   the head engine's ONNX" },
  report: { type: 'string', help: "--report F      the run's report.json (history append)" },
  history: { type: 'string', help: '--history DIR   the history folder (points/<date>/*.jsonl)' },
  commit: {
    type: 'string',
    help: '--commit SHA    the commit of the report (default GITHUB_SHA); for export, its run',
  },
  date: { type: 'string', help: "--date ISO      when the run was (default: the report's start)" },
  image: { type: 'string', help: "--image DIGEST  the container image's digest (default TRT_CI_IMAGE)" },
  format: { type: 'string', help: '--format bmf    Bencher Metric Format (history export)' },
  out: { type: 'string', help: '--out DIR       where history html writes the site' },
  help: { type: 'boolean', short: 'h', help: '-h, --help      this text' },
} as const;
type OptionName = keyof typeof OPTIONS;

interface Values {
  config?: string;
  baseline?: string[];
  key?: string;
  shard?: string;
  only?: string[];
  json?: boolean;
  'exit-code'?: string;
  trtexec?: string;
  shapes?: string;
  repetitions?: string;
  iterations?: string;
  budget?: string;
  gpu?: string;
  help?: boolean;
  target?: string;
  base?: string;
  head?: string;
  'base-profile'?: string[];
  'head-profile'?: string[];
  onnx?: string;
  'base-onnx'?: string;
  'head-onnx'?: string;
  report?: string;
  history?: string;
  commit?: string;
  date?: string;
  image?: string;
  format?: string;
  out?: string;
}

interface Command {
  summary: string;
  /** The operands, as usage shows them; none when the command takes none. */
  operands: string;
  options: readonly OptionName[];
  run: (operands: string[], values: Values, io: CliIo) => Promise<number>;
}

const COMMANDS: Record<string, Command> = {
  preflight: {
    summary: 'check the runner: GPU, driver, TensorRT support, memory, disk, plugins',
    operands: '',
    options: ['config', 'json'],
    run: (_, values, io) => preflightCommand({ config: values.config ?? 'trt-ci.yml', json: values.json ?? false }, io),
  },
  build: {
    summary: 'build every model × profile in trt-ci.yml (one trtexec per profile), without preflight',
    operands: '',
    options: ['config', 'shard', 'only', 'json'],
    run: (_, values, io) => buildCommand('build', buildOptions(values), io),
  },
  run: {
    summary: 'the whole pipeline (what the GitHub Action does); writes report.json and summary.md',
    operands: '',
    options: ['config', 'baseline', 'shard', 'only', 'json'],
    run: (_, values, io) => buildCommand('run', buildOptions(values), io),
  },
  verify: {
    summary: 'scan plan files: size, zero bytes, trailing zero run, header, sha256; diagnose zero padding',
    operands: 'PLAN...',
    options: ['json'],
    run: (operands, values, io) => verifyCommand(operands, { json: values.json ?? false }, io),
  },
  ab: {
    summary: 'is HEAD slower than BASE on this GPU? interleaved runs, a rank test and a 95% interval',
    operands: 'BASE.plan HEAD.plan',
    options: ['config', 'trtexec', 'shapes', 'repetitions', 'iterations', 'budget', 'gpu', 'json'],
    run: (operands, values, io) =>
      abCommand(
        operands,
        {
          config: values.config ?? null,
          trtexec: values.trtexec ?? null,
          shapes: values.shapes ?? null,
          repetitions: values.repetitions ?? null,
          iterations: values.iterations ?? null,
          budget: values.budget ?? null,
          gpu: values.gpu ?? null,
          json: values.json ?? false,
        },
        io,
      ),
  },
  report: {
    summary: 'merge report.json files (one per runner type) into one markdown comment',
    operands: 'REPORT.json...',
    options: ['baseline', 'key'],
    run: (operands, values, io) =>
      reportCommand(operands, { baselines: values.baseline ?? [], key: values.key ?? null }, io),
  },
  explain: {
    summary: 'where and why two engines of one network differ: regions by ONNX node, time, weights, precisions',
    operands: '',
    options: ['base', 'head', 'base-profile', 'head-profile', 'onnx', 'base-onnx', 'head-onnx', 'json'],
    run: (_, values, io) =>
      explainCommand(
        {
          base: values.base ?? null,
          head: values.head ?? null,
          baseProfiles: values['base-profile'] ?? [],
          headProfiles: values['head-profile'] ?? [],
          onnx: values.onnx ?? null,
          baseOnnx: values['base-onnx'] ?? null,
          headOnnx: values['head-onnx'] ?? null,
          json: values.json ?? false,
        },
        io,
      ),
  },
  'deploy-check': {
    summary: "will a manifest's (or report's) engines load on trt-ci.yml's deploy targets? (GPU, TensorRT, OS)",
    operands: 'MANIFEST.json|REPORT.json',
    options: ['config', 'json'],
    run: (operands, values, io) =>
      deployCheckCommand(operands, { config: values.config ?? 'trt-ci.yml', json: values.json ?? false }, io),
  },
  'deploy-load': {
    summary: "on a target's own machine: load each engine that ships there, and say what TensorRT said",
    operands: 'MANIFEST.json',
    options: ['config', 'target', 'trtexec', 'json'],
    run: (operands, values, io) =>
      deployLoadCommand(
        operands,
        {
          config: values.config ?? 'trt-ci.yml',
          target: values.target ?? null,
          trtexec: values.trtexec ?? null,
          json: values.json ?? false,
        },
        io,
      ),
  },
  history: {
    summary: 'engine history: append a report, find change points, export to Bencher, draw a dashboard',
    operands: 'append|changes|export|html',
    options: ['history', 'report', 'commit', 'date', 'image', 'format', 'out', 'json'],
    run: (operands, values, io) =>
      historyCommand(
        operands,
        {
          report: values.report ?? null,
          history: values.history ?? null,
          commit: values.commit ?? null,
          date: values.date ?? null,
          image: values.image ?? null,
          format: values.format ?? null,
          out: values.out ?? null,
          json: values.json ?? false,
        },
        io,
      ),
  },
  'parse-log': {
    summary: 'read a trtexec log: version, engine size, build time, latency, failure kind and hint',
    operands: 'LOG',
    options: ['exit-code', 'json'],
    run: (operands, values, io) =>
      parseLogCommand(operands, { exitCode: values['exit-code'], json: values.json ?? false }, io),
  },
};

function buildOptions(values: Values) {
  if ((values.baseline?.length ?? 0) > 1) throw new InputError('--baseline: run takes one baseline report');
  const shard = values.shard === undefined ? null : parseShard(values.shard);
  if (values.shard !== undefined && !shard) {
    throw new InputError(`--shard: expected I/N with 1 <= I <= N, like 2/3, got "${values.shard}"`);
  }
  return {
    config: values.config ?? 'trt-ci.yml',
    baseline: values.baseline?.[0] ?? null,
    json: values.json ?? false,
    selection: { shard, only: values.only ?? [] },
  };
}

const EXIT_STATUS = [
  'exit status:',
  ...EXIT_MEANINGS.map(([code, meaning]) => `  ${String(code).padStart(3)}  ${meaning}`),
];

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  return [
    'usage: trt-ci <command> [options]     (trt-ci help <command> for its options)',
    '',
    'commands:',
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}   ${c.summary}`),
    '',
    `-v, --version prints ${VERSION}; -h, --help this text`,
    '',
    ...EXIT_STATUS,
  ].join('\n');
}

function commandUsage(name: string, command: Command): string {
  return [
    `usage: trt-ci ${name}${command.operands ? ` ${command.operands}` : ''} [options]`,
    '',
    command.summary,
    '',
    'options:',
    ...[...command.options, 'help' as const].map((option) => `  ${OPTIONS[option].help}`),
    '',
    ...EXIT_STATUS,
  ].join('\n');
}

function commandNamed(name: string): Command {
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (command) return command;
  const near = closest(name, Object.keys(COMMANDS));
  const expected = near ? `did you mean ${near}?` : `expected one of ${Object.keys(COMMANDS).join(', ')}`;
  throw new InputError(`unknown command "${name}"; ${expected} (trt-ci --help)`);
}

/** docs/cli.md: every command with its operands, options and what it does, from the declarations above. */
export function cliReference(): string {
  const lines = ['| command | does | options |', '|---|---|---|'];
  for (const [name, command] of Object.entries(COMMANDS)) {
    const usage = `\`${name}${command.operands ? ` ${command.operands}` : ''}\``;
    const options = command.options.map((o) => `\`${OPTIONS[o].help.replace(/\s{2,}.*$/, '')}\``).join(', ');
    lines.push(`| ${usage} | ${command.summary} | ${options} |`);
  }
  lines.push(
    '',
    'Every command takes `-h`/`--help`; `trt-ci help <command>` says the same. `trt-ci -v` prints the version.',
  );
  lines.push('', '| exit status | means |', '|---|---|', ...EXIT_MEANINGS.map(([c, m]) => `| ${c} | ${m} |`));
  return `${lines.join('\n')}\n`;
}

/** One line for a command line that does not parse, with the closest option this command takes. */
function optionProblem(error: unknown, name: string, command: Command): InputError {
  const message = errorMessage(error);
  const unknown = /Unknown option '(-{1,2}[^']+)'/.exec(message)?.[1];
  if (unknown) {
    const known = [...command.options, 'help'].map((o) => `--${o}`);
    const near = closest(unknown.split('=')[0]!, known);
    const hint = near ? `; did you mean ${near}?` : `; it takes ${known.join(', ')}`;
    return new InputError(`${name}: unknown option ${unknown}${hint}`);
  }
  const missing = /Option '(-{1,2}[^ ']+)[^']*' argument missing/.exec(message)?.[1];
  if (missing) return new InputError(`${name}: ${missing} needs a value`);
  const ambiguous = /Option '(-{1,2}[^ ']+)' argument is ambiguous/.exec(message)?.[1];
  if (ambiguous)
    return new InputError(`${name}: ${ambiguous} takes a value; write ${ambiguous}=VALUE for one that starts with -`);
  return new InputError(`${name}: ${message.split('\n')[0]}`);
}

/** Bad input is exit 2 with one line; anything unexpected is a bug (exit 70) with its stack. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const [name, ...rest] = argv;
    if (name === 'help' && rest.length > 0) {
      const [topic] = rest;
      io.stdout(`${commandUsage(topic!, commandNamed(topic!))}\n`);
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
    const command = commandNamed(name);
    const options: ParseArgsConfig['options'] = Object.fromEntries(
      [...command.options, 'help' as const].map((o) => {
        const option = OPTIONS[o];
        return [
          o,
          {
            type: option.type,
            ...('multiple' in option && { multiple: true }),
            ...('short' in option && { short: 'h' }),
          },
        ];
      }),
    );
    let parsed: { values: Values; positionals: string[]; tokens: { kind: string; name?: string }[] };
    try {
      parsed = parseArgs({ args: rest, options, allowPositionals: true, strict: true, tokens: true }) as typeof parsed;
    } catch (error) {
      throw optionProblem(error, name, command);
    }
    // parseArgs keeps the last of an option given twice: `--shard 1/2 --shard 2/2` would build one half silently.
    const given = parsed.tokens.filter((t) => t.kind === 'option').map((t) => t.name as OptionName);
    const twice = given.find((o, i) => given.indexOf(o) !== i && !('multiple' in OPTIONS[o]));
    if (twice) throw new InputError(`${name}: --${twice} given twice; give it once`);
    if (parsed.values.help) {
      io.stdout(`${commandUsage(name, command)}\n`);
      return EXIT.passed;
    }
    if (!command.operands && parsed.positionals.length > 0) {
      const asConfig = parsed.positionals[0]!.endsWith('.yml')
        ? ` (for a config: --config ${parsed.positionals[0]})`
        : '';
      throw new InputError(`${name} takes no operands, got "${parsed.positionals.join(' ')}"${asConfig}`);
    }
    const status = await command.run(parsed.positionals, parsed.values, io);
    // Stopped by the user or the runner: said as such (the command has written what it had), not as a verdict.
    return io.signal?.aborted ? EXIT.interrupted : status;
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
