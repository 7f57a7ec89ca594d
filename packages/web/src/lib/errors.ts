import { ApiError, ERRORS, errorByCode, sharedValidationKeyOf } from '@aiamarket/shared';
import type { TFunction } from 'i18next';

/**
 * The text to show for a failed call: catalogue errors and shared validation rules in the
 * interface language, any other
 * server code with the server's own message (spec: "any other code shows the server message").
 */
export function errorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    // A refused parameter whose message is one of the shared rules' (the server answers it
    // alone) reads in the interface language, like the same rule checked in a form.
    const rule = error.code === ERRORS.badRequest.code && sharedValidationKeyOf(error.message);
    if (rule) return t(rule as 'errors.serverError');
    if (error.key && (errorByCode(error.code) || error.code < 0)) {
      return t(error.key as 'errors.serverError', { defaultValue: error.message });
    }
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
