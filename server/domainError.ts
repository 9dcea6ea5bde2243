import type { ErrorCode } from '../contract/errorCodes.ts';

/**
 * An expected failure of a rule (a taken link, a wrong code, a missing plan). It carries the contract's
 * error code, an English message and optional field problems, and knows no HTTP: server/http/errorHandler.ts
 * turns it into the error envelope with the status that contract/errorCodes.ts gives the code.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (message = 'Not found') => new DomainError('NOT_FOUND', message);
