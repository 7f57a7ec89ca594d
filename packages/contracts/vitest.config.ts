import { defineConfig } from 'vitest/config';

// Tests run real anvil nodes (one or more per test file, each on its own free port).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Fixed fast-check seeds in `npm test`, random ones with FC_SEED=random (test:deep).
    setupFiles: ['../../tools/testing/fast-check-setup.ts'],
    pool: 'forks',
    // Test files wait on anvil most of the time: run two at once even on a 2-core machine.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
