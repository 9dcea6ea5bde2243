import type { FastifyRequest } from 'fastify';
import { CAPTCHA_CHALLENGE_PATH, CAPTCHA_HEADER, captchaChallengeResponse } from '../../contract/account.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { DomainError } from '../domainError.ts';
import { clientKeyOf } from '../infra/clientKey.ts';

/** Unsigned like /request-key: the ALTCHA widget fetches its challenge with a plain GET. */
export function captchaRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(CAPTCHA_CHALLENGE_PATH, { schema: { response: { 200: captchaChallengeResponse } } }, async (_request, reply) => {
    const challenge = await ctx.captcha.challenge();
    return reply.header('cache-control', 'no-store').send(challenge);
  });
}

/** Refuses the request with 400 CAPTCHA_INVALID unless its `x-altcha` header holds a fresh, unused solution. */
export async function requireCaptcha(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const header = request.headers[CAPTCHA_HEADER];
  if (!(await ctx.captcha.verify(typeof header === 'string' ? header : undefined, clientKeyOf(request.ip)))) {
    throw new DomainError('CAPTCHA_INVALID', 'The captcha check failed or was already used; solve it again');
  }
}
