import { ApiError, errorByCode } from '@aiamarket/shared';
import type { TFunction } from 'i18next';

/**
 * The text to show for a failed call, in the interface language: the server names each refusal
 * by a stable key (`messageKey`: a shared validation rule's key, or the catalogue key), so it is
 * translated by that key whatever the English wording. Any other server code shows the server's
 * own message (spec: "any other code shows the server message").
 */
export function errorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    const key = error.messageKey ?? error.key;
    if (key && (errorByCode(error.code) || error.code < 0)) {
      return t(key as 'errors.serverError', { defaultValue: error.message });
    }
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
