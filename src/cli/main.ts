// The program: the process edge of the CLI (argv, signals, exit status); the rest takes them as values.
import { runCli } from './run-cli.js';

// First Ctrl-C or runner cancel: stop the builds, keep the logs and write the report. Second: leave now.
const controller = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort();
  });
}

process.exitCode = await runCli(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  signal: controller.signal,
  tty: process.stderr.isTTY === true,
});
