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

/** With userAddr: the rows it sent (a trade: its sales) or received; either when missing. */
const roleInput = z.preprocess(
  emptyAsUndefined,
  z
    .enum(['from', 'to'])
    .optional()
    .describe('with userAddr: from = rows it sent (a trade: its sales), to = rows it received'),
);

const common = {
  types: typesInput,
  role: roleInput,
  ...pageFields(PAGE_SIZE.activity),
};

/**
 * transaction/page, the spec's activity list: an item's (contractAddr + tokenId), a whole
 * collection's (contractAddr) or an account's (userAddr) history; at least one of the two
 * addresses, and a tokenId only with its contract.
 */
export const activityPageInput = z
  .object({
    contractAddr: z.preprocess(emptyAsUndefined, addressSchema.optional()),
    userAddr: z.preprocess(emptyAsUndefined, addressSchema.optional()),
    tokenId: z.preprocess(emptyAsUndefined, tokenIdInput.optional()),
    ...common,
  })
  .refine((q) => q.contractAddr !== undefined || q.userAddr !== undefined, {
    message: 'contractAddr or userAddr is required',
    path: ['contractAddr'],
  })
  .refine((q) => q.role === undefined || q.userAddr !== undefined, {
    message: 'role needs userAddr',
    path: ['role'],
  })
  .refine((q) => q.tokenId === undefined || q.contractAddr !== undefined, {
    message: 'tokenId needs its contractAddr',
    path: ['tokenId'],
  });

/** transaction/userPage: an account's history. */
export const userActivityPageInput = z.object({
  userAddr: addressSchema,
  contractAddr: z.preprocess(emptyAsUndefined, addressSchema.optional()),
  ...common,
});
