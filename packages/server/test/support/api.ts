import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';

/** The envelope every API answer comes in. */
export interface Envelope<T> {
  code: number;
  message: string;
  messageKey?: string;
  data: T;
}

/** One call under /v1/api: the status and the parsed envelope; `token` is the session. */
export async function callApi<T>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  token?: string,
): Promise<{ status: number; body: Envelope<T> }> {
  const res = await app.inject({
    method,
    url: `/v1/api${url}`,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    headers: token ? { token } : {},
  });
  return { status: res.statusCode, body: res.json() as Envelope<T> };
}

/**
 * Injects `opts` and expects no 5xx and an envelope with a numeric code, not 0 on a refusal.
 * `message`: the envelope's message is a string too; `onlyJson`: an answer that is not JSON (a
 * page, a file) is only held to the status.
 */
export async function injectNo5xx(
  app: FastifyInstance,
  opts: InjectOptions,
  check: { message?: boolean; onlyJson?: boolean } = {},
) {
  const res = await app.inject(opts);
  expect(res.statusCode, `${opts.method} ${opts.url} → ${res.body.slice(0, 300)}`).toBeLessThan(
    500,
  );
  if (check.onlyJson && !String(res.headers['content-type'] ?? '').includes('application/json')) {
    return res;
  }
  const body = res.json();
  expect(typeof body.code).toBe('number');
  if (check.message) expect(typeof body.message).toBe('string');
  if (res.statusCode >= 400) expect(body.code).not.toBe(0);
  return res;
}
