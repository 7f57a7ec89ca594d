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
