import { z } from 'zod';
import { checkPriceRange, ORDER_STATUS, PAGE_SIZE } from '@aiamarket/shared';
import { pageFields } from '../../http/paging.js';
import { addressSchema } from '../../http/schemas.js';

/** The web app sends empty boxes as '' (or null): they mean "no filter". */
export const emptyAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(emptyAsUndefined, schema.optional());

/** A uint256 as decimal text (order ids, token ids). */
export const uintInput = z.coerce
  .string()
  .trim()
  .regex(/^\d{1,78}$/, 'must be a non-negative integer');

/** A search box: trimmed text, at most 128 characters. */
export const keywordInput = z.string().trim().max(128);

const statusInput = z.coerce
  .number()
  .int()
  .refine((s) => (Object.values(ORDER_STATUS) as number[]).includes(s), {
    message: 'must be 0, 1, 2 or 3',
  });

/** A price bound of the market filter (checked with the shared rule in `priceRangeRefine`). */
const priceBoundInput = z.coerce.string().trim().max(40);

/** Both bounds or neither, each with up to 8 decimals, min <= max: the shared rule and messages. */
export function priceRangeRefine(
  value: { minPrice?: string | undefined; maxPrice?: string | undefined },
  ctx: z.RefinementCtx,
) {
  const check = checkPriceRange(value.minPrice ?? '', value.maxPrice ?? '');
  if (!check.ok) {
    ctx.addIssue({ code: 'custom', message: check.message.message, path: ['maxPrice'] });
  }
}

/** The price filter that applies (null: none), from input already checked by priceRangeRefine. */
export function priceRangeOf(value: {
  minPrice?: string | undefined;
  maxPrice?: string | undefined;
}): { minPrice: string; maxPrice: string } | null {
  const check = checkPriceRange(value.minPrice ?? '', value.maxPrice ?? '');
  return check.ok ? check.range : null;
}

export const orderPageInput = z
  .object({
    status: optional(statusInput).default(ORDER_STATUS.listed),
    orders: optional(
      z
        .array(
          z.object({
            asc: z.boolean(),
            column: z.enum(['create_date', 'price']),
          }),
        )
        .max(4),
    ),
    keyWord: optional(keywordInput),
    collectionNames: optional(z.array(z.string().trim().min(1).max(128)).max(50)),
    minPrice: optional(priceBoundInput),
    maxPrice: optional(priceBoundInput),
    ...pageFields(PAGE_SIZE.market),
  })
  .superRefine(priceRangeRefine);
export type OrderPageInput = z.infer<typeof orderPageInput>;

export const orderListInput = z.object({
  tokenId: uintInput,
  contractAddr: addressSchema,
  ...pageFields(PAGE_SIZE.listings),
});

export const changePriceInput = z.object({
  id: uintInput.describe('the orderId'),
  tokenId: uintInput,
  price: z.coerce
    .string()
    .trim()
    .regex(/^\d{1,30}(\.\d{1,18})?$/, 'a decimal number such as 0.01')
    .describe('the new unit price in the coin units'),
});

export const collectionFilterInput = z.object({
  nameAndAddress: optional(keywordInput),
  ...pageFields(PAGE_SIZE.collectionFilter),
});

export const parentPageInput = z.object({
  contract: addressSchema,
  ...pageFields(100),
});

export const valPageInput = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647).describe('attribute category id'),
  name: optional(keywordInput).describe('part of the value'),
  ...pageFields(PAGE_SIZE.attributeValues),
});
