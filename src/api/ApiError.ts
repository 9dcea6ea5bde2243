import type { ErrorCode } from '../../contract/errorCodes.ts';

/** Codes the client adds for failures that never reached a server answer. */
export type ClientErrorCode = 'NETWORK' | 'TIMEOUT' | 'ABORTED';
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

/** i18n key (section `errors`) for showing an error to the user. */
export function errorMessageKey(error: unknown): string {
  return isApiError(error) ? `errors.${error.code}` : 'errors.UNKNOWN';
}
