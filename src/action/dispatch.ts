import * as core from '@actions/core';
import { errorMessage, InputError } from '../common/errors.js';
import { input } from './inputs.js';

/** What the action takes from the process: its environment, where it runs, and the runner's cancel. */
export interface ActionEdge {
  env: NodeJS.ProcessEnv;
  cwd: string;
  signal?: AbortSignal;
}

// Each command is loaded when it runs (ncc makes each a chunk): the gate and report jobs run on every
// pull request event and need not compile the build pipeline.
const COMMANDS = {
  run: async (edge: ActionEdge) => (await import('./run.js')).runCommand(edge),
  gate: async (edge: ActionEdge) => (await import('./gate.js')).gateCommand(edge),
  report: async (edge: ActionEdge) => (await import('./report.js')).reportCommand(edge),
} as const;

/**
 * Runs the command the `command` input names, under one catch: whatever goes wrong fails the step with
 * one message (a command has already completed its check run), never an unhandled rejection.
 */
export async function runAction(edge: ActionEdge): Promise<void> {
  const command = input('command');
  try {
    if (!Object.hasOwn(COMMANDS, command)) {
      throw new InputError(`input command: expected ${Object.keys(COMMANDS).join(', ')}, got "${command}"`);
    }
    await COMMANDS[command as keyof typeof COMMANDS](edge);
  } catch (error) {
    if (command === 'run') core.setOutput('status', 'error');
    const detail =
      error instanceof InputError ? error.message : `internal error (please report it): ${errorMessage(error)}`;
    core.setFailed(`trt-ci: ${detail}`);
    if (!(error instanceof InputError) && error instanceof Error && error.stack) core.debug(error.stack);
  }
}
