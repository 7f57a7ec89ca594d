import { defineConfig } from 'vitest/config';

// Tests run real anvil nodes (one or more per test file, each on its own free port).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    // Test files wait on anvil most of the time: run two at once even on a 2-core machine.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
