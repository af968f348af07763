import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // GitHub's workflow parser imports its JSON schema without an import attribute: let Vite load it.
    server: { deps: { inline: ['@actions/workflow-parser'] } },
  },
});
