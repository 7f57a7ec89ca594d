import { z } from 'zod';
import { addressSchema } from '../../http/schemas.js';

export const refreshInput = z.object({
  contractAddr: addressSchema,
  tokenId: z.coerce
    .string()
    .trim()
    .regex(/^\d{1,78}$/, 'must be a non-negative integer'),
});

/** The token's stored metadata after the refresh ('ok', or 'error' with the reason). */
export const refreshResult = z.object({
  contractAddr: z.string(),
  tokenId: z.string(),
  metadataStatus: z.enum(['ok', 'error']),
  name: z.string().nullable(),
  imageUrl: z.string().nullable(),
  description: z.string().nullable(),
  propertyList: z.array(z.object({ name: z.string(), value: z.string() })),
  /** Why the last fetch failed (kept while an earlier fetch's metadata is still shown). */
  error: z.string().nullable(),
  fetchedAt: z.string().describe('ISO time of the last fetch'),
});
