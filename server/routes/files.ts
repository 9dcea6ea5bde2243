import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext, ZodApp } from '../context.ts';
import { DomainError, notFound } from '../domainError.ts';
import { contentMatchesType } from '../infra/storage/sniff.ts';
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
      cacheControl = 'private, max-age=300';
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
          throw new DomainError('UNSUPPORTED_MEDIA_TYPE', `This upload link accepts ${check.claims.contentType} only`);
        }
        const declared = Number(request.headers['content-length'] ?? 0);
        if (declared > check.claims.maxBytes) throw new DomainError('PAYLOAD_TOO_LARGE', `Uploads are limited to ${check.claims.maxBytes} bytes`);
        request.uploadClaims = check.claims;
      },
    },
    async (request, reply) => {
      const claims = request.uploadClaims!;
      const body = request.body;
      if (!(body instanceof Buffer) || body.byteLength === 0) throw new DomainError('BAD_REQUEST', 'The upload is empty');
      if (body.byteLength > claims.maxBytes) throw new DomainError('PAYLOAD_TOO_LARGE', `Uploads are limited to ${claims.maxBytes} bytes`);
      if (!contentMatchesType(body, claims.contentType)) {
        throw new DomainError('UNSUPPORTED_MEDIA_TYPE', `The uploaded bytes are not ${claims.contentType}`);
      }
      await ctx.storage.put(claims.key, body, { contentType: claims.contentType });
      return reply.code(201).send({ data: { key: claims.key, size: body.byteLength } });
    },
  );
}
