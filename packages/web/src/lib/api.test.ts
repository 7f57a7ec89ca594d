// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, ERRORS } from '@aiamarket/shared';
import { apiRequest, apiUrl, NETWORK_ERROR, onSessionInvalid } from './api';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
const hanging = new Set<ServerResponse>();
let closedEarly = 0;

function reply(res: ServerResponse, status: number, payload: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const path = (req.url ?? '').split('?')[0];
      switch (path) {
        case '/v1/api/ok':
          return reply(res, 200, { code: 0, message: 'success', data: { hello: 'world' } });
        case '/v1/api/echo':
          return reply(res, 200, { code: 0, message: 'success', data: JSON.parse(body || 'null') });
        case '/v1/api/fail':
          return reply(res, 400, {
            code: 10001,
            message: 'Price must be set',
            messageKey: 'trade.rules.priceRequired',
            data: null,
          });
        case '/v1/api/custom':
          return reply(res, 200, { code: 4242, message: 'Something specific', data: null });
        case '/v1/api/expired':
          return reply(res, 401, { code: 10003, message: 'Login has expired', data: null });
        case '/v1/api/ended':
          return reply(res, 401, { code: 1008, message: 'Logged out elsewhere', data: null });
        case '/v1/api/html':
          res.writeHead(502, { 'Content-Type': 'text/html' });
          return res.end('<html>Bad gateway</html>');
        case '/v1/api/slow':
          hanging.add(res);
          res.on('close', () => {
            if (!res.writableEnded) closedEarly += 1;
          });
          return;
        default:
          return reply(res, 404, { code: 10004, message: 'Not found', data: null });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  seen = [];
  delete (globalThis as { document?: unknown }).document;
  for (const res of hanging) res.destroy();
  hanging.clear();
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('apiUrl', () => {
  it('puts paths under /v1/api and adds the query', () => {
    expect(apiUrl('/user/nonce/0xab')).toBe('/v1/api/user/nonce/0xab');
    expect(apiUrl('collect/detail', { tokenId: 1, owner: undefined, x: null, ok: true })).toBe(
      '/v1/api/collect/detail?tokenId=1&ok=true',
    );
    expect(apiUrl('/v1/api/articles/3', undefined, 'http://h:1/')).toBe(
      'http://h:1/v1/api/articles/3',
    );
  });
});

describe('apiRequest', () => {
  it('returns data when the code is 0', async () => {
    await expect(apiRequest('/ok', { baseUrl })).resolves.toEqual({ hello: 'world' });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/v1/api/ok' });
    expect(seen[0]!.headers.token).toBeUndefined();
  });

  it('posts a JSON body and sends the session token from the web-token cookie', async () => {
    (globalThis as { document?: unknown }).document = { cookie: 'a=1; web-token=abc%20123; b=2' };
    const data = await apiRequest<{ keyWord: string }>('/echo', {
      baseUrl,
      body: { keyWord: 'sword' },
    });
    expect(data).toEqual({ keyWord: 'sword' });
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(seen[0]!.headers.token).toBe('abc 123');
  });

  it('throws an ApiError with the server message for an error code', async () => {
    const error = await apiRequest('/fail', { baseUrl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 10001,
      message: 'Price must be set',
      key: 'errors.badRequest',
      messageKey: 'trade.rules.priceRequired',
    });

    const custom = await apiRequest('/custom', { baseUrl }).catch((e: unknown) => e);
    expect(custom).toBeInstanceOf(ApiError);
    expect(custom).toMatchObject({ code: 4242, message: 'Something specific', status: 200 });
  });

  it('calls the session-invalid handler for 10003 and 1008, and still rejects', async () => {
    const handler = vi.fn<(error: ApiError) => void>();
    const off = onSessionInvalid(handler);
    await expect(apiRequest('/expired', { baseUrl })).rejects.toMatchObject({ code: 10003 });
    await expect(apiRequest('/ended', { baseUrl })).rejects.toMatchObject({
      code: 1008,
      message: 'Logged out elsewhere',
    });
    await expect(apiRequest('/fail', { baseUrl })).rejects.toBeInstanceOf(ApiError);
    expect(handler.mock.calls.map(([e]) => e.code)).toEqual([10003, 1008]);
    off();
    await expect(apiRequest('/expired', { baseUrl })).rejects.toBeInstanceOf(ApiError);
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('leaves a newer session alone: a 1008 for a token the cookie no longer holds', async () => {
    const handler = vi.fn<(error: ApiError) => void>();
    const off = onSessionInvalid(handler);
    const jar = { cookie: 'web-token=old-session' };
    (globalThis as { document?: unknown }).document = jar;
    // The request goes out with the old token; meanwhile another tab signs in again.
    const pending = apiRequest('/ended', { baseUrl });
    jar.cookie = 'web-token=new-session';
    await expect(pending).rejects.toMatchObject({ code: 1008 });
    expect(seen.at(-1)!.headers.token).toBe('old-session');
    expect(handler).not.toHaveBeenCalled();
    // The same answer for the token the cookie still holds ends this page's session.
    await expect(apiRequest('/ended', { baseUrl })).rejects.toMatchObject({ code: 1008 });
    expect(handler).toHaveBeenCalledTimes(1);
    off();
  });

  it('aborts a request that takes longer than the time-out', async () => {
    const started = Date.now();
    const error = await apiRequest('/slow', { baseUrl, timeoutMs: 100 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: ERRORS.requestTimeout.code });
    expect(Date.now() - started).toBeLessThan(5_000);
    // The connection was dropped, not left waiting.
    await vi.waitFor(() => expect(closedEarly).toBeGreaterThan(0));
  });

  it("rejects with the caller's abort reason when the caller aborts", async () => {
    const controller = new AbortController();
    const pending = apiRequest('/slow', { baseUrl, signal: controller.signal });
    await vi.waitFor(() => expect(seen.length).toBe(1));
    controller.abort(new Error('left the page'));
    await expect(pending).rejects.toThrow('left the page');
  });

  it('turns a non-envelope answer into a server error', async () => {
    await expect(apiRequest('/html', { baseUrl })).rejects.toMatchObject({
      code: ERRORS.serverError.code,
      status: 502,
    });
  });

  it('turns an unreachable server into a network error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(apiRequest('/ok', { baseUrl: `http://127.0.0.1:${port}` })).rejects.toMatchObject({
      code: NETWORK_ERROR.code,
    });
  });

  it('refuses a GET with a body', async () => {
    await expect(apiRequest('/ok', { method: 'GET', body: {}, baseUrl })).rejects.toThrow(
      TypeError,
    );
  });
});
