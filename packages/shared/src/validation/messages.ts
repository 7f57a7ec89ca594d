import type { DecimalInputRefusal } from '../decimal/input.js';

/**
 * Form validation messages shared by the server and the web app: the English text (what zod
 * answers) and the i18n key under which the web app translates it.
 */
export const VALIDATION_MESSAGES = {
  fieldRequired: { message: 'This field must be filled', key: 'validation.fieldRequired' },
  emailInvalid: { message: 'Please enter a valid email address', key: 'validation.emailInvalid' },
  tooLong: { message: 'This field is too long', key: 'validation.tooLong' },
  imageUrlInvalid: { message: 'The image link is not valid', key: 'validation.imageUrlInvalid' },
  charactersInvalid: {
    message: 'Can not use special characters',
    key: 'validation.charactersInvalid',
  },
  addressInvalid: { message: 'Wrong wallet address format', key: 'validation.addressInvalid' },
  numbersOnly: { message: 'numbers only', key: 'validation.numbersOnly' },
  priceRange: {
    message: 'The maximum value of price should be greater than the minimum value',
    key: 'validation.priceRange',
  },
  // Typed numbers read in the user's language (decimal/input.ts): the refusals besides 'numbers only'.
  decimalAmbiguous: {
    message: 'Ambiguous number: use "." for decimals and no thousands separators',
    key: 'validation.decimalAmbiguous',
  },
  decimalMixed: {
    message: 'Mixed separators: write the number without thousands separators',
    key: 'validation.decimalMixed',
  },
  decimalManySeparators: {
    message: 'A number takes one decimal separator at most',
    key: 'validation.decimalManySeparators',
  },
  filterDecimals: { message: 'At most 8 decimals', key: 'validation.filterDecimals' },
  // Trading rules (validation/trade.ts); translated under the web app's `trade.rules`.
  priceRequired: { message: 'Price must be set', key: 'trade.rules.priceRequired' },
  aboveZero: { message: 'numbers greater than 0', key: 'trade.rules.aboveZero' },
  priceDigits: {
    message: 'At most 18 integer digits and 18 decimals',
    key: 'trade.rules.priceDigits',
  },
  coinDecimals: {
    message: 'Too many decimals for this coin',
    key: 'trade.rules.coinDecimals',
  },
  integersOnly: { message: 'integers only', key: 'trade.rules.integersOnly' },
  amountRequired: { message: 'Please enter the amount', key: 'trade.rules.amountRequired' },
  greaterThanAvailable: {
    message: 'greater than available',
    key: 'trade.rules.greaterThanAvailable',
  },
  nftAmount: {
    message: 'NFT amount: more than the listing has left',
    key: 'trade.rules.nftAmount',
  },
  recipientRequired: { message: 'Please enter the address', key: 'trade.rules.recipientRequired' },
  recipientInvalid: { message: 'Invalid wallet address', key: 'trade.rules.recipientInvalid' },
  recipientChecksum: {
    message: 'The address has a wrong checksum (its upper and lower case letters): check it',
    key: 'trade.rules.recipientChecksum',
  },
  samePrice: {
    message: 'The new price is the current price',
    key: 'trade.rules.samePrice',
  },
  recipientZero: {
    message: 'The zero address cannot receive NFTs',
    key: 'trade.rules.recipientZero',
  },
  recipientSelf: {
    message: 'The transfer address is the same as the current address and cannot be transferred',
    key: 'trade.rules.recipientSelf',
  },
  deficitAssets: {
    message: 'Insufficient NFT assets to transfer',
    key: 'trade.rules.deficitAssets',
  },
} as const;

export type ValidationMessageName = keyof typeof VALIDATION_MESSAGES;

/** The i18n key of a message produced by the shared schemas (undefined for other text). */
export function validationKeyOf(message: string): string | undefined {
  return Object.values(VALIDATION_MESSAGES).find((m) => m.message === message)?.key;
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
