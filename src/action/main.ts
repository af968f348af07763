import { runAction } from './run.js';

// The runner cancels a job with SIGINT, then SIGTERM: stop the builds and still finish the report and the check run.
const controller = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => controller.abort());

await runAction(controller.signal);
