import { defineConfig } from 'tsup';

// One ESM bundle; workspace packages (TypeScript sources) are inlined, npm packages stay external.
export default defineConfig({
  entry: { main: 'src/main.ts', indexer: 'src/indexer/main.ts', admin: 'src/admin/cli.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@aiamarket\//],
});
