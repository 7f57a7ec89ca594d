import { z } from 'zod';
import { ADDRESS_PATTERN, DESCRIPTION_MAX_LENGTH, ROYALTY } from '../constants.js';
import { VALIDATION_MESSAGES as M } from './messages.js';
import { COLLECTION_EDIT_MESSAGES } from './collection-messages.js';
import { imageUrlSchema } from './profile.js';
import { multiLine } from './text.js';

/**
 * The collection-edit rules (spec doc 1 section 5), used by the edit form and by
 * POST /v1/api/collections/update and the admin CLI: one schema, one set of messages
 * (collection-messages.ts).
 */
const E = COLLECTION_EDIT_MESSAGES;

export const COLLECTION_LIMITS = {
  nameMaxLength: 128,
  linkMaxLength: 64,
  descriptionMaxLength: DESCRIPTION_MAX_LENGTH,
  socialLinkMaxLength: 512,
} as const;

/** Letters and digits of any script, spaces, and the joiners - _ . ' & (no other symbols). */
const NAME_CHARACTERS = /^[\p{L}\p{N}][\p{L}\p{N} \-_.'&]*$/u;
const LINK_CHARACTERS = /^[A-Za-z0-9-]+$/;
const ROYALTY_FORMAT = new RegExp(`^\\d{1,3}(\\.\\d{1,${ROYALTY.maxDecimals}})?$`);

const requiredText = (max: number, tooLong: string) =>
  z
    .string({ error: M.fieldRequired.message })
    .trim()
    .min(1, M.fieldRequired.message)
    .max(max, tooLong);

export const collectionNameSchema = requiredText(
  COLLECTION_LIMITS.nameMaxLength,
  M.tooLong.message,
).refine((v) => NAME_CHARACTERS.test(v), M.charactersInvalid.message);

export const collectionLinkSchema = requiredText(
  COLLECTION_LIMITS.linkMaxLength,
  M.tooLong.message,
).refine((v) => LINK_CHARACTERS.test(v), E.linkInvalid.message);

/** Several lines of text: line breaks and tabs are kept, other control characters refused. */
export const collectionDescriptionSchema = multiLine(
  requiredText(COLLECTION_LIMITS.descriptionMaxLength, E.descriptionTooLong.message),
);

/** Royalty percent as typed: digits with at most one decimal, at most ROYALTY.maxPercent. */
export const royaltyPercentSchema = z
  .string({ error: M.fieldRequired.message })
  .trim()
  .min(1, M.fieldRequired.message)
  .refine((v) => ROYALTY_FORMAT.test(v), E.royaltyFormat.message)
  .refine((v) => !ROYALTY_FORMAT.test(v) || Number(v) <= ROYALTY.maxPercent, E.royaltyMax.message);

/**
 * The royalty as the API takes it: the typed text, or the number CollectionVO.royalty is answered
 * as (5, 2.5), checked by the same rules and messages and given on as text.
 */
export const royaltyInputSchema = z
  .union([z.number(), z.string()], { error: M.fieldRequired.message })
  .transform((v) => (typeof v === 'number' ? String(v) : v))
  .pipe(royaltyPercentSchema);

export const walletAddressSchema = z
  .string({ error: M.fieldRequired.message })
  .trim()
  .min(1, M.fieldRequired.message)
  .refine((v) => ADDRESS_PATTERN.test(v), M.addressInvalid.message);

/** True for an absolute http(s) URL with a host and no credentials. */
export function isSocialLink(value: string): boolean {
  try {
    const u = new URL(value);
    return (
      (u.protocol === 'https:' || u.protocol === 'http:') &&
      u.hostname.includes('.') &&
      !u.username &&
      !u.password &&
      !/\s/.test(value)
    );
  } catch {
    return false;
  }
}

/** An optional social link: empty or null clears it, anything else must be an http(s) URL. */
export const socialLinkSchema = z
  .union([
    z.null(),
    z
      .string({ error: E.socialLinkInvalid.message })
      .trim()
      .max(COLLECTION_LIMITS.socialLinkMaxLength, M.tooLong.message)
      .refine((v) => v === '' || isSocialLink(v), E.socialLinkInvalid.message),
  ])
  .transform((v) => (v ? v : null));

const requiredImage = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .pipe(imageUrlSchema as z.ZodType<string, string>);

const optionalImage = z
  .union([z.null(), z.literal(''), imageUrlSchema])
  .transform((v) => (v ? v : null));

/** The edit form (spec section 5). Background and social links are optional. */
export const collectionEditSchema = z.object({
  name: collectionNameSchema,
  linkCollection: collectionLinkSchema,
  description: collectionDescriptionSchema,
  headUrl: requiredImage(E.profileRequired.message),
  coverUrl: requiredImage(E.coverRequired.message),
  backgroundUrl: optionalImage.optional(),
  royalty: royaltyPercentSchema,
  royaltyAddr: walletAddressSchema,
  linkSkypegmwcn: socialLinkSchema.optional(),
  linkTwitter: socialLinkSchema.optional(),
  linkDiscord: socialLinkSchema.optional(),
  linkInstagram: socialLinkSchema.optional(),
  linkMedium: socialLinkSchema.optional(),
});

/** POST /v1/api/collections/update: the form plus the collection id; royalty text or number. */
export const collectionUpdateSchema = collectionEditSchema.extend({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  royalty: royaltyInputSchema,
});

export type CollectionEdit = z.infer<typeof collectionEditSchema>;
export type CollectionUpdate = z.infer<typeof collectionUpdateSchema>;

/** Royalty percent text ("2.5") -> the chain's percent x 100 (250), exactly. */
export function royaltyPercentToRate(percent: string): number {
  const [whole = '0', fraction = ''] = percent.trim().split('.');
  return Number(whole) * ROYALTY.chainScale + Number((fraction + '00').slice(0, 2));
}

/** The chain's percent x 100 (250) -> percent (2.5). */
export function royaltyRateToPercent(rate: number): number {
  return rate / ROYALTY.chainScale;
}
