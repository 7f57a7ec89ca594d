import fs from 'node:fs';
import path from 'node:path';
import { BIN, PACKAGES, SERVER_MAIN, WEB_DIST } from './paths.js';
import { run } from './run.js';
import type { StepLogger } from './steps.js';

/** Newest modification time under the given paths (files or folders), skipping build output. */
function newest(paths: string[]): number {
  let max = 0;
  const skip = new Set(['node_modules', 'dist', 'out', 'cache', '.data']);
  const visit = (p: string) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p)) if (!skip.has(entry)) visit(path.join(p, entry));
    } else max = Math.max(max, stat.mtimeMs);
  };
  paths.forEach(visit);
  return max;
}

function upToDate(output: string, inputs: string[]): boolean {
  return fs.existsSync(output) && fs.statSync(output).mtimeMs >= newest(inputs);
}

// A build started from a test runner inherits NODE_ENV=test, which makes Vite bundle React's
// development build (several times larger and slower); what we build is always production.
const PRODUCTION = { NODE_ENV: 'production' };

const GENERATED_ABIS = path.join(PACKAGES.shared, 'src', 'generated', 'abis.ts');

/** forge build + typed ABIs; then the web app and the server bundle, each skipped when fresh. */
export async function buildAll(steps: StepLogger, opts: { force?: boolean } = {}) {
  const contractInputs = [
    path.join(PACKAGES.contracts, 'src'),
    path.join(PACKAGES.contracts, 'foundry.toml'),
  ];
  if (opts.force || !upToDate(GENERATED_ABIS, contractInputs)) {
    await steps.step('building contracts (forge, typed ABIs)', () =>
      run('npm', ['run', 'build'], { cwd: PACKAGES.contracts }),
    );
  }
  const sharedInputs = [path.join(PACKAGES.shared, 'src')];
  const webIndex = path.join(WEB_DIST, 'index.html');
  if (
    opts.force ||
    !upToDate(webIndex, [
      path.join(PACKAGES.web, 'src'),
      path.join(PACKAGES.web, 'index.html'),
      ...sharedInputs,
    ])
  ) {
    await steps.step('building the web app (vite)', () =>
      run(path.join(BIN, 'vite'), ['build', '--logLevel', 'warn'], {
        cwd: PACKAGES.web,
        env: PRODUCTION,
      }),
    );
  }
  if (
    opts.force ||
    !upToDate(SERVER_MAIN, [
      path.join(PACKAGES.server, 'src'),
      ...sharedInputs,
      path.join(PACKAGES.contracts, 'ts'),
    ])
  ) {
    await steps.step('building the server', () =>
      run(path.join(BIN, 'tsup'), ['--silent'], { cwd: PACKAGES.server, env: PRODUCTION }),
    );
  }
}
