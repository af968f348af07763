// The program: the process edge of the action. The runner cancels a job with SIGINT, then SIGTERM: stop
// the builds and still finish the report and the check run.
import { runAction } from './dispatch.js';

const controller = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => controller.abort());

await runAction({ env: process.env, cwd: process.cwd(), signal: controller.signal });
