import { z } from 'zod';
import type { RouteOptions } from 'fastify';
import type { SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ERRORS, type ErrorName } from '@aiamarket/shared';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Catalogue errors a route answers besides the ones derived from its schema (OpenAPI). */
    errors?: ErrorName[];
  }
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type RouteSchema = Record<string, unknown> & {
  security?: Record<string, string[]>[];
  consumes?: string[];
  response?: Record<string, unknown>;
};

const FORM = 'application/x-www-form-urlencoded';

/**
 * The catalogue errors a route can answer, derived from its definition: 10001 for any input, the
 * session codes for a token (optional or required), 10007 where a rate limit applies, 10006 for
 * a body over the limit, 10008 and 500 for any call, plus what the route declares in
 * `config.errors`.
 */
export function routeErrors(route: Pick<RouteOptions, 'method' | 'config'>, schema: RouteSchema) {
  const methods = ([] as string[]).concat(route.method);
  const names = new Set<ErrorName>(['requestTimeout', 'serverError']);
  const hasInput = ['params', 'querystring', 'body', 'headers'].some((k) => schema[k]);
  if (hasInput || methods.includes('POST')) names.add('badRequest');
  if (methods.includes('POST')) names.add('payloadTooLarge');
  const security = schema.security ?? [];
  if (security.some((s) => 'token' in s)) {
    const optional = security.some((s) => Object.keys(s).length === 0);
    if (!optional) names.add('notLoggedIn');
    names.add('tokenInvalid');
    names.add('sessionEnded');
  }
  const config = route.config as { rateLimit?: unknown; errors?: ErrorName[] } | undefined;
  if (config?.rateLimit) names.add('tooManyRequests');
  for (const name of config?.errors ?? []) names.add(name);
  return [...names].map((name) => ERRORS[name]);
}

/** The error envelope of one HTTP status with the codes a route answers under it. */
function errorEnvelope(codes: number[], messages: string[]) {
  const code =
    codes.length === 1 ? z.literal(codes[0]!) : z.literal(codes as [number, ...number[]]);
  return z
    .object({
      code,
      message: z.string().describe('English text; a shared rule answers its own message alone'),
      messageKey: z
        .string()
        .describe('stable i18n key of the message (catalogue key, or the shared rule key)'),
      data: z
        .record(z.string(), z.unknown())
        .nullable()
        .describe('null, or which part of the request was refused (listing/create: { index })'),
    })
    .describe(messages.join('; '));
}

/** Error answers, grouped by HTTP status, as response schemas. */
function errorResponses(route: RouteOptions, schema: RouteSchema) {
  const byStatus = new Map<number, { codes: number[]; messages: string[] }>();
  for (const def of routeErrors(route, schema)) {
    const entry = byStatus.get(def.status) ?? { codes: [], messages: [] };
    entry.codes.push(def.code);
    entry.messages.push(`${def.code} ${def.message}`);
    byStatus.set(def.status, entry);
  }
  const out: Record<string, z.ZodType> = {};
  for (const [status, { codes, messages }] of byStatus) {
    out[String(status)] = errorEnvelope(codes, messages);
  }
  return out;
}

/**
 * The per-route transform: the route's zod schemas as JSON Schema, with its error answers added,
 * and a multipart route documented with its file part.
 */
export function openapiTransform(input: TransformInput) {
  const route = (input as { route?: RouteOptions }).route;
  const schema = input.schema as RouteSchema | undefined;
  if (!route || !schema || schema.hide) return jsonSchemaTransform(input);
  const withErrors = {
    ...schema,
    response: { ...errorResponses(route, schema), ...schema.response },
  };
  const result = jsonSchemaTransform({ ...input, schema: withErrors } as TransformInput);
  const out = result.schema as RouteSchema;
  if (out.consumes?.includes('multipart/form-data') && !out.body) {
    const fields = (out.querystring as { properties?: Record<string, unknown> } | undefined)
      ?.properties;
    out.body = {
      type: 'object',
      properties: {
        ...fields,
        file: { type: 'string', format: 'binary', description: 'the file (one part, any name)' },
      },
      required: ['file'],
    };
  }
  return result;
}

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  description?: string;
  schema?: Record<string, unknown>;
}
interface Operation {
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, unknown> };
}
type OpenApiDocument = { paths?: Record<string, Record<string, Operation>> };

/**
 * Whole-document pass: a call registered for GET and POST reads its fields from the query string
 * or from the body (queryOrBodyHook); its POST is documented with those fields as a JSON or
 * urlencoded body. Every JSON body is also accepted urlencoded.
 */
export const openapiTransformObject: SwaggerTransformObject = (document) => {
  if (!('openapiObject' in document)) return document.swaggerObject;
  const { openapiObject } = document;
  const doc = openapiObject as OpenApiDocument;
  for (const item of Object.values(doc.paths ?? {})) {
    const post = item.post;
    if (!post) continue;
    if (!post.requestBody && item.get === post) {
      const query = (post.parameters ?? []).filter((p) => p.in === 'query');
      const properties = Object.fromEntries(
        query.map((p) => [
          p.name,
          { ...p.schema, ...(p.description && { description: p.description }) },
        ]),
      );
      const required = query.filter((p) => p.required).map((p) => p.name);
      const body = { type: 'object', properties, ...(required.length > 0 && { required }) };
      item.post = {
        ...post,
        description:
          (post.description ? post.description + ' ' : '') +
          'The fields may be sent in the body or in the query string (the body wins).',
        parameters: (post.parameters ?? []).filter((p) => p.in !== 'query'),
        requestBody: {
          required: false,
          content: { 'application/json': { schema: body }, [FORM]: { schema: body } },
        },
      };
      if (item.post.parameters?.length === 0) delete item.post.parameters;
    }
    const content = item.post?.requestBody?.content;
    if (content?.['application/json'] && !content[FORM])
      content[FORM] = content['application/json'];
  }
  return openapiObject;
};

/** Registered in app.ts: @fastify/swagger's transform options. */
export const openapiTransforms = {
  transform: openapiTransform,
  transformObject: openapiTransformObject,
} as const satisfies Record<string, unknown>;
