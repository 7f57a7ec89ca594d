#!/usr/bin/env node
// Entry of `npm start`, `npm test` and `npm run bench` on a fresh clone: installs dependencies
// when they are missing or older than the lock file, then hands over to the TypeScript runner.
// It uses Node's standard library only, because nothing else is installed yet.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [command = '', ...args] = process.argv.slice(2);
/** @type {Record<string, string>} */
const scripts = { start: 'stack/cli.ts', test: 'test-all.ts', bench: 'bench/run.ts' };

function needsInstall() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (!fs.existsSync(marker)) return true;
  return fs.existsSync(lock) && fs.statSync(lock).mtimeMs > fs.statSync(marker).mtimeMs;
}

if (!(command in scripts)) {
  console.error(`usage: node tools/bootstrap.mjs ${Object.keys(scripts).join('|')} [args]`);
  process.exit(2);
}

if (needsInstall()) {
  const started = Date.now();
  console.log('▸ installing dependencies (npm install)');
  const ci = process.env.CI && fs.existsSync(path.join(root, 'package-lock.json'));
  const res = spawnSync('npm', [ci ? 'ci' : 'install', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (res.status !== 0) {
    console.error('✖ npm install failed');
    process.exit(res.status ?? 1);
  }
  console.log(`✔ installing dependencies (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

// Ctrl-C reaches every process of the group; this one waits for the runner to stop its children.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const child = spawnSync(tsx, [path.join(root, 'tools', scripts[command] ?? ''), ...args], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(child.status ?? (child.signal ? 130 : 1));
