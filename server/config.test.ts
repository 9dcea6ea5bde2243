import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, resolveSigningSecret, trustProxyFrom } from './config.ts';
import { createTokenService, type TokenBody } from './infra/tokens.ts';
import { testTokenPrivateKey } from './testing/testApp.ts';

const tokenBody: TokenBody = {
  sub: '2b1f6a52-7a37-4a8e-9a54-8d2c7f1f0a11',
  name: 'Ana',
  username: 'ana',
  email: 'ana@example.test',
  createdAt: 1_700_000_000_000,
  avatar: null,
  subscription: null,
  isPassword: true,
  isVerified: true,
  lastPasswordUpdate: null,
  associatedAccount: [],
  ver: 1,
};

describe('config', () => {
  it('has defaults for a fresh clone', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', dataDir: '/srv/app/data', databaseUrl: undefined, redisUrl: undefined, publicUrl: '', distDir: '/srv/app/dist' });
    expect(config.pgliteDir).toBe('/srv/app/data/pglite');
    expect(config.jsonBodyLimit).toBe(1024 * 1024);
  });

  it('reads the environment', () => {
    const config = loadConfig({ PORT: '9000', HOST: '127.0.0.1', DATA_DIR: '/var/bk', DATABASE_URL: 'postgres://x/y', REDIS_URL: 'redis://r', PUBLIC_URL: 'https://bk.example/' }, '/srv');
    expect(config).toMatchObject({ port: 9000, host: '127.0.0.1', dataDir: '/var/bk', databaseUrl: 'postgres://x/y', redisUrl: 'redis://r', publicUrl: 'https://bk.example' });
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('generates the signing secret once, keeps it private in the data directory and reuses it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bingkai-config-'));
    try {
      const config = loadConfig({ DATA_DIR: dir });
      const first = await resolveSigningSecret(config);
      const second = await resolveSigningSecret(config);
      expect(first.byteLength).toBeGreaterThanOrEqual(32);
      expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
      const file = join(dir, 'secrets', 'request-signing.key');
      expect((await readFile(file, 'utf8')).trim()).toBe(new TextDecoder().decode(first));
      expect((await stat(file)).mode & 0o077).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses to generate a secret when several instances may run (DATABASE_URL or REDIS_URL set), naming the variable', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bingkai-config-'));
    try {
      for (const shared of [{ DATABASE_URL: 'postgres://db/bingkai' }, { REDIS_URL: 'redis://cache:6379' }]) {
        const config = loadConfig({ DATA_DIR: dir, ...shared });
        const variable = Object.keys(shared)[0]!;
        await expect(resolveSigningSecret(config)).rejects.toThrow(new RegExp(`^REQUEST_SIGNING_SECRET must be set when ${variable} is`));
        await expect(createTokenService(config)).rejects.toThrow(new RegExp(`^TOKEN_PRIVATE_KEY must be set when ${variable} is`));
      }
      // Nothing was generated; a secret a single instance generated earlier is not taken either.
      await expect(readdir(dir)).resolves.toEqual([]);
      await resolveSigningSecret(loadConfig({ DATA_DIR: dir }));
      await expect(resolveSigningSecret(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://db/bingkai' }))).rejects.toThrow(join(dir, 'secrets', 'request-signing.key'));
      // From the environment they are taken as ever.
      const secret = 's'.repeat(40);
      const fromEnv = loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://db/bingkai', REDIS_URL: 'redis://cache:6379', REQUEST_SIGNING_SECRET: secret, TOKEN_PRIVATE_KEY: await testTokenPrivateKey() });
      expect(new TextDecoder().decode(await resolveSigningSecret(fromEnv))).toBe(secret);
      const tokens = await createTokenService(fromEnv);
      expect((await tokens.verify(await tokens.issue(tokenBody))).sub).toBe(tokenBody.sub);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('prefers REQUEST_SIGNING_SECRET and refuses a short one', async () => {
    const secret = 's'.repeat(40);
    expect(new TextDecoder().decode(await resolveSigningSecret(loadConfig({ REQUEST_SIGNING_SECRET: secret, DATA_DIR: '/nonexistent' })))).toBe(secret);
    await expect(resolveSigningSecret(loadConfig({ REQUEST_SIGNING_SECRET: 'short' }))).rejects.toThrow(/32/);
  });
  it('turns the test hooks on only when asked, and never in production', () => {
    expect(loadConfig({}).testHooks).toBe(false);
    expect(loadConfig({ BINGKAI_TEST_HOOKS: '0' }).testHooks).toBe(false);
    const secret = { BINGKAI_TEST_HOOKS_SECRET: 'sixteen-chars-ok' };
    expect(loadConfig({ BINGKAI_TEST_HOOKS: '1', ...secret })).toMatchObject({ testHooks: true, testHooksSecret: 'sixteen-chars-ok' });
    expect(loadConfig({ BINGKAI_TEST_HOOKS: 'true', NODE_ENV: 'test', ...secret }).testHooks).toBe(true);
    expect(() => loadConfig({ BINGKAI_TEST_HOOKS: 'yes', ...secret })).toThrow(/BINGKAI_TEST_HOOKS/);
    expect(() => loadConfig({ BINGKAI_TEST_HOOKS: '1', NODE_ENV: 'production', ...secret, PUBLIC_URL: 'https://bk.example' })).toThrow(/production/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://bk.example' }).testHooks).toBe(false);
  });

  it('refuses the test hooks without a secret of at least 16 characters, and keeps no secret with them off', () => {
    expect(() => loadConfig({ BINGKAI_TEST_HOOKS: '1' })).toThrow(/BINGKAI_TEST_HOOKS_SECRET/);
    expect(() => loadConfig({ BINGKAI_TEST_HOOKS: '1', BINGKAI_TEST_HOOKS_SECRET: 'fifteen-chars-x' })).toThrow(/16/);
    expect(loadConfig({ BINGKAI_TEST_HOOKS_SECRET: 'sixteen-chars-ok' }).testHooksSecret).toBe('');
  });

  it('requires PUBLIC_URL in production, checks its form, and believes only PUBLIC_HOSTS otherwise', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL is required/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://bk.example/' }).publicUrl).toBe('https://bk.example');
    for (const url of ['bk.example', 'javascript:alert(1)', 'https://', 'https://bk.example/?x=1']) expect(() => loadConfig({ PUBLIC_URL: url }), url).toThrow(/PUBLIC_URL/);
    expect(loadConfig({}).publicHosts).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(loadConfig({ PUBLIC_HOSTS: ' Frames.Example, localhost ' }).publicHosts).toEqual(['frames.example', 'localhost']);
    for (const hosts of ['https://frames.example', 'frames.example:8080', 'a b']) expect(() => loadConfig({ PUBLIC_HOSTS: hosts }), hosts).toThrow(/PUBLIC_HOSTS/);
  });

  it('keeps local files without STORAGE_URL, and reads an S3 bucket, prefix, endpoint and keys from it', () => {
    expect(loadConfig({}).storage).toEqual({ driver: 'local' });
    expect(() => loadConfig({ PUBLIC_FILES_URL: 'https://cdn.example' })).toThrow(/PUBLIC_FILES_URL needs STORAGE_URL/);
    expect(loadConfig({ STORAGE_URL: 's3://frames' }).storage).toEqual({
      driver: 's3', bucket: 'frames', prefix: '', endpoint: undefined, region: 'us-east-1', accessKeyId: undefined, secretAccessKey: undefined, forcePathStyle: false, publicFilesUrl: '',
    });
    const s3 = {
      STORAGE_URL: 's3://frames.bingkai/prod/files/',
      S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com/',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'AKIA',
      S3_SECRET_ACCESS_KEY: 'secret',
      PUBLIC_FILES_URL: 'https://cdn.bingkai.example/',
    };
    expect(loadConfig(s3).storage).toEqual({
      driver: 's3', bucket: 'frames.bingkai', prefix: 'prod/files/', endpoint: 'https://acc.r2.cloudflarestorage.com', region: 'auto', accessKeyId: 'AKIA', secretAccessKey: 'secret', forcePathStyle: true, publicFilesUrl: 'https://cdn.bingkai.example',
    });
    expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: '0' }).storage).toMatchObject({ forcePathStyle: false });
    expect(loadConfig({ STORAGE_URL: 's3://frames', S3_FORCE_PATH_STYLE: '1', AWS_REGION: 'ap-southeast-3' }).storage).toMatchObject({ forcePathStyle: true, region: 'ap-southeast-3' });
    for (const url of ['frames', 's3://', 's3://Frames', 's3://ab', 'https://frames/x', 's3://frames/../x', 's3://frames/a b', 's3://frames/x?y=1']) {
      expect(() => loadConfig({ STORAGE_URL: url }), url).toThrow(/STORAGE_URL/);
    }
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'r2.example' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...s3, PUBLIC_FILES_URL: 'cdn.example' })).toThrow(/PUBLIC_FILES_URL/);
    expect(() => loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: '' })).toThrow(/go together/);
    expect(() => loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });

  it('trusts only the proxies it is given', () => {
    expect(trustProxyFrom(undefined)).toBe(false);
    expect(trustProxyFrom(' ')).toBe(false);
    expect(trustProxyFrom('10.0.0.0/8, 127.0.0.1,loopback')).toEqual(['10.0.0.0/8', '127.0.0.1', 'loopback']);
    expect(() => trustProxyFrom('1')).toThrow(/TRUST_PROXY/);
    expect(() => trustProxyFrom('true')).toThrow(/TRUST_PROXY/);
    expect(() => trustProxyFrom('proxy.example.com')).toThrow(/TRUST_PROXY/);
  });
});
