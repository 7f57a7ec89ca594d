import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { usernameSchema } from '@aiamarket/shared';
import { buildApp } from '../src/app.js';
import { indexerCursor } from '../src/db/schema.js';
import { createTestContext, type TestContext } from './support/context.js';

let t: TestContext;
let app: FastifyInstance;
let webDir: string;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>shell</title>');
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
  // What the web build's precompress step writes next to each asset.
  fs.writeFileSync(
    path.join(webDir, 'assets', 'app.js.br'),
    zlib.brotliCompressSync('console.log(1)'),
  );
  fs.writeFileSync(
    path.join(webDir, 'index.html.gz'),
    zlib.gzipSync('<!doctype html><title>shell</title>'),
  );
  t = await createTestContext({ webDistDir: webDir });
  app = await buildApp(t.ctx);
  // Routes that exist only to drive the error handler.
  app.post(
    '/v1/api/test/echo',
    { schema: { body: z.object({ name: z.string().min(2) }) } },
    async (req) => ({ code: 0, message: 'success', data: req.body }),
  );
  app.post(
    '/v1/api/test/form',
    {
      schema: {
        body: z
          .object({
            page: z.number().int(),
            on: z.boolean().optional(),
            ids: z.array(z.number().int()).optional(),
            text: z.string().optional(),
            either: z.union([z.number(), z.string()]).optional(),
            size: z.preprocess((v) => (v === '' ? undefined : v), z.number().optional()),
          })
          .strict(),
      },
    },
    async (req) => ({ code: 0, message: 'success', data: req.body }),
  );
  app.post(
    '/v1/api/test/rule',
    { schema: { body: z.object({ username: usernameSchema }) } },
    async (req) => ({ code: 0, message: 'success', data: req.body }),
  );
  app.get('/v1/api/test/boom', async () => {
    throw new Error('secret internal detail at /srv/app.ts:12');
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await t?.cleanup();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('GET /v1/api/health', () => {
  it('reports database, chain head and indexed block in the envelope', async () => {
    await t.testClient.mine({ blocks: 3 });
    const res = await app.inject({ method: 'GET', url: '/v1/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.message).toBe('success');
    expect(body.data.status).toBe('ok');
    expect(body.data.database.ok).toBe(true);
    expect(body.data.chain).toEqual({ ok: true, chainId: 31337, head: 3 });
    expect(body.data.indexer).toEqual({ block: null, lag: null });
  });

  it('shows the indexer cursor and its lag', async () => {
    await t.ctx.database.db
      .insert(indexerCursor)
      .values({ chainId: 31337, blockNumber: 1, blockHash: '0x' + '1'.repeat(64) });
    const body = (await app.inject({ method: 'GET', url: '/v1/api/health' })).json();
    expect(body.data.indexer).toEqual({ block: 1, lag: 2 });
  });
});

describe('errors', () => {
  it('answers unknown API paths with a 404 envelope, even for browsers', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/v1/api/nope',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({
      code: 10004,
      message: 'Not found: GET /v1/api/nope',
      messageKey: 'errors.notFound',
      data: null,
    });
  });

  it('rejects bad input with a 400 envelope naming the field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/api/test/echo',
      payload: { name: 'x' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(10001);
    expect(body.message).toContain('body.name');
    expect(body.data).toBeNull();
  });

  it('names every refusal by a stable messageKey: the shared rule key, else the catalogue key', async () => {
    const rule = await app.inject({
      method: 'POST',
      url: '/v1/api/test/rule',
      payload: { username: '  ' },
    });
    expect(rule.json()).toEqual({
      code: 10001,
      message: 'This field must be filled',
      messageKey: 'validation.fieldRequired',
      data: null,
    });
    const generic = await app.inject({
      method: 'POST',
      url: '/v1/api/test/echo',
      payload: { name: 'x' },
    });
    expect(generic.json().messageKey).toBe('errors.badRequest');
    const session = await app.inject({
      method: 'GET',
      url: '/v1/api/user/current',
      headers: { token: 'x'.repeat(43) },
    });
    expect(session.json()).toMatchObject({ code: 10003, messageKey: 'errors.tokenInvalid' });
  });

  it('refuses NUL, control characters and lone surrogates in any input with 10001', async () => {
    const cases: { method: 'GET' | 'POST'; url: string; payload?: object }[] = [
      { method: 'GET', url: '/v1/api/config/getValue?name=a%00b' },
      { method: 'GET', url: '/v1/api/config/getValue?name=%1B' },
      // A name is one line: a line break is refused there too.
      { method: 'GET', url: '/v1/api/config/getValue?name=transaction_fee%0A' },
      { method: 'POST', url: '/v1/api/test/echo', payload: { name: 'ab\u0000' } },
      { method: 'POST', url: '/v1/api/test/echo', payload: { name: 'ab\ud800' } },
      { method: 'POST', url: '/v1/api/test/echo', payload: { name: 'ok', ['k\u0000']: 1 } },
      { method: 'POST', url: '/v1/api/test/rule', payload: { username: 'a\tb' } },
    ];
    for (const c of cases) {
      const res = await app.inject(c);
      expect(res.statusCode, c.url).toBe(400);
      expect(res.json(), c.url).toMatchObject({
        code: 10001,
        message: 'Can not use special characters',
        messageKey: 'validation.charactersInvalid',
      });
    }
  });

  it('accepts urlencoded bodies, coerced only where the schema expects numbers, booleans, lists', async () => {
    const form = (payload: string, url = '/v1/api/test/form') =>
      app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    const res = await form('page=2&on=true&ids=1&ids=2&text=007&either=5&size=');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ page: 2, on: true, ids: [1, 2], text: '007', either: '5' });
    expect((await form('page=1&ids[]=3')).json().data).toEqual({ page: 1, ids: [3] });
    expect((await form('page=1&ids=3')).json().data).toEqual({ page: 1, ids: [3] });
    for (const bad of ['page=abc', 'page=1.5', 'page=1&on=yes', 'page=1&extra=1', '__proto__=1']) {
      const refused = await form(bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().code, bad).toBe(10001);
    }
    const named = await form('name=Zo%C3%AB+x', '/v1/api/test/echo');
    expect(named.json().data).toEqual({ name: 'Zoë x' });
    // A real call that reads query string or body (queryOrBodyHook).
    const detail = await form(
      `tokenId=1&contractAddr=0x${'1'.repeat(40)}`,
      '/v1/api/collect/detail',
    );
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ code: 0, data: { collect: false, collectNum: 0 } });
  });

  it('rejects malformed JSON with a 400 envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(10001);
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/api/test/echo',
      payload: { name: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(10006);
  });

  it('hides internal failures behind code 500 without a stack trace', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 500,
      message: 'Server request exception',
      messageKey: 'errors.serverError',
      data: null,
    });
    expect(res.body).not.toContain('secret');
  });

  it('serves the generated OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/v1/api/health');
  });
});

describe('web app on the same origin', () => {
  it('serves built assets', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
  });

  it('sends the precompressed asset to clients that accept it, cached for good', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe('console.log(1)');
  });

  it('sends the shell compressed when accepted, and never caches it', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/marketplace',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toContain('<title>shell</title>');
  });

  it('compresses JSON answers for clients that accept it', async () => {
    const plain = await app.inject({ method: 'GET', url: '/docs/json' });
    const res = await app.inject({
      method: 'GET',
      url: '/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(plain.body);
  });

  it('falls back to index.html for client-side routes', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/collection/some-game?tab=1',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>shell</title>');
  });

  it('serves the shell at / and at routes for any client', async () => {
    for (const url of ['/', '/marketplace', '/account/0/0xabc']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
    }
  });

  it('does not answer a missing asset with HTML', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: '*/*' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(10004);
  });
});

describe('health when the database is gone', () => {
  it('answers 503 with the failing part', async () => {
    await t.ctx.database.close();
    const res = await app.inject({ method: 'GET', url: '/v1/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe(10009);
    expect(res.json().data.database.ok).toBe(false);
  });
});
