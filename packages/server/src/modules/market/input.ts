import { z } from 'zod';
import { ORDER_STATUS, PAGE_SIZE } from '@aiamarket/shared';
import { pageFields } from '../../http/paging.js';
import { addressSchema } from '../../http/schemas.js';
import {
  keywordInput,
  optional,
  priceBoundInput,
  priceRangeRefine,
  uintInput,
  attributeFilterFields,
} from '../../http/filter-inputs.js';

const statusInput = z.coerce
  .number()
  .int()
  .refine((s) => (Object.values(ORDER_STATUS) as number[]).includes(s), {
    message: 'must be 0, 1, 2 or 3',
  });

export const orderPageInput = z
  .object({
    status: optional(statusInput).default(ORDER_STATUS.listed),
    orders: optional(
      z
        .array(
          z.object({
            asc: z.boolean().describe('price only: create_date is always newest first'),
            column: z.enum(['create_date', 'price']),
          }),
        )
        .max(4)
        .describe('only the first entry counts (the spec has three sorts)'),
    ),
    keyWord: optional(keywordInput),
    collectionNames: optional(z.array(z.string().trim().min(1).max(128)).max(50)),
    minPrice: optional(priceBoundInput),
    maxPrice: optional(priceBoundInput),
    ...attributeFilterFields,
    ...pageFields(PAGE_SIZE.market),
  })
  .superRefine(priceRangeRefine);
export type OrderPageInput = z.infer<typeof orderPageInput>;

export const orderListInput = z.object({
  tokenId: uintInput,
  contractAddr: addressSchema,
  ownerAddr: addressSchema
    .optional()
    .describe("only this seller's listing (the market keeps one per seller and token)"),
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
