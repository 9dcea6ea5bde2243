/**
 * With TEST_STORAGE=s3 (CI sets it), one s3rver on loopback for the whole node test run: createTestApp then stores
 * every test app's files in it, each app under a prefix of its own, so the server suite runs on the S3 driver.
 * Without it, test apps keep local files.
 */
import { startS3Server } from './s3Server.ts';

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_STORAGE !== 's3') return undefined;
  const server = await startS3Server();
  // Workers start after global setup and inherit the environment.
  process.env.TEST_S3_ENDPOINT = server.endpoint;
  process.env.TEST_S3_BUCKET = server.bucket;
  return () => server.stop();
}
