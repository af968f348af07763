// The program: the process edge of the CLI (argv, signals, exit status); the rest takes them as values.
//
// The signals are caught first, before the rest of trt-ci is loaded (a dynamic import below): a cancel that
// comes while the modules load (the first tenth of a second, longer on a busy runner) is the run's cancel too,
// and the run still writes its report, instead of a process killed with nothing written.

// First Ctrl-C or runner cancel: stop the builds, keep the logs and write the report. Second: leave now.
const controller = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort();
  });
}

const { runCli } = await import('./run-cli.js');
process.exitCode = await runCli(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  signal: controller.signal,
  tty: process.stderr.isTTY === true,
});
