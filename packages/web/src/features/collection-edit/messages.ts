import { collectionEditKeyOf, validationKeyOf } from '@aiamarket/shared';

/** The i18n key of a message of the shared collection-edit schema (undefined for other text). */
export function collectionEditMessageKey(message: string): string | undefined {
  return collectionEditKeyOf(message) ?? validationKeyOf(message);
}
