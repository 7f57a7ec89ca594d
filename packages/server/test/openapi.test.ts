import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createTestContext, type TestContext } from './support/context.js';

/** The generated OpenAPI document (/docs/json) describes every operation's refusals and bodies. */
let t: TestContext;
let app: FastifyInstance;
interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  security?: Record<string, string[]>[];
}
let doc: { paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  t = await createTestContext();
  app = await buildApp(t.ctx);
  await app.ready();
  doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
  if (process.env.OPENAPI_DUMP)
    fs.writeFileSync(process.env.OPENAPI_DUMP, JSON.stringify(doc, null, 2));
});

afterAll(async () => {
  await app?.close();
  await t?.cleanup();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'delete', 'patch'].includes(method))
      .map(([method, op]) => ({ id: `${method.toUpperCase()} ${path}`, method, path, op })),
  );

describe('OpenAPI document', () => {
  it('documents error answers on every operation', () => {
    const missing = operations()
      .filter(({ op }) => !Object.keys(op.responses).some((s) => Number(s) >= 400))
      .map(({ id }) => id);
    expect(missing).toEqual([]);
  });

  it('documents a body on every POST', () => {
    const missing = operations()
      .filter(({ method, op }) => method === 'post' && !op.requestBody)
      .map(({ id }) => id);
    expect(missing).toEqual([]);
  });
});
