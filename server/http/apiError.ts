import type { ErrorCode } from '../../contract/errorEnvelope.ts';

/** An expected failure that becomes the error envelope with its own status and code. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const notFound = (message = 'Not found') => new ApiError(404, 'NOT_FOUND', message);
