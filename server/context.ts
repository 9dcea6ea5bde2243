import type { FastifyInstance, FastifyBaseLogger, RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Database } from './infra/db/database.ts';
import type { Mailer } from './infra/mail/mailer.ts';
import type { CaptchaService } from './infra/captcha.ts';
import type { FailureCounter } from './infra/failureCounter.ts';
import type { HitCounter } from './infra/hitCounter.ts';
import type { NonceStore } from './infra/nonceStore.ts';
import type { TokenService } from './infra/tokens.ts';
import type { FileStorage } from './infra/storage/storage.ts';
import type { UrlSigner } from './infra/storage/urlSigning.ts';
import type { IpCountryLookup } from './infra/ipLookup.ts';
import type { PaymentProviders } from './infra/payments/paymentProviders.ts';
import type { JobQueue } from './infra/jobs/jobQueue.ts';
import type { CacheBus } from './infra/cacheBus.ts';
import type { ArticleLibrary } from './domain/articles.ts';

/** What route plugins need, built once in buildApp. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  storage: FileStorage;
  signer: UrlSigner;
  signingSecret: Uint8Array;
  nonces: NonceStore;
  /** Account layer: ID tokens, mail, captcha (docs/ACCOUNT.md). */
  tokens: TokenService;
  mail: Mailer;
  captcha: CaptchaService;
  /** Fixed-window counters for limits the rate-limit plugin cannot key (per email); Redis-backed when configured. */
  hits: HitCounter;
  /** Sign-in failures per email, IP and both, for the slowdown (routes/accountRateLimits.ts); Redis-backed when configured. */
  failures: FailureCounter;
  /** The IP → country database, loaded once on first use and shared by the routes that ask it. */
  countries: IpCountryLookup;
  /** The configured payment providers by id (server/infra/payments/paymentProviders.ts). */
  payments: PaymentProviders;
  /** Invalidations of in-memory caches, told to every instance through Redis when configured (infra/cacheBus.ts). */
  cacheBus: CacheBus;
  /** The background job queue (server/infra/jobs; its jobs in server/backgroundJobs.ts). */
  jobs: JobQueue;
  /** The blog, use cases and testimonials, read from content/ once at start (domain/articles.ts). */
  articles: ArticleLibrary;
  version: string;
  startedAt: number;
}

export type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;
