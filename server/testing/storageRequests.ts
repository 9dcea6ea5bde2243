import type { TestApp } from './testApp.ts';

/** Where and how to PUT an upload: a presigned upload of the API, or FileStorage.signedUploadUrl's answer. */
export interface UploadTarget {
  url: string;
  headers: { 'content-type': string };
}

export interface StorageAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: Buffer;
  text(): string;
}

/**
 * The path of a URL the app serves itself (relative, or under its PUBLIC_URL: the local driver's /files links), or
 * undefined for another origin's (the S3 driver's presigned URLs name the bucket, here the run's s3rver).
 */
function appPath(t: TestApp, url: string): string | undefined {
  if (url.startsWith('/')) return url;
  const publicUrl = t.config.publicUrl;
  return publicUrl !== '' && url.startsWith(`${publicUrl}/`) ? url.slice(publicUrl.length) : undefined;
}

async function request(t: TestApp, method: 'GET' | 'PUT', url: string, init: { contentType?: string; body?: Uint8Array } = {}): Promise<StorageAnswer> {
  const headers: Record<string, string> = init.contentType ? { 'content-type': init.contentType } : {};
  const path = appPath(t, url);
  if (path !== undefined) {
    const response = await t.app.inject({ method, url: path, headers, ...(init.body ? { payload: Buffer.from(init.body) } : {}) });
    const answerHeaders = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name, String(value)]));
    return { statusCode: response.statusCode, headers: answerHeaders, body: response.rawPayload, text: () => response.body };
  }
  // Copied into a plain ArrayBuffer-backed array, which fetch's BodyInit takes (a Buffer's may be shared).
  const response = await fetch(url, { method, headers, ...(init.body ? { body: new Uint8Array(init.body) } : {}) });
  const body = Buffer.from(await response.arrayBuffer());
  return { statusCode: response.status, headers: Object.fromEntries(response.headers), body, text: () => body.toString('utf8') };
}

/**
 * PUTs bytes to a presigned upload URL the way the client does, on either storage driver: the local driver's
 * /files/upload is injected into the app, the S3 driver's presigned URL is fetched from the bucket. `contentType`
 * defaults to the one the upload was signed for; pass another to see it refused.
 */
export function putUpload(t: TestApp, upload: UploadTarget, body: Uint8Array, contentType = upload.headers['content-type']): Promise<StorageAnswer> {
  return request(t, 'PUT', upload.url, { contentType, body });
}

/** GETs a file URL the app handed out (a /files link, or a presigned bucket URL on S3) the way a browser does. */
export function fetchFile(t: TestApp, url: string): Promise<StorageAnswer> {
  return request(t, 'GET', url);
}

/** What the storage answers an upload it takes: the local /files/upload route's 201 Created, S3's 200 OK. */
export function uploadAccepted(t: TestApp): number {
  return t.storage.driver === 'local' ? 201 : 200;
}
