import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { DomainError } from '../domainError.ts';

const WINDOW_MS = 15 * 60_000;

/** Route config: at most config.authRateLimitPerIp calls per IP per 15 minutes on this route. */
export function perIpLimit(ctx: AppContext) {
  return { rateLimit: { max: ctx.config.authRateLimitPerIp, timeWindow: WINDOW_MS } };
}

/** Counter key of the per-email limit (Redis key: `${REDIS_PREFIX}rate:` + this). */
export const perEmailKey = (name: string, email: string) => `account:${name}:${email}`;

/**
 * A preHandler limiting calls per (route, email) to config.authRateLimitPerEmail per 15 minutes, so one address
 * cannot be hammered from many IPs. Runs after validation: the email is already normalized.
 */
export function perEmailLimit(ctx: AppContext, name: string) {
  return async function perEmailHook(request: FastifyRequest): Promise<void> {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (typeof email !== 'string') return;
    const { count, resetInMs } = await ctx.hits.hit(perEmailKey(name, email), WINDOW_MS);
    if (count > ctx.config.authRateLimitPerEmail) {
      throw new DomainError('RATE_LIMITED', `Too many attempts for this email; retry in ${Math.max(1, Math.ceil(resetInMs / 1000))} s`);
    }
  };
}
