// `npm test`: builds the contracts (typed ABIs), then lint, typecheck, every package's tests (the
// server's twice when DATABASE_URL is set: embedded PGlite and PostgreSQL) and the end-to-end
// smoke test in Chromium. Every stage runs even when an earlier one fails; the last line sums up.
import fs from 'node:fs';
import path from 'node:path';
import { buildAll } from './stack/build.js';
import { BIN, PACKAGES, ROOT } from './stack/paths.js';
import { run } from './stack/run.js';
import { consoleSteps } from './stack/steps.js';

const steps = consoleSteps();
const resultsDir = path.join(ROOT, '.data', 'test-results');
fs.rmSync(resultsDir, { recursive: true, force: true });
fs.mkdirSync(resultsDir, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
const failures: string[] = [];

async function stage(label: string, body: () => Promise<void>) {
  try {
    await steps.step(label, body);
  } catch (err) {
    failures.push(label);
    console.error((err as Error).message);
  }
}

/** Runs one vitest project, streaming its output, and adds its counts to the totals. */
async function vitest(
  label: string,
  cwd: string,
  extra: string[] = [],
  env: NodeJS.ProcessEnv = {},
) {
  const out = path.join(resultsDir, `${label.replace(/\W+/g, '-')}.json`);
  await stage(`tests: ${label}`, async () => {
    try {
      await run(
        path.join(BIN, 'vitest'),
        ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extra],
        { cwd, env, inherit: true },
      );
    } finally {
      if (fs.existsSync(out)) {
        const r = JSON.parse(fs.readFileSync(out, 'utf8')) as Record<string, number>;
        passed += r.numPassedTests ?? 0;
        failed += r.numFailedTests ?? 0;
        skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
      } else {
        failed += 1;
      }
    }
  });
}

async function main() {
  const started = performance.now();
  const tsc = path.join(BIN, 'tsc');
  await stage('build', () => buildAll(steps));
  await stage('lint (eslint)', () =>
    run(path.join(BIN, 'eslint'), ['.', '--max-warnings=0'], { cwd: ROOT, inherit: true }),
  );
  await stage('format (prettier)', () =>
    run(path.join(BIN, 'prettier'), ['--check', '.', '--log-level=warn'], {
      cwd: ROOT,
      inherit: true,
    }),
  );
  for (const dir of [...Object.values(PACKAGES), path.join(ROOT, 'tools')]) {
    await stage(`typecheck ${path.relative(ROOT, dir)}`, () =>
      run(tsc, ['--noEmit', '-p', dir], { cwd: ROOT, inherit: true }),
    );
  }

  await vitest('shared', PACKAGES.shared);
  await vitest('contracts', PACKAGES.contracts);
  await vitest('server (PGlite)', PACKAGES.server, [], { DATABASE_URL: '' });
  if (process.env.DATABASE_URL) {
    await vitest('server (PostgreSQL)', PACKAGES.server, [], {
      DATABASE_URL: process.env.DATABASE_URL,
    });
  }
  await vitest('web', PACKAGES.web);
  await vitest('tools', path.join(ROOT, 'tools'));
  await vitest('end-to-end (Chromium)', PACKAGES.web, ['--config', 'e2e/vitest.config.ts']);

  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  if (failures.length) console.error(`\nfailed stages: ${failures.join(', ')}`);
  console.log(`\nnpm test finished in ${seconds} s`);
  console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  process.exit(failures.length || failed ? 1 : 0);
}

void main();
