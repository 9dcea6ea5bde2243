import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { DEFAULT_DONATION_MINIMUM } from '../contract/donation.ts';
import { PLATFORM_FEE_BPS_DEFAULT } from '../contract/monetization.ts';
import type { Currency } from '../contract/plan.ts';
import { defaultDatabaseTimeouts } from './infra/db/databaseTimeouts.ts';

export interface AppConfig {
  port: number;
  host: string;
  /** Absolute path of the data directory (PGlite data, files, secrets). */
  dataDir: string;
  /** PostgreSQL connection string; PGlite under dataDir when absent. */
  databaseUrl: string | undefined;
  /** PGlite data directory, or 'memory://' for an in-memory database (tests). */
  pgliteDir: string;
  /** DB_CONNECT_TIMEOUT_MS: PostgreSQL connect or pool wait bound (0: none). */
  dbConnectTimeoutMs: number;
  /** DB_STATEMENT_TIMEOUT_MS: PostgreSQL statement_timeout (the client waits 2 s more), and PGlite's bound per query (0: none). */
  dbStatementTimeoutMs: number;
  /** DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: PostgreSQL idle_in_transaction_session_timeout (0: none). */
  dbIdleInTransactionTimeoutMs: number;
  redisUrl: string | undefined;
  /** Prefix of every Redis key this app writes (several apps or test runs can share one Redis). */
  redisPrefix: string;
  /** CAMPAIGN_READ_CACHE_MS: how long a campaign read is served from memory; unset, the domain's default (CAMPAIGN_READ_CACHE_MS in domain/campaigns.ts). */
  campaignReadCacheMs: number | undefined;
  /** Origin used in absolute links (no trailing slash); '' means same-origin relative URLs. Required in production. */
  publicUrl: string;
  /**
   * PUBLIC_HOSTS: without PUBLIC_URL, the Host headers whose origin may go into page links (og:url, og:image), as
   * host names matching any port; a request naming another host gets relative links. Lower case.
   */
  publicHosts: string[];
  /** From REQUEST_SIGNING_SECRET; resolved from dataDir/secrets when absent. */
  requestSigningSecret: string | undefined;
  /** Built client directory. */
  distDir: string;
  logLevel: string;
  /** Requests per minute per client on /api. */
  rateLimitMax: number;
  /** NONCES_PER_CLIENT: live request nonces one client (IPv4 address or IPv6 /64) may hold in the memory nonce store. */
  noncesPerClient: number;
  /**
   * SUPPORTS_PER_IP_PER_DAY, VISITS_PER_IP_PER_DAY: supports and visits one IP may add to one campaign's counts in a
   * day; SUPPORT_BURST, VISIT_BURST: more than this many from one IP for one campaign within 10 s are not counted.
   * Defaults and their reasons: docs/COUNTS.md.
   */
  countLimits: { support: { perIpPerDay: number; burst: number }; visit: { perIpPerDay: number; burst: number } };
  /** Proxies whose x-forwarded-for is believed: off, or their addresses/CIDRs. */
  trustProxy: false | string[];
  /** Largest JSON body accepted. */
  jsonBodyLimit: number;
  /** Largest file accepted by storage and the upload route. */
  maxUploadBytes: number;
  /** Raw presigned uploads never handed to a route are deleted once older than this. */
  uploadTtlSeconds: number;
  /** LEADERBOARD_REFRESH_MS: how often the leaderboard snapshot is recomputed (server/domain/leaderboard.ts); 0 turns the schedule off. */
  leaderboardRefreshMs: number;
  /** NOTIFICATION_JOB_MS: how often the notification jobs run (trending, weekly recap, notification mail; server/domain/notificationMail.ts); 0 turns them off. */
  notificationJobMs: number;
  /** JOBS_IN_WEB: whether the web process runs the job queue's workers and recurring jobs (default yes); `npm run worker` runs them apart. */
  jobsInWeb: boolean;
  /** SITEMAP_PAGE_SIZE: URLs per sitemap page (/sitemap-campaigns-1.xml…), 1 to 50,000 (server/domain/sitemap.ts). */
  sitemapPageSize: number;
  /** Where the articles are read from (docs/CONTENT.md); the repository's content/ when absent. Tests point it elsewhere. */
  contentDir?: string;
  /** SMTP connection URL (smtp:// or smtps://); when absent mails are written as .eml files under dataDir/mail. */
  smtpUrl: string | undefined;
  /** From header of every mail. */
  mailFrom: string;
  /** ES256 key pair as JWK JSON (TOKEN_PRIVATE_KEY / TOKEN_PUBLIC_KEY); generated into dataDir/secrets when absent. */
  tokenPrivateKey: string | undefined;
  tokenPublicKey: string | undefined;
  /** ID token lifetime in seconds. */
  tokenTtlSeconds: number;
  /** Refresh token (HttpOnly cookie) lifetime in seconds; each refresh starts it again, so this is the idle limit. */
  refreshTtlSeconds: number;
  /** ALTCHA proof-of-work cost (SHA-256 iterations per attempt times the counter range); tests lower it. */
  captchaCost: number;
  /** Upper bound of the secret counter the client must find. */
  captchaMaxCounter: number;
  /**
   * Per 15 minutes, on each account route that takes a password, code or email (register, sign-in, pending,
   * forgot-password); per email on all but sign-in, which slows down instead (routes/accountRateLimits.ts).
   */
  authRateLimitPerIp: number;
  authRateLimitPerEmail: number;
  /** Google sign-in: OAuth client id (ID-token audience; Google sign-in is off when absent), accepted issuers, key set URL. */
  googleClientId: string | undefined;
  googleIssuers: string[];
  googleJwksUrl: string;
  /** Facebook sign-in and data deletion: app id and secret (off when absent), Graph API base URL. */
  facebookAppId: string | undefined;
  facebookAppSecret: string | undefined;
  facebookGraphUrl: string;
  /** BINGKAI_TEST_HOOKS: registers the test-only routes under /api/test (server/routes/testHooks.ts); never in production. */
  testHooks: boolean;
  /** BINGKAI_TEST_HOOKS_SECRET: every test-hook call must carry it (TEST_HOOKS_SECRET_HEADER); at least 16 characters. */
  testHooksSecret: string;
  /** Payments (server/infra/payments/, server/domain/orders.ts): providers, jobs and the invoice's seller. */
  payments: PaymentsConfig;
  /** Creator earnings and payouts (server/domain/earnings.ts, payouts.ts; docs/MONETIZATION.md). */
  monetization: MonetizationConfig;
  /** STORAGE_URL and the S3_* settings: where files live (server/infra/storage/createStorage.ts; docs/STORAGE.md). */
  storage: StorageConfig;
}

/** Local files under dataDir/files (the default), or an S3-compatible bucket. */
export type StorageConfig =
  | { driver: 'local' }
  | {
      driver: 's3';
      bucket: string;
      /** Key prefix inside the bucket: '' or segments ending in '/'. */
      prefix: string;
      /** S3_ENDPOINT: for R2, MinIO, GCS and others; the SDK's AWS endpoint when absent. */
      endpoint: string | undefined;
      /** S3_REGION (else AWS_REGION, else us-east-1; R2 wants 'auto'). */
      region: string;
      /** S3_ACCESS_KEY_ID + S3_SECRET_ACCESS_KEY; the SDK's default credential chain when absent. */
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      /** S3_FORCE_PATH_STYLE: bucket in the path instead of the host name; default on when S3_ENDPOINT is set. */
      forcePathStyle: boolean;
      /** PUBLIC_FILES_URL without trailing slash (a CDN or public bucket URL mapping to the prefix), '' when absent. */
      publicFilesUrl: string;
    };

/** STORAGE_URL (s3://bucket/optional/prefix) with S3_*, PUBLIC_FILES_URL; local files when STORAGE_URL is absent. */
export function storageFrom(env: NodeJS.ProcessEnv): StorageConfig {
  const url = (env.STORAGE_URL ?? '').trim();
  const publicFilesUrl = (env.PUBLIC_FILES_URL ?? '').trim().replace(/\/+$/, '');
  if (url === '') {
    if (publicFilesUrl) throw new Error('PUBLIC_FILES_URL needs STORAGE_URL=s3://bucket/prefix (local files are served from /files)');
    return { driver: 'local' };
  }
  const match = /^s3:\/\/([^/?#]+)(\/[^?#]*)?$/.exec(url);
  const bucket = match?.[1] ?? '';
  // S3's bucket naming rule (R2 and MinIO follow it): 3-63 lower-case letters, digits, dots and hyphens.
  if (!match || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error(`STORAGE_URL must be s3://bucket or s3://bucket/prefix, got "${url}"`);
  const segments = (match[2] ?? '').split('/').filter(Boolean);
  if (segments.some((segment) => !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(segment))) throw new Error(`STORAGE_URL prefix may hold letters, digits, '.', '_' and '-' per segment, got "${url}"`);
  const endpoint = (env.S3_ENDPOINT ?? '').trim().replace(/\/+$/, '') || undefined;
  if (endpoint && !/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/i.test(endpoint)) throw new Error(`S3_ENDPOINT must be an http(s) URL, got "${env.S3_ENDPOINT}"`);
  if (publicFilesUrl && !/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/i.test(publicFilesUrl)) throw new Error(`PUBLIC_FILES_URL must be an http(s) URL, got "${env.PUBLIC_FILES_URL}"`);
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  const pathStyle = env.S3_FORCE_PATH_STYLE ?? '';
  if (!['', '0', '1', 'true', 'false'].includes(pathStyle)) throw new Error(`S3_FORCE_PATH_STYLE must be 1 or 0, got "${pathStyle}"`);
  return {
    driver: 's3',
    bucket,
    prefix: segments.map((segment) => `${segment}/`).join(''),
    endpoint,
    region: env.S3_REGION || env.AWS_REGION || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: pathStyle === '' ? endpoint !== undefined : pathStyle === '1' || pathStyle === 'true',
    publicFilesUrl,
  };
}

export interface MonetizationConfig {
  /** The smallest payout a creator may request, per currency, in minor units (IDR 100,000.00; USD 10.00). */
  payoutMinimum: { IDR: number; USD: number };
  /** EARNINGS_HOLD_DAYS: how long an earning stays pending (refund window) before it can be paid out. */
  earningsHoldDays: number;
}

const MiB = 1024 * 1024;

/**
 * TRUST_PROXY: empty → off; else the proxies whose x-forwarded-for is believed, as addresses, CIDRs or
 * proxy-addr's names (loopback, linklocal, uniquelocal). Hop counts are refused: Fastify cannot check the peer with them.
 */
export function trustProxyFrom(value: string | undefined): false | string[] {
  const entries = (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  if (entries.length === 0) return false;
  const invalid = entries.find((entry) => !/^([0-9a-fA-F.:]+(\/\d{1,3})?|loopback|linklocal|uniquelocal)$/.test(entry) || /^\d+$/.test(entry));
  if (invalid !== undefined) throw new Error(`TRUST_PROXY must list proxy addresses, CIDRs or loopback/linklocal/uniquelocal, got "${invalid}"`);
  return entries;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return parsed;
}

/** At least a minute: a shorter age could delete an upload between its PUT and the request that uses it. */
function uploadTtlFrom(value: string | undefined): number {
  const seconds = intFrom(value, 60 * 60, 'UPLOAD_TTL_SECONDS');
  if (seconds < 60) throw new Error(`UPLOAD_TTL_SECONDS must be at least 60, got "${value}"`);
  return seconds;
}

export interface PaymentsConfig {
  /**
   * SANDBOX_PAYMENTS ('1'/'0'): the built-in test provider with its hosted page. On by default when no real
   * provider is configured, so a fresh machine can buy a plan end to end; refused when NODE_ENV=production.
   */
  sandbox: boolean;
  /** DURIANPAY_SECRET_KEY (+ DURIANPAY_API_URL, default https://api.durianpay.id); a dp_test_ key is the sandbox. */
  durianpay: { secretKey: string; apiUrl: string; sandbox: boolean } | undefined;
  /** STRIPE_SECRET_KEY + STRIPE_WEBHOOK_SECRET (+ STRIPE_API_URL, a local peer in tests); an sk_test_ key is test mode. */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined; test: boolean } | undefined;
  /** BILLING_JOB_MS: how often the billing jobs run (expire stale orders, remind, renew, end plans); 0 turns them off. */
  billingJobMs: number;
  /** ORDER_TTL_MINUTES: how long an unpaid order stays payable. */
  orderTtlMinutes: number;
  /** RENEWAL_REMINDER_DAYS: how long before a plan's period ends its renewal reminder is mailed. */
  renewalReminderDays: number;
  /** SELLER_NAME, SELLER_ADDRESS, SELLER_EMAIL, SELLER_TAX_ID: the seller on every invoice. */
  seller: { name: string; address: string; email: string; taxId: string };
  /** TAX_RATE_BPS: tax added to invoices in basis points (1100 = 11 % VAT); 0 adds none. */
  taxRateBps: number;
  /** PLATFORM_FEE_BPS: the platform's share of a donation in basis points (1000 = 10 %, the default); the creator earns the rest. */
  platformFeeBps: number;
  /** DONATION_MIN_IDR, DONATION_MIN_USD: the smallest donation, in minor units (default IDR 10,000.00 and USD 1.00). */
  donationMinimum: Record<Currency, number>;
}

/** A share in basis points: 0 to 10000. */
function feeBpsFrom(value: string | undefined): number {
  const bps = intFrom(value, PLATFORM_FEE_BPS_DEFAULT, 'PLATFORM_FEE_BPS');
  if (bps > 10_000) throw new Error(`PLATFORM_FEE_BPS must be at most 10000 (100 %), got "${value}"`);
  return bps;
}

function paymentsFrom(env: NodeJS.ProcessEnv): PaymentsConfig {
  const durianpay = env.DURIANPAY_SECRET_KEY
    ? { secretKey: env.DURIANPAY_SECRET_KEY, apiUrl: (env.DURIANPAY_API_URL || 'https://api.durianpay.id').replace(/\/+$/, ''), sandbox: env.DURIANPAY_SECRET_KEY.startsWith('dp_test') }
    : undefined;
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) throw new Error('STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY');
  const stripe = env.STRIPE_SECRET_KEY
    ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET!, apiUrl: env.STRIPE_API_URL || undefined, test: env.STRIPE_SECRET_KEY.startsWith('sk_test') }
    : undefined;
  const sandboxSetting = env.SANDBOX_PAYMENTS;
  const sandbox = sandboxSetting === undefined || sandboxSetting === '' ? !durianpay && !stripe && env.NODE_ENV !== 'production' : sandboxSetting === '1' || sandboxSetting === 'true';
  if (sandbox && env.NODE_ENV === 'production') throw new Error('SANDBOX_PAYMENTS takes no real money and is refused when NODE_ENV=production');
  return {
    sandbox,
    durianpay,
    stripe,
    billingJobMs: intFrom(env.BILLING_JOB_MS, 60_000, 'BILLING_JOB_MS'),
    orderTtlMinutes: intFrom(env.ORDER_TTL_MINUTES, 60, 'ORDER_TTL_MINUTES'),
    renewalReminderDays: intFrom(env.RENEWAL_REMINDER_DAYS, 3, 'RENEWAL_REMINDER_DAYS'),
    seller: { name: env.SELLER_NAME || 'Bingkai', address: env.SELLER_ADDRESS || '', email: env.SELLER_EMAIL || '', taxId: env.SELLER_TAX_ID || '' },
    taxRateBps: intFrom(env.TAX_RATE_BPS, 0, 'TAX_RATE_BPS'),
    platformFeeBps: feeBpsFrom(env.PLATFORM_FEE_BPS),
    donationMinimum: {
      IDR: Math.max(1, intFrom(env.DONATION_MIN_IDR, DEFAULT_DONATION_MINIMUM.IDR, 'DONATION_MIN_IDR')),
      USD: Math.max(1, intFrom(env.DONATION_MIN_USD, DEFAULT_DONATION_MINIMUM.USD, 'DONATION_MIN_USD')),
    },
  };
}

/** The test-hook switch: '1' or 'true' turns it on; refused in production so a stray variable cannot open them. */
function testHooksFrom(value: string | undefined, nodeEnv: string | undefined): boolean {
  if (value === undefined || value === '' || value === '0' || value === 'false') return false;
  if (value !== '1' && value !== 'true') throw new Error(`BINGKAI_TEST_HOOKS must be 1 or 0, got "${value}"`);
  if (nodeEnv === 'production') throw new Error('BINGKAI_TEST_HOOKS is for tests only and refused when NODE_ENV=production');
  return true;
}

/** PUBLIC_URL as an origin without trailing slash; refused when absent in production, where Host headers are not believed. */
function publicUrlFrom(value: string | undefined, nodeEnv: string | undefined): string {
  const url = (value ?? '').trim().replace(/\/+$/, '');
  if (url === '') {
    if (nodeEnv === 'production') throw new Error('PUBLIC_URL is required when NODE_ENV=production (e.g. https://bingkai.example)');
    return '';
  }
  if (!/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/i.test(url)) throw new Error(`PUBLIC_URL must be an http(s) URL, got "${value}"`);
  return url;
}

/** PUBLIC_HOSTS: comma-separated host names (no port); the loopback names by default. */
function publicHostsFrom(value: string | undefined): string[] {
  const hosts = (value ?? 'localhost,127.0.0.1,[::1]').split(',').map((host) => host.trim().toLowerCase()).filter(Boolean);
  const invalid = hosts.find((host) => !/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/.test(host));
  if (invalid !== undefined) throw new Error(`PUBLIC_HOSTS must list host names without port or scheme, got "${invalid}"`);
  return hosts;
}

/** The test-hook secret, required with the hooks on: with it, an open port alone does not let anyone set plans. */
function testHooksSecretFrom(value: string | undefined, testHooks: boolean): string {
  const secret = value ?? '';
  if (testHooks && secret.length < 16) throw new Error('BINGKAI_TEST_HOOKS needs BINGKAI_TEST_HOOKS_SECRET of at least 16 characters');
  return testHooks ? secret : '';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): AppConfig {
  const dataDir = resolve(cwd, env.DATA_DIR || './data');
  const testHooks = testHooksFrom(env.BINGKAI_TEST_HOOKS, env.NODE_ENV);
  return {
    port: intFrom(env.PORT, 8080, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDir: join(dataDir, 'pglite'),
    dbConnectTimeoutMs: intFrom(env.DB_CONNECT_TIMEOUT_MS, defaultDatabaseTimeouts.dbConnectTimeoutMs, 'DB_CONNECT_TIMEOUT_MS'),
    dbStatementTimeoutMs: intFrom(env.DB_STATEMENT_TIMEOUT_MS, defaultDatabaseTimeouts.dbStatementTimeoutMs, 'DB_STATEMENT_TIMEOUT_MS'),
    dbIdleInTransactionTimeoutMs: intFrom(env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS, defaultDatabaseTimeouts.dbIdleInTransactionTimeoutMs, 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS'),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'bingkai:',
    campaignReadCacheMs: env.CAMPAIGN_READ_CACHE_MS ? intFrom(env.CAMPAIGN_READ_CACHE_MS, 0, 'CAMPAIGN_READ_CACHE_MS') : undefined,
    publicUrl: publicUrlFrom(env.PUBLIC_URL, env.NODE_ENV),
    publicHosts: publicHostsFrom(env.PUBLIC_HOSTS),
    requestSigningSecret: env.REQUEST_SIGNING_SECRET || undefined,
    distDir: resolve(cwd, env.DIST_DIR || './dist'),
    logLevel: env.LOG_LEVEL || 'info',
    rateLimitMax: intFrom(env.RATE_LIMIT_MAX, 600, 'RATE_LIMIT_MAX'),
    noncesPerClient: intFrom(env.NONCES_PER_CLIENT, 2_000, 'NONCES_PER_CLIENT'),
    // A school or office NAT puts a class behind one IP (30), who may each open the page a few times (100); nobody
    // supports faster than one photo in ~10 s, so 5 at once from one address is a lab finishing together at most.
    countLimits: {
      support: { perIpPerDay: intFrom(env.SUPPORTS_PER_IP_PER_DAY, 30, 'SUPPORTS_PER_IP_PER_DAY'), burst: intFrom(env.SUPPORT_BURST, 5, 'SUPPORT_BURST') },
      visit: { perIpPerDay: intFrom(env.VISITS_PER_IP_PER_DAY, 100, 'VISITS_PER_IP_PER_DAY'), burst: intFrom(env.VISIT_BURST, 10, 'VISIT_BURST') },
    },
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    jsonBodyLimit: MiB,
    maxUploadBytes: intFrom(env.MAX_UPLOAD_BYTES, 15 * MiB, 'MAX_UPLOAD_BYTES'),
    uploadTtlSeconds: uploadTtlFrom(env.UPLOAD_TTL_SECONDS),
    leaderboardRefreshMs: intFrom(env.LEADERBOARD_REFRESH_MS, 10 * 60_000, 'LEADERBOARD_REFRESH_MS'),
    notificationJobMs: intFrom(env.NOTIFICATION_JOB_MS, 60_000, 'NOTIFICATION_JOB_MS'),
    jobsInWeb: jobsInWebFrom(env.JOBS_IN_WEB, env.DATABASE_URL),
    sitemapPageSize: intFrom(env.SITEMAP_PAGE_SIZE, 10_000, 'SITEMAP_PAGE_SIZE'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Bingkai <no-reply@bingkai.local>',
    tokenPrivateKey: env.TOKEN_PRIVATE_KEY || undefined,
    tokenPublicKey: env.TOKEN_PUBLIC_KEY || undefined,
    tokenTtlSeconds: intFrom(env.TOKEN_TTL_SECONDS, 15 * 60, 'TOKEN_TTL_SECONDS'),
    refreshTtlSeconds: intFrom(env.REFRESH_TTL_SECONDS, 30 * 24 * 3600, 'REFRESH_TTL_SECONDS'),
    captchaCost: intFrom(env.CAPTCHA_COST, 1, 'CAPTCHA_COST'),
    captchaMaxCounter: intFrom(env.CAPTCHA_MAX_COUNTER, 50_000, 'CAPTCHA_MAX_COUNTER'),
    authRateLimitPerIp: intFrom(env.AUTH_RATE_LIMIT_PER_IP, 30, 'AUTH_RATE_LIMIT_PER_IP'),
    authRateLimitPerEmail: intFrom(env.AUTH_RATE_LIMIT_PER_EMAIL, 10, 'AUTH_RATE_LIMIT_PER_EMAIL'),
    googleClientId: env.GOOGLE_CLIENT_ID || undefined,
    googleIssuers: (env.GOOGLE_ISSUER || 'https://accounts.google.com,accounts.google.com').split(',').map((issuer) => issuer.trim()).filter(Boolean),
    googleJwksUrl: env.GOOGLE_JWKS_URL || 'https://www.googleapis.com/oauth2/v3/certs',
    facebookAppId: env.FACEBOOK_APP_ID || undefined,
    facebookAppSecret: env.FACEBOOK_APP_SECRET || undefined,
    facebookGraphUrl: (env.FACEBOOK_GRAPH_URL || 'https://graph.facebook.com/v21.0').replace(/\/+$/, ''),
    testHooks,
    testHooksSecret: testHooksSecretFrom(env.BINGKAI_TEST_HOOKS_SECRET, testHooks),
    payments: paymentsFrom(env),
    monetization: { payoutMinimum: { IDR: 10_000_000, USD: 1000 }, earningsHoldDays: intFrom(env.EARNINGS_HOLD_DAYS, 7, 'EARNINGS_HOLD_DAYS') },
    storage: storageFrom(env),
  };
}

/**
 * Refuses to generate a secret when several instances may run: with DATABASE_URL or REDIS_URL set, each would make
 * its own (their data directories are not shared), and one instance would refuse what another signed. Only the
 * embedded single-process setup (PGlite, no Redis) generates its secrets into the data directory.
 */
export function refuseGeneratedSecret(config: AppConfig, variable: string, file: string): void {
  if (!config.databaseUrl && !config.redisUrl) return;
  const shared = config.databaseUrl ? 'DATABASE_URL' : 'REDIS_URL';
  throw new Error(
    `${variable} must be set when ${shared} is: every instance must share it, so it is not generated per instance (a single instance that generated one earlier keeps it in ${file})`,
  );
}

/**
 * The request-signing secret: the configured one, else (single process only, see refuseGeneratedSecret) one
 * generated on first start and kept in dataDir/secrets so tokens and signed URLs survive restarts. Never stored in
 * the repository.
 */
export async function resolveSigningSecret(config: AppConfig): Promise<Uint8Array> {
  if (config.requestSigningSecret) {
    if (config.requestSigningSecret.length < 32) throw new Error('REQUEST_SIGNING_SECRET must be at least 32 characters');
    return new TextEncoder().encode(config.requestSigningSecret);
  }
  const file = join(config.dataDir, 'secrets', 'request-signing.key');
  refuseGeneratedSecret(config, 'REQUEST_SIGNING_SECRET', file);
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return new TextEncoder().encode(stored);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const generated = randomBytes(32).toString('base64url');
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, generated + '\n', { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    // Another instance created it first: use theirs.
    if (error.code !== 'EEXIST') throw error;
  });
  return new TextEncoder().encode((await readFile(file, 'utf8')).trim());
}

/** On PGlite the queue lives in the one process there is, so the web process must run it. */
function jobsInWebFrom(value: string | undefined, databaseUrl: string | undefined): boolean {
  if (value === undefined || value === '' || value === '1' || value === 'true') return true;
  if (value !== '0' && value !== 'false') throw new Error(`JOBS_IN_WEB must be 1 or 0, not ${value}`);
  if (!databaseUrl) throw new Error('JOBS_IN_WEB=0 needs DATABASE_URL: on PGlite the jobs run in the web process');
  return false;
}
