import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ApiError,
  ERRORS,
  sharedValidationKeyOf,
  type ApiEnvelope,
  type ErrorDef,
} from '@aiamarket/shared';
import { isChainUnreachable } from '../chain/errors.js';

/**
 * The stable key of a refusal's message, sent as `messageKey` next to the text: the shared rule's
 * key when the message is one of the shared validation messages, otherwise the catalogue key of
 * the error. Clients translate by it, so rewording an English message breaks no translation.
 */
export function messageKeyOf(message: string, catalogueKey: string): string {
  return sharedValidationKeyOf(message) ?? catalogueKey;
}

function send(
  reply: FastifyReply,
  def: ErrorDef,
  message = def.message,
  code = def.code,
  key = def.key,
  data: unknown = null,
) {
  const body: ApiEnvelope<unknown> = {
    code,
    message,
    messageKey: messageKeyOf(message, key),
    data,
  };
  return reply.status(def.status).type('application/json').send(body);
}

/** Maps Fastify's own 4xx errors (bad JSON, body too large, ...) onto the catalogue. */
function byStatus(status: number): ErrorDef {
  const match = Object.values(ERRORS).find((e) => e.status === status);
  return match ?? (status >= 500 ? ERRORS.serverError : ERRORS.badRequest);
}

/**
 * The message of a failed schema validation (its first issue). A rule of the spec answers its
 * own message alone, as the shared catalogue has it, with the rule's key as messageKey (the web
 * app translates by the key). Anything else gets the generic message naming the field.
 */
export function validationMessage(error: unknown): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return ERRORS.badRequest.message;
  const first = error.validation[0];
  if (first?.message && sharedValidationKeyOf(first.message)) return first.message;
  const where = first?.instancePath
    ? first.instancePath.replace(/^\//, '').replace(/\//g, '.')
    : '';
  const context = error.validationContext ?? 'request';
  const detail = `${context}${where ? '.' + where : ''}: ${first?.message ?? 'invalid'}`;
  return `${ERRORS.badRequest.message}: ${detail}`;
}

/**
 * One error handler: every failure becomes a `{code, message, messageKey, data}` envelope with
 * the matching HTTP status (data null unless an ApiError carries data); stack traces go to
 * the log only. A chain read that found no node answering is 10020 (503) wherever it was
 * made: routes and services let it through rather than each mapping it.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) {
      // `data` says which part of the request was refused (listing/create: { index });
      // `details` are diagnostics for the log and never sent.
      const data = error.data ?? null;
      return send(reply, byStatus(error.status), error.message, error.code, error.key, data);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(reply, ERRORS.badRequest, validationMessage(error));
    }
    if (isChainUnreachable(error)) return send(reply, ERRORS.chainUnavailable);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const def = byStatus(status);
      return send(reply, def, status === 413 ? def.message : error.message || def.message);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, ERRORS.serverError);
  });
}

/**
 * Errors Fastify raises before routing (a malformed URL such as `/%zz`): a 400 envelope too.
 * Passed as the `frameworkErrors` option of the Fastify instance.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const def = byStatus(status);
  return send(reply, def, `${def.message}: ${error.message}`);
}
