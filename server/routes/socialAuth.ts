import { facebookAuthBody, googleAuthBody, idTokenResponse, revokeBody, socialAuthBody, socialProviderParams, type SocialProvider } from '../../contract/accountProfile.ts';
import type { FastifyReply } from 'fastify';
import type { AppContext, ZodApp } from '../context.ts';
import { DomainError } from '../domainError.ts';
import { accountOf, requireAccount } from '../http/requireAccount.ts';
import { startSession } from '../http/startSession.ts';
import { perIpLimit } from './accountRateLimits.ts';
import { findAccountById, issueIdToken } from '../domain/accounts.ts';
import { FacebookVerifier } from '../infra/social/facebookVerifier.ts';
import { GoogleVerifier } from '../infra/social/googleVerifier.ts';
import type { SocialVerifier } from '../infra/social/socialIdentity.ts';
import { linkIdentity, signInWithIdentity, unlinkIdentity } from '../domain/socialAccounts.ts';

/** Google and Facebook sign-in, linking to the signed-in account, and unlinking. */
export function socialAuthRoutes(app: ZodApp, ctx: AppContext): void {
  const { config } = ctx;
  const facebook = new FacebookVerifier({ appId: config.facebookAppId, appSecret: config.facebookAppSecret, graphUrl: config.facebookGraphUrl });
  const verifiers: Record<SocialProvider, SocialVerifier> = {
    google: new GoogleVerifier({ clientId: config.googleClientId, issuers: config.googleIssuers, jwksUrl: config.googleJwksUrl }),
    facebook,
  };

  async function signIn(provider: SocialProvider, token: string, reply: FastifyReply) {
    const identity = await verifiers[provider].verify(token);
    const account = await signInWithIdentity(ctx.database.db, identity);
    return startSession(ctx, reply, account);
  }

  // Sign-in is rate limited per IP like native sign-in; each attempt also costs a provider round trip.
  app.post('/account/auth/google', { config: perIpLimit(ctx), schema: { body: googleAuthBody, response: { 200: idTokenResponse } } }, (request, reply) =>
    signIn('google', request.body.idToken, reply),
  );
  app.post('/account/auth/facebook', { config: perIpLimit(ctx), schema: { body: facebookAuthBody, response: { 200: idTokenResponse } } }, (request, reply) =>
    signIn('facebook', request.body.accessToken, reply),
  );

  app.post(
    '/account/auth/integrate/:provider',
    { preHandler: requireAccount(ctx), schema: { params: socialProviderParams, body: socialAuthBody, response: { 200: idTokenResponse } } },
    async (request) => {
      const { provider } = request.params;
      const body = request.body;
      const token = provider === 'google' ? ('idToken' in body ? body.idToken : undefined) : 'accessToken' in body ? body.accessToken : undefined;
      if (!token) {
        const field = provider === 'google' ? 'idToken' : 'accessToken';
        throw new DomainError('VALIDATION_FAILED', `Linking ${provider} needs ${field}`, { [field]: 'Required' });
      }
      const account = accountOf(request);
      await linkIdentity(ctx.database.db, account, await verifiers[provider].verify(token));
      return { data: { idToken: await issueIdToken(ctx, account) } };
    },
  );

  app.post('/account/auth/revoke', { preHandler: requireAccount(ctx), schema: { body: revokeBody, response: { 200: idTokenResponse } } }, async (request) => {
    const account = accountOf(request);
    const { provider, accessToken } = request.body;
    await unlinkIdentity(ctx.database.db, account, provider);
    if (provider === 'facebook' && accessToken) await facebook.revokePermissions(accessToken);
    const fresh = await findAccountById(ctx.database.db, account.id);
    return { data: { idToken: await issueIdToken(ctx, fresh ?? account) } };
  });
}
