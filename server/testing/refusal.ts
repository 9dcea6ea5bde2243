import { expect } from 'vitest';
import { errorStatus } from '../../contract/errorCodes.ts';
import { DomainError } from '../domainError.ts';

/** The DomainError a promise rejects with; fails the test when it resolves or rejects with anything else. */
export async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

/** The HTTP status server/http/errorHandler.ts answers a DomainError with. */
export const statusOf = (error: DomainError): number => errorStatus[error.code];
