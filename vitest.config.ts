import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vitest/config';

// The files that take longest start first, longest first (as measured on the 2-core machine, 2026-12-07:
// pack-walkthrough 29 s, action 29 s, registry-cache 37 s (most of it waiting on a registry's timeouts, so it
// runs beside the others), pinned-action 24 s, keep-fp32 15 s, build.e2e 15 s, ...), so the short ones fill the
// gaps at the end instead of one long file running alone there.
const LONG_FIRST = [
  'pack-walkthrough.test.ts',
  'action.test.ts',
  'registry-cache.test.ts',
  'pinned-action.test.ts',
  'keep-fp32.test.ts',
  'build.e2e.test.ts',
  'cache.test.ts',
  'outsider.test.ts',
  'run-command.test.ts',
  'plan-scan.test.ts',
  'explain.test.ts',
  'latency.test.ts',
  'accuracy.test.ts',
  'build-command.test.ts',
  'browser.test.ts',
  'gpu-standins.test.ts',
  'planted-traps.test.ts',
  'deploy.test.ts',
];

class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = LONG_FIRST.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return at === -1 ? LONG_FIRST.length : at;
    };
    return [...files].sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * GitHub's workflow parser is inlined (below) and ships source maps that name sources it does not ship: Vite
 * warned once per file (67 lines a run). Its files are loaded without their map comment, so no map is read.
 */
const workflowParserWithoutMaps: Plugin = {
  name: 'workflow-parser-without-maps',
  enforce: 'pre',
  load(id) {
    if (!id.includes('/node_modules/@actions/workflow-parser/') || !id.endsWith('.js')) return null;
    return { code: readFileSync(id, 'utf8').replace(/^\/\/# sourceMappingURL=.*$/gm, ''), map: null };
  },
};

export default defineConfig({
  plugins: [workflowParserWithoutMaps],
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/cleanup.ts'],
    // Generous: a test's time is the machine's load as much as its own (npm run test:busy runs the suite beside
    // a CPU hog per core); a hung test still ends here, and speed is measured in npm run bench, never here.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // The stand-ins' numerics (FP16 casts, ONNX Runtime's buffers) allocate fast: a young generation of 32 MiB a
    // half (V8's default is 16) scavenges half as often, and one GC thread a worker stops three workers' GC
    // threads fighting over two cores. On the 2-core machine the suite went from 101 s to 88 s (CPU 179 s to 161 s).
    execArgv: ['--max-semi-space-size=32', '--single-threaded-gc'],
    // A worker runs file after file without reloading the product source for each: about 5 s less on
    // two cores. Safe because the product keeps no state between runs (every run makes its own caches)
    // and the tests change no globals: programs that need another environment are spawned with it.
    isolate: false,
    // A worker spends much of its time blocked in spawn (libuv forks, then waits for the child's exec, which
    // on a busy machine waits for a CPU) or waiting on a child. One worker more than the cores fills those
    // gaps: on two cores, 3 workers took 59.9 and 63.5 s against 68.9 and 72.5 s for 2, run in turn.
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: LongFirst },
    // GitHub's workflow parser imports its JSON schema without an import attribute: let Vite load it.
    server: { deps: { inline: ['@actions/workflow-parser'] } },
  },
});
