/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './build/precompress';
import { routePreload } from './build/route-preload';

// The API (and its generated OpenAPI page) runs on its own port in development; the dev server
// forwards to it so the app always calls same-origin `/v1/api/...`, as it does in production.
const apiTarget = process.env.API_PROXY || 'http://127.0.0.1:8080';
const proxy = {
  '/v1': { target: apiTarget },
  '/docs': { target: apiTarget },
};

export default defineConfig({
  plugins: [react(), tailwindcss(), routePreload(), precompress()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React and the router change far less often than the app: a separate, long-cached chunk.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
  },
});
