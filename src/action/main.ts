// action.yml: preflight, builds, verification, accuracy, latency and the report, on a GPU runner.
import * as core from '@actions/core';
import { processEdge, runStep } from './edge.js';

await runStep(
  async () => (await import('./run.js')).runCommand,
  processEdge(),
  () => core.setOutput('status', 'error'),
);
