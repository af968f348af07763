// The process edge every action shares: its environment, where it runs, and the runner's cancel (the
// runner cancels a job with SIGINT, then SIGTERM: the step stops its work and still finishes its report
// and check run). Whatever goes wrong fails the step with one message, never an unhandled rejection.
import * as core from '@actions/core';
import { errorMessage, InputError } from '../common/errors.js';

/** What an action takes from the process. */
export interface ActionEdge {
  env: NodeJS.ProcessEnv;
  cwd: string;
  signal?: AbortSignal;
}

/** The process's edge; call it first thing, before the step's code loads, so that no cancel goes unseen. */
export function processEdge(): ActionEdge {
  const controller = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => controller.abort());
  return { env: process.env, cwd: process.cwd(), signal: controller.signal };
}

/**
 * Runs one action's step. Its code is loaded when it runs (ncc makes it a chunk), so that a bad input is
 * reported before the pipeline is compiled. `onError` sets what the action's outputs say then.
 */
export async function runStep(
  step: () => Promise<(edge: ActionEdge) => Promise<void>>,
  edge: ActionEdge,
  onError: () => void = () => {},
): Promise<void> {
  try {
    await (await step())(edge);
  } catch (error) {
    onError();
    const detail =
      error instanceof InputError ? error.message : `internal error (please report it): ${errorMessage(error)}`;
    core.setFailed(`trt-ci: ${detail}`);
    if (!(error instanceof InputError) && error instanceof Error && error.stack) core.debug(error.stack);
  }
}
