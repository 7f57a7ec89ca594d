import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiError, ERRORS } from '@aiamarket/shared';

/**
 * application/x-www-form-urlencoded bodies (the spec's clients send json, urlencoded and
 * multipart). A form is flat text: repeated names (or `name[]`) make a list, and a value is turned
 * into a number, a boolean or a list only where the route's own zod body schema expects one, so
 * the same schema validates a form and a JSON body alike. Calls that read query string or body
 * (queryOrBodyHook) coerce in their query schema already.
 */

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown): Def | undefined =>
  (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const MAX_DEPTH = 32;

/** Schemas that take what their inner schema takes. */
const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'readonly',
  'catch',
  'nonoptional',
]);

/** The schema a wrapper or a pipe reads its input with; undefined for any other schema. */
function innerOf(def: Def): unknown {
  if (WRAPPERS.has(def.type)) return def.innerType;
  // A preprocess or transform pipe takes anything in: the expected type is on its way out.
  if (def.type === 'pipe') return defOf(def.in)?.type === 'transform' ? def.out : def.in;
  return undefined;
}

/** `value` as the schema would take it from a form; unchanged where no coercion applies. */
export function coerceFormValue(value: unknown, schema: unknown, depth = 0): unknown {
  const def = defOf(schema);
  if (!def || depth > MAX_DEPTH) return value;
  const next = (v: unknown, s: unknown) => coerceFormValue(v, s, depth + 1);
  const inner = innerOf(def);
  if (inner !== undefined) return next(value, inner);
  switch (def.type) {
    case 'lazy':
      return next(value, (def.getter as () => unknown)());
    case 'union': {
      const options = def.options as unknown[];
      // Text stays text when the union takes text; otherwise the first option that converts it.
      if (typeof value === 'string' && options.some((o) => takesText(o))) return value;
      for (const option of options) {
        const coerced = next(value, option);
        if (coerced !== value) return coerced;
      }
      return value;
    }
    case 'number':
      return typeof value === 'string' && NUMBER.test(value.trim()) ? Number(value) : value;
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : value;
    case 'literal': {
      if (typeof value !== 'string') return value;
      const match = (def.values as unknown[]).find(
        (v) => typeof v !== 'string' && String(v) === value,
      );
      return match ?? value;
    }
    case 'array':
      return (Array.isArray(value) ? value : [value]).map((v) => next(v, def.element));
    case 'object': {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
      const shape = def.shape as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [key, v] of Object.entries(value)) {
        const nested = /^data(?:\[([^\]]+)\]|\.(.+))$/.exec(key);
        const field = Object.hasOwn(shape, key) ? key : (nested?.[1] ?? nested?.[2] ?? key);
        out[key] = Object.hasOwn(shape, field) ? next(v, shape[field]) : v;
      }
      return out;
    }
    default:
      return value;
  }
}

function takesText(schema: unknown, depth = 0): boolean {
  const def = defOf(schema);
  if (!def || depth > MAX_DEPTH) return false;
  const inner = innerOf(def);
  if (inner !== undefined) return takesText(inner, depth + 1);
  switch (def.type) {
    case 'string':
    case 'enum':
    case 'any':
    case 'unknown':
    case 'template_literal':
      return true;
    case 'literal':
      return (def.values as unknown[]).some((v) => typeof v === 'string');
    case 'union':
      return (def.options as unknown[]).some((o) => takesText(o, depth + 1));
    default:
      return false;
  }
}

/** The form's fields: text, or a list for a repeated name or a `name[]`. */
export function parseForm(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const list = rawKey.endsWith('[]');
    const key = list ? rawKey.slice(0, -2) : rawKey;
    // Like the JSON parser: a prototype key is refused rather than merged.
    if (key === '__proto__') {
      throw new ApiError(ERRORS.badRequest, `${ERRORS.badRequest.message}: field name ${key}`);
    }
    const prev = Object.hasOwn(out, key) ? out[key] : undefined;
    if (prev === undefined) out[key] = list ? [value] : value;
    else out[key] = Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

export function installFormBodyParser(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (request: FastifyRequest, body: string | Buffer, done) => {
      try {
        const form = parseForm(typeof body === 'string' ? body : body.toString('utf8'));
        const schema = request.routeOptions.schema?.body as z.ZodType | undefined;
        done(null, schema ? coerceFormValue(form, schema) : form);
      } catch (err) {
        done(err as Error, undefined);
      }
    },
  );
}
