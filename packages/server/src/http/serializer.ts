import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * The zod response serializer, remembering the JSON of each answer object it has written: an
 * answer shared by concurrent identical reads (SharedReads) is checked and stringified once.
 * Answers are never changed after they are sent, so the object is a safe key.
 */
export const sharedAnswerSerializer: FastifySerializerCompiler<z.ZodType> = (route) => {
  const serialize = serializerCompiler(route);
  const written = new WeakMap<object, string>();
  return (data) => {
    if (typeof data !== 'object' || data === null) return serialize(data);
    let json = written.get(data);
    if (json === undefined) {
      json = serialize(data);
      written.set(data, json);
    }
    return json;
  };
};
