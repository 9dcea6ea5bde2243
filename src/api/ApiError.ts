import type { TFunction } from 'i18next';
import type { ErrorCode } from '../../contract/errorCodes.ts';

/** Codes the client adds for failures that never reached a server answer, or an answer it refused (MALFORMED_RESPONSE). */
export type ClientErrorCode = 'NETWORK' | 'TIMEOUT' | 'ABORTED' | 'MALFORMED_RESPONSE';
export type ApiErrorCode = ErrorCode | ClientErrorCode;

/**
 * Every failed call throws this. `message` is the server's envelope message (English fallback) or,
 * for network failures and time-outs (status 0), the underlying error's own message.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: Record<string, string> | undefined;

  constructor(init: { status: number; code: ApiErrorCode; message: string; fields?: Record<string, string> | undefined; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The translated message for a failed call: the code's message, else `fallback` (not an API error). */
export function apiErrorMessage(t: TFunction, error: unknown, fallback: string): string {
  return isApiError(error) ? t(`errors.${error.code}`, { defaultValue: error.message }) : fallback;
}

/** i18n key (section `errors`) for showing an error to the user. */
export function errorMessageKey(error: unknown): string {
  return isApiError(error) ? `errors.${error.code}` : 'errors.UNKNOWN';
}
