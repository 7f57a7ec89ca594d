import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { createTestContext, type TestContext } from './context.js';

/**
 * The app of one test file on its own anvil and fresh database: built and ready before the
 * file's tests, closed and removed after them. `onReady` receives both once ready.
 */
export function useTestApp(
  overrides: Partial<Config>,
  onReady: (ready: { t: TestContext; app: FastifyInstance }) => void | Promise<void>,
): void {
  let t: TestContext | undefined;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    t = await createTestContext(overrides);
    app = await buildApp(t.ctx);
    await app.ready();
    await onReady({ t, app });
  });

  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });
}

/**
 * A scratch folder (an app's data folder) for one test file, removed after its tests: after the
 * app of useTestApp registered below it is closed, as after hooks run last-registered first.
 */
export function scratchDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
