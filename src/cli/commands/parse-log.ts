import { createReadStream } from 'node:fs';
import { resolve } from 'node:path';
import { fileProblem, InputError, requireRegularFile } from '../../common/errors.js';
import { LineSplitter } from '../../proc/lines.js';
import { type ParsedLog, TrtexecLogParser } from '../../tensorrt/log-parser.js';
import type { CliIo } from '../io.js';
import { EXIT } from '../../contract/exit.js';
import { describeLog } from '../text.js';
import { defineCommand } from '../command.js';
import { JSON_OUTPUT } from '../options.js';

async function parseLogCommand(
  files: string[],
  options: { exitCode: string | undefined; json: boolean },
  io: CliIo,
): Promise<number> {
  if (files.length !== 1) throw new InputError(`parse-log takes one LOG file, got ${files.length}`);
  let exitCode: number | undefined;
  if (options.exitCode !== undefined) {
    // A decimal exit status; "" or "0x1" must not turn a failed log into a passed one.
    exitCode = /^\d{1,3}$/.test(options.exitCode) ? Number(options.exitCode) : Number.NaN;
    if (!(exitCode <= 255)) {
      throw new InputError(`--exit-code: expected an exit status 0-255, got "${options.exitCode.slice(0, 40)}"`);
    }
  }
  const parsed = await parseLogFile(files[0]!, resolve(io.cwd, files[0]!), exitCode);
  io.stdout(options.json ? `${JSON.stringify(parsed, null, 2)}\n` : describeLog(parsed));
  return parsed.status === 'failed' ? EXIT.failed : EXIT.passed;
}

async function parseLogFile(name: string, path: string, exitCode: number | undefined): Promise<ParsedLog> {
  requireRegularFile(path, name, 'log', 'a trtexec log');
  const parser = new TrtexecLogParser();
  const lines = new LineSplitter((line) => parser.push(line));
  try {
    for await (const chunk of createReadStream(path)) lines.push(chunk as Buffer);
  } catch (error) {
    throw new InputError(`${name}: cannot read log: ${fileProblem(error, 'a trtexec log')}`);
  }
  lines.end();
  return parser.result(exitCode === undefined ? undefined : { exitCode });
}

export const parseLog = defineCommand({
  name: 'parse-log',
  summary: 'read a trtexec log: version, engine size, build time, latency, failure kind and hint',
  operands: 'LOG',
  options: {
    'exit-code': { type: 'string', arg: 'N', help: 'the exit status trtexec had (0-255; trusted before the log)' },
    json: JSON_OUTPUT,
  },
  examples: [['trt-ci parse-log build.log --exit-code 1 --json', 'the failure kind and what to do, as JSON']],
  run: (operands, values, io) =>
    parseLogCommand(operands, { exitCode: values['exit-code'], json: values.json ?? false }, io),
});
