import { createServer, type AddressInfo } from 'node:net';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { CAPTCHA_CHALLENGE_PATH, CAPTCHA_HEADER } from '../../contract/account.ts';
import type { Db } from '../infra/db/database.ts';
import { accountIdentities, accounts, emailChanges, passwordResetTickets, preferences, verificationCodes } from '../infra/db/schema.ts';
import type { DatabaseDriver } from '../infra/db/database.ts';
import type { AppConfig } from '../config.ts';
import { createTestApp, signedInject, type TestApp } from './testApp.ts';

export interface ReceivedMail {
  to: string;
  kind: string;
  parsed: ParsedMail;
}

/** A real SMTP server on a free port; every message is parsed with mailparser and kept. */
export interface TestSmtp {
  url: string;
  mails: ReceivedMail[];
  /** SMTP sessions that ended (a connection check counts). */
  closedSessions(): number;
  /** Resolves with the first mail (received so far or later) matching; rejects after timeoutMs. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export interface SmtpOptions {
  /** Listen on this port (default: a free one). */
  port?: number;
  /** Recipients answered with 550, like a server that does not know the mailbox. */
  refuseRecipient?: (address: string) => boolean;
}

export async function startSmtp(options: SmtpOptions = {}): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  let closedSessions = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onClose() {
      closedSessions += 1;
    },
    onRcptTo(address, _session, callback) {
      if (options.refuseRecipient?.(address.address)) return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          for (const recipient of session.envelope.rcptTo) {
            mails.push({ to: recipient.address, kind: String(parsed.headers.get('x-bingkai-mail') ?? ''), parsed });
          }
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    closedSessions: () => closedSessions,
    waitFor(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching mail within ${timeoutMs} ms (got ${mails.map((m) => `${m.kind}→${m.to}`).join(', ')})`)), timeoutMs);
        const check = () => {
          const found = mails.find(match);
          if (found) {
            clearTimeout(timer);
            resolve(found);
          } else waiters.push(check);
        };
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A local port nothing listens on (taken and released at once): an unreachable SMTP server. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The 6-digit code of a received mail, read from its plain-text part. */
export function codeFrom(mail: ReceivedMail): string {
  const code = /\b(\d{6})\b/.exec(mail.parsed.text ?? '')?.[1];
  if (!code) throw new Error(`no code in mail: ${mail.parsed.text}`);
  return code;
}

/** Fetches a challenge from the app and solves it with altcha-lib's solver (real proof of work); returns the x-altcha header value. */
export async function solveCaptcha(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: `/api/v2${CAPTCHA_CHALLENGE_PATH}` });
  if (response.statusCode !== 200) throw new Error(`challenge answered ${response.statusCode}`);
  const challenge = response.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export interface AccountTestApp extends TestApp {
  smtp: TestSmtp;
}

/** The app wired to a real SMTP server, an easy captcha and rate limits high enough for a whole suite. */
export async function createAccountTestApp(driver: DatabaseDriver, overrides: Partial<AppConfig> = {}): Promise<AccountTestApp> {
  const smtp = await startSmtp();
  const t = await createTestApp(driver, {
    smtpUrl: smtp.url,
    captchaCost: 1,
    captchaMaxCounter: 200,
    authRateLimitPerIp: 1000,
    authRateLimitPerEmail: 1000,
    publicUrl: 'https://bingkai.test',
    ...overrides,
  });
  return {
    ...t,
    smtp,
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}

export const bearer = (idToken: string) => ({ authorization: `Bearer ${idToken}` });

/** Registers (with a solved captcha) and returns the response. */
export async function register(app: FastifyInstance, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return signedInject(app, { method: 'POST', url: '/api/v2/account', body, headers: { [CAPTCHA_HEADER]: await solveCaptcha(app), ...headers } });
}

/** Registers, reads the code from the mail and verifies; returns the ID token. */
export async function registerVerified(t: AccountTestApp, input: { name: string; email: string; password: string }): Promise<string> {
  const registered = await register(t.app, { ...input, isMobile: false, deviceType: 'WEB' });
  if (registered.statusCode !== 201) throw new Error(`register answered ${registered.statusCode}: ${registered.body}`);
  const mail = await t.smtp.waitFor((m) => m.to === input.email.toLowerCase() && m.kind === 'VERIFY_REGISTRATION');
  const verified = await signedInject(t.app, {
    method: 'POST',
    url: '/api/v2/account/pending',
    body: { email: input.email, request: 'VERIFY_REGISTRATION', verificationCode: codeFrom(mail), isMobile: false },
  });
  if (verified.statusCode !== 200) throw new Error(`verify answered ${verified.statusCode}: ${verified.body}`);
  return (verified.json() as { data: { idToken: string } }).data.idToken;
}

/** Every account-layer row, to assert that a refused request changed nothing. */
export async function accountState(db: Db) {
  return {
    accounts: await db.select().from(accounts).orderBy(accounts.email),
    identities: await db.select().from(accountIdentities).orderBy(accountIdentities.id),
    codes: await db.select().from(verificationCodes).orderBy(verificationCodes.id),
    emailChanges: await db.select().from(emailChanges).orderBy(emailChanges.accountId),
    tickets: await db.select().from(passwordResetTickets).orderBy(passwordResetTickets.id),
    preferences: await db.select().from(preferences).orderBy(preferences.accountId),
  };
}
