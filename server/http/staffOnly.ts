import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { DomainError, notFound } from '../domainError.ts';
import { isStaff } from '../domain/staff.ts';
import { requireAccount } from './requireAccount.ts';

/**
 * Any signed-in account, as a preValidation hook; everyone else gets 404 as if the route did not exist, except an
 * expired token (401 TOKEN_EXPIRED), so a session can refresh. The staff console's link check uses it alone.
 */
export function signedInOrNotFound(ctx: AppContext) {
  const signedIn = requireAccount(ctx);
  return async function signedInOrNotFoundHook(request: FastifyRequest): Promise<void> {
    try {
      await signedIn(request);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'TOKEN_EXPIRED') throw error;
      throw notFound();
    }
  };
}

/**
 * The staff console's guard, for every staff route file: run as preValidation so a non-staff caller learns nothing
 * from a 400 either; the role is read fresh from the database on each request (requireAccount loads the account), so
 * a revoked or suspended staff member loses access at once; everyone else gets 404 (see signedInOrNotFound).
 */
export function staffOnly(ctx: AppContext) {
  const signedIn = signedInOrNotFound(ctx);
  return async function staffOnlyHook(request: FastifyRequest): Promise<void> {
    await signedIn(request);
    if (!isStaff(request.account)) throw notFound();
  };
}

/** Staff answers are private to the person and never cached. */
export const staffNoStore = {
  onSend: async (_request: FastifyRequest, reply: FastifyReply) => void reply.header('cache-control', 'private, no-store'),
};
