import { z } from 'zod';
import { CONTRACT_TYPE, socialLinkSchema } from '@aiamarket/shared';
import { addressSchema } from '../../http/schemas.js';
import { imageUrlInput, sortInput } from '../../http/inputs.js';

/** Display data of a mint coin; price and caps are read from the contract. */
export const coinInfoInput = z.strictObject({
  address: addressSchema,
  symbol: z.string().trim().min(1).max(16),
  decimals: z.number().int().min(0).max(36),
  iconUrl: imageUrlInput.optional(),
});

/**
 * Admin input of a launchpad project page. Supply, caps, times, prices, swap settings and state
 * are NOT input: they are read from the launchpad contract (tokenId selects the 1155 sale).
 */
export const projectInput = z.strictObject({
  id: z.number().int().positive().optional(),
  contractAddr: addressSchema,
  contractType: z.enum([CONTRACT_TYPE.erc721, CONTRACT_TYPE.erc1155]),
  tokenId: z
    .string()
    .regex(/^\d{1,78}$/, 'a decimal token id')
    .default('0'),
  name: z.string().trim().min(1).max(128),
  description: z.string().trim().max(2_000).default(''),
  coverUrl: imageUrlInput.optional(),
  boxUrl: imageUrlInput.optional(),
  headUrl: imageUrlInput.optional(),
  backgroundUrl: imageUrlInput.optional(),
  projectDesc: z.string().max(200_000).default('').describe('HTML, sanitised when stored'),
  linkCollection: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,128}$/, 'letters, digits and hyphens only')
    .optional(),
  // The collection edit rule (absolute http(s) URL, 'Link Format Error'; empty or null clears):
  // the project page shows them as the same external social buttons.
  linkSkypegmwcn: socialLinkSchema.optional(),
  linkTwitter: socialLinkSchema.optional(),
  linkDiscord: socialLinkSchema.optional(),
  linkInstagram: socialLinkSchema.optional(),
  linkMedium: socialLinkSchema.optional(),
  coins: z.array(coinInfoInput).max(16).default([]),
  sort: sortInput.optional(),
});
export type ProjectInput = z.input<typeof projectInput>;
export type ProjectValues = z.output<typeof projectInput>;
