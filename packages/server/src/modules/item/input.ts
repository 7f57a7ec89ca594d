import { z } from 'zod';
import {
  ACCOUNT_ITEM_TYPE,
  COLLECTION_ITEM_SORT,
  COLLECTION_SHOW_TYPE,
  PAGE_SIZE,
} from '@aiamarket/shared';
import { pageFields } from '../../http/paging.js';
import { addressSchema } from '../../http/schemas.js';
import {
  emptyAsUndefined,
  keywordInput,
  priceRangeRefine,
  uintInput,
  attributeFilterFields,
  idInput,
} from '../../http/filter-inputs.js';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(emptyAsUndefined, schema.optional());
const oneOf = (values: Record<string, number>) => {
  const allowed = Object.values(values);
  return z.coerce
    .number()
    .int()
    .refine((v) => allowed.includes(v), { message: `must be one of ${allowed.join(', ')}` });
};

export const itemInput = z.object({ tokenId: uintInput, contractAddr: addressSchema });

export const userInfoInput = z.object({
  tokenId: uintInput,
  contractAddr: addressSchema,
  ownerAddr: optional(addressSchema).describe('default: the signed-in user'),
});

export const ownersInput = z.object({
  tokenId: uintInput,
  contractAddr: addressSchema,
  ...pageFields(PAGE_SIZE.listings),
});

export const collectionItemsInput = z
  .object({
    collectionId: idInput,
    showType: optional(oneOf(COLLECTION_SHOW_TYPE)).default(COLLECTION_SHOW_TYPE.all),
    keyWord: optional(keywordInput),
    sort: optional(oneOf(COLLECTION_ITEM_SORT)).default(COLLECTION_ITEM_SORT.recentlyListed),
    minPrice: optional(z.coerce.string().trim().max(40)),
    maxPrice: optional(z.coerce.string().trim().max(40)),
    ...attributeFilterFields,
    ...pageFields(PAGE_SIZE.collectionItems),
  })
  .superRefine(priceRangeRefine);

export const accountItemsInput = z.object({
  userAddr: addressSchema,
  type: optional(oneOf(ACCOUNT_ITEM_TYPE)).default(ACCOUNT_ITEM_TYPE.collected),
  ...pageFields(PAGE_SIZE.accountItems),
});

export const userAssetsInput = z.object({
  contractAddr: addressSchema,
  ownerAddr: addressSchema,
  ...pageFields(PAGE_SIZE.userAssets),
});
