import { DESCRIPTION_MAX_LENGTH, ROYALTY } from '../constants.js';

/**
 * The messages of the collection-edit rules (validation/collection.ts) and their i18n keys. Kept
 * apart from the schema so that reading a message's key does not load zod (the web app's first
 * visit translates server messages with it).
 */
export const COLLECTION_EDIT_MESSAGES = {
  linkInvalid: {
    message: 'The link may only contain letters, digits and hyphens',
    key: 'collectionEdit.linkInvalid',
  },
  linkTaken: {
    message: 'This link is already used by another collection',
    key: 'collectionEdit.linkTaken',
  },
  descriptionTooLong: {
    message: `The description must be at most ${DESCRIPTION_MAX_LENGTH} characters`,
    key: 'collectionEdit.descriptionTooLong',
  },
  royaltyFormat: {
    message: 'Royalty must be a number with at most one decimal',
    key: 'collectionEdit.royaltyFormat',
  },
  royaltyMax: {
    message: `The maximum royalty is ${ROYALTY.maxPercent}%`,
    key: 'collectionEdit.royaltyMax',
  },
  royaltyNotOnChain: {
    message:
      'The royalty and its receiving address must match the ones set on chain: set them on chain first',
    key: 'collectionEdit.royaltyNotOnChain',
  },
  socialLinkInvalid: { message: 'Link Format Error', key: 'collectionEdit.socialLinkInvalid' },
  profileRequired: {
    message: 'Please upload a profile image',
    key: 'collectionEdit.profileRequired',
  },
  coverRequired: { message: 'Please upload a cover image', key: 'collectionEdit.coverRequired' },
} as const;

/** The i18n key of a collection-edit message (undefined for other text). */
export function collectionEditKeyOf(message: string): string | undefined {
  return Object.values(COLLECTION_EDIT_MESSAGES).find((m) => m.message === message)?.key;
}
