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
} as const;

export type ValidationMessageName = keyof typeof VALIDATION_MESSAGES;

/** The i18n key of a message produced by the shared schemas (undefined for other text). */
export function validationKeyOf(message: string): string | undefined {
  return Object.values(VALIDATION_MESSAGES).find((m) => m.message === message)?.key;
}
