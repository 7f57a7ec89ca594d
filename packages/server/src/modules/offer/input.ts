import { z } from 'zod';
import { OFFER_KIND, PAGE_SIZE, type OfferKind } from '@aiamarket/shared';
import { pageFields } from '../../http/paging.js';
import { addressSchema } from '../../http/schemas.js';
import { booleanInput, hexInput, signatureInput, uint256Input } from '../../http/inputs.js';
import { optional } from '../../http/filter-inputs.js';

const kindInput = z.coerce
  .number()
  .int()
  .refine((k): k is OfferKind => (Object.values(OFFER_KIND) as number[]).includes(k), {
    message: 'must be 0 (item), 1 (collection) or 2 (trait)',
  })
  .transform((k) => k as OfferKind);

const valueIdInput = z.coerce
  .number()
  .int()
  .min(1)
  .max(2_147_483_647)
  .describe('attribute value id (nftAttrCategory/getValPage id)');

/** POST offer/create (OfferCreateRequest): the signed fields and the signature. */
export const offerCreateInput = z.object({
  offer: z.object({
    offerer: addressSchema,
    collection: addressSchema,
    kind: kindInput,
    erc1155: booleanInput,
    identifier: uint256Input.describe('token id (item), Merkle root as a number (trait), 0'),
    units: uint256Input.describe('ERC1155 units, or tokens of a collection/trait offer'),
    coin: addressSchema.describe('an ERC-20 the market allows (AIA: the wrapped AIA)'),
    pricePerUnit: uint256Input.describe('base units of the coin per unit'),
    start: uint256Input.describe('unix seconds, acceptable from'),
    end: uint256Input.describe('unix seconds, acceptable until (exclusive)'),
    salt: uint256Input,
    counter: uint256Input.describe("the offerer's counterOf on the Offers contract"),
  }),
  signature: signatureInput,
  traitValueId: optional(valueIdInput).describe('trait offers: the attribute value of the set'),
});
export type OfferCreateInput = z.infer<typeof offerCreateInput>;

export const traitSetInput = z.object({ contractAddr: addressSchema, valueId: valueIdInput });

export const orderHashInput = hexInput({ min: 32, max: 32 }).describe('the offer order hash');

export const proofInput = z.object({ orderHash: orderHashInput, tokenId: uint256Input });

export const itemOffersInput = z.object({
  contractAddr: addressSchema,
  tokenId: uint256Input,
  ...pageFields(PAGE_SIZE.offers),
});

export const collectionOffersInput = z.object({
  contractAddr: addressSchema,
  kind: optional(kindInput).describe('only this kind: 0 item, 1 collection, 2 trait'),
  ...pageFields(PAGE_SIZE.offers),
});

export const accountOffersInput = z.object({
  address: addressSchema,
  active: optional(booleanInput).describe('made: true keeps the active offers (status 0) only'),
  ...pageFields(PAGE_SIZE.offers),
});
