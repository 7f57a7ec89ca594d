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

  const codesOf = (op: Operation, status: string) =>
    (
      op.responses[status]?.content?.['application/json']?.schema as
        { properties: { code: { enum: number[] }; messageKey?: unknown } } | undefined
    )?.properties.code.enum ?? [];

  it('lists the codes a route can give: session codes by its security, 10001 for input', () => {
    const op = (path: string, method = 'get') => doc.paths[`/v1/api${path}`]![method]!;
    expect(codesOf(op('/user/current'), '401')).toEqual([10002, 10003, 1008]);
    // Optional sign-in: no 10002, but a stale token answers 10003 / 1008.
    expect(codesOf(op('/collect/detail'), '401')).toEqual([10003, 1008]);
    expect(codesOf(op('/user/address/{address}'), '401')).toEqual([10003, 1008]);
    expect(codesOf(op('/config/app'), '401')).toEqual([]);
    expect(codesOf(op('/user/update', 'post'), '400')).toEqual([10001]);
    expect(codesOf(op('/user/authNew', 'post'), '429')).toEqual([10007]);
    // Declared by the route (config.errors).
    expect(codesOf(op('/collect/collect/{tokenId}/{contractAddr}'), '404')).toEqual([10004]);
    expect(codesOf(op('/user/update', 'post'), '403')).toEqual([10005]);
    for (const { id, op: each } of operations()) {
      expect(codesOf(each, '500'), id).toEqual([500]);
      for (const [status, answer] of Object.entries(each.responses)) {
        // (health documents its own 503 answer, with the health data.)
        if (Number(status) < 400 || id === 'GET /v1/api/health') continue;
        const schema = answer.content?.['application/json']?.schema as {
          required: string[];
        };
        expect(schema.required, `${id} ${status}`).toEqual([
          'code',
          'message',
          'messageKey',
          'data',
        ]);
      }
    }
  });

  it('documents the POST body of calls that read the query string or the body', () => {
    const item = doc.paths['/v1/api/collect/detail']!;
    expect(item.get!.requestBody).toBeUndefined();
    expect(item.get!.parameters!.map((p) => p.name)).toContain('tokenId');
    const body = item.post!.requestBody!;
    expect(Object.keys(body.content)).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
    ]);
    expect(Object.keys(body.content['application/json']!.schema.properties!)).toEqual([
      'tokenId',
      'contractAddr',
      'ownerAddr',
    ]);
    expect(item.post!.parameters ?? []).toEqual([]);
    // A JSON body may be sent urlencoded as well.
    const update = doc.paths['/v1/api/user/update']!.post!.requestBody!;
    expect(Object.keys(update.content)).toContain('application/x-www-form-urlencoded');
  });

  it('documents a body on every POST', () => {
    const missing = operations()
      .filter(({ method, op }) => method === 'post' && !op.requestBody)
      .map(({ id }) => id);
    expect(missing).toEqual([]);
  });
});
