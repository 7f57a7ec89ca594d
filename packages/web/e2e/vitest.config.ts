import { defineConfig } from 'vitest/config';

// End-to-end journeys: the whole stack on free ports, driven in Chromium. Run by `npm test`.
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // One seeded demo world per run, copied by each file (seeded-stack.ts).
    globalSetup: ['./seeded-stack.ts'],
    pool: 'forks',
    fileParallelism: false,
  },
});
