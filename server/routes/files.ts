import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext, ZodApp } from '../context.ts';
import { DomainError, notFound } from '../domainError.ts';
import { contentMatchesType, sniffImageType } from '../infra/storage/sniff.ts';
import { isPublicKey, isValidKey } from '../infra/storage/storage.ts';
import type { UploadClaims } from '../infra/storage/urlSigning.ts';

declare module 'fastify' {
  interface FastifyRequest {
    uploadClaims?: UploadClaims;
  }
}

const readQuery = z.object({ exp: z.string().optional(), sig: z.string().optional() });
const uploadQuery = z.object({ token: z.string().max(4096).optional() });

function mediaType(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

const typeNames: Record<string, string> = {
  'image/png': 'a PNG image',
  'image/jpeg': 'a JPEG image',
  'image/webp': 'a WebP image',
  'image/gif': 'a GIF image',
  'image/avif': 'an AVIF image',
  'application/json': 'a JSON file',
};

/** A content type in the words of whoever picked the file: "a PNG image". */
const typeName = (contentType: string) => typeNames[contentType] ?? 'a file of another type';

function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
  return bytes >= 1024 ? `${Math.floor(bytes / 1024)} KB` : `${bytes} bytes`;
}

const tooLarge = (maxBytes: number) => new DomainError('PAYLOAD_TOO_LARGE', `This file is too big; it may be at most ${sizeText(maxBytes)}`);

/** Says what the file is and what the upload takes (renaming a file does not change what it is). */
function wrongContent(body: Buffer, contentType: string): DomainError {
  const sniffed = sniffImageType(body);
  const what = sniffed && sniffed !== contentType ? `This file is ${typeName(sniffed)}, not ${typeName(contentType)}` : `This file is not ${typeName(contentType)}`;
  return new DomainError('UNSUPPORTED_MEDIA_TYPE', `${what}; renaming a file does not change its type`);
}

/** Longest a browser keeps a signed file: never past the link's own expiry. */
const SIGNED_MAX_AGE_SECONDS = 3600;

/**
 * A signed file is for whoever holds the link (a private campaign's code holder): `private`, so no shared cache keeps
 * it for others, and cached no longer than the link is valid. The signature is in the URL, so nothing to Vary on.
 */
function signedCacheControl(expiresAtSeconds: number, nowMs = Date.now()): string {
  const left = Math.max(0, Math.min(SIGNED_MAX_AGE_SECONDS, expiresAtSeconds - Math.ceil(nowMs / 1000)));
  return `private, max-age=${left}`;
}

/** GET /files/* (public/ keys open, others need exp+sig) and PUT /files/upload?token=… for signed uploads. */
export function fileRoutes(app: ZodApp, ctx: AppContext): void {
  // Uploads are raw bytes of any type; the token decides what is accepted.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: ctx.config.maxUploadBytes }, (_request, body, done) => done(null, body));

  app.get('/files/*', { schema: { querystring: readQuery } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isValidKey(key)) throw notFound('File not found');
    let cacheControl = 'public, max-age=86400';
    if (!isPublicKey(key)) {
      const check = ctx.signer.verifyRead(key, request.query.exp, request.query.sig);
      if (check === 'expired') throw new DomainError('FORBIDDEN', 'This file link has expired');
      if (check !== 'ok') throw new DomainError('FORBIDDEN', 'This file link is not valid');
      cacheControl = signedCacheControl(Number(request.query.exp));
    }
    const object = await ctx.storage.get(key);
    if (!object) throw notFound('File not found');
    return reply
      .header('content-type', object.contentType)
      .header('content-length', String(object.size))
      .header('cache-control', cacheControl)
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(object.stream);
  });

  app.put(
    '/files/upload',
    {
      schema: { querystring: uploadQuery },
      // Checked before the body is read, so refused uploads cost no bandwidth beyond headers.
      onRequest: async (request) => {
        const token = new URL(request.url, 'http://local').searchParams.get('token') ?? undefined;
        const check = ctx.signer.verifyUpload(token);
        if (!check.ok) throw new DomainError('FORBIDDEN', check.reason === 'expired' ? 'This upload link has expired' : 'This upload link is not valid');
        if (mediaType(request) !== check.claims.contentType) {
          throw new DomainError('UNSUPPORTED_MEDIA_TYPE', `This upload takes ${typeName(check.claims.contentType)} only`);
        }
        const declared = Number(request.headers['content-length'] ?? 0);
        if (declared > check.claims.maxBytes) throw tooLarge(check.claims.maxBytes);
        request.uploadClaims = check.claims;
      },
    },
    async (request, reply) => {
      const claims = request.uploadClaims!;
      const body = request.body;
      if (!(body instanceof Buffer) || body.byteLength === 0) throw new DomainError('BAD_REQUEST', 'The upload is empty');
      if (body.byteLength > claims.maxBytes) throw tooLarge(claims.maxBytes);
      if (!contentMatchesType(body, claims.contentType)) throw wrongContent(body, claims.contentType);
      await ctx.storage.put(claims.key, body, { contentType: claims.contentType });
      return reply.code(201).send({ data: { key: claims.key, size: body.byteLength } });
    },
  );
}
