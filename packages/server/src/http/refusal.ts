import { ApiError, ERRORS, formatErrorMessage, type ErrorName } from '@aiamarket/shared';

/** The catalogue's refusal `name`, its message filled with `params` (a limit, a count). */
export function refusal(name: ErrorName, params?: Record<string, string | number>): ApiError {
  return new ApiError(ERRORS[name], formatErrorMessage(ERRORS[name].message, params));
}
