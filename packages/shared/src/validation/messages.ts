import type { DecimalInputRefusal } from '../decimal/input.js';
import { keyedMessages, keyOfMessage } from './keyed-messages.js';

/**
 * Form validation messages shared by the server and the web app: the English text (what zod
 * answers) and the i18n key under which the web app translates it.
 */
export const VALIDATION_MESSAGES = {
  ...keyedMessages('validation', {
    fieldRequired: 'This field must be filled',
    emailInvalid: 'Please enter a valid email address',
    tooLong: 'This field is too long',
    imageUrlInvalid: 'The image link is not valid',
    charactersInvalid: 'Can not use special characters',
    addressInvalid: 'Wrong wallet address format',
    numbersOnly: 'numbers only',
    priceRange: 'The maximum value of price should be greater than the minimum value',
    // Typed numbers read in the user's language (decimal/input.ts): the refusals besides 'numbers only'.
    decimalAmbiguous: 'Ambiguous number: use "." for decimals and no thousands separators',
    decimalMixed: 'Mixed separators: write the number without thousands separators',
    decimalManySeparators: 'A number takes one decimal separator at most',
    filterDecimals: 'At most 8 decimals',
  }),
  // Trading rules (validation/trade.ts); translated under the web app's `trade.rules`.
  ...keyedMessages('trade.rules', {
    priceRequired: 'Price must be set',
    aboveZero: 'numbers greater than 0',
    priceDigits: 'At most 18 integer digits and 18 decimals',
    coinDecimals: 'Too many decimals for this coin',
    integersOnly: 'integers only',
    amountRequired: 'Please enter the amount',
    greaterThanAvailable: 'greater than available',
    nftAmount: 'NFT amount: more than the listing has left',
    recipientRequired: 'Please enter the address',
    recipientInvalid: 'Invalid wallet address',
    recipientChecksum:
      'The address has a wrong checksum (its upper and lower case letters): check it',
    samePrice: 'The new price is the current price',
    recipientZero: 'The zero address cannot receive NFTs',
    recipientSelf:
      'The transfer address is the same as the current address and cannot be transferred',
    deficitAssets: 'Insufficient NFT assets to transfer',
  }),
};

export type ValidationMessageName = keyof typeof VALIDATION_MESSAGES;

/** The i18n key of a message produced by the shared schemas (undefined for other text). */
export function validationKeyOf(message: string): string | undefined {
  return keyOfMessage(VALIDATION_MESSAGES, message);
}

/**
 * The message of a refused typed number (parseDecimalInput) that every number box shares; null
 * for the refusals each field words itself ('empty' and 'tooManyDecimals').
 */
export function decimalRefusalMessage(
  reason: DecimalInputRefusal,
): (typeof VALIDATION_MESSAGES)[ValidationMessageName] | null {
  switch (reason) {
    case 'notANumber':
      return VALIDATION_MESSAGES.numbersOnly;
    case 'ambiguous':
      return VALIDATION_MESSAGES.decimalAmbiguous;
    case 'mixedSeparators':
      return VALIDATION_MESSAGES.decimalMixed;
    case 'manySeparators':
      return VALIDATION_MESSAGES.decimalManySeparators;
    default:
      return null;
  }
}
