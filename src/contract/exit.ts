// trt-ci's exit statuses, the same for every CLI command (docs/cli.md lists them).
export const EXIT = {
  /** The work passed. */
  passed: 0,
  /** The work failed: a check, a build, a budget, an accuracy or latency gate. */
  failed: 1,
  /** Invalid input: a config, an argument or a file; one line names it. */
  input: 2,
  /** A bug in trt-ci (EX_SOFTWARE): the message says so and carries the stack. */
  bug: 70,
  /** The results could not be written (EX_IOERR: a full disk, a read-only folder); what ran is not lost. */
  unwritten: 74,
  /** Stopped by SIGINT or SIGTERM (128 + 2, as a shell reports it); the report is still written. */
  interrupted: 130,
} as const;

export const EXIT_MEANINGS: readonly [number, string][] = [
  [EXIT.passed, 'passed'],
  [EXIT.failed, 'the work failed (a check, a build, a budget, accuracy, a slower engine)'],
  [EXIT.input, 'invalid input (config, arguments, a file): one line names it'],
  [EXIT.bug, 'internal error: a bug in trt-ci, reported with its stack'],
  [EXIT.unwritten, 'the results could not be written (full disk, read-only folder)'],
  [EXIT.interrupted, 'interrupted (SIGINT or SIGTERM); what ran is reported'],
];
