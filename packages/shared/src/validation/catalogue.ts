import { collectionEditKeyOf } from './collection-messages.js';
import { validationKeyOf } from './messages.js';

/**
 * The i18n key of any message of the shared validation rules (the form messages and the
 * collection-edit ones); undefined for other text. The server answers such a message alone so
 * that the web app can translate it by its text.
 */
export function sharedValidationKeyOf(message: string): string | undefined {
  return validationKeyOf(message) ?? collectionEditKeyOf(message);
}
