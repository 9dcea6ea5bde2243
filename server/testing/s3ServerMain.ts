import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

/**
 * The process server/testing/s3Server.ts starts: s3rver in front of a verifier of presigned URLs, on an ephemeral
 * loopback port. Arguments: directory, bucket. Prints `s3rver listening on <port>`; exits when stdin closes.
 *
 * s3rver checks no Signature V4 at all, so presigned URLs (query-string V4) are verified here, before it, the way
 * S3 does: the signature over the method, path, signed headers and query, and the expiry. A PUT whose content-type
 * differs from the signed one gets S3's 403 SignatureDoesNotMatch. Header-signed SDK calls pass unchecked.
 */

/** The part of s3rver (untyped CommonJS) used here. */
interface S3rverApp {
  configureBuckets(): Promise<void>;
  callback(): (request: IncomingMessage, response: ServerResponse) => void;
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverApp;

/** s3rver's built-in account. */
const secretAccessKey = 'S3RVER';

const [directory, bucket] = process.argv.slice(2);
if (!directory || !bucket) throw new Error('usage: s3ServerMain.ts <directory> <bucket>');
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;
const s3rver = new S3rver({ directory, silent: true, vhostBuckets: false, configureBuckets: [{ name: bucket }] });
await s3rver.configureBuckets();
const handle = s3rver.callback();
const server = createServer((request, response) => {
  const refusal = checkPresignedV4(request, secretAccessKey);
  if (refusal) {
    response.writeHead(403, { 'content-type': 'application/xml' });
    response.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${refusal.message}</Message></Error>`);
    request.resume();
    return;
  }
  handle(request, response);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`s3rver listening on ${(server.address() as AddressInfo).port}\n`);
});
// The parent holds our stdin: when it goes (stop(), or a crashed test run), so do we.
process.stdin.on('end', () => process.exit(0)).resume();

/** S3's check of a query-string Signature V4 request; undefined when the request is not presigned or passes. */
function checkPresignedV4(request: IncomingMessage, secret: string): { code: string; message: string } | undefined {
  const url = new URL(request.url ?? '/', 'http://s3.local');
  const query = url.searchParams;
  if (!query.has('X-Amz-Algorithm')) return undefined;
  const date = query.get('X-Amz-Date') ?? '';
  const expires = Number(query.get('X-Amz-Expires'));
  const credential = (query.get('X-Amz-Credential') ?? '').split('/');
  const signedHeaders = (query.get('X-Amz-SignedHeaders') ?? '').split(';');
  const signature = query.get('X-Amz-Signature') ?? '';
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(date);
  if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || !match || credential.length !== 5 || !Number.isInteger(expires)) {
    return { code: 'AuthorizationQueryParametersError', message: 'Malformed presigned URL' };
  }
  const signedAt = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), Number(match[4]), Number(match[5]), Number(match[6]));
  if (signedAt + expires * 1000 < Date.now()) return { code: 'AccessDenied', message: 'Request has expired' };

  const canonicalQuery = [...query.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? compare(av, bv) : compare(a, b)))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalHeaders = signedHeaders.map((name) => `${name}:${headerValue(request, name)}\n`).join('');
  const canonicalRequest = [request.method, url.pathname, canonicalQuery, canonicalHeaders, signedHeaders.join(';'), 'UNSIGNED-PAYLOAD'].join('\n');
  const [, day, region, service, terminator] = credential;
  const scope = `${day}/${region}/${service}/${terminator}`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, createHash('sha256').update(canonicalRequest).digest('hex')].join('\n');
  let key: Buffer = Buffer.from(`AWS4${secret}`);
  for (const part of [day, region, service, terminator]) key = createHmac('sha256', key).update(part ?? '').digest();
  const expected = Buffer.from(createHmac('sha256', key).update(stringToSign).digest('hex'));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { code: 'SignatureDoesNotMatch', message: 'The request signature we calculated does not match the signature you provided.' };
  }
  return undefined;
}

function headerValue(request: IncomingMessage, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ');
}

function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
