import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTokenService, TokenError, type TokenBody } from './tokens.ts';

const body: TokenBody = {
  sub: '2b1f6a52-7a37-4a8e-9a54-8d2c7f1f0a11',
  name: 'Ana',
  username: 'ana',
  email: 'ana@example.test',
  createdAt: 1_700_000_000_000,
  avatar: null,
  subscription: { plan: 'pro' },
  isPassword: true,
  isVerified: true,
  lastPasswordUpdate: null,
  associatedAccount: [{ provider: 'google', name: 'Ana G', email: 'ana@gmail.test' }],
  ver: 3,
};

describe('token service', () => {
  let dir: string | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('generates an ES256 key pair once into the data directory and keeps verifying across restarts', async () => {
    dir = await mkdtemp(join(tmpdir(), 'bingkai-tokens-'));
    const config = loadConfig({ DATA_DIR: dir });
    const first = await createTokenService(config);
    const token = await first.issue(body);
    const file = join(dir, 'secrets', 'token-es256.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8')).privateJwk).toMatchObject({ kty: 'EC', crv: 'P-256', d: expect.any(String) });
    const second = await createTokenService(config);
    expect(second.publicJwk.kid).toBe(first.publicJwk.kid);
    expect(second.publicJwk).not.toHaveProperty('d');
    const claims = await second.verify(token);
    expect(claims).toMatchObject(body);
    expect(claims.exp - claims.iat).toBe(15 * 60);
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toEqual({ alg: 'ES256', kid: first.publicJwk.kid, typ: 'JWT' });
  });

  it('uses keys from the environment and refuses tokens of another key', async () => {
    const pair = await generateKeyPair('ES256', { extractable: true });
    const privateJwk = JSON.stringify(await exportJWK(pair.privateKey));
    const fromEnv = await createTokenService(loadConfig({ TOKEN_PRIVATE_KEY: privateJwk, DATA_DIR: '/nonexistent-never-written' }));
    const token = await fromEnv.issue(body);
    expect((await fromEnv.verify(token)).sub).toBe(body.sub);

    dir = await mkdtemp(join(tmpdir(), 'bingkai-tokens-'));
    const other = await createTokenService(loadConfig({ DATA_DIR: dir }));
    await expect(other.verify(token)).rejects.toMatchObject({ reason: 'invalid' });
    // Right key, wrong shape (claims missing): refused too.
    const bare = await new SignJWT({ sub: body.sub }).setProtectedHeader({ alg: 'ES256' }).setIssuer('bingkai').setIssuedAt().setExpirationTime('5m').sign(pair.privateKey);
    await expect(fromEnv.verify(bare)).rejects.toBeInstanceOf(TokenError);
    // HS256 with the public key as secret (algorithm confusion) is refused.
    const hs = await new SignJWT({ ...body }).setProtectedHeader({ alg: 'HS256' }).setIssuer('bingkai').setIssuedAt().setExpirationTime('5m').sign(new TextEncoder().encode(privateJwk));
    await expect(fromEnv.verify(hs)).rejects.toMatchObject({ reason: 'invalid' });
  });

  it('expires after the TTL, with no grace: refresh takes the refresh cookie, not an expired token', async () => {
    dir = await mkdtemp(join(tmpdir(), 'bingkai-tokens-'));
    const tokens = await createTokenService(loadConfig({ DATA_DIR: dir, TOKEN_TTL_SECONDS: '60' }));
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const token = await tokens.issue(body);
    vi.setSystemTime(start + 59_000);
    await expect(tokens.verify(token)).resolves.toMatchObject({ sub: body.sub });
    vi.setSystemTime(start + 61_000);
    await expect(tokens.verify(token)).rejects.toMatchObject({ reason: 'expired' });
  });
});
