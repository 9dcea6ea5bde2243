import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { createAccountTestApp, registerVerified, solveCaptcha, type AccountTestApp } from '../testing/accountApp.ts';
import { drivers, signedInject } from '../testing/testApp.ts';
import { MemoryFailureCounter } from '../infra/failureCounter.ts';
import { SIGN_IN_SLOWDOWN, signInWaitMs } from './accountRateLimits.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const stores = [['memory', undefined] as const, ...(redisUrl ? [['redis', redisUrl] as const] : [])];

const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.7';

describe('signInWaitMs', () => {
  it('lets the free failures through, then doubles from one second up to 15 minutes', () => {
    expect([0, 1, 2].map((n) => signInWaitMs(n, 3))).toEqual([0, 0, 0]);
    expect([3, 4, 5, 6].map((n) => signInWaitMs(n, 3))).toEqual([1000, 2000, 4000, 8000]);
    expect(signInWaitMs(13, 3)).toBe(15 * 60_000);
    expect(signInWaitMs(10_000, 3)).toBe(15 * 60_000);
  });
});

describe('MemoryFailureCounter', () => {
  it('counts per key, restarts the window at each failure and forgets a key after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const counter = new MemoryFailureCounter();
      const start = Date.now();
      await counter.record(['a', 'b'], start, 1000);
      vi.setSystemTime(start + 900);
      await counter.record(['a'], start + 900, 1000);
      vi.setSystemTime(start + 1500);
      expect(await counter.read(['a', 'b', 'c'])).toEqual([{ count: 2, lastAt: start + 900 }, { count: 0, lastAt: 0 }, { count: 0, lastAt: 0 }]);
      await counter.clear('a');
      expect(await counter.read(['a'])).toEqual([{ count: 0, lastAt: 0 }]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe.each(drivers)('sign-in slowdown (%s)', (driver) => {
  describe.each(stores)('with the %s failure counter', (_store, redis) => {
    let t: AccountTestApp;
    const prefix = `bingkai-test:slowdown:${process.pid}:${Math.random().toString(36).slice(2)}:`;
    const email = 'ana@example.test';
    const password = 'bingkai2026';

    beforeAll(async () => {
      t = await createAccountTestApp(driver, redis ? { redisUrl: redis, redisPrefix: prefix } : {});
      await registerVerified(t, { name: 'Ana Lestari', email, password });
      await registerVerified(t, { name: 'Budi Santoso', email: 'budi@example.test', password });
    });
    afterAll(async () => {
      await t?.close();
      if (redis) {
        const client = new Redis(redis);
        const keys = await client.keys(`${prefix}*`);
        if (keys.length) await client.del(...keys);
        await client.quit();
      }
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    const signIn = async (from: string, body: { email: string; password: string; captcha?: string | true }) => {
      const captcha = body.captcha === true ? await solveCaptcha(t.app) : body.captcha;
      return signedInject(t.app, { method: 'POST', url: '/api/v2/account/auth/native', remoteAddress: from, body: { ...body, isMobile: false, ...(captcha ? { captcha } : {}) } });
    };
    const codeOf = (response: { json: () => unknown }) => errorEnvelope.parse(response.json()).code;

    /** Moves the clock past any wait (waits are never longer than 15 minutes, failures are kept 15 minutes after the last). */
    const skip = (ms: number) => vi.setSystemTime(Date.now() + ms);

    it('slows the guesser down, asks for the captcha, and never locks the owner out', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      // The first failures pass with a plain 401.
      for (let n = 0; n < SIGN_IN_SLOWDOWN.waitAfter.pair; n++) {
        const wrong = await signIn(ATTACKER, { email, password: `guess-${n}-pass` });
        expect(wrong.statusCode, wrong.body).toBe(401);
        expect(codeOf(wrong)).toBe('INVALID_CREDENTIALS');
      }
      // Then the guesser waits 1 s, refused before any password check: even the right password is not tried.
      const waiting = await signIn(ATTACKER, { email, password, captcha: true });
      expect(waiting.statusCode).toBe(429);
      expect(codeOf(waiting)).toBe('RATE_LIMITED');
      expect(waiting.headers['retry-after']).toBe('1');
      expect(waiting.json()).toMatchObject({ message: 'Too many failed sign-ins; try again in 1 s' });

      // Past the wait, a captcha is needed (3 failures for this email), and each further failure doubles the wait.
      const waits: string[] = [];
      for (let n = 0; n < 7; n++) {
        skip(15 * 60_000 - 1000);
        const bare = await signIn(ATTACKER, { email, password: 'still-guessing1' });
        expect(bare.statusCode).toBe(400);
        expect(codeOf(bare)).toBe('CAPTCHA_REQUIRED');
        const forged = await signIn(ATTACKER, { email, password: 'still-guessing1', captcha: Buffer.from('{"challenge":{},"solution":{}}').toString('base64') });
        expect(codeOf(forged)).toBe('CAPTCHA_INVALID');
        expect((await signIn(ATTACKER, { email, password: 'still-guessing1', captcha: true })).statusCode).toBe(401);
        waits.push(String((await signIn(ATTACKER, { email, password: 'still-guessing1', captcha: true })).headers['retry-after']));
      }
      expect(waits).toEqual(['2', '4', '8', '16', '32', '64', '128']);
      // Ten failures for the email so far: the old rule locked its owner out for 15 minutes from anywhere.

      // The owner, elsewhere, waits for nothing: the email only asks for the captcha.
      const owner = await signIn(OWNER, { email, password });
      expect(codeOf(owner)).toBe('CAPTCHA_REQUIRED');
      const signedIn = await signIn(OWNER, { email, password, captcha: true });
      expect(signedIn.statusCode, signedIn.body).toBe(200);

      // The guesser's own wait still runs; once it is over the right password (with a captcha) gets in there too.
      expect((await signIn(ATTACKER, { email, password, captcha: true })).statusCode).toBe(429);
      skip(128_000);
      expect((await signIn(ATTACKER, { email, password, captcha: true })).statusCode).toBe(200);
      // That success forgets this address's failures on this email (else one more mistake would cost 256 s), but
      // not its failures in all: signing in to an account of one's own must not buy more guesses at others.
      expect((await signIn(ATTACKER, { email, password: 'one-more-typo1', captcha: true })).statusCode).toBe(401);
      expect((await signIn(ATTACKER, { email, password, captcha: true })).headers['retry-after']).toBe(String(signInWaitMs(11, SIGN_IN_SLOWDOWN.waitAfter.client) / 1000));
    });

    it('slows down one address guessing many emails, and only that address', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3600_000 });
      const sprayer = '192.0.2.44';
      for (let n = 0; n < SIGN_IN_SLOWDOWN.waitAfter.client; n++) {
        expect((await signIn(sprayer, { email: `user${n}@example.test`, password: 'Password123' })).statusCode).toBe(401);
      }
      const waiting = await signIn(sprayer, { email: 'budi@example.test', password, captcha: true });
      expect(waiting.statusCode).toBe(429);
      expect(waiting.headers['retry-after']).toBe('1');
      skip(1000);
      expect(codeOf(await signIn(sprayer, { email: 'budi@example.test', password }))).toBe('CAPTCHA_REQUIRED');
      expect((await signIn(sprayer, { email: 'budi@example.test', password, captcha: true })).statusCode).toBe(200);
      // Another address signs in to the same account as usual, without a captcha.
      expect((await signIn('192.0.2.45', { email: 'budi@example.test', password })).statusCode).toBe(200);
    });

    it('refuses a captcha that is too long as bad input', async () => {
      const response = await signIn('192.0.2.99', { email, password, captcha: 'x'.repeat(5000) });
      expect(response.statusCode).toBe(400);
      expect(codeOf(response)).toBe('VALIDATION_FAILED');
    });
  });
});
