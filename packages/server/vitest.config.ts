import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most files wait on anvil, the indexer's polling or a database most of the time: two at once
    // even on a 2-core machine (vitest's default there is one).
    maxWorkers: 2,
    // Fixed fast-check seeds per test (FC_SEED=random or a number to change them).
    setupFiles: ['../../tools/testing/fast-check-setup.ts'],
    globalSetup: ['test/support/pglite-template.ts'],
  },
});
