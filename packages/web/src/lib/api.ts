import {
  ApiError,
  ERRORS,
  SUCCESS_CODE,
  TIMING,
  TOKEN_COOKIE,
  TOKEN_HEADER,
  errorByCode,
  isSessionInvalidCode,
  type ApiEnvelope,
  type ErrorDef,
} from '@aiamarket/shared';
import { readCookie } from './cookies';
import { takeEarlyResponse } from './early-responses';
import { beginLoading } from './loading';

/** Every call goes to the same origin under this prefix. */
export const API_PREFIX = '/v1/api';

/** Not in the server's catalogue: the request never got an answer. */
export const NETWORK_ERROR: ErrorDef = {
  code: -1,
  status: 0,
  message: 'Network error',
  key: 'app.networkError',
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  /** Defaults to POST when there is a body, GET otherwise. */
  method?: HttpMethod;
  /** A plain value is sent as JSON; FormData (multipart) and URLSearchParams go as they are. */
  body?: unknown;
  /** Added to the URL; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Defaults to the spec's 30 s. */
  timeoutMs?: number;
  /** Origin to call (tests, tools); the app leaves it empty: same origin. */
  baseUrl?: string;
  /** Show the global loading overlay until the call settles (spec section 7). */
  loading?: boolean;
}

type SessionInvalidHandler = (error: ApiError) => void;
let sessionInvalidHandler: SessionInvalidHandler | null = null;

/**
 * Registers what happens when the server says the session is over (codes 10003 and 1008):
 * the caller still gets the ApiError. Returns a function that unregisters the handler.
 */
export function onSessionInvalid(handler: SessionInvalidHandler): () => void {
  sessionInvalidHandler = handler;
  return () => {
    if (sessionInvalidHandler === handler) sessionInvalidHandler = null;
  };
}

/** `/user/nonce/0xab` -> `/v1/api/user/nonce/0xab` (a path already under /v1/ is kept). */
export function apiUrl(path: string, query?: Record<string, QueryValue>, baseUrl = ''): string {
  const rel = path.startsWith('/v1/')
    ? path
    : `${API_PREFIX}${path.startsWith('/') ? '' : '/'}${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return `${baseUrl.replace(/\/$/, '')}${rel}${qs ? (rel.includes('?') ? '&' : '?') + qs : ''}`;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (
    body instanceof FormData ||
    body instanceof URLSearchParams ||
    body instanceof Blob ||
    typeof body === 'string'
  ) {
    return body;
  }
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

function isEnvelope(value: unknown): value is ApiEnvelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'number'
  );
}

/**
 * Calls the API and unwraps its `{ code, message, data }` envelope: resolves with `data` when
 * the code is 0, otherwise rejects with an ApiError carrying the server's code and message.
 * A time-out rejects with the catalogue's requestTimeout error, an unreachable server with
 * NETWORK_ERROR; aborting through `signal` rejects with the abort reason.
 */
export async function apiRequest<T = unknown>(
  path: string,
  options: ApiRequestOptions = {},
): Promise<T> {
  if (!options.loading) return request<T>(path, options);
  const end = beginLoading();
  try {
    return await request<T>(path, options);
  } finally {
    end();
  }
}

async function request<T>(path: string, options: ApiRequestOptions): Promise<T> {
  const { body, query, signal, timeoutMs = TIMING.requestTimeoutMs, baseUrl = '' } = options;
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  if (body !== undefined && method === 'GET') {
    throw new TypeError('apiRequest: a GET request cannot have a body; use `query`');
  }

  const headers = new Headers({ Accept: 'application/json' });
  const token = readCookie(TOKEN_COOKIE);
  if (token) headers.set(TOKEN_HEADER, token);
  const payload = encodeBody(body, headers);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) forwardAbort();
  else signal?.addEventListener('abort', forwardAbort, { once: true });

  let status = 0;
  let envelope: unknown;
  try {
    const url = apiUrl(path, query, baseUrl);
    const early = typeof payload === 'string' ? takeEarlyResponse(url, payload) : undefined;
    const res = await (early ??
      fetch(url, {
        method,
        headers,
        body: payload,
        signal: controller.signal,
        credentials: 'same-origin',
      }));
    status = res.status;
    const text = await res.text();
    try {
      envelope = text ? JSON.parse(text) : undefined;
    } catch {
      envelope = undefined;
    }
  } catch (error) {
    if (timedOut) throw new ApiError(ERRORS.requestTimeout);
    if (signal?.aborted) throw signal.reason ?? error;
    throw new ApiError(NETWORK_ERROR, error instanceof Error ? error.message : undefined, error);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }

  if (!isEnvelope(envelope)) {
    // A proxy error page, an empty answer: nothing the server's catalogue describes.
    throw new ApiError({ ...ERRORS.serverError, status: status || ERRORS.serverError.status });
  }
  if (envelope.code === SUCCESS_CODE) return envelope.data as T;

  const known = errorByCode(envelope.code);
  const def: ErrorDef = known ?? {
    code: envelope.code,
    status,
    message: envelope.message,
    key: '',
  };
  const messageKey = typeof envelope.messageKey === 'string' ? envelope.messageKey : undefined;
  const error = new ApiError(def, envelope.message || def.message, envelope.data, messageKey);
  // A session that ended is this page's only while the cookie still holds the token it was sent
  // with: after a sign-in in another tab the cookie holds the new session's token, which an
  // answer to a request made with the old one must not clear.
  const replaced =
    !!token && readCookie(TOKEN_COOKIE) !== null && readCookie(TOKEN_COOKIE) !== token;
  if (isSessionInvalidCode(envelope.code) && !replaced) {
    try {
      sessionInvalidHandler?.(error);
    } catch {
      // The handler's own failure must not hide the server's answer from the caller.
    }
  }
  throw error;
}
