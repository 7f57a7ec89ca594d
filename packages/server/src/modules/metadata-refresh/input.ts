import { z } from 'zod';
import { addressSchema } from '../../http/schemas.js';

export const refreshInput = z.object({
  contractAddr: addressSchema,
  tokenId: z.coerce
    .string()
    .trim()
    .regex(/^\d{1,78}$/, 'must be a non-negative integer'),
});

/**
 * The refresh's state and the token's metadata as stored now ('ok', 'error' with the reason, or
 * 'pending' before its first fetch). `queued`: the worker fetches it in a moment and the item's
 * live topic hears the change (a `metadata` event); `done`: it was fetched a moment ago, the data
 * is current.
 */
export const refreshResult = z.object({
  state: z.enum(['queued', 'done']),
  contractAddr: z.string(),
  tokenId: z.string(),
  metadataStatus: z.enum(['ok', 'error', 'pending']),
  name: z.string().nullable(),
  imageUrl: z.string().nullable(),
  description: z.string().nullable(),
  propertyList: z.array(z.object({ name: z.string(), value: z.string() })),
  /** Why the last fetch failed (kept while an earlier fetch's metadata is still shown). */
  error: z.string().nullable(),
  fetchedAt: z.string().nullable().describe('ISO time of the last fetch (null before the first)'),
});
