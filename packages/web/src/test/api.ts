import { vi } from 'vitest';

export interface SeenCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Handler = (call: SeenCall) => unknown;

/** Thrown from a handler: answered as an error envelope. */
export class ApiAnswer {
  constructor(
    readonly code: number,
    readonly message: string,
    readonly status = 400,
  ) {}
}

/**
 * Replaces fetch with an in-memory API: `routes` maps "METHOD /v1/api/path" to the data to
 * answer (or a function of the call). Unknown routes answer 10004. Returns the calls seen.
 */
export function mockApi(routes: Record<string, unknown | Handler>): SeenCall[] {
  const seen: SeenCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = init?.method ?? 'GET';
    let body: unknown = init?.body;
    if (typeof body === 'string') body = JSON.parse(body);
    const call: SeenCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body,
    };
    seen.push(call);
    const route = routes[`${method} ${url.pathname}`];
    const envelope = (code: number, message: string, data: unknown, status = 200) =>
      new Response(JSON.stringify({ code, message, data }), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    if (route === undefined) return envelope(10004, 'Not found', null, 404);
    try {
      const data = typeof route === 'function' ? await (route as Handler)(call) : route;
      return envelope(0, 'success', data);
    } catch (error) {
      if (error instanceof ApiAnswer) {
        return envelope(error.code, error.message, null, error.status);
      }
      throw error;
    }
  });
  return seen;
}
