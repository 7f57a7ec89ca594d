import { ApiError, errorByCode } from '@aiamarket/shared';
import type { TFunction } from 'i18next';

/**
 * The text to show for a failed call: catalogue errors in the interface language, any other
 * server code with the server's own message (spec: "any other code shows the server message").
 */
export function errorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.key && (errorByCode(error.code) || error.code < 0)) {
      return t(error.key as 'errors.serverError', { defaultValue: error.message });
    }
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
