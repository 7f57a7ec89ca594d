import { z } from 'zod';
import {
  COLLECTION_EDIT_MESSAGES,
  COLLECTION_LIMITS,
  CONTRACT_TYPE,
  collectionLinkSchema,
  collectionNameSchema,
  imageUrlSchema,
  socialLinkSchema,
  walletAddressSchema,
} from '@aiamarket/shared';

const optionalImage = z
  .union([z.null(), z.literal(''), imageUrlSchema])
  .transform((v) => (v ? v : null))
  .optional();

/**
 * The page fields the admin CLI (and the demo seed) may set, with the same rules as the edit form
 * where they apply. Images and description may stay empty until the owner edits the page; the
 * royalty is not here: it is set on chain.
 */
const profileFields = {
  name: collectionNameSchema.optional(),
  linkCollection: collectionLinkSchema.optional(),
  description: z
    .union([
      z.null(),
      z
        .string()
        .trim()
        .max(
          COLLECTION_LIMITS.descriptionMaxLength,
          COLLECTION_EDIT_MESSAGES.descriptionTooLong.message,
        ),
    ])
    .transform((v) => (v ? v : null))
    .optional(),
  headUrl: optionalImage,
  coverUrl: optionalImage,
  backgroundUrl: optionalImage,
  linkSkypegmwcn: socialLinkSchema.optional(),
  linkTwitter: socialLinkSchema.optional(),
  linkDiscord: socialLinkSchema.optional(),
  linkInstagram: socialLinkSchema.optional(),
  linkMedium: socialLinkSchema.optional(),
  /** Who may edit the page; null: nobody but the admin. */
  ownerAddr: walletAddressSchema.nullable().optional(),
  /** Position on the home carousel (ascending); null: not featured. */
  featuredRank: z.number().int().min(0).max(1_000_000).nullable().optional(),
};

/** `collection add`: register a contract for indexing and create its page. */
export const collectionAddInput = z
  .object({
    address: walletAddressSchema.describe('the NFT contract'),
    /** Detected by ERC-165 when missing. */
    contractType: z.enum([CONTRACT_TYPE.erc721, CONTRACT_TYPE.erc1155]).optional(),
    /** Indexing back-fills from here (default 0: from genesis). */
    deploymentBlock: z.number().int().min(0).optional(),
    ...profileFields,
  })
  .strict();

/** `collection save`: edit the page of a collection found by id or by contract address. */
export const collectionSaveInput = z
  .object({
    id: z.number().int().min(1).optional(),
    address: walletAddressSchema.optional(),
    ...profileFields,
  })
  .strict()
  .refine((v) => v.id !== undefined || v.address !== undefined, {
    message: 'id or address is required',
  });

export type CollectionAddInput = z.infer<typeof collectionAddInput>;
export type CollectionSaveInput = z.infer<typeof collectionSaveInput>;
