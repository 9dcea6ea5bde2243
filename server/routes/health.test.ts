import { mkdir, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readinessResponse } from '../../contract/readiness.ts';
import type { StorageConfig } from '../config.ts';
import { freePort } from '../testing/accountApp.ts';
import { createTestApp, drivers, type TestApp } from '../testing/testApp.ts';

describe.each(drivers)('GET /api/ready (%s)', (driver) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers 200 ready when the database and the storage answer, and is never cached', async () => {
    t = await createTestApp(driver);
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = readinessResponse.parse(response.json());
    expect(body).toMatchObject({ status: 'ready', database: { ok: true }, storage: { ok: true } });
    expect(body.database.error).toBeUndefined();
  });

  it('answers 503 naming the storage when the storage directory cannot be read, and leaks no path', async () => {
    // About the local driver's directory, so local storage whichever driver the run uses; S3's own case is below.
    t = await createTestApp(driver, { storage: { driver: 'local' } });
    // A real file-system failure (root ignores permissions, so not chmod): objects/ is a symlink to itself (ELOOP).
    const root = join(t.dataDir, 'files');
    await rm(join(root, 'objects'), { recursive: true, force: true });
    await mkdir(root, { recursive: true });
    await symlink(join(root, 'objects'), join(root, 'objects'));
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    const body = readinessResponse.parse(response.json());
    expect(body).toMatchObject({ status: 'unready', database: { ok: true }, storage: { ok: false, error: 'failed' } });
    expect(response.body).not.toContain(t.dataDir);
    expect(response.body).not.toMatch(/ELOOP|objects/);
  });

  /** S3 storage like the run's (server/testing/testApp.ts testStorageConfig), with its endpoint or bucket changed. */
  const s3Storage = (endpoint: string, bucket: string): StorageConfig => ({
    driver: 's3',
    bucket,
    prefix: 'ready/',
    endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    publicFilesUrl: '',
  });

  const expectStorageUnready = async (tested: TestApp, secret: string) => {
    const response = await tested.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    const body = readinessResponse.parse(response.json());
    expect(body).toMatchObject({ status: 'unready', database: { ok: true }, storage: { ok: false } });
    expect(['failed', 'timeout']).toContain(body.storage.error);
    expect(response.body).not.toContain(secret);
  };

  it('answers 503 naming the storage when the S3 endpoint does not answer, and leaks no address', async () => {
    const endpoint = `http://127.0.0.1:${await freePort()}`;
    t = await createTestApp(driver, { storage: s3Storage(endpoint, 'bingkai-test') });
    await expectStorageUnready(t, endpoint.slice('http://'.length));
  });

  // Needs the run's s3rver (TEST_STORAGE=s3): a bucket that is gone, which S3 answers at once with NoSuchBucket.
  it.runIf(process.env.TEST_S3_ENDPOINT)('answers 503 naming the storage when the S3 bucket does not exist, and leaks no name', async () => {
    t = await createTestApp(driver, { storage: s3Storage(process.env.TEST_S3_ENDPOINT!, 'bingkai-missing-bucket') });
    await expectStorageUnready(t, 'bingkai-missing-bucket');
  });

  it('answers 503 naming the database when it is closed, and leaks no driver message', async () => {
    t = await createTestApp(driver);
    await t.database.close();
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    const body = readinessResponse.parse(response.json());
    expect(body.status).toBe('unready');
    expect(body.database.ok).toBe(false);
    expect(['down', 'failed']).toContain(body.database.error);
    expect(body.storage).toMatchObject({ ok: true });
    expect(response.body).not.toMatch(/postgres:|select|pglite/i);
  });
});
