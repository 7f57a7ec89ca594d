import { DESCRIPTION_MAX_LENGTH, ROYALTY } from '../constants.js';
import { keyedMessages, keyOfMessage } from './keyed-messages.js';

/**
 * The messages of the collection-edit rules (validation/collection.ts) and their i18n keys. Kept
 * apart from the schema so that reading a message's key does not load zod (the web app's first
 * visit translates server messages with it).
 */
export const COLLECTION_EDIT_MESSAGES = keyedMessages('collectionEdit', {
  linkInvalid: 'The link may only contain letters, digits and hyphens',
  linkTaken: 'This link is already used by another collection',
  descriptionTooLong: `The description must be at most ${DESCRIPTION_MAX_LENGTH} characters`,
  royaltyFormat: 'Royalty must be a number with at most one decimal',
  royaltyMax: `The maximum royalty is ${ROYALTY.maxPercent}%`,
  royaltyNotOnChain:
    'The royalty and its receiving address must match the ones set on chain: set them on chain first',
  socialLinkInvalid: 'Link Format Error',
  profileRequired: 'Please upload a profile image',
  coverRequired: 'Please upload a cover image',
});

/** The i18n key of a collection-edit message (undefined for other text). */
export function collectionEditKeyOf(message: string): string | undefined {
  return keyOfMessage(COLLECTION_EDIT_MESSAGES, message);
}
