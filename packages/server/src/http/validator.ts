import { z } from 'zod';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { findNonText, VALIDATION_MESSAGES } from '@aiamarket/shared';

/**
 * Every input part (body, query string, path parameters, headers) of every route is text-checked
 * before its own schema runs: a NUL, another control character or a lone surrogate anywhere
 * (values and keys) answers 10001 'Can not use special characters', so that no route hands such
 * text to the database (PostgreSQL refuses NUL: it used to end in a 500). Single-line fields refuse
 * tabs and line breaks in their own schemas (shared `singleLine`).
 */
const textOnly = z.unknown().superRefine((value, ctx) => {
  const path = findNonText(value);
  if (path)
    ctx.addIssue({ code: 'custom', path, message: VALIDATION_MESSAGES.charactersInvalid.message });
});

export const guardedValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const schema = textOnly.pipe(route.schema as z.ZodType);
  return validatorCompiler({ ...route, schema } as typeof route);
};
