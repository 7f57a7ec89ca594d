import { defineConfig } from 'vitest/config';

// Tests run real anvil nodes (one or more per test file, each on its own free port).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
