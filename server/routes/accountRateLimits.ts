import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { DomainError } from '../domainError.ts';
import { clientKeyOf } from '../infra/clientKey.ts';

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

/** Sign-in failures are remembered this long after the last one. */
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60_000;

/**
 * The sign-in slowdown. Failures (wrong password or unknown email) count per email, per client (clientKeyOf the IP)
 * and per email from that client:
 * - after captchaAfter.email failures for an email, from anywhere, or captchaAfter.client from one client, every
 *   attempt needs a solved captcha: guessing costs proof-of-work, the owner's right password still goes in;
 * - after waitAfter.pair failures for an email from one client, or waitAfter.client from that client on any
 *   emails, that client waits before its next attempt: 1 s, doubling with each failure, at most 15 minutes.
 * Waits never follow the email elsewhere, so an attacker cannot lock its owner out; a guesser spread over many
 * addresses meets the captcha on every attempt instead.
 */
export const SIGN_IN_SLOWDOWN = {
  captchaAfter: { email: 3, client: 10 },
  waitAfter: { pair: 3, client: 10 },
  firstWaitMs: 1000,
  maxWaitMs: 15 * 60_000,
} as const;

/** How long after the last of `failures` the next attempt must wait, when `free` failures pass without one. */
export function signInWaitMs(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(SIGN_IN_SLOWDOWN.maxWaitMs, SIGN_IN_SLOWDOWN.firstWaitMs * 2 ** Math.min(failures - free, 30));
}

const failureKeys = (email: string, client: string) => [`sign-in:email:${email}`, `sign-in:client:${client}`, `sign-in:pair:${client}|${email}`] as const;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the sign-in slowdown: the failure keys this attempt counts under. */
    signInFailureKeys?: readonly string[];
  }
}

/**
 * Route hooks of the native sign-in: `preHandler` refuses an attempt that must wait (429 RATE_LIMITED with
 * Retry-After, before any password check) or lacks a needed captcha (400 CAPTCHA_REQUIRED / CAPTCHA_INVALID);
 * `onError` counts an INVALID_CREDENTIALS answer as a failure; `onResponse` forgets this client's failures for the
 * email once it signed in. The handler itself stays as it is.
 */
export function signInSlowdown(ctx: AppContext) {
  return {
    async preHandler(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const { email, captcha } = request.body as { email: string; captcha?: string };
      const client = clientKeyOf(request.ip);
      const keys = failureKeys(email, client);
      const [forEmail, forClient, forPair] = await ctx.failures.read(keys);
      const now = Date.now();
      const waitUntil = Math.max(
        forPair!.lastAt + signInWaitMs(forPair!.count, SIGN_IN_SLOWDOWN.waitAfter.pair),
        forClient!.lastAt + signInWaitMs(forClient!.count, SIGN_IN_SLOWDOWN.waitAfter.client),
      );
      if (waitUntil > now) {
        const seconds = Math.ceil((waitUntil - now) / 1000);
        reply.header('retry-after', String(seconds));
        throw new DomainError('RATE_LIMITED', `Too many failed sign-ins; try again in ${seconds} s`);
      }
      const { captchaAfter } = SIGN_IN_SLOWDOWN;
      if (forEmail!.count >= captchaAfter.email || forClient!.count >= captchaAfter.client) {
        if (!captcha) throw new DomainError('CAPTCHA_REQUIRED', 'Too many failed sign-ins: solve the captcha, then sign in again', { captcha: 'Solve the captcha' });
        if (!(await ctx.captcha.verify(captcha, client))) throw new DomainError('CAPTCHA_INVALID', 'The captcha check failed or was already used; solve it again', { captcha: 'Solve the captcha again' });
      }
      request.signInFailureKeys = keys;
    },
    async onError(request: FastifyRequest, _reply: FastifyReply, error: Error): Promise<void> {
      if (!request.signInFailureKeys || !(error instanceof DomainError) || error.code !== 'INVALID_CREDENTIALS') return;
      // The 401 goes out either way; a counter outage shows in the log, and the next read fails closed.
      await ctx.failures.record(request.signInFailureKeys, Date.now(), SIGN_IN_FAILURE_WINDOW_MS).catch((failure: unknown) => request.log.error({ err: failure }, 'sign-in failure not counted'));
    },
    async onResponse(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      if (reply.statusCode !== 200 || !request.signInFailureKeys) return;
      await ctx.failures.clear(request.signInFailureKeys[2]!).catch((error: unknown) => request.log.warn({ err: error }, 'sign-in failures not cleared'));
    },
  };
}
