import { defineConfig } from 'tsup';

// One ESM bundle; workspace packages (TypeScript sources) are inlined, npm packages stay external.
// svg-worker and pglite-worker are worker threads' entries, started from dist/ beside the bundle.
export default defineConfig({
  entry: {
    main: 'src/main.ts',
    indexer: 'src/indexer/main.ts',
    admin: 'src/admin/cli.ts',
    'svg-worker': 'src/modules/upload/svg-worker.ts',
    'pglite-worker': 'src/db/pglite-worker.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@aiamarket\//],
});
