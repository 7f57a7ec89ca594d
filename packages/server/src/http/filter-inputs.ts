import { z } from 'zod';
import { checkPriceRange, singleLine } from '@aiamarket/shared';

// Inputs shared by the list and filter calls (market, items, favourites).

/** The web app sends empty boxes as '' (or null): they mean "no filter". */
export const emptyAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(emptyAsUndefined, schema.optional());

/** A uint256 as decimal text (order ids, token ids). */
export const uintInput = z.coerce
  .string()
  .trim()
  .regex(/^\d{1,78}$/, 'must be a non-negative integer');

/** A search box: one line of trimmed text, at most 128 characters. */
export const keywordInput = singleLine(z.string().trim().max(128));

/** A price bound of the market filter (checked with the shared rule in `priceRangeRefine`). */
export const priceBoundInput = z.coerce.string().trim().max(40);

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

/** A serial id (collection, attribute category or value). */
export const idInput = z.coerce.number().int().min(1).max(2_147_483_647);

/** The attribute filter: value ids (getValPage ids), optionally within one category. */
export const attributeFilterFields = {
  gorySet: optional(z.array(idInput).max(100)).describe('attribute value ids'),
  parentId: optional(idInput).describe('the attribute category of gorySet'),
};
