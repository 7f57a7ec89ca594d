import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const PACKAGES = {
  contracts: path.join(ROOT, 'packages', 'contracts'),
  shared: path.join(ROOT, 'packages', 'shared'),
  server: path.join(ROOT, 'packages', 'server'),
  web: path.join(ROOT, 'packages', 'web'),
} as const;
export const BIN = path.join(ROOT, 'node_modules', '.bin');
export const SERVER_MAIN = path.join(PACKAGES.server, 'dist', 'main.js');
export const WEB_DIST = path.join(PACKAGES.web, 'dist');
