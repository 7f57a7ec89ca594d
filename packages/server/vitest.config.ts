import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Fixed fast-check seeds per test (FC_SEED=random or a number to change them).
    setupFiles: ['../../tools/testing/fast-check-setup.ts'],
  },
});
