import { readFileSync } from 'node:fs';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { resolveSigningSecret, type AppConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase, type Database } from './infra/db/database.ts';
import { DomainError } from './domainError.ts';
import { installErrorHandler } from './http/errorHandler.ts';
import { registerCompression } from './http/compression.ts';
import { refuseNulText } from './http/refuseNulText.ts';
import { createMailer } from './infra/mail/mailer.ts';
import { contentSecurityPolicy, socialSignInConfigured } from './http/contentSecurityPolicy.ts';
import { indexInlineScriptHashes } from './http/inlineScripts.ts';
import { pageMetaRenderer } from './http/pageMeta.ts';
import { registerStaticSite } from './http/staticSite.ts';
import { accountRoutes } from './routes/account.ts';
import { accountAuthRoutes } from './routes/accountAuth.ts';
import { accountPreferenceRoutes } from './routes/accountPreferences.ts';
import { accountProfileRoutes } from './routes/accountProfile.ts';
import { appealRoutes } from './routes/appeal.ts';
import { facebookDeletionCallbackRoutes, facebookDeletionRoutes } from './routes/facebookDeletion.ts';
import { socialAuthRoutes } from './routes/socialAuth.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { captchaRoutes } from './routes/captcha.ts';
import { designDraftRoutes } from './routes/designDrafts.ts';
import { campaignRoutes } from './routes/campaigns.ts';
import { fileRoutes } from './routes/files.ts';
import { healthRoutes } from './routes/health.ts';
import { sitemapRoutes } from './routes/sitemap.ts';
import { ipLookupRoutes } from './routes/ipLookup.ts';
import { noticeRoutes } from './routes/notice.ts';
import { postRoutes } from './routes/posts.ts';
import { collectionRoutes } from './routes/collections.ts';
import { searchRoutes } from './routes/search.ts';
import { reportRoutes } from './routes/reports.ts';
import { requestKeyRoutes } from './routes/requestKey.ts';
import { orderRoutes } from './routes/orders.ts';
import { donationRoutes } from './routes/donations.ts';
import { creditRoutes } from './routes/credits.ts';
import { sandboxPayRoutes } from './routes/sandboxPay.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { createPaymentProviders } from './infra/payments/paymentProviders.ts';
import { registerTestJobs, TEST_HOOKS_PREFIX, testHookRoutes } from './routes/testHooks.ts';
import { createNonceStore, type NonceStore } from './infra/nonceStore.ts';
import { createSignatureVerifier } from './http/requestSigning.ts';
import { createCaptcha } from './infra/captcha.ts';
import { MemoryHitCounter, RedisHitCounter, type HitCounter } from './infra/hitCounter.ts';
import { MemoryFailureCounter, RedisFailureCounter } from './infra/failureCounter.ts';
import { createTokenService } from './infra/tokens.ts';
import { leaderboardRoutes } from './routes/leaderboard.ts';
import { creatorProfileRoutes } from './routes/creatorProfiles.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { billingRoutes } from './routes/billing.ts';
import { staffRoutes } from './routes/staff.ts';
import { staffOrderRoutes } from './routes/staffOrders.ts';
import { staffPiracyRoutes } from './routes/staffPiracy.ts';
import { monetizationRoutes } from './routes/monetization.ts';
import { staffMonetizationRoutes } from './routes/staffMonetization.ts';
import { registerBackgroundJobs } from './backgroundJobs.ts';
import { createJobQueue } from './infra/jobs/createJobQueue.ts';
import { createStorage } from './infra/storage/createStorage.ts';
import type { FileStorage } from './infra/storage/storage.ts';
import { UrlSigner } from './infra/storage/urlSigning.ts';
import { IpCountryLookup } from './infra/ipLookup.ts';
import { createCacheBus } from './infra/cacheBus.ts';
import { loadArticles, type ArticleLibrary } from './domain/articles.ts';
import { articleRoutes } from './routes/articles.ts';

export interface AppDependencies {
  /** An open, migrated database; when absent buildApp opens (and migrates) one from config and closes it with the app. */
  database?: Database;
  storage?: FileStorage;
  /** Articles already read from config.contentDir (test apps share one read); else buildApp reads them. */
  articles?: ArticleLibrary;
  /** Makes the job queue; defaults to createJobQueue (pg-boss on PostgreSQL, in memory on PGlite). */
  createJobQueue?: typeof createJobQueue;
}

function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

/** Builds the Fastify app (API, files, client) without listening. Closing the app closes what it opened. */
export async function buildApp(config: AppConfig, deps: AppDependencies = {}): Promise<FastifyInstance> {
  // First: a bad article file stops the start with its name before anything opens (docs/CONTENT.md).
  const articles = deps.articles ?? loadArticles(config.contentDir);
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: config.jsonBodyLimit,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  // Responses finishing during shutdown close their keep-alive socket, so close() does not wait for idle clients.
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  // Before any route, so API answers and the pages the not-found handler renders are compressed alike.
  registerCompression(app);
  refuseNulText(app);

  const database = deps.database ?? (await openDatabase(config));
  if (!deps.database) {
    await database.migrate();
    app.addHook('onClose', () => database.close());
  }
  const signingSecret = await resolveSigningSecret(config);
  // Beside the signing secret: a missing shared secret stops the start before anything runs in the background.
  const tokens = await createTokenService(config);
  const signer = new UrlSigner(signingSecret);
  const storage = deps.storage ?? createStorage(config, signer);

  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }) : undefined;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis error'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  // Cached reads dropped on every instance when one writes (over Redis pub/sub when configured).
  const cacheBus = await createCacheBus(redis ? { client: redis, prefix: config.redisPrefix } : undefined, (error) => app.log.warn({ err: error }, 'cache bus error'));
  app.addHook('onClose', () => cacheBus.close());
  // Redis, else process memory for single-process PGlite, else the database: see createNonceStore.
  const nonces: NonceStore = createNonceStore(database, redis ? { client: redis, prefix: `${config.redisPrefix}nonce:` } : undefined, { perClient: config.noncesPerClient });

  const mail = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
  app.addHook('onClose', async () => mail.close());
  // Not awaited: an unreachable SMTP server must not hold up the start; it only raises the maintenance notice.
  void mail.verify();
  // The background jobs (server/backgroundJobs.ts) on the queue: pg-boss on PostgreSQL, in memory on PGlite. This
  // process runs them unless JOBS_IN_WEB=0 (then `npm run worker` does); it always takes the jobs routes hand over.
  // Stopped before close, so a running job ends before the mailer and the database it uses; its connections are
  // released on close, after the in-flight requests that may still enqueue.
  const jobs = (deps.createJobQueue ?? createJobQueue)({ database, log: app.log });
  registerBackgroundJobs(jobs, { config, database, storage, cacheBus, mail, nonces, signingSecret, log: app.log });
  if (config.testHooks) registerTestJobs(jobs, config.dataDir);
  await jobs.start({ work: config.jobsInWeb });
  app.addHook('preClose', () => jobs.stop());
  app.addHook('onClose', () => jobs.close());
  const hits: HitCounter = redis ? new RedisHitCounter(redis, `${config.redisPrefix}rate:`) : new MemoryHitCounter();
  const captcha = createCaptcha({ secret: signingSecret, cost: config.captchaCost, maxCounter: config.captchaMaxCounter, usedChallenges: nonces });
  const failures = redis ? new RedisFailureCounter(redis, `${config.redisPrefix}fail:`) : new MemoryFailureCounter();
  const countries = new IpCountryLookup({ onLoadError: (error) => app.log.error({ err: error }, 'GeoIP database failed to load') });
  // The payment providers config.payments turns on (the sandbox, DurianPay, Stripe).
  const payments = createPaymentProviders(config, { signingSecret });
  const ctx: AppContext = { config, database, storage, signer, signingSecret, nonces, tokens, mail, captcha, hits, failures, countries, payments, cacheBus, jobs, articles, version: packageVersion(), startedAt: Date.now() };

  // JSON bodies are kept as text too: signatures cover the exact bytes sent.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    request.rawBody = text;
    if (text === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new DomainError('MALFORMED_JSON', 'The request body is not valid JSON'), undefined);
    }
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(config, indexInlineScriptHashes(config.distDir)),
    },
    crossOriginEmbedderPolicy: false,
    // The Google and Facebook sign-in popups hand their result back through window.opener.
    crossOriginOpenerPolicy: { policy: socialSignInConfigured(config) ? 'same-origin-allow-popups' : 'same-origin' },
    frameguard: { action: 'deny' },
  });
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}rate:` } : {}),
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) => new DomainError('RATE_LIMITED', `Too many requests; retry in ${Math.ceil(context.ttl / 1000)} s`),
  });

  healthRoutes(app, ctx);
  // robots.txt and the sitemaps, before the static site's fallback (docs/SEO.md).
  sitemapRoutes(app, ctx);
  await app.register(async (files) => fileRoutes(files, ctx));
  // Payment providers' webhooks (their own signature over the raw body, not the app's request signing) and the
  // sandbox provider's hosted page: root routes, each plugin with its own body parser.
  await app.register(async (hooks) => webhookRoutes(hooks, ctx));
  await app.register(async (sandbox) => sandboxPayRoutes(sandbox, ctx));
  const verifySignature = createSignatureVerifier(signingSecret, nonces);
  await app.register(
    async (v2) => {
      requestKeyRoutes(v2, ctx);
      captchaRoutes(v2, ctx);
      // Facebook calls this one; its signed_request is the authentication.
      await v2.register(async (facebook) => facebookDeletionCallbackRoutes(facebook, ctx));
      await v2.register(async (signed) => {
        signed.addHook('preValidation', verifySignature);
        analyticsRoutes(signed, ctx);
        campaignRoutes(signed, ctx);
        postRoutes(signed, ctx);
        leaderboardRoutes(signed, ctx);
        articleRoutes(signed, ctx);
        creatorProfileRoutes(signed, ctx);
        collectionRoutes(signed, ctx);
        searchRoutes(signed, ctx);
        reportRoutes(signed, ctx);
        ipLookupRoutes(signed, ctx);
        noticeRoutes(signed, ctx);
        accountRoutes(signed, ctx);
        accountAuthRoutes(signed, ctx);
        accountProfileRoutes(signed, ctx);
        accountPreferenceRoutes(signed, ctx);
        socialAuthRoutes(signed, ctx);
        facebookDeletionRoutes(signed, ctx);
        appealRoutes(signed, ctx);
        designDraftRoutes(signed, ctx);
        notificationRoutes(signed, ctx);
        orderRoutes(signed, ctx);
        donationRoutes(signed, ctx);
        creditRoutes(signed, ctx);
        billingRoutes(signed, ctx);
        staffRoutes(signed, ctx);
        staffOrderRoutes(signed, ctx);
        staffPiracyRoutes(signed, ctx);
        monetizationRoutes(signed, ctx);
        staffMonetizationRoutes(signed, ctx);
      });
    },
    { prefix: '/api/v2' },
  );
  // Test-only shortcuts (BINGKAI_TEST_HOOKS; loadConfig refuses them in production).
  if (config.testHooks) await app.register(async (test) => testHookRoutes(test, ctx), { prefix: TEST_HOOKS_PREFIX });
  await registerStaticSite(app, config.distDir, pageMetaRenderer(ctx));
  return app;
}
