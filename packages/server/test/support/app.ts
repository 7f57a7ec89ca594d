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
