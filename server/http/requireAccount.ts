import type { FastifyRequest } from 'fastify';
import type { IdTokenClaims } from '../../contract/account.ts';
import type { AppContext } from '../context.ts';
import { accountForToken, type AccountRow } from '../domain/accounts.ts';
import { TokenError } from '../infra/tokens.ts';
import { DomainError } from '../domainError.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, fresh from the database; set by requireAccount. */
    account?: AccountRow;
    /** Claims of the bearer token that authenticated this request. */
    tokenClaims?: IdTokenClaims;
  }
}

export interface RequireAccountOptions {
  /** Let suspended accounts through (sign-out everywhere, appeal, delete); everyone else gets 403 ACCOUNT_SUSPENDED. */
  allowSuspended?: boolean;
}

/** A preHandler that authenticates `authorization: Bearer <idToken>` and sets request.account. */
export function requireAccount(ctx: AppContext, options: RequireAccountOptions = {}) {
  return async function requireAccountHook(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw new DomainError('UNAUTHORIZED', 'Sign in to continue');
    let claims: IdTokenClaims;
    try {
      claims = await ctx.tokens.verify(match[1]!);
    } catch (error) {
      if (error instanceof TokenError && error.reason === 'expired') throw new DomainError('TOKEN_EXPIRED', 'Your session has expired; sign in again');
      throw new DomainError('UNAUTHORIZED', 'Your session is not valid; sign in again');
    }
    const account = await accountForToken(ctx.database.db, claims, { allowSuspended: options.allowSuspended });
    request.account = account;
    request.tokenClaims = claims;
  };
}

/** The account set by requireAccount; throws if the route forgot the hook. */
export function accountOf(request: FastifyRequest): AccountRow {
  if (!request.account) throw new Error('requireAccount did not run for this route');
  return request.account;
}

/**
 * A preHandler for routes open to everyone that behave differently for a signed-in account (owner reads,
 * supports counted per account): sets request.account when a valid bearer token is sent, and otherwise
 * lets the request through as anonymous. A token that is sent but invalid is still refused (401), so a
 * client with a stale session learns it instead of silently acting anonymously.
 */
export function optionalAccount(ctx: AppContext, options: RequireAccountOptions = {}) {
  const require = requireAccount(ctx, options);
  return async function optionalAccountHook(request: FastifyRequest): Promise<void> {
    if (request.headers.authorization === undefined) return;
    await require(request);
  };
}
