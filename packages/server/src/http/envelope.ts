import { z } from 'zod';
import { SUCCESS_CODE, SUCCESS_MESSAGE, type ApiEnvelope } from '@aiamarket/shared';

export function ok<T>(data: T): ApiEnvelope<T> {
  return { code: SUCCESS_CODE, message: SUCCESS_MESSAGE, data };
}

/** The response schema of a route: the envelope around its data schema. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data });
}
