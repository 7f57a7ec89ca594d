import { z } from 'zod';
import type { FastifyRequest, HTTPMethods } from 'fastify';

/** `page` (from 1) and `size` fields, coerced from query strings. */
export function pageFields(defaultSize: number, maxSize = 100) {
  return {
    page: z.coerce.number().int().min(1).max(1_000_000).default(1).describe('page, from 1'),
    size: z.coerce
      .number()
      .int()
      .min(1)
      .max(maxSize)
      .default(defaultSize)
      .describe(`page size (default ${defaultSize}, at most ${maxSize})`),
  };
}

/** The paged answer: records, total, current (the page), size and pages. */
export function pageOf<T extends z.ZodType>(record: T) {
  return z.object({
    records: z.array(record),
    total: z.number().int(),
    current: z.number().int(),
    size: z.number().int(),
    pages: z.number().int(),
  });
}

export function paged<T>(records: T[], total: number, page: number, size: number) {
  return { records, total, current: page, size, pages: Math.ceil(total / size) };
}

/**
 * The web app sends some filters inside a `data` object (`data.categoryId`, `data: {id}`). This
 * lifts them to the top level: from a JSON body `{data: {...}}`, and from a query string as
 * `data[x]=`, `data.x=` or `data=<json>`. Top-level fields win.
 */
export function liftData(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const source = input as Record<string, unknown>;
  const lifted: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    const nested = /^data(?:\[([^\]]+)\]|\.(.+))$/.exec(key);
    if (nested) lifted[nested[1] ?? nested[2]!] = value;
    else if (key === 'data') {
      let data = value;
      if (typeof data === 'string') {
        try {
          data = JSON.parse(data);
        } catch {
          data = undefined;
        }
      }
      if (data && typeof data === 'object' && !Array.isArray(data)) Object.assign(lifted, data);
    } else rest[key] = value;
  }
  return { ...lifted, ...rest };
}

/** A preValidation hook applying liftData to the query string and the body. */
export async function liftDataHook(request: FastifyRequest) {
  request.query = liftData(request.query);
  if (request.body !== undefined) request.body = liftData(request.body);
}

/**
 * For the calls whose method the spec does not show (registered for GET and POST): the JSON body
 * of a POST is merged over the query string, `data` lifted, so one querystring schema validates
 * both forms.
 */
export async function queryOrBodyHook(request: FastifyRequest) {
  const query = liftData(request.query) as Record<string, unknown>;
  const body = request.body;
  const fromBody =
    body && typeof body === 'object' && !Array.isArray(body)
      ? (liftData(body) as Record<string, unknown>)
      : {};
  request.query = { ...query, ...fromBody };
}

/** The route options of a call read from a query string (GET) or a JSON body (POST). */
export const queryOrBody = {
  method: ['GET', 'POST'] as HTTPMethods[],
  preValidation: queryOrBodyHook,
};

/** The route options of a POST whose filters may come inside `data`. */
export const postWithData = { method: 'POST' as const, preValidation: liftDataHook };
