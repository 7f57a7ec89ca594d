import { z } from 'zod';
import { PAGE_SIZE } from '@aiamarket/shared';
import { pageFields } from '../../http/paging.js';
import { addressSchema } from '../../http/schemas.js';

const emptyAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A token id: decimal digits (uint256), as text or a whole number. */
export const tokenIdInput = z
  .union([z.string().trim(), z.number().int().nonnegative().transform(String)])
  .pipe(z.string().regex(/^\d{1,78}$/, 'a token id in decimal digits'));

/** Method codes: an array, one code, or "0,2" (query strings). Empty = all. */
export const typesInput = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v === 'string') return v.split(',').filter((s) => s.trim() !== '');
    if (typeof v === 'number') return [v];
    return v;
  },
  z
    .array(z.coerce.number().int().min(0).max(99))
    .max(20)
    .optional()
    .describe('ACTIVITY_METHOD codes to keep (empty: all; transfer = 3, 4, 6, 7, 10)'),
);

const common = {
  types: typesInput,
  ...pageFields(PAGE_SIZE.activity),
};

/** transaction/page: an item's (tokenId) or a whole collection's history. */
export const activityPageInput = z.object({
  contractAddr: addressSchema,
  tokenId: z.preprocess(emptyAsUndefined, tokenIdInput.optional()),
  ...common,
});

/** transaction/userPage: an account's history. */
export const userActivityPageInput = z.object({
  userAddr: addressSchema,
  contractAddr: z.preprocess(emptyAsUndefined, addressSchema.optional()),
  ...common,
});
